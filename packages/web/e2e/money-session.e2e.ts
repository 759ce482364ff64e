/**
 * A staked money session between two people (G6, G9): Alice on a desktop in English sets up a short-nardy money
 * session for 5 chips a point with a limit of 10 games (the form and the seek card say so); Борис takes it on a
 * phone in Russian. Alice surrenders the first game (asked first, with its cost); between games both see the
 * countdown to the next game, "Next game" is in view on the phone, and when both press it the second game starts at
 * once. Alice surrenders that one too, and in the next pause Борис ends the session with the button in view. Both
 * see the result, the match line stays at game 2; the chips are settled exactly (Alice pays 2 × 1 point × 5: singles
 * under Jacoby) and nothing stays on hold.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, gameOpened, openCustom, signUp } from './app';
import { browserSuite } from './browser';
import { matchOver } from './play';
import { pattern, text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

/** Whether the whole of an element is on the screen (a phone must not have to scroll to it). */
async function inView(page: Page, el: Locator): Promise<boolean> {
  const box = await el.boundingBox();
  const size = page.viewportSize();
  return box !== null && size !== null && box.y >= 0 && box.y + box.height <= size.height;
}

/** The free chips in the header, as the page formats them. */
const chips = (page: Page, lang: Lang, n: number) => page.locator('[data-chips=free]', { hasText: new Intl.NumberFormat(lang).format(n) });

it('a staked money session with a game limit: a game surrendered, the session ended between games, the chips settled', { timeout: 180_000 }, async () => {
  const alice = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru', phone: true });
  await boris.setViewportSize({ width: 390, height: 844 });
  const aliceName = `alice_${stamp}`;
  const borisName = `борис_${stamp}`;
  await signUp(alice, 'en', aliceName);
  await signUp(boris, 'ru', borisName);

  await openCustom(alice, 'en');
  await button(alice, 'en', 'tableForm:newGame.mode.seek').click();
  await alice.locator('select[name=variant]').selectOption('short');
  await alice.locator('select[name=matchLength]').selectOption('0');
  expect(await alice.locator('input[name=cubeEnabled]').isChecked()).toBe(true);
  // The session's limits are offered for a money session only.
  await alice.locator('select[name="session.games"]').selectOption('10');
  await alice.locator('input[name=stake]').fill('5');
  await alice.locator('select[name="session.games"]').scrollIntoViewIfNeeded();
  await suite.screenshot(alice, 'money-session-form-en');
  await button(alice, 'en', 'tableForm:newGame.submit.seek').click();
  await alice.locator('.seek.seek-mine').waitFor();

  const card = boris.locator('.seek', { hasText: aliceName });
  await card.getByText(pattern('ru', 'lobby:describe.sessionGames')).waitFor();
  await button(card, 'ru', 'lobby:seek.accept').click();
  const gameId = await gameOpened(boris);
  expect(await gameOpened(alice)).toBe(gameId);
  await chips(alice, 'en', 950).waitFor(); // 10× the stake on hold with the cube

  // Alice surrenders: asked first, a koks counted as a single (Jacoby), 5 chips in the session's reckoning.
  const menu = alice.locator('.room-more');
  await menu.locator('summary').click();
  await button(menu, 'en', 'game:actions.surrender').click();
  const confirm = alice.getByRole('group', { name: text('en', 'game:confirm.title') });
  expect(await confirm.innerText()).toContain(text('en', 'game:confirm.sessionChips', { chips: '5 chips' }));
  await button(confirm, 'en', 'game:confirm.yes.surrender').click();

  // Between games: a countdown on both screens and "Next game" in view on the phone; once both press it, game 2 starts.
  await alice.getByText(pattern('en', 'game:nextGame.in')).waitFor();
  await boris.getByText(pattern('ru', 'game:nextGame.in')).waitFor();
  const next = button(boris, 'ru', 'game:nextGame.start');
  expect(await inView(boris, next)).toBe(true);
  await suite.screenshot(boris, 'money-session-next-game-ru-phone');
  await button(alice, 'en', 'game:nextGame.start').click();
  await alice.getByText(pattern('en', 'game:nextGame.waiting')).waitFor();
  await boris.getByText(pattern('ru', 'game:nextGame.opponentReady')).waitFor();
  await next.click();
  for (const [page, lang] of [
    [alice, 'en'],
    [boris, 'ru'],
  ] as const) {
    await page
      .locator('.room-match')
      .getByText(text(lang, 'game:match.money', { game: 2 }))
      .waitFor();
    expect(await page.getByText(pattern(lang, 'game:nextGame.in')).count()).toBe(0);
  }

  // Alice surrenders the second game as well.
  await menu.locator('summary').click();
  await button(menu, 'en', 'game:actions.surrender').click();
  await button(confirm, 'en', 'game:confirm.yes.surrender').click();

  // Between games: the next game waits, and ending the session is in view on the phone.
  const end = button(boris, 'ru', 'game:actions.endSession');
  await end.waitFor();
  await boris.getByText(text('ru', 'game:prompt.sessionBreak')).first().waitFor();
  expect(await end.isVisible()).toBe(true);
  await suite.screenshot(boris, 'money-session-break-ru-phone');
  await end.click();

  for (const [page, lang] of [
    [alice, 'en'],
    [boris, 'ru'],
  ] as const) {
    await expect.poll(() => matchOver(page).innerText()).toContain(text(lang, 'game:matchEnds.sessionEnded'));
    expect(await untranslated(page, lang)).toEqual([]);
  }
  // The match line shows the last game played, not one that never began.
  expect(await boris.locator('.room-match').innerText()).toContain(text('ru', 'game:match.money', { game: 2 }));
  await chips(alice, 'en', 990).waitFor();
  await chips(boris, 'ru', 1010).waitFor();
  expect(await alice.locator('[data-chips=held]').count()).toBe(0);
  expect(await boris.locator('[data-chips=held]').count()).toBe(0);
  await suite.screenshot(alice, 'money-session-over-en');
  await suite.screenshot(boris, 'money-session-over-ru-phone');
});
