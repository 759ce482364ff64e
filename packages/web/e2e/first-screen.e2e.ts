/**
 * Issue 40 item 13, the lobby's first screen as a newcomer meets it: on a phone (390×844) the one-click games and
 * the "Play the computer" and "Play a friend" buttons are in view without scrolling; a tile waits in its
 * quick-pairing pool (and can be cancelled) until a second person on a desktop, who sees the open seeks and live
 * games beside the tiles, clicks the same one, and both are in the game. The computer plays at once at the
 * chosen level; "Custom game" opens the full form.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, gameOpened, open } from './app';
import { browserSuite } from './browser';
import { text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();

/** Wholly inside the window as it is, without scrolling. */
const inView = (l: Locator) =>
  l.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return window.scrollY === 0 && r.top >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });

/** A guest on a phone held upright (390×844) or on a desktop, in the lobby. */
async function newcomer(lang: Lang, phone: boolean): Promise<Page> {
  const page = await suite.player({ lang, phone });
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  await page.getByRole('heading', { name: text(lang, 'lobby:first.title') }).waitFor();
  return page;
}

/** The tile of a variant and match length, by its full name (variant, length, clock). */
const tile = (page: Page, lang: Lang, variant: 'long' | 'short', points: number) =>
  page.getByRole('button', {
    name: `${text(lang, `common:variant.${variant}`)}, ${text(lang, `lobby:describe.match_${new Intl.PluralRules(lang).select(points)}`, { count: points })}, `,
  });

async function expectFirstScreen(page: Page, lang: Lang): Promise<void> {
  expect(await page.locator('.preset').count()).toBe(8);
  expect(await inView(page.locator('.preset-grid'))).toBe(true);
  expect(await inView(button(page, lang, 'lobby:first.bot'))).toBe(true);
  expect(await inView(button(page, lang, 'lobby:first.friend'))).toBe(true);
  expect(await untranslated(page, lang)).toEqual([]);
}

it('a newcomer on a phone clicks a game and waits; a player on a desktop clicks the same; both are in the game', { timeout: 120_000 }, async () => {
  const phone = await newcomer('ru', true);
  await expectFirstScreen(phone, 'ru');
  await suite.screenshot(phone, 'first-ru-phone');

  await tile(phone, 'ru', 'short', 3).click();
  await phone
    .getByRole('status')
    .filter({ hasText: text('ru', 'lobby:quick.waiting') })
    .waitFor();
  expect(await tile(phone, 'ru', 'short', 3).getAttribute('aria-pressed')).toBe('true');
  await suite.screenshot(phone, 'first-ru-phone-waiting');

  const desktop = await newcomer('en', false);
  await expectFirstScreen(desktop, 'en');
  // On a desktop the open seeks and the live games are beside the tiles.
  for (const key of ['lobby:seek.title', 'lobby:live.title']) expect(await inView(desktop.getByRole('heading', { name: text('en', key) }))).toBe(true);
  await suite.screenshot(desktop, 'first-en-desktop');
  await tile(desktop, 'en', 'short', 3).click();
  const gameId = await gameOpened(desktop);
  expect(await gameOpened(phone)).toBe(gameId);
});

it('a tile is cancelled; the computer plays at once at the chosen level; "Custom game" opens the full form', { timeout: 90_000 }, async () => {
  const phone = await newcomer('en', true);
  await expectFirstScreen(phone, 'en');
  await suite.screenshot(phone, 'first-en-phone');
  await tile(phone, 'en', 'long', 5).click();
  const waiting = phone.getByRole('status').filter({ hasText: text('en', 'lobby:quick.waiting') });
  await button(waiting, 'en', 'lobby:quick.leave').click();
  await waiting.waitFor({ state: 'detached' });
  expect(await tile(phone, 'en', 'long', 5).getAttribute('aria-pressed')).toBe('false');

  // "Custom game" opens the full form and closes it again.
  const custom = button(phone, 'en', 'lobby:first.custom');
  await custom.click();
  await phone.getByRole('heading', { name: text('en', 'tableForm:newGame.title') }).waitFor();
  expect(await phone.locator('select[name=variant]').isVisible()).toBe(true);
  await suite.screenshot(phone, 'first-en-phone-custom');
  await custom.click();
  await phone.locator('select[name=variant]').waitFor({ state: 'detached' });

  const desktop = await newcomer('ru', false);
  await expectFirstScreen(desktop, 'ru');
  await suite.screenshot(desktop, 'first-ru-desktop');
  await desktop.locator('select[name=firstBotLevel]').selectOption('2');
  await button(desktop, 'ru', 'lobby:first.bot').click();
  await gameOpened(desktop);
  await desktop
    .getByText(text('ru', 'common:user.bot', { level: 2 }))
    .first()
    .waitFor();
});
