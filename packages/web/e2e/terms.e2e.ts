/**
 * Issue 40 items 12 and 10, as a player sees them on a desktop and on a phone: the table form names short nardy's
 * wins in backgammon words in English (gammon, backgammon, the doubling cube) and long nardy's as mars and koks;
 * with a line under the scoring choice (and on the rules page) saying what oin and mars are;
 * the Russian variant select shows "Длинные нарды" whole; a private table's link comes into view as soon as the
 * table is made. Then a finished game's replay: the bot is "Bot, level 1", and a move of the list, clicked, jumps
 * the replay there, and "Verify every throw" opens a readable table of the throws, each checked.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, open, openCustom, playBot } from './app';
import { browserSuite } from './browser';
import { matchOver } from './play';
import { text } from './texts';

const suite = browserSuite();

const inView = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= -1 && r.bottom <= window.innerHeight + 1;
  });

/** The chosen option's text against the room the select gives it (its width less padding and the arrow). */
const selectFits = (page: Page, name: string) =>
  page.locator(`select[name=${name}]`).evaluate((el: HTMLSelectElement) => {
    const s = getComputedStyle(el);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const shown = el.selectedOptions[0]!.text;
    const room = el.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
    return { shown, need: Math.ceil(ctx.measureText(shown).width), room };
  });

const options = (page: Page, name: string) => page.locator(`select[name=${name}] option`).allInnerTexts();

for (const phone of [false, true]) {
  const size = phone ? 'phone' : 'desktop';

  it(`${size}: the table form in each variant's words; the Russian variant select whole; a private table's link in view`, { timeout: 90_000 }, async () => {
    const en = await suite.player({ lang: 'en', phone });
    await open(en, '/');
    await openCustom(en, 'en');
    await button(en, 'en', 'tableForm:newGame.mode.seek').click();
    await en.locator('select[name=variant]').selectOption('short');
    expect(await options(en, 'ceiling')).toContain(text('en', 'tableForm:form.ceilingOption.koks_short'));
    expect((await options(en, 'ceiling')).join(' ')).toMatch(/gammon/);
    expect((await options(en, 'ceiling')).join(' ')).not.toMatch(/koks|mars/);
    expect(await en.locator('.table-settings').innerText()).toContain('Doubling cube');
    await suite.screenshot(en, `terms-short-en-${size}`);
    await en.locator('select[name=variant]').selectOption('long');
    expect((await options(en, 'ceiling')).join(' ')).toMatch(/mars/);
    expect((await options(en, 'ceiling')).join(' ')).not.toMatch(/gammon/);
    // Long nardy keeps oin and mars in English, with a line that says what they are, under the scoring choice.
    const explained = en.locator('.table-settings .field-hint', { hasText: text('en', 'lobby:form.longTerms') });
    await explained.waitFor();
    expect(await explained.innerText()).toMatch(/^Oin is an ordinary win, 1 point; mars a double win/);
    await en.locator('select[name=variant]').selectOption('short');
    await explained.waitFor({ state: 'detached' });
    await en.locator('select[name=variant]').selectOption('long');
    await explained.scrollIntoViewIfNeeded();
    await suite.screenshot(en, `terms-long-en-${size}`);

    const ru = await suite.player({ lang: 'ru', phone });
    await open(ru, '/');
    await openCustom(ru, 'ru');
    await button(ru, 'ru', 'tableForm:newGame.mode.table').click();
    await ru.locator('select[name=variant]').selectOption('long');
    const fit = await selectFits(ru, 'variant');
    expect(fit.shown).toBe('Длинные нарды');
    expect(fit.need, JSON.stringify(fit)).toBeLessThanOrEqual(fit.room);
    await button(ru, 'ru', 'tableForm:newGame.submit.table').click();
    const link = ru.locator('.table-link');
    await link.waitFor();
    await expect.poll(() => inView(link)).toBe(true);
    await suite.screenshot(ru, `terms-table-link-ru-${size}`);

    // Whoever opens the link sees the table's settings and who made it, and sits down only when he says so.
    const url = await link.getByRole('textbox').inputValue();
    const visitor = await suite.player({ lang: 'en', phone });
    await open(visitor, new URL(url).pathname);
    await visitor.locator('.chip', { hasText: text('en', 'common:variant.long') }).waitFor();
    expect(await visitor.locator('.board-svg').count()).toBe(0);
    await suite.screenshot(visitor, `terms-table-visit-en-${size}`);
    await button(visitor, 'en', 'tableForm:table.sit').click();
    await visitor.locator('.board-svg').waitFor();
  });
}

it('the replay: the bot by its level, and a move of the list jumps the replay there (phone)', { timeout: 120_000 }, async () => {
  const page = await suite.player({ lang: 'en', phone: true });
  await open(page, '/');
  const gameId = await playBot(page, 'en', { variant: 'short', matchLength: 3 }, 1);
  await page.locator('.moves-entry').first().waitFor();
  const menu = page.locator('.room-more');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await button(menu, 'en', 'game:actions.resignMatch').click();
  const confirm = page.getByRole('group', { name: text('en', 'game:confirm.title') });
  await button(confirm, 'en', 'game:confirm.yes.resignMatch').click();
  await matchOver(page).waitFor();

  await open(page, `/replay/${encodeURIComponent(gameId)}`);
  const step = page.locator('.replay-step');
  await step.waitFor();
  expect(await page.locator('h1').innerText()).toContain(text('en', 'common:user.bot', { level: 1 }));
  await button(page, 'en', 'game:replay.last').click();
  const last = await step.innerText();
  const first = page.locator('.moves-jump').first();
  await first.click();
  await expect.poll(() => step.innerText()).not.toBe(last);
  expect(await step.innerText()).toMatch(/^Step 1 of/);
  expect(await page.locator('.moves-entry--current .moves-jump').innerText()).toBe(await first.innerText());
  await suite.screenshot(page, 'terms-replay-jump-phone');

  await page.getByRole('link', { name: text('en', 'game:dice.verify') }).click();
  await page.waitForURL((u) => u.pathname === `/dice/${encodeURIComponent(gameId)}`);
  await page.locator('.dice-check-ok').waitFor();
  const rows = page.locator('.dice-check-throws tbody tr');
  expect(await rows.count()).toBeGreaterThan(0);
  expect(await rows.first().innerText()).toContain(text('en', 'game:diceCheck.match'));
  await suite.screenshot(page, 'terms-dice-check-phone');
});

it('the rules page says what oin and mars are where long nardy scores them', { timeout: 60_000 }, async () => {
  const page = await suite.player({ lang: 'en', phone: false });
  await open(page, '/rules');
  const line = page.getByText(
    'The winner scores (oin and mars are the Russian names, kept in English; in backgammon they would be a single game and a gammon):',
  );
  await line.waitFor();
  await line.scrollIntoViewIfNeeded();
  await suite.screenshot(page, 'terms-rules-oin-mars-en');
});
