/**
 * Ratings a person sees (issue 42 item 7): two new players, one in English and one in Russian, play a rated match;
 * provisional ratings ("1500?") stand beside their names in the game room; the loser resigns and both see the
 * change in the result ("1483? (−17)"); the profile draws the rating history and the statistics; the top table's
 * "this month" lists them both; the formula page is there in both languages.
 */
import { expect, it } from 'vitest';
import { acceptSeek, button, createSeek, gameOpened, open, signUp } from './app';
import { browserSuite } from './browser';
import { matchOver } from './play';
import { pattern, text } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

it('a rated match: provisional ratings by the names, the change in the result, the profile graph, the monthly top', { timeout: 300_000 }, async () => {
  const aliceName = `rita_${stamp}`;
  const borisName = `рома_${stamp}`;
  const alice = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru' });
  await signUp(alice, 'en', aliceName);
  await signUp(boris, 'ru', borisName);
  await createSeek(alice, 'en', { variant: 'short', matchLength: 3 });
  // The open seek shows its owner's provisional rating.
  await expect.poll(() => boris.locator('.seek', { hasText: aliceName }).innerText()).toContain('1500?');
  const gameId = await acceptSeek(boris, 'ru', aliceName);
  expect(await gameOpened(alice)).toBe(gameId);
  for (const page of [alice, boris])
    await expect.poll(() => page.locator('.player-meta').allInnerTexts()).toEqual([expect.stringContaining('1500?'), expect.stringContaining('1500?')]);

  await alice.locator('.room-more summary').click();
  await button(alice, 'en', 'game:actions.resignMatch').click();
  await button(alice, 'en', 'game:confirm.yes.resignMatch').click();
  for (const [page, lang] of [
    [alice, 'en'],
    [boris, 'ru'],
  ] as const) {
    await expect.poll(() => matchOver(page).innerText()).toMatch(pattern(lang, 'game:result.matchWon'));
    // Newcomers, a 3-point match: 4·√3·½ × 5 = 17 points each way (docs/ratings.md).
    await expect.poll(() => page.locator('.room-result-ratings').innerText()).toContain('1483? (−17)');
    expect(await page.locator('.room-result-ratings').innerText()).toContain('1517? (+17)');
    expect(await untranslated(page, lang)).toEqual([]);
  }
  await suite.screenshot(boris, 'ratings-result-ru');

  // Boris's profile: the statistics with the mark, the history graph with one game.
  await boris.locator('main').getByRole('link', { name: borisName, exact: true }).first().click();
  await boris.locator('.rating-graph svg').waitFor();
  expect(await boris.locator('.profile-stats td', { hasText: '1517?' }).count()).toBe(1);
  expect(await boris.locator('.rating-graph circle').count()).toBe(1);
  expect(await boris.locator('.rating-graph svg').getAttribute('aria-label')).toContain('1517?');
  expect(await untranslated(boris, 'ru')).toEqual([]);
  await suite.screenshot(boris, 'ratings-profile-ru');

  // The top table, this month: both of them, Boris first.
  await open(alice, '/top/short');
  await button(alice, 'en', 'top:period.month').click();
  await alice.locator('h1', { hasText: pattern('en', 'top:monthTitle') }).waitFor();
  const rows = alice.locator('.top tbody tr');
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
  const names = await alice.locator('.top tbody .user-name').allInnerTexts();
  expect(names.indexOf(borisName)).toBeLessThan(names.indexOf(aliceName));
  expect(await rows.filter({ hasText: borisName }).innerText()).toMatch(/1517\?\s+\+17/);
  await suite.screenshot(alice, 'ratings-top-month-en');

  // The formula, linked from the table.
  await alice.getByRole('link', { name: text('en', 'top:formula') }).click();
  await alice.locator('h1', { hasText: text('en', 'top:formulaPage.title') }).waitFor();
  expect(await alice.locator('.ratings-formula').innerText()).toContain('max(1, 5 − experience / 100)');
  expect(await untranslated(alice, 'en')).toEqual([]);
});
