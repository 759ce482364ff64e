/**
 * A guest (no account: the app makes a guest session on the first visit) plays the bot to the end of a one-point
 * match through the board, in Russian; the finished game then opens translated in English for a spectator.
 */
import { expect, it } from 'vitest';
import { open, playBot } from './app';
import { browserSuite } from './browser';
import { matchOver, playOn } from './play';
import { pattern, text } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();

it('a guest plays a bot to the end', { timeout: 300_000 }, async () => {
  const page = await suite.player({ lang: 'ru' });
  await open(page, '/');
  await page.locator('.user-menu .badge', { hasText: text('ru', 'common:user.guest') }).waitFor();
  const gameId = await playBot(page, 'ru', { variant: 'short', matchLength: 1 }, 1);

  // One whole turn first: the room mid-game, for the eye and for the translation check.
  await playOn(page, { lang: 'ru' }, { stop: (h) => h === 'confirmed' });
  await suite.screenshot(page, 'game-ru');
  expect(await untranslated(page, 'ru')).toEqual([]);

  const played = await playOn(page, { lang: 'ru' }, { limitMs: 240_000 });
  console.info(`guest vs bot, short nardy: ${played.turns} turns, ${played.steps} steps, ${played.ms} ms`);
  await expect.poll(() => matchOver(page).innerText()).toMatch(pattern('ru', 'game:result.matchWon'));
  // The game's line names what the win was worth (oin, mars or koks).
  const kinds = ['oin', 'single', 'mars', 'koks'].map((k) => text('ru', `game:kinds.${k}`));
  const games = await page.locator('.room-result-games').innerText();
  expect(kinds.some((k) => games.includes(k)), games).toBe(true);
  expect(await untranslated(page, 'ru')).toEqual([]);
  await suite.screenshot(page, 'game-ru-over');

  const watcher = await suite.player({ lang: 'en' });
  await open(watcher, `/game/${encodeURIComponent(gameId)}`);
  await matchOver(watcher).waitFor();
  expect(await untranslated(watcher, 'en')).toEqual([]);
  await suite.screenshot(watcher, 'game-en-over');
});
