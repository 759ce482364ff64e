/**
 * Issue 40 item 8 as a person meets it: a guest starts a game against the bot, plays a turn, signs up in the
 * middle of it, and goes back to the same game as the new account, still in his seat, and plays on.
 */
import { expect, it } from 'vitest';
import { open, playBot, signUp } from './app';
import { browserSuite } from './browser';
import { playOn } from './play';
import { text } from './texts';

const suite = browserSuite();

it('a guest who signs up mid-game keeps the game and his seat', { timeout: 120_000 }, async () => {
  const page = await suite.player({ lang: 'en' });
  await open(page, '/');
  await page.locator('.user-menu .badge', { hasText: text('en', 'common:user.guest') }).waitFor({ state: 'attached' });
  const gameId = await playBot(page, 'en', { variant: 'short', matchLength: 3 }, 1);
  const manners = { lang: 'en', touch: false } as const;
  await playOn(page, manners, { stop: (h) => h === 'confirmed' });

  await signUp(page, 'en', 'Kira');
  await open(page, `/game/${encodeURIComponent(gameId)}`);
  await page.locator('.board-svg').waitFor();
  // The seat is his ("you") under his new name, no longer marked a guest, and the game goes on.
  const mine = page.locator('.player', { has: page.locator('.player-tag') });
  await mine.locator('.player-name', { hasText: 'Kira' }).waitFor();
  expect(await mine.innerText()).not.toContain(text('en', 'game:players.guest'));
  const played = await playOn(page, manners, { stop: (h) => h === 'confirmed', limitMs: 60_000 });
  expect(played.turns).toBe(1);
  await suite.screenshot(page, 'guest-signup-game-en');
});
