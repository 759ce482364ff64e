/**
 * A Swiss and an arena from the web app. The Swiss: Alice (desktop, English) creates a casual four-player,
 * two-round sit-and-go that bots may fill; Борис (a phone, Russian) registers; bots take the two empty seats and it
 * starts. Each resigns his matches (Alice leaves hers against Борис to him) until the two rounds are played: the
 * standings and the round's pairings, on both screens, and her profile counts the tournament. The arena: a one-minute arena starting in a few seconds;
 * Борис resigns every game, Alice's page follows the standings live (her 🔥 streak) to the final table.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { signUp } from './app';
import { browserSuite } from './browser';
import { text, type Lang } from './texts';
import { createTournament, registerAll, resignEach } from './tournament';
import { untranslated } from './untranslated';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

/** Checks the page in its language and that nothing sticks out sideways, and takes its screenshot. */
async function look(page: Page, lang: Lang, name: string, width: number): Promise<void> {
  await suite.screenshot(page, name);
  expect(await untranslated(page, lang)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

it('a Swiss of four filled by bots: two rounds played, the standings and the pairings', { timeout: 300_000 }, async () => {
  const names = [`sveta_s${stamp}`, `борис_s${stamp}`];
  const alice = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru', phone: true });
  await signUp(alice, 'en', names[0]!);
  await signUp(boris, 'ru', names[1]!);
  const path = await createTournament(alice, 'en', `Swiss ${stamp}`, { format: 'swiss', maxPlayers: 4, rounds: 2, bots: true });
  await registerAll([alice, boris], ['en', 'ru'], names, path);
  // The bots come after TOURNAMENT_BOT_FILL_S (server.setup.ts): the first round's four players, two games.
  await boris.locator('.pairing-list li').nth(1).waitFor({ timeout: 60_000 });
  await boris.locator('.standings tbody tr').nth(3).waitFor();
  await boris.locator('.pairing-list').scrollIntoViewIfNeeded();
  await look(boris, 'ru', 'tournament-swiss-round-phone-ru', 360);
  await alice.locator('.pairing-list').scrollIntoViewIfNeeded();
  await look(alice, 'en', 'tournament-swiss-round-en', 1280);

  const [aliceResigned, borisResigned] = await Promise.all([resignEach(alice, 'en', path, names[1]), resignEach(boris, 'ru', path)]);
  // Two rounds: each played two matches, and lost every one he played out (Alice gave hers against Борис to him).
  expect(aliceResigned + borisResigned).toBeGreaterThanOrEqual(3);
  for (const [page, lang] of [
    [alice, 'en'],
    [boris, 'ru'],
  ] as const) {
    await page.locator('.badge', { hasText: text(lang, 'tournaments:status.finished') }).waitFor();
    const rows = page.locator('.standings tbody tr');
    expect(await rows.count()).toBe(4);
    for (let i = 0; i < 4; i++) expect(await rows.nth(i).locator('td.played').innerText()).toBe('2');
    // The pairings shown are the last round's, every match decided.
    expect(await page.locator('.pairing-list li').count()).toBe(2);
    expect(await page.locator('.pairing-list li a').count()).toBe(0);
  }
  await boris.locator('.standings').scrollIntoViewIfNeeded();
  await look(boris, 'ru', 'tournament-swiss-finished-phone-ru', 360);
  await alice.locator('.standings').scrollIntoViewIfNeeded();
  await look(alice, 'en', 'tournament-swiss-finished-en', 1280);
  // Her name in the table leads to her profile, which counts the tournament (the bots took the first places).
  await alice.locator('.standings a.user-name', { hasText: names[0]! }).click();
  await alice.getByText(text('en', 'profile:tournaments', { played: 1, won: 0 })).waitFor();
});

it('a one-minute arena: games paired again at once, the standings live with the streak, the final table', { timeout: 300_000 }, async () => {
  const names = [`anya_a${stamp}`, `боря_a${stamp}`];
  const alice = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru', phone: true });
  await signUp(alice, 'en', names[0]!);
  await signUp(boris, 'ru', names[1]!);
  const path = await createTournament(alice, 'en', `Arena ${stamp}`, { format: 'arena', maxPlayers: 10, minutes: 1, startInS: 20 });
  await alice.locator('.tournament-countdown').waitFor();
  await registerAll([alice, boris], ['en', 'ru'], names, path);
  await look(boris, 'ru', 'tournament-arena-registering-phone-ru', 360);

  // Борис loses every game; Alice watches her page, which follows live: two wins in a row light her 🔥.
  const resigning = resignEach(boris, 'ru', path);
  const first = alice.locator('.standings tbody tr').first();
  await first.locator('.fire').waitFor({ timeout: 90_000 });
  expect(await first.innerText()).toContain(names[0]!);
  await alice.locator('.standings').scrollIntoViewIfNeeded();
  await look(alice, 'en', 'tournament-arena-streak-en', 1280);
  const resigned = await resigning;
  expect(resigned).toBeGreaterThanOrEqual(2);

  // The end: Alice first with 2 points for each of the first two wins, 4 for each after (her streak).
  await alice.locator('.badge', { hasText: text('en', 'tournaments:status.finished') }).waitFor();
  const points = Number(await first.locator('td.num').first().innerText());
  expect(points).toBe(4 + 4 * (resigned - 2));
  expect(await alice.locator('.standings tbody tr').nth(1).locator('td.num').first().innerText()).toBe('0');
  await look(alice, 'en', 'tournament-arena-finished-en', 1280);
  await boris.locator('.standings').scrollIntoViewIfNeeded();
  await look(boris, 'ru', 'tournament-arena-finished-phone-ru', 360);
});
