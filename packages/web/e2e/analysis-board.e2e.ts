/**
 * The analysis board (/analysis): a gnubg Position ID and Match ID pasted, the dice set, the engine's hint in the
 * browser's worker (ranked turns), a rollout with its progress stopped, then long nardy and a checker taken off the
 * head by a click; on a desktop and a 390×844 phone, in English and Russian. Screenshots in test-results/web-e2e/.
 */
import { makeGnubgPositionId, makeMatchId, positionFromSetup } from '@nardy/engine';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, open, playBot } from './app';
import { browserSuite } from './browser';
import { matchOver, playOn } from './play';
import { pattern, text, type Lang } from './texts';

const suite = browserSuite();

/** A short-nardy middle game (White on roll, own frames): White has split his back checkers, Black has made his 5-point. */
function ids(): { position: string; match: string } {
  const white = new Array<number>(26).fill(0);
  const black = new Array<number>(26).fill(0);
  Object.assign(white, { 24: 1, 21: 1, 13: 5, 8: 3, 6: 5 });
  Object.assign(black, { 24: 2, 13: 4, 8: 3, 6: 4, 5: 2 });
  const p = positionFromSetup({ variant: 'short', turn: 'white', board: { white, black }, firstTurn: { white: false, black: false } });
  if (!p.ok) throw new Error(p.error.message);
  // A 7-point match, White (gnubg's player 1) 2 and Black 3, cube centred, White on roll before his throw.
  const m = makeMatchId({
    cube: 1,
    cubeOwner: 'centre',
    diceOwner: 1,
    crawford: false,
    gameState: 'playing',
    turn: 1,
    doubled: false,
    resigned: 0,
    dice: [0, 0],
    matchLength: 7,
    score: [3, 2],
    jacoby: false,
  });
  if (!m.ok) throw new Error(m.error.message);
  return { position: makeGnubgPositionId(p.value), match: m.value };
}

const k = (key: string) => `analysisBoard:${key}`;

async function session(page: Page, lang: Lang, shot: string): Promise<void> {
  await open(page, '/analysis');
  await page.getByRole('heading', { level: 1, name: text(lang, k('title')) }).waitFor();
  const { position, match } = ids();
  await page.getByLabel(text(lang, k('ids.position')), { exact: true }).fill(position);
  await page.getByLabel(text(lang, k('ids.match')), { exact: true }).fill(match);
  await button(page, lang, k('ids.load')).click();
  expect(await page.locator('.board-point[data-cell="21"]').getAttribute('data-count')).toBe('1');
  await page.getByLabel(`${text(lang, k('setup.dice'))} 1`).selectOption('3');
  await page.getByLabel(`${text(lang, k('setup.dice'))} 2`).selectOption('1');
  // The IDs follow the board: the dice are in the Match ID now.
  await expect.poll(() => page.getByLabel(text(lang, k('ids.match')), { exact: true }).inputValue()).not.toBe(match);

  await button(page, lang, k('engine.hint')).click();
  const turns = page.locator('table.aboard-turns tbody tr');
  await turns.first().waitFor({ timeout: 60_000 });
  expect(await turns.count()).toBeGreaterThan(3);
  expect(await turns.first().locator('th').innerText()).toMatch(/\d+\/\d+/);
  await page.locator('.aboard-engine').scrollIntoViewIfNeeded();
  await suite.screenshot(page, `${shot}-hint`);

  await button(page, lang, k('engine.eval')).click();
  await page.getByText(pattern(lang, k('engine.right'))).waitFor({ timeout: 60_000 });
  expect(await page.locator('.aboard-engine table').count()).toBe(2); // the five numbers, the three cube equities
  await suite.screenshot(page, `${shot}-eval`);

  await button(page, lang, k('engine.rollout')).click();
  await page.getByText(pattern(lang, k('engine.progress'))).waitFor({ timeout: 60_000 });
  await page.locator('progress.aboard-progress').waitFor();
  await suite.screenshot(page, `${shot}-rollout`);
  await button(page, lang, k('engine.stop')).click();
  await page.getByText(pattern(lang, k('engine.rolloutStopped'))).waitFor({ timeout: 30_000 });
  await suite.screenshot(page, `${shot}-stopped`);

  await page.getByLabel(text(lang, k('setup.variant'))).selectOption('long');
  const head = page.locator('.board-point[data-cell="24"]');
  expect(await head.getAttribute('data-count')).toBe('15');
  await page.getByRole('radio', { name: text(lang, k('setup.remove')) }).click();
  await head.click({ force: true });
  expect(await head.getAttribute('data-count')).toBe('14');
  await page
    .getByRole('alert')
    .filter({ hasText: pattern(lang, k('problem.unplaced')) })
    .waitFor();
  await page.getByRole('radio', { name: text(lang, k('setup.add')) }).click();
  await page.locator('.board-point[data-cell="20"]').click({ force: true });
  expect(await page.locator('.board-point[data-cell="20"]').getAttribute('data-count')).toBe('1');
  expect(await page.getByRole('alert').count()).toBe(0);
  await expect.poll(() => page.getByLabel(text(lang, k('ids.position')), { exact: true }).inputValue()).toMatch(/^[A-Za-z0-9_-]{14}$/);
  // The keyboard: the board's cursor starts bottom left (absolute 12, Black's head in long nardy); Enter removes there.
  await page.getByRole('radio', { name: text(lang, k('setup.remove')) }).click();
  await page.locator('.aboard-board .board-svg').focus();
  await page.keyboard.press('Enter');
  expect(await page.locator('.board-point[data-cell="12"]').getAttribute('data-count')).toBe('14');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  expect(await page.getByRole('alert').innerText()).toBe(text(lang, k('problem.nothingToRemove')));
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 0));
  await suite.screenshot(page, `${shot}-long`);
}

