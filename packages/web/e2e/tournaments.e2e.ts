/**
 * A knockout sit-and-go from the web app: Alice (desktop, English) creates a casual two-player short-nardy
 * knockout and registers; Boris (a phone, Russian) finds it in the list ("starts when full: 1/2") and registers,
 * which fills it and starts it. Alice, gone back to the lobby, gets the "your match is ready" notice with its Play
 * link; Boris gets it on the tournament page, where his match shows with its Play button. Alice plays a little and
 * resigns; the bracket marks Boris the winner and the tournament is finished, on both screens.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { button, gameOpened, open, signUp } from './app';
import { browserSuite } from './browser';
import { pattern, text, type Lang } from './texts';
import { createTournament, registerAll, resignMatch } from './tournament';
import { untranslated } from './untranslated';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

/** The Play link of the "your match is ready" notice (the notice names the opponent). */
const playInNotice = (page: Page, lang: Lang, opponent: string) =>
  page.locator('.notices .notice', { hasText: opponent }).getByRole('link', { name: pattern(lang, 'common:tournamentMatch.play') });

it('a two-player knockout: created, filled, started, the match noticed, played and decided, the bracket updated', { timeout: 240_000 }, async () => {
  const aliceName = `alice_t${stamp}`;
  const borisName = `борис_т${stamp}`;
  const alice = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru', phone: true });
  await signUp(alice, 'en', aliceName);
  await signUp(boris, 'ru', borisName);

  // Alice creates the tournament from the list page's form; a missing name is refused before anything is sent.
  await alice
    .getByRole('navigation', { name: text('en', 'common:nav.label') })
    .getByRole('link', { name: text('en', 'common:nav.tournaments') })
    .click();
  await alice.waitForURL((u) => u.pathname === '/tournaments');
  await alice.locator('summary', { hasText: text('en', 'tournaments:create.open') }).click();
  await button(alice, 'en', 'tournaments:create.submit').click();
  await alice.getByText(text('en', 'tournaments:create.nameNeeded')).waitFor();
  await suite.screenshot(alice, 'tournaments-create-en');
  const name = `Cup ${stamp}`;
  const path = await createTournament(alice, 'en', name, { maxPlayers: 2 });
  await alice.getByRole('heading', { name: new RegExp(name) }).waitFor();
  await button(alice, 'en', 'tournaments:action.register').click();
  await alice.locator('.entrant-list', { hasText: aliceName }).waitFor();
  expect(await button(alice, 'en', 'tournaments:action.leave').isVisible()).toBe(true);
  expect(await button(alice, 'en', 'tournaments:action.cancel').isVisible()).toBe(true);
  await suite.screenshot(alice, 'tournament-registering-en');

  // Alice waits in the lobby; Boris finds the tournament in the list on his phone.
  await open(alice, '/');
  await open(boris, '/tournaments');
  const row = boris.locator('.tournament-row', { hasText: name });
  await row.getByText(text('ru', 'tournaments:whenFull', { n: 1, max: 2 })).waitFor();
  expect(await untranslated(boris, 'ru')).toEqual([]);
  await suite.screenshot(boris, 'tournaments-list-phone-ru');
  expect(await boris.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await row.getByRole('link', { name }).click();
  await boris.waitForURL((u) => u.pathname === path);
  await button(boris, 'ru', 'tournaments:action.register').click();

  // The field is full: it starts. Boris's page shows his match with Play; Alice is told in the lobby.
  const play = boris.locator('.your-match').getByRole('link', { name: text('ru', 'tournaments:yourMatch.play') });
  await play.waitFor();
  await playInNotice(boris, 'ru', aliceName).waitFor();
  await boris.locator('.bracket-match').first().waitFor();
  expect(await untranslated(boris, 'ru')).toEqual([]);
  await suite.screenshot(boris, 'tournament-running-phone-ru');
  // Nothing sticks out sideways at 360 px (the bracket and the table scroll inside their cards).
  expect(await boris.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await playInNotice(alice, 'en', borisName).waitFor();
  await suite.screenshot(alice, 'tournament-notice-en');
  await playInNotice(alice, 'en', borisName).click();
  const gameId = await gameOpened(alice);
  await play.click();
  expect(await gameOpened(boris)).toBe(gameId);

  // Alice resigns the match: Boris wins it and the tournament.
  await resignMatch(alice, 'en');

  for (const [page, lang] of [
    [alice, 'en'],
    [boris, 'ru'],
  ] as const) {
    await open(page, path);
    await page.locator('.badge', { hasText: text(lang, 'tournaments:status.finished') }).waitFor();
    await page.locator('.bracket-player.is-winner', { hasText: borisName }).waitFor();
    await page.locator('.standings tbody tr').first().getByText(borisName).waitFor();
    expect(await untranslated(page, lang)).toEqual([]);
  }
  // The tournament's chat room: both on its page read what the other writes.
  await alice.locator('#tournament-chat-input').fill('gg, well played');
  await button(alice, 'en', 'tournaments:chat.send').click();
  await boris.locator('.room-chat', { hasText: 'gg, well played' }).waitFor();
  await boris.locator('#tournament-chat-input').fill('спасибо!');
  await button(boris, 'ru', 'tournaments:chat.send').click();
  await alice.locator('.room-chat', { hasText: 'спасибо!' }).waitFor();
  await suite.screenshot(alice, 'tournament-finished-en');
  await boris.setViewportSize({ width: 390, height: 844 });
  await suite.screenshot(boris, 'tournament-finished-phone-ru');
  expect(await boris.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

it('three players: the top seed has a bye, the final is made once the first match is decided', { timeout: 240_000 }, async () => {
  const names = [`anna_t${stamp}`, `бела_т${stamp}`, `carl_t${stamp}`];
  const pages = [await suite.player({ lang: 'en' }), await suite.player({ lang: 'ru', phone: true }), await suite.player({ lang: 'en' })];
  const langs: Lang[] = ['en', 'ru', 'en'];
  for (const [i, page] of pages.entries()) await signUp(page, langs[i]!, names[i]!);
  const path = await createTournament(pages[0]!, 'en', `Trio ${stamp}`, { maxPlayers: 3 });
  await registerAll(pages, langs, names, path);
  // A bracket of four: one first-round match and a bye; the final waits.
  const phone = pages[1]!;
  await phone.locator('.bracket-player.is-bye').waitFor();
  await phone.getByText(text('ru', 'tournaments:bracket.later')).waitFor();
  await phone.setViewportSize({ width: 390, height: 844 });
  await phone.locator('.bracket-block').scrollIntoViewIfNeeded();
  await suite.screenshot(phone, 'tournament-bye-phone-ru');
  const detail = (await pages[0]!.evaluate((p) => fetch(`/api${p.replace('/tournament/', '/tournaments/')}`).then((r) => r.json()), path)) as {
    entrants: { user: { userId: string; name: string } }[];
    pairings: { b: string | null; a: string; gameId: string | null }[];
  };
  const match = detail.pairings.find((p) => p.b !== null)!;
  const nameOf = (id: string) => detail.entrants.find((e) => e.user.userId === id)!.user.name;
  const loser = names.indexOf(nameOf(match.a));
  await open(pages[loser]!, `/game/${match.gameId!}`);
  await resignMatch(pages[loser]!, langs[loser]!);
  // The winner meets the player who had the bye in the final (live on the phone, unless it was the phone that resigned).
  if (loser === 1) await open(phone, path);
  await phone
    .locator('.bracket-round')
    .last()
    .locator('.bracket-player', { hasText: nameOf(match.b!) })
    .waitFor();
  await phone.locator('.bracket-player.is-winner', { hasText: nameOf(match.b!) }).waitFor();
  expect(await untranslated(phone, 'ru')).toEqual([]);
  await suite.screenshot(phone, 'tournament-final-made-phone-ru');
  await suite.screenshot(pages[0]!, 'tournament-final-made-en');
});

it('a three-player round robin: the standings table and the round pairings with a game to watch', { timeout: 240_000 }, async () => {
  const names = [`rita_t${stamp}`, `рома_т${stamp}`, `sam_t${stamp}`];
  const pages = [await suite.player({ lang: 'en' }), await suite.player({ lang: 'ru', phone: true }), await suite.player({ lang: 'en' })];
  const langs: Lang[] = ['en', 'ru', 'en'];
  for (const [i, page] of pages.entries()) await signUp(page, langs[i]!, names[i]!);
  const path = await createTournament(pages[0]!, 'en', `Round ${stamp}`, { maxPlayers: 3, format: 'roundRobin' });
  await registerAll(pages, langs, names, path);
  for (const [i, page] of pages.entries()) {
    await page.locator('.standings tbody tr').nth(2).waitFor();
    await page.locator('.pairing-list li').first().waitFor();
    // The game's link: "Play" for its two players, "Watch" for the one sitting out.
    await page.locator('.pairing-list li a[href^="/game/"]').waitFor();
    expect(await untranslated(page, langs[i]!)).toEqual([]);
  }
  const links = await Promise.all(pages.map((p) => p.locator('.pairing-list li a').innerText()));
  expect(links.filter((l) => l === text('en', 'tournaments:watch') || l === text('ru', 'tournaments:watch'))).toHaveLength(1);
  await pages[1]!.locator('.pairing-list').scrollIntoViewIfNeeded();
  await suite.screenshot(pages[1]!, 'tournament-round-robin-phone-ru');
  await pages[0]!.locator('.pairing-list').scrollIntoViewIfNeeded();
  await suite.screenshot(pages[0]!, 'tournament-round-robin-en');
});
