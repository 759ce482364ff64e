/**
 * Issue 41 items 3 and 5, importing a match: a person opens "Import a match" from the header's menu, uploads a file
 * GNU Backgammon exported, lands on its analysis view, where the analysis starts; a broken file shows the line it
 * fails on, translated; its replay says there are no dice to check (no server seed) instead of offering the check.
 * On a desktop in English and a 390×844 phone in Russian (pasting the text there).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, open } from './app';
import { browserSuite } from './browser';
import { text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();
const FIXTURE = fileURLToPath(new URL('../../engine/test/fixtures/mat/gnubg-3pt-drop.mat', import.meta.url));
const GOOD = readFileSync(FIXTURE, 'utf8');
// Line 9's move made illegal (8/3 → 8/2 with a 5 and a 3).
const BROKEN = GOOD.replace('53: 8/3 6/3', '53: 8/2 6/3');

/** The replay of the match whose analysis view is open: a note in place of the dice check, which it does not offer. */
async function replayHasNoDiceCheck(page: Page, lang: Lang, shot: string): Promise<void> {
  const url = new URL(page.url());
  const gameId = url.pathname.split('/')[2]!;
  await open(page, `/replay/${gameId}${url.search}`);
  const note = page.getByRole('region', { name: text(lang, 'game:replay.imported.title') });
  await note.waitFor();
  expect(await note.innerText()).toContain('.mat');
  expect(await page.getByRole('link', { name: text(lang, 'game:dice.verify') }).count()).toBe(0);
  await note.scrollIntoViewIfNeeded();
  await suite.screenshot(page, shot);
}

const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Opens the import page from the header's menu. */
async function openImport(page: Page, lang: Lang): Promise<void> {
  await open(page, '/');
  await page.locator('.user-menu summary').click();
  await page.getByRole('link', { name: text(lang, 'common:nav.import') }).click();
  await page.getByRole('heading', { name: text(lang, 'imports:title') }).waitFor();
}

/** The analysis view of the uploaded match opens and its analysis is under way (decisions analysed) or done. */
async function landsOnAnalysis(page: Page): Promise<void> {
  await page.waitForURL((u) => /^\/game\/[^/]+\/analysis$/.test(u.pathname) && u.searchParams.has('watch'), { timeout: 30_000 });
  // The first analysis of a run starts the engine's worker (its nets) on a busy machine: give it time.
  await page.waitForFunction(
    () => document.querySelector('.analysis-summary') !== null || Number(document.querySelector('.analysis-waiting progress')?.getAttribute('value')) > 0,
    undefined,
    { timeout: 150_000 },
  );
}

it('on a desktop in English: a gnubg file picked opens its analysis; a broken one names its line', { timeout: 300_000 }, async () => {
  const page = await suite.player({ lang: 'en' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await openImport(page, 'en');
  expect(await untranslated(page, 'en')).toEqual([]);

  await page.locator('input[type=file]').setInputFiles({ name: 'broken.mat', mimeType: 'text/plain', buffer: Buffer.from(BROKEN) });
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(text('en', 'imports:errorAtLine', { line: 9, what: text('en', 'imports:codes.ILLEGAL_TURN') }));
  await suite.screenshot(page, 'import-en-broken');

  await page.locator('input[type=file]').setInputFiles(FIXTURE);
  await landsOnAnalysis(page);
  expect(await untranslated(page, 'en')).toEqual([]);
  await suite.screenshot(page, 'import-en-analysis');

  // The address is the link to share: another person opens it; without its watch token the match is private.
  const link = new URL(page.url());
  const friend = await suite.player({ lang: 'en' });
  await open(friend, `${link.pathname}${link.search}`);
  await landsOnAnalysis(friend);
  await replayHasNoDiceCheck(friend, 'en', 'import-en-replay');
  await open(friend, link.pathname);
  await expect.poll(() => friend.getByRole('alert').innerText()).toBe(text('en', 'errors:PRIVATE_GAME'));

  // The page lists it among his imports.
  await openImport(page, 'en');
  const mine = page.getByRole('region', { name: text('en', 'imports:mine') });
  await expect.poll(() => mine.getByRole('link', { name: text('en', 'imports:match', { p1: 'gnubg', p2: 'root' }) }).count()).toBe(1);
  await suite.screenshot(page, 'import-en-list');
});

it('on a phone in Russian: pasted text, its error and then the match', { timeout: 300_000 }, async () => {
  const page = await suite.player({ lang: 'ru', phone: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await openImport(page, 'ru');
  const area = page.getByRole('textbox', { name: text('ru', 'imports:paste') });
  await area.fill(BROKEN);
  await button(page, 'ru', 'imports:send').click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  expect(await alert.innerText()).toBe(text('ru', 'imports:errorAtLine', { line: 9, what: text('ru', 'imports:codes.ILLEGAL_TURN') }));
  expect(await fitsWidth(page)).toBe(true);
  expect(await untranslated(page, 'ru')).toEqual([]);
  await suite.screenshot(page, 'import-ru-phone-broken');

  await area.fill(GOOD);
  await button(page, 'ru', 'imports:send').click();
  await landsOnAnalysis(page);
  expect(await fitsWidth(page)).toBe(true);
  await suite.screenshot(page, 'import-ru-phone-analysis');
  await replayHasNoDiceCheck(page, 'ru', 'import-ru-phone-replay');
  // The dice check's own address (an old link) says the same, not a bare refusal.
  const gameId = new URL(page.url()).pathname.split('/')[2]!;
  await open(page, `/dice/${gameId}`);
  await page.getByRole('region', { name: text('ru', 'game:replay.imported.title') }).waitFor();
  expect(await page.getByRole('alert').count()).toBe(0);
  expect(await fitsWidth(page)).toBe(true);
});
