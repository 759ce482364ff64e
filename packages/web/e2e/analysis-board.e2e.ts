/**
 * The analysis board (/analysis): a gnubg Position ID and Match ID pasted, the dice set, the engine's hint in the
 * browser's worker (ranked turns), a short rollout of one's own settings to its end, a long one stopped, then long
 * nardy and a checker taken off the head by a click; checkers dragged by the mouse (1280×800) and by touch
 * (390×844); on a desktop and a 390×844 phone, in English and Russian. Screenshots in test-results/web-e2e/.
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

  // A short rollout of one's own settings, to its end: 40 games cut after 5 half-moves, seed 7, no luck adjustment.
  const trials = page.getByLabel(text(lang, k('engine.trials')), { exact: true });
  await trials.selectOption('custom');
  const count = page.getByLabel(text(lang, k('engine.trialCount')), { exact: true });
  await count.fill('0');
  expect(await page.getByRole('alert').innerText()).toBe(text(lang, k('problem.trials'), { max: 46656 }));
  expect(await button(page, lang, k('engine.rollout')).isDisabled()).toBe(true);
  await count.fill('40');
  await page.getByLabel(text(lang, k('engine.truncate'))).check();
  await page.getByLabel(text(lang, k('engine.truncateAt'))).fill('5');
  await page.getByLabel(text(lang, k('engine.seed'))).fill('7');
  await page.getByLabel(text(lang, k('engine.luck'))).uncheck();
  expect(await page.getByRole('alert').count()).toBe(0);
  await button(page, lang, k('engine.rollout')).click();
  const done = page.getByText(pattern(lang, k('engine.rolloutDone')));
  await done.waitFor({ timeout: 60_000 });
  expect(await done.innerText()).toContain('40');
  const chances = page.getByRole('table', { name: text(lang, k('engine.probabilities')) });
  // Every figure with its standard error; the cube applied to the rolled-out chances, and the note that says so.
  expect(await chances.locator('tbody tr.aboard-errors td').allInnerTexts()).toEqual(Array.from({ length: 6 }, () => expect.stringMatching(/^± \d/)));
  await page.getByRole('rowheader', { name: text(lang, k('engine.cubeful')) }).waitFor();
  await page.getByText(text(lang, k('engine.cubeNote'))).waitFor();
  await chances.scrollIntoViewIfNeeded();
  await suite.screenshot(page, `${shot}-rollout-done`);

  await trials.selectOption('1296');
  await page.getByLabel(text(lang, k('engine.truncate'))).uncheck();
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

/** The middle of a point's triangle on the screen (absolute number, White's numbering). */
async function pointAt(page: Page, abs: number): Promise<{ x: number; y: number }> {
  const box = await page.locator(`.aboard-board .board-point[data-cell="${abs}"] polygon`).boundingBox();
  if (!box) throw new Error(`point ${abs} is not drawn`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

type XY = { x: number; y: number };

/**
 * A drag from `from` to `to` as a person's hand makes it: the mouse pressed, moved in steps and released, or a finger
 * (real touch events through the browser's DevTools protocol, which the page sees as pointer events of type touch).
 * `midway` runs with the checker halfway there.
 */
async function drag(page: Page, touch: boolean, from: XY, to: XY, midway: () => Promise<void> = async () => {}): Promise<void> {
  const half = { x: (from.x + to.x) / 2, y: (from.y + to.y) / 2 };
  if (!touch) {
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(half.x, half.y, { steps: 6 });
    await midway();
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.mouse.up();
    return;
  }
  const cdp = await page.context().newCDPSession(page);
  const finger = async (type: 'touchStart' | 'touchMove' | 'touchEnd', at?: XY) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: at ? [{ x: at.x, y: at.y }] : [] });
  await finger('touchStart', from);
  for (let i = 1; i <= 6; i++) await finger('touchMove', { x: from.x + ((half.x - from.x) * i) / 6, y: from.y + ((half.y - from.y) * i) / 6 });
  await midway();
  for (let i = 1; i <= 6; i++) await finger('touchMove', { x: half.x + ((to.x - half.x) * i) / 6, y: half.y + ((to.y - half.y) * i) / 6 });
  await finger('touchEnd');
  await cdp.detach();
}

/** The gnubg Position ID of the short-nardy start with White's checkers moved as `white` says (own points). */
function startWith(white: Readonly<Record<number, number>>): string {
  const w = new Array<number>(26).fill(0);
  const b = new Array<number>(26).fill(0);
  Object.assign(w, { 24: 2, 13: 5, 8: 3, 6: 5 }, white);
  Object.assign(b, { 24: 2, 13: 5, 8: 3, 6: 5 });
  const p = positionFromSetup({ variant: 'short', turn: 'white', board: { white: w, black: b }, firstTurn: { white: false, black: false } });
  if (!p.ok) throw new Error(p.error.message);
  return makeGnubgPositionId(p.value);
}

async function dragSession(page: Page, lang: Lang, touch: boolean, shot: string): Promise<void> {
  await open(page, '/analysis');
  await page.getByRole('heading', { level: 1, name: text(lang, k('title')) }).waitFor();
  const count = (abs: number) => page.locator(`.aboard-board .board-point[data-cell="${abs}"]`).getAttribute('data-count');
  const positionId = () => page.getByLabel(text(lang, k('ids.position')), { exact: true }).inputValue();
  // The board in the middle of the screen, with room above it for a drop off the board.
  await page.locator('.aboard-board').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  expect(await positionId()).toBe(startWith({}));

  // White's 13 to his 11: the checker leaves its point as it is picked up, a ghost follows the finger or the mouse.
  await drag(page, touch, await pointAt(page, 13), await pointAt(page, 11), async () => {
    await page.locator('.aboard-ghost--white').waitFor();
    expect(await count(13)).toBe('4');
    await suite.screenshot(page, `${shot}-mid-drag`);
  });
  expect(await page.locator('.aboard-ghost').count()).toBe(0);
  expect([await count(13), await count(11)]).toEqual(['4', '1']);
  await expect.poll(positionId).toBe(startWith({ 13: 4, 11: 1 }));
  expect(await page.getByRole('alert').count()).toBe(0);

  // Onto Black's point (absolute 12, his 13): refused as a click would be, and the checker is back on 11.
  await drag(page, touch, await pointAt(page, 11), await pointAt(page, 12));
  expect(await page.getByRole('alert').innerText()).toBe(text(lang, k('problem.pointTaken'), { point: 12, color: text(lang, k('color.black')) }));
  expect([await count(11), await count(12)]).toEqual(['1', '5']);
  expect(await positionId()).toBe(startWith({ 13: 4, 11: 1 }));

  // Off the board (just above it): back where it was, with the reason.
  const board = (await page.locator('.aboard-board .board-svg').boundingBox())!;
  await drag(page, touch, await pointAt(page, 8), { x: board.x + board.width / 2, y: board.y - 20 });
  expect(await page.getByRole('alert').innerText()).toBe(text(lang, k('problem.offBoard')));
  expect(await count(8)).toBe('3');
  await suite.screenshot(page, `${shot}-dropped`);
}

it('drags checkers with the mouse on a 1280×800 desktop (English) and by touch on a 390×844 phone (Russian)', async () => {
  const desktop = await suite.player({ lang: 'en' });
  await desktop.setViewportSize({ width: 1280, height: 800 });
  await dragSession(desktop, 'en', false, 'analysis-board-drag-en');
  const phone = await suite.player({ lang: 'ru', phone: true });
  await phone.setViewportSize({ width: 390, height: 844 });
  await dragSession(phone, 'ru', true, 'analysis-board-drag-ru-phone');
});

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
