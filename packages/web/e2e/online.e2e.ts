/**
 * Who is online, challenges from that list, and ratings, between two people: Alice at a desktop in English, Борис
 * on a phone (390×844) in Russian. Alice sees Борис in the online list with his rating and challenges him from it,
 * changing the settings her usual ones filled in (issue 40 item 4); he accepts; the player bars show both ratings; Борис resigns the rated match; the result panel shows each new
 * rating with its change; Борис's profile shows his rated record per variant.
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, gameOpened, open, signUp } from './app';
import { browserSuite } from './browser';
import { matchOver } from './play';
import { text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

/** The row of `name` in the lobby's online list. */
const onlineRow = (page: Page, name: string): Locator => page.locator('.online-list .online-player', { hasText: name });

/** Resigns the match through the resign menu and its confirmation. */
async function resignMatch(page: Page, lang: Lang): Promise<void> {
  const menu = page.locator('.room-more');
  if ((await menu.getAttribute('open')) === null) await menu.locator('summary').click();
  await button(menu, lang, 'game:actions.resignMatch').click();
  const confirm = page.getByRole('group', { name: text(lang, 'game:confirm.title') });
  await button(confirm, lang, 'game:confirm.yes.resignMatch').click();
}

it('one sees the other online with his rating, challenges him from the list, a rated match; the ratings move', { timeout: 180_000 }, async () => {
  const aliceName = `alice_${stamp}`;
  const borisName = `борис_${stamp}`;
  const alice = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru', phone: true });
  await boris.setViewportSize({ width: 390, height: 844 });
  await signUp(alice, 'en', aliceName);
  await signUp(boris, 'ru', borisName);

  // Alice's lobby lists Борис (he has neither chatted nor posted a seek) with the start rating, provisional ("?":
  // no rated games yet, docs/ratings.md); she is "you".
  const row = onlineRow(alice, borisName);
  await row.waitFor();
  expect(await row.locator('.rating').innerText()).toBe('1500?');
  await onlineRow(alice, aliceName).getByText(text('en', 'lobby:onlineList.you')).waitFor();
  await onlineRow(boris, aliceName).waitFor();
  expect(await untranslated(boris, 'ru')).toEqual([]);
  await suite.screenshot(boris, 'online-ru-phone-list');

  // She challenges him from the list: the challenge's settings open, filled in from her usual ones (long nardy,
  // rated); she makes it a one-point match, and the chips say so before it is sent.
  await button(row, 'en', 'lobby:onlineList.challenge').click();
  await row.getByText(text('en', 'lobby:onlineList.offer', { name: borisName })).waitFor();
  expect(await row.locator('select[name=variant]').inputValue()).toBe('long');
  expect(await row.locator('input[name=rated]').isChecked()).toBe(true);
  await row.locator('select[name=matchLength]').selectOption('1');
  await row.locator('.chip', { hasText: text('en', 'lobby:describe.match', { count: 1 }) }).waitFor();
  await suite.screenshot(alice, 'online-en-offer');
  await button(row, 'en', 'lobby:onlineList.send').click();

  // Борис, on his phone, accepts it: a one-point match.
  const inbox = boris.locator('.challenge-inbox');
  await inbox.getByText(text('ru', 'lobby:challenge.from', { name: `${aliceName} (1500?)` })).waitFor();
  await inbox.locator('.chip', { hasText: text('ru', 'lobby:describe.match', { count: 1 }) }).waitFor();
  await suite.screenshot(boris, 'online-ru-phone-challenged');
  await button(inbox, 'ru', 'lobby:challenge.accept').click();
  const gameId = await gameOpened(boris);
  expect(await gameOpened(alice)).toBe(gameId);

  // Both player bars show the ratings the match started with.
  for (const name of [aliceName, borisName]) {
    await alice
      .locator('section.player', { hasText: name })
      .getByText(text('en', 'game:players.rating', { rating: '1500?' }))
      .waitFor();
  }

  await resignMatch(boris, 'ru');
  await matchOver(alice).waitFor();
  await matchOver(boris).waitFor();
  const aliceRatings = alice.locator('.room-result-ratings');
  await aliceRatings.waitFor();
  const shown = await aliceRatings.innerText();
  expect(shown).toMatch(new RegExp(`${aliceName} 15\\d\\d\\? \\(\\+\\d+\\)`));
  expect(shown).toMatch(new RegExp(`${borisName} 14\\d\\d\\? \\(−\\d+\\)`));
  await boris.locator('.room-result-ratings').waitFor();
  expect(await untranslated(boris, 'ru')).toEqual([]);
  await suite.screenshot(alice, 'online-en-result');
  await suite.screenshot(boris, 'online-ru-phone-result');

  // His profile: the rated record per variant (long nardy: 1 game; 0 wins · 1 loss · 0 draws).
  await boris.locator('section.player a.player-name', { hasText: borisName }).first().click();
  await boris.waitForURL((u) => u.pathname.startsWith('/profile/'));
  const stats = boris.locator('.profile-stats tbody tr');
  await stats.first().waitFor();
  expect(await stats.count()).toBe(1);
  const cells = (await stats.first().locator('th, td').allInnerTexts()).map((c) => c.trim());
  expect(cells[0]).toBe(text('ru', 'common:variant.long'));
  expect(cells[1]).toMatch(/^\d+\?$/);
  expect(Number(cells[1]!.slice(0, -1))).toBeLessThan(1500);
  expect(cells.slice(2)).toEqual(['1', '0 · 1 · 0']);
  expect(await untranslated(boris, 'ru')).toEqual([]);
  await suite.screenshot(boris, 'online-ru-phone-profile');
});

/** A first-screen tile by its full name (variant, length, clock). */
const tile = (page: Page, lang: Lang, variant: 'long' | 'short', points: number) =>
  page.getByRole('button', {
    name: `${text(lang, `common:variant.${variant}`)}, ${text(lang, `lobby:describe.match_${new Intl.PluralRules(lang).select(points)}`, { count: points })}, `,
  });

it('a quick pairing: each player got the dice commitment before his browser sent its seed (issue 40 item 20)', { timeout: 90_000 }, async () => {
  const first = await suite.player({ lang: 'en' });
  const second = await suite.player({ lang: 'ru' });
  for (const [page, lang] of [
    [first, 'en'],
    [second, 'ru'],
  ] as const) {
    await open(page, '/');
    await page.getByRole('heading', { name: text(lang, 'lobby:first.title') }).waitFor();
  }
  await tile(first, 'en', 'short', 5).click();
  await first
    .getByRole('status')
    .filter({ hasText: text('en', 'lobby:quick.waiting') })
    .waitFor();
  await tile(second, 'ru', 'short', 5).click();
  const gameId = await gameOpened(second);
  expect(await gameOpened(first)).toBe(gameId);
  // The one who waited and the one who joined: the game's commitment reached each browser before its seed went.
  for (const [page, lang] of [
    [first, 'en'],
    [second, 'ru'],
  ] as const) {
    const proof = page.locator('.dice-proof');
    await proof.getByText(text(lang, 'game:dice.before')).waitFor();
  }
  expect(await first.locator('.dice-proof-hash').first().innerText()).toBe(await second.locator('.dice-proof-hash').first().innerText());
  await second.locator('.dice-proof').scrollIntoViewIfNeeded();
  await suite.screenshot(second, 'online-quick-pair-commitment-ru');
});
