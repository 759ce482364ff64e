/**
 * A tournament's match in the game room: Alice (desktop, English) and Boris (a phone, Russian) meet in a two-player
 * knockout. The room names the tournament with a link to its page; after Alice resigns, neither is offered a
 * rematch: the result panel leads back to the tournament instead.
 */
import { expect, it } from 'vitest';
import { gameOpened, open, signUp } from './app';
import { browserSuite } from './browser';
import { text } from './texts';
import { createTournament, registerAll, resignMatch } from './tournament';
import { untranslated } from './untranslated';

const suite = browserSuite();
const stamp = Date.now().toString(36).slice(-5);

it('a tournament match links to its tournament and offers the way back instead of a rematch', { timeout: 180_000 }, async () => {
  const names = [`alice_r${stamp}`, `борис_р${stamp}`];
  const alice = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru', phone: true });
  await signUp(alice, 'en', names[0]!);
  await signUp(boris, 'ru', names[1]!);
  const name = `Room cup ${stamp}`;
  const path = await createTournament(alice, 'en', name, { maxPlayers: 2 });
  await registerAll([alice, boris], ['en', 'ru'], names, path);
  const play = alice.locator('.your-match a[href^="/game/"]');
  await play.click();
  const gameId = await gameOpened(alice);
  await open(boris, `/game/${gameId}`);

  const link = (page: typeof alice, lang: 'en' | 'ru') =>
    page.locator('.room-match a.room-tournament', { hasText: text(lang, 'game:match.tournament', { name }) });
  await link(alice, 'en').waitFor();
  await link(boris, 'ru').waitFor();
  expect(await link(alice, 'en').getAttribute('href')).toBe(path);
  await link(boris, 'ru').scrollIntoViewIfNeeded();
  await suite.screenshot(boris, 'tournament-room-phone-ru');

  await resignMatch(alice, 'en');
  for (const [page, lang] of [
    [alice, 'en'],
    [boris, 'ru'],
  ] as const) {
    const back = page.locator('.room-result').getByRole('link', { name: text(lang, 'game:result.backToTournament') });
    await back.waitFor();
    expect(
      await page
        .locator('.room-result')
        .getByRole('button', { name: text(lang, 'game:rematch.offer') })
        .count(),
    ).toBe(0);
    expect(await untranslated(page, lang)).toEqual([]);
  }
  await suite.screenshot(alice, 'tournament-room-over-en');
  await boris.locator('.room-result').scrollIntoViewIfNeeded();
  await suite.screenshot(boris, 'tournament-room-over-phone-ru');
  await alice
    .locator('.room-result')
    .getByRole('link', { name: text('en', 'game:result.backToTournament') })
    .click();
  await alice.waitForURL((u) => u.pathname === path);
  await alice.getByRole('heading', { name: new RegExp(name) }).waitFor();
});