it('desktop, English: paste IDs, hint, rollout and stop, edit long nardy', async () => {
  await session(await suite.player({ lang: 'en' }), 'en', 'analysis-board-en');
});

it('desktop, Russian', async () => {
  await session(await suite.player({ lang: 'ru' }), 'ru', 'analysis-board-ru');
});

it('a 390×844 phone, English and Russian', async () => {
  for (const lang of ['en', 'ru'] as const) {
    const page = await suite.player({ lang, phone: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await session(page, lang, `analysis-board-${lang}-phone`);
  }
});

it('"Open in the analysis board" from a replayed game', async () => {
  const lang = 'en';
  const page = await suite.player({ lang });
  // A one-point match against the bot: one turn played, then resigned.
  await open(page, '/');
  const gameId = await playBot(page, lang, { variant: 'short', matchLength: 1 }, 1);
  await playOn(page, { lang, touch: false }, { stop: (h) => h === 'confirmed', limitMs: 60_000 });
  const menu = page.locator('.room-more');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await button(menu, lang, 'game:actions.resignMatch').click();
  await button(page.getByRole('group', { name: text(lang, 'game:confirm.title') }), lang, 'game:confirm.yes.resignMatch').click();
  await matchOver(page).waitFor();

  await open(page, `/replay/${encodeURIComponent(gameId)}`);
  await page.locator('.replay-step').waitFor();
  // The replay opens at the start: two steps on, the first throw is on the board.
  await button(page, lang, 'game:replay.next').click();
  await button(page, lang, 'game:replay.next').click();
  const drawn = await page.locator('.board-svg [data-cell]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-count')).join(' '));
  await page.getByRole('link', { name: text(lang, k('open')) }).click();
  await page.getByRole('heading', { level: 1, name: text(lang, k('title')) }).waitFor();
  expect(new URL(page.url()).searchParams.get('variant')).toBe('short');
  await page.locator('.aboard-board .board-svg').waitFor();
  expect(await page.locator('.aboard-board .board-svg [data-cell]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-count')).join(' '))).toBe(
    drawn,
  );
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await page.getByLabel(text(lang, k('setup.match'))).inputValue()).toBe('1');
  await suite.screenshot(page, 'analysis-board-from-replay');
});
