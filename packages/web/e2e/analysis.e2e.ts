/**
 * Issue 41 item 5, the analysis view: a person plays the bot a one-point match, plays a turn and resigns, presses
 * "Analyse" (under the room's result on a desktop in English, then a spectator in Russian; on the replay page on a
 * 390×844 phone in Russian), sees the server's progress, then the analysis: a click on a decision in the list
 * changes the board, the arrow keys step, and the summary shows both players side by side; his profile then shows
 * his average error rate and PR.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, open, playBot } from './app';
import { browserSuite } from './browser';
import { matchOver, playOn } from './play';
import { text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();

/** Nothing sticks out sideways. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Plays one turn of a one-point match against the bot, then resigns it; returns the game id. */
async function shortGame(page: Page, lang: Lang, touch: boolean): Promise<string> {
  const gameId = await playBot(page, lang, { variant: 'short', matchLength: 1 }, 1);
  await playOn(page, { lang, touch }, { stop: (h) => h === 'confirmed', limitMs: 60_000 });
  const menu = page.locator('.room-more');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await button(menu, lang, 'game:actions.resignMatch').click();
  const confirm = page.getByRole('group', { name: text(lang, 'game:confirm.title') });
  await button(confirm, lang, 'game:confirm.yes.resignMatch').click();
  await matchOver(page).waitFor();
  return gameId;
}

/** Starts noting whether the progress line ("x of y decisions") is ever drawn (it may last only a moment). */
const watchProgress = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { sawProgress: string[] };
    w.sawProgress = [];
    new MutationObserver(() => {
      const p = document.querySelector('.analyse-progress');
      if (p?.textContent) w.sawProgress.push(p.textContent);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
const sawProgress = (page: Page) => page.evaluate(() => (window as unknown as { sawProgress: string[] }).sawProgress);

/** The analysis view is drawn: steps through it and checks the summary. */
async function checkView(page: Page, lang: Lang, gameId: string, shot: string): Promise<void> {
  const start = Date.now();
  // The first analysis of a run starts the engine's worker (its nets) on a busy machine: give it time.
  await page.waitForURL((u) => u.pathname === `/game/${encodeURIComponent(gameId)}/analysis`, { timeout: 150_000 });
  console.info(`analysed in ${Date.now() - start} ms`);
  const summary = page.locator('.analysis-summary');
  await summary.waitFor({ timeout: 60_000 });
  // Both players side by side: the bot and the guest, one column each.
  const heads = await summary.locator('thead th').allInnerTexts();
  expect(heads).toHaveLength(2);
  expect(heads.some((h) => h.includes(text(lang, 'common:user.bot', { level: 1 })))).toBe(true);
  expect(await summary.locator('tbody tr').count()).toBeGreaterThan(5);

  const items = page.locator('.analysis-list-item button');
  expect(await items.count()).toBeGreaterThanOrEqual(2);
  // The position drawn: each point's checkers (the checkers' own transforms move while they animate).
  const drawn = () =>
    page.locator('.board-svg [data-cell]').evaluateAll((cells) => cells.map((c) => `${c.getAttribute('data-count')}${c.getAttribute('data-color')}`).join(' '));
  const step = page.locator('.analysis-main .replay-step');
  const before = await drawn();
  const last = items.last();
  await last.click();
  await expect.poll(() => drawn()).not.toBe(before);
  expect(await last.locator('xpath=..').getAttribute('aria-current')).toBe('step');
  await page.locator('.analysis-detail').waitFor();
  // ← steps back (the page, not a field, has the focus after a click on the list).
  const at = await step.innerText();
  await page.keyboard.press('ArrowLeft');
  await expect.poll(() => step.innerText()).not.toBe(at);
  await page.keyboard.press('End');
  await expect.poll(() => step.innerText()).toBe(at);
  await button(page, lang, 'analysis:nav.first').click();
  await expect.poll(() => drawn()).toBe(before);

  expect(await fitsWidth(page)).toBe(true);
  expect(await untranslated(page, lang)).toEqual([]);
  await suite.screenshot(page, shot);
  await page.screenshot({ path: (await suite.screenshot(page, shot)).replace(/\.png$/, '-full.png'), fullPage: true });
}

it('on a desktop in English: Analyse under the result, its progress, then the analysis; a spectator opens it in Russian', { timeout: 400_000 }, async () => {
  const page = await suite.player({ lang: 'en' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await open(page, '/');
  const gameId = await shortGame(page, 'en', false);
  await watchProgress(page);
  await button(page, 'en', 'analysis:analyse.button').click();
  await checkView(page, 'en', gameId, 'analysis-en-desktop');
  expect((await sawProgress(page)).length).toBeGreaterThan(0);

  // His profile now shows his average error rate and PR over the analysed match.
  await page.locator('.user-menu summary').click();
  await page.getByRole('link', { name: text('en', 'common:nav.profile') }).click();
  const analysed = page.getByRole('region', { name: text('en', 'profile:analysed.title') });
  await analysed.waitFor();
  expect(await analysed.locator('tbody tr').count()).toBe(1);
  expect(await untranslated(page, 'en')).toEqual([]);
  await suite.screenshot(page, 'analysis-en-profile');

  // A spectator (Russian, desktop) finds the button under the result too; the stored analysis opens at once.
  const watcher = await suite.player({ lang: 'ru' });
  await open(watcher, `/game/${encodeURIComponent(gameId)}`);
  await matchOver(watcher).waitFor();
  await button(watcher, 'ru', 'analysis:analyse.button').click();
  await watcher.waitForURL((u) => u.pathname === `/game/${encodeURIComponent(gameId)}/analysis`);
  await watcher.locator('.analysis-summary').waitFor();
  expect(await untranslated(watcher, 'ru')).toEqual([]);
  await suite.screenshot(watcher, 'analysis-ru-desktop');
});

it('on a phone in Russian: Analyse on the replay page, its progress, then the analysis stacked', { timeout: 400_000 }, async () => {
  const page = await suite.player({ lang: 'ru', phone: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, '/');
  const gameId = await shortGame(page, 'ru', true);
  await open(page, `/replay/${encodeURIComponent(gameId)}`);
  await page.locator('.replay-step').waitFor();
  await watchProgress(page);
  await button(page, 'ru', 'analysis:analyse.button').click();
  await checkView(page, 'ru', gameId, 'analysis-ru-phone');
  const progress = await sawProgress(page);
  expect(progress.length).toBeGreaterThan(0);
  console.info(`progress seen: ${progress.join(' | ')}`);
  // Stacked: the list comes under the board, not beside it.
  const boardBox = await page.locator('.board-svg').boundingBox();
  const listBox = await page.locator('.analysis-list').boundingBox();
  expect(listBox!.y).toBeGreaterThan(boardBox!.y + boardBox!.height);
});
