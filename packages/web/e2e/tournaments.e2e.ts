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
  const name = `Cup ${stamp}`;
  await alice.locator('input[name=name]').fill(name);
  await alice.locator('select[name=variant]').selectOption('short');
  await alice.locator('select[name=matchLength]').selectOption('1');
  await alice.locator('select[name=clock]').selectOption('fischer');
  await alice.locator('input[name=maxPlayers]').fill('2');
  await alice.locator('input[name=rated]').uncheck();
  await suite.screenshot(alice, 'tournaments-create-en');
  await button(alice, 'en', 'tournaments:create.submit').click();
  await alice.waitForURL((u) => u.pathname.startsWith('/tournament/'));
  const path = new URL(alice.url()).pathname;
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
  await playInNotice(alice, 'en', borisName).waitFor();
  await suite.screenshot(alice, 'tournament-notice-en');
  await playInNotice(alice, 'en', borisName).click();
  const gameId = await gameOpened(alice);
  await play.click();
  expect(await gameOpened(boris)).toBe(gameId);

  // Alice resigns the match: Boris wins it and the tournament.
  await alice.locator('.room-more summary').click();
  await button(alice, 'en', 'game:actions.resignMatch').click();
  await button(alice, 'en', 'game:confirm.yes.resignMatch').click();

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
  await suite.screenshot(alice, 'tournament-finished-en');
  await boris.setViewportSize({ width: 390, height: 844 });
  await suite.screenshot(boris, 'tournament-finished-phone-ru');
});
