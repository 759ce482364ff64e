/**
 * A guest (no account: the app makes a guest session on the first visit) on a phone held upright plays the bot to
 * the end of a one-point match by tapping the board, in Russian; checks the dice with the link the room gives,
 * finds the game in his profile and steps through its replay. The finished game then opens translated in English
 * for a spectator on a desktop.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, open, playBot } from './app';
import { browserSuite } from './browser';
import { matchOver, playOn } from './play';
import { pattern, text } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();

/** Nothing sticks out sideways (the page fits a phone held upright). */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

it('a guest plays a bot to the end on a phone, checks the dice, replays the game', { timeout: 300_000 }, async () => {
  const page = await suite.player({ lang: 'ru', phone: true });
  await open(page, '/');
  await page.locator('.user-menu .badge', { hasText: text('ru', 'common:user.guest') }).waitFor({ state: 'attached' });
  const gameId = await playBot(page, 'ru', { variant: 'short', matchLength: 1 }, 1);
  const manners = { lang: 'ru', touch: true } as const;

  // One whole turn first: the room mid-game, for the eye and for the translation check.
  await playOn(page, manners, { stop: (h) => h === 'confirmed' });
  expect(await fitsWidth(page)).toBe(true);
  await suite.screenshot(page, 'game-ru-phone');
  expect(await untranslated(page, 'ru')).toEqual([]);

  const played = await playOn(page, manners, { limitMs: 240_000 });
  console.info(`guest vs bot, short nardy, phone: ${played.turns} turns, ${played.steps} steps, ${played.ms} ms`);
  await expect.poll(() => matchOver(page).innerText()).toMatch(pattern('ru', 'game:result.matchWon'));
  // The game's line names what the win was worth (oin, mars or koks).
  const kinds = ['oin', 'single', 'mars', 'koks'].map((k) => text('ru', `game:kinds.${k}`));
  const games = await page.locator('.room-result-games').innerText();
  expect(
    kinds.some((k) => games.includes(k)),
    games,
  ).toBe(true);
  expect(await untranslated(page, 'ru')).toEqual([]);

  // G10: the revealed seed and a link that checks every throw: a readable page, with the raw JSON a link away.
  await page.getByRole('link', { name: text('ru', 'game:dice.verify') }).click();
  await page.waitForURL((u) => u.pathname === `/dice/${encodeURIComponent(gameId)}`);
  await page.locator('.dice-check-ok').waitFor();
  expect(await page.locator('.dice-check-bad').count()).toBe(0);
  expect(await untranslated(page, 'ru')).toEqual([]);
  const raw = page.getByRole('link', { name: text('ru', 'game:diceCheck.raw') });
  const check = await page.request.get((await raw.getAttribute('href'))!);
  expect(check.ok()).toBe(true);
  expect(await check.json()).toMatchObject({ ok: true });
  await page.goBack();
  await matchOver(page).waitFor();

  // The profile lists the finished game; its replay steps through it.
  await page.locator('.user-menu summary').click();
  await page.getByRole('link', { name: text('ru', 'common:nav.profile') }).click();
  await page.locator('.profile-game').first().waitFor();
  expect(await untranslated(page, 'ru')).toEqual([]);
  await page
    .locator('.profile-game')
    .first()
    .getByRole('link', { name: text('ru', 'profile:replay') })
    .click();
  await page.waitForURL((u) => u.pathname === `/replay/${encodeURIComponent(gameId)}`);
  const step = page.locator('.replay-step');
  await step.waitFor();
  const first = await step.innerText();
  await button(page, 'ru', 'game:replay.next').click();
  await expect.poll(() => step.innerText()).not.toBe(first);
  await button(page, 'ru', 'game:replay.last').click();
  await expect.poll(async () => button(page, 'ru', 'game:replay.next').isDisabled()).toBe(true);
  expect(await fitsWidth(page)).toBe(true);
  expect(await untranslated(page, 'ru')).toEqual([]);

  const watcher = await suite.player({ lang: 'en' });
  await open(watcher, `/game/${encodeURIComponent(gameId)}`);
  await matchOver(watcher).waitFor();
  expect(await untranslated(watcher, 'en')).toEqual([]);
  await suite.screenshot(watcher, 'game-en-over');
});
