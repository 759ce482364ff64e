/**
 * Chips at a table (G9) and the long-nardy scoring form, as players see them: a registered player on a desktop
 * sets up a long-nardy match to 5 for 10 chips a point, and the form says what each player holds and what the
 * loser pays; the ceiling offers three points only once Koks is ticked. The seek card, read by a second player on
 * a phone in Russian, says the same; he takes it and both hold exactly the match's worth.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, gameOpened, openCustom, signUp } from './app';
import { browserSuite } from './browser';
import { text, type Lang } from './texts';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

/** The option shown as chosen in a select, and every option offered. */
async function select(page: Page, name: string): Promise<{ chosen: string; offered: string[] }> {
  const s = page.locator(`select[name=${name}]`);
  return s.evaluate((el: HTMLSelectElement) => ({
    chosen: el.selectedOptions[0]?.textContent ?? '',
    offered: [...el.options].map((o) => o.textContent ?? ''),
  }));
}

const hint = (page: Page, lang: Lang, key: string, params: Record<string, number>) => page.getByText(text(lang, key, params), { exact: true });

it('a staked long-nardy match to 5: the form and the seek card show the hold and the payment; the ceiling follows Koks', async () => {
  const anna = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru', phone: true });
  const annaName = `anna_${stamp}`;
  await signUp(anna, 'en', annaName);
  await signUp(boris, 'ru', `борис_${stamp}`);

  await openCustom(anna, 'en');
  await button(anna, 'en', 'tableForm:newGame.mode.seek').click();
  await anna.locator('select[name=variant]').selectOption('long');
  await anna.locator('select[name=matchLength]').selectOption('5');
  // Long nardy without koks or home mars: a win counts one or two, and the form says so.
  expect(await anna.locator('input[name=koks]').isChecked()).toBe(false);
  expect(await select(anna, 'ceiling')).toEqual({
    chosen: text('en', 'tableForm:form.ceilingOption.mars'),
    offered: [text('en', 'tableForm:form.ceilingOption.oin'), text('en', 'tableForm:form.ceilingOption.mars')],
  });
  await anna.locator('input[name=koks]').check();
  expect((await select(anna, 'ceiling')).chosen).toBe(text('en', 'tableForm:form.ceilingOption.koks'));

  await anna.locator('input[name=stake]').fill('10');
  const terms = hint(anna, 'en', 'tableForm:form.stakeMatch_other', { hold: 50, count: 5 });
  await terms.waitFor();
  await terms.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await suite.screenshot(anna, 'stakes-form-en');
  await button(anna, 'en', 'tableForm:newGame.submit.seek').click();
  await anna.locator('.seek.seek-mine').waitFor();

  const card = boris.locator('.seek', { hasText: annaName });
  await card.getByText(text('ru', 'lobby:describe.stakeMatch', { n: 10, hold: 50 })).waitFor();
  await card.getByText(text('ru', 'lobby:describe.ceiling.koks')).waitFor();
  await card.scrollIntoViewIfNeeded();
  await suite.screenshot(boris, 'stakes-seek-card-ru-phone');
  await button(card, 'ru', 'lobby:seek.accept').click();
  await gameOpened(boris);
  await gameOpened(anna);
  await anna.getByText(text('en', 'game:match.stake', { n: 10, hold: 50 })).waitFor();
  await boris
    .getByText(text('ru', 'game:match.stake', { n: 10, hold: 50 }))
    .first()
    .waitFor();
  await anna.locator('[data-chips=held]', { hasText: text('en', 'common:chips.held', { n: 50 }) }).waitFor();
});
