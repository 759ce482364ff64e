/**
 * Two registered players in two browsers, one in English and one in Russian: one opens a seek, the other accepts
 * it from the lobby; they chat (what they type is shown as text, never as markup), play short nardy with a cube
 * offer that is taken, one loses his connection while the other moves and catches up when it is back, reloads
 * the page in the middle of his turn and carries on, and the match is resigned.
 * Then a long-nardy match is played through the board to the end; and a private table is opened by its link: its
 * game is not listed among the live ones, an uninvited guest is refused, and one with the players' watch link watches.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { acceptSeek, button, createSeek, gameOpened, open, settled, signUp } from './app';
import { browserSuite } from './browser';
import { cable, type Cable } from './cable';
import { matchOver, playOn, SOURCE, type Happened } from './play';
import { leaves, pattern, text, type Lang } from './texts';
import { untranslated } from './untranslated';

const suite = browserSuite();

/** Names unique per test and per run (account names are unique in the database). */
const stamp = Date.now().toString(36).slice(-5);
let pairs = 0;

async function twoPlayers(): Promise<{ alice: Page; boris: Page; aliceName: string; borisName: string; borisCable: Cable }> {
  pairs += 1;
  const aliceName = `alice${pairs}_${stamp}`;
  const borisName = `борис${pairs}_${stamp}`;
  const alice = await suite.player({ lang: 'en' });
  const boris = await suite.player({ lang: 'ru' });
  const borisCable = await cable(boris);
  await signUp(alice, 'en', aliceName);
  await signUp(boris, 'ru', borisName);
  return { alice, boris, aliceName, borisName, borisCable };
}

/** The colour the viewer plays: the chip of the player bar marked "you". */
async function ownColor(page: Page, lang: Lang): Promise<string> {
  const you = page.locator('.player', { has: page.locator('.player-tag', { hasText: pattern(lang, 'game:players.you') }) });
  const chip = (await you.locator('.player-chip').getAttribute('class')) ?? '';
  return /player-chip--(white|black)/.exec(chip)?.[1] ?? 'unknown';
}

async function say(page: Page, lang: Lang, line: string): Promise<void> {
  const tab = page.getByRole('tab', { name: text(lang, 'game:tabs.chat') });
  if (await tab.isVisible()) await tab.click();
  await page.getByRole('textbox', { name: text(lang, 'game:chat.message') }).fill(line);
  await button(page, lang, 'game:chat.send').click();
}

async function heard(page: Page, lang: Lang, line: string): Promise<void> {
  const tab = page.getByRole('tab', { name: text(lang, 'game:tabs.chat') });
  if (await tab.isVisible()) await tab.click();
  await page.locator('.chat-text', { hasText: line }).first().waitFor();
}

/** The checkers on the 24 points as the page draws them (absolute points: the same on both players' boards). */
const position = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [...document.querySelectorAll('.board-point')]
      .map((p) => `${p.getAttribute('data-cell')}:${p.getAttribute('data-color')}${p.getAttribute('data-count')}`)
      .sort()
      .join(' '),
  );

it('short nardy: seek, chat, a cube offer taken, a dropped connection, a reload mid-turn, the match resigned', { timeout: 300_000 }, async () => {
  const { alice, boris, aliceName, borisName, borisCable } = await twoPlayers();
  await createSeek(alice, 'en', { variant: 'short', matchLength: 3, cube: true });
  const gameId = await acceptSeek(boris, 'ru', aliceName);
  expect(await gameOpened(alice)).toBe(gameId);

  // Chat both ways; markup typed by a player stays text.
  const markup = `<b>hi</b> & <img src=x onerror="window.pwned=1"> ${stamp}`;
  await say(alice, 'en', markup);
  await heard(boris, 'ru', stamp);
  expect(await boris.locator('.chat-text', { hasText: stamp }).first().innerText()).toBe(markup);
  expect(await boris.locator('.chat-log b, .chat-log img').count()).toBe(0);
  await say(boris, 'ru', `Привет, ${aliceName}!`);
  await heard(alice, 'en', `Привет, ${aliceName}!`);

  // Alice doubles at her first chance, Boris takes: the cube shows 2 on his side.
  let taken = false;
  const untilTaken = (h: Happened) => (taken ||= h === 'answered');
  await Promise.all([
    playOn(alice, { lang: 'en', double: true }, { stop: () => taken }),
    playOn(boris, { lang: 'ru', cubeAnswer: 'take' }, { stop: untilTaken }),
  ]);
  const borisColor = await ownColor(boris, 'ru');
  for (const page of [alice, boris]) {
    await expect.poll(() => page.locator('.board-cube').getAttribute('data-owner')).toBe(borisColor);
    expect(await page.locator('.board-cube text').textContent()).toBe('2');
  }
  await suite.screenshot(alice, 'room-en-cube');

  // Boris's connection drops while Alice plays the rest of her turn; back online, his board catches up.
  await borisCable.cut();
  await boris.locator('.connection-banner').waitFor();
  await alice.locator('.player-presence--offline').waitFor();
  await playOn(alice, { lang: 'en' }, { stop: (h) => h === 'confirmed' });
  borisCable.mend();
  await boris.locator('.connection-banner').waitFor({ state: 'detached' });
  await alice.locator('.player-presence--offline').waitFor({ state: 'detached' });
  await expect.poll(() => position(boris)).toBe(await position(alice));

  // Boris plays one step of a turn, reloads, and plays the turn again from the start.
  let stepped = false;
  await Promise.all([playOn(alice, { lang: 'en' }, { stop: () => stepped }), playOn(boris, { lang: 'ru' }, { stop: (h) => (stepped ||= h === 'step') })]);
  await boris.reload();
  await settled(boris);
  await boris.locator(`${SOURCE}, .board-confirm:enabled`).first().waitFor();
  expect(await untranslated(boris, 'ru')).toEqual([]);
  await suite.screenshot(boris, 'room-ru');
  let turns = 0;
  await Promise.all([
    playOn(alice, { lang: 'en' }, { stop: () => turns >= 2 }),
    playOn(boris, { lang: 'ru' }, { stop: (h) => (h === 'confirmed' ? ++turns : turns) >= 2 }),
  ]);

  // Alice resigns the match (open the concessions, choose, confirm; rematch.e2e.ts checks what the confirmation says).
  await alice.locator('.room-more summary').click();
  await button(alice, 'en', 'game:actions.resignMatch').click();
  await button(alice, 'en', 'game:confirm.yes.resignMatch').click();
  for (const [page, lang] of [
    [alice, 'en'],
    [boris, 'ru'],
  ] as const) {
    await expect.poll(() => matchOver(page).innerText()).toMatch(pattern(lang, 'game:result.matchWon'));
    const over = await matchOver(page).innerText();
    expect(over).toContain(borisName);
    expect(over).toContain(text(lang, 'game:matchEnds.resignMatch'));
    expect(await untranslated(page, lang)).toEqual([]);
  }
});

it('long nardy: a one-point match played through the board to the end', { timeout: 600_000 }, async () => {
  const { alice, boris, borisName } = await twoPlayers();
  await createSeek(boris, 'ru', { variant: 'long', matchLength: 1 });
  const gameId = await acceptSeek(alice, 'en', borisName);
  expect(await gameOpened(boris)).toBe(gameId);

  const [a, b] = await Promise.all([playOn(alice, { lang: 'en' }, { limitMs: 540_000 }), playOn(boris, { lang: 'ru' }, { limitMs: 540_000 })]);
  console.info(`long nardy, two players: ${a.turns + b.turns} turns, ${a.steps + b.steps} steps, ${Math.max(a.ms, b.ms)} ms`);
  for (const [page, lang] of [
    [alice, 'en'],
    [boris, 'ru'],
  ] as const) {
    await expect.poll(() => matchOver(page).innerText()).toMatch(pattern(lang, 'game:result.matchWon'));
    // Long nardy scores oin or mars (no koks by default, L24–L25), named in the game's line.
    const games = await page.locator('.room-result-games').innerText();
    expect(
      [text(lang, 'game:kinds.oin'), text(lang, 'game:kinds.mars')].some((k) => games.includes(k)),
      games,
    ).toBe(true);
    expect(games).toContain(text(lang, 'game:ends.bearOff'));
  }
  await suite.screenshot(alice, 'room-en-long-over');
});

it('a private table: unlisted, refused without its watch link, watched with it, the spectators chat; a bad link', { timeout: 180_000 }, async () => {
  const { alice, boris, aliceName } = await twoPlayers();
  await button(alice, 'en', 'lobby:first.friend').click();
  await alice.locator('select[name=variant]').selectOption('caucasian');
  await alice.locator('select[name=matchLength]').selectOption('1');
  await button(alice, 'en', 'tableForm:newGame.submit.table').click();
  const link = await alice.getByRole('textbox', { name: text('en', 'tableForm:table.share') }).inputValue();
  await boris.goto(new URL(link).pathname);
  // The link shows the table first (what it plays, who made it) and asks before seating him.
  await boris.locator('.chip', { hasText: text('ru', 'common:variant.caucasian') }).waitFor();
  expect(await boris.locator('.board-svg').count()).toBe(0);
  await button(boris, 'ru', 'tableForm:table.sit').click();
  const gameId = await gameOpened(boris);
  expect(await gameOpened(alice)).toBe(gameId);

  // A private game is not among the live ones, and a guest who guesses its address is refused with the reason.
  const carol = await suite.player({ lang: 'en' });
  await open(carol, '/');
  await carol.getByRole('heading', { name: text('en', 'lobby:live.title') }).waitFor();
  expect(await carol.locator('.live-game', { hasText: aliceName }).count()).toBe(0);
  await open(carol, `/game/${encodeURIComponent(gameId)}`);
  await carol.getByText(text('en', 'errors:PRIVATE_GAME')).waitFor();
  expect(await carol.locator('.board-svg').count()).toBe(0);
  await suite.screenshot(carol, 'private-game-refused');

  // Alice shares the game's watch link; with it the guest watches, and the spectators have their own chat.
  const invite = await alice.getByRole('textbox', { name: text('en', 'game:invite.link') }).inputValue();
  const watchUrl = new URL(invite);
  await open(carol, `${watchUrl.pathname}${watchUrl.search}`);
  expect(await gameOpened(carol)).toBe(gameId);
  await carol.getByText(text('en', 'game:board.spectating')).waitFor();
  const spectators = carol.getByRole('region', { name: text('en', 'game:chat.spectators') });
  await spectators.getByRole('textbox', { name: text('en', 'game:chat.message') }).fill(`watching ${stamp}`);
  await button(spectators, 'en', 'game:chat.send').click();
  await spectators.locator('.chat-text', { hasText: `watching ${stamp}` }).waitFor();
  expect(await untranslated(carol, 'en')).toEqual([]);
  await suite.screenshot(carol, 'private-game-invited');
  await alice.getByRole('region', { name: text('en', 'game:invite.title') }).scrollIntoViewIfNeeded();
  await suite.screenshot(alice, 'private-game-invite');

  // A refused command shows the server's reason: a table link that names no table.
  await open(carol, '/table/no-such-table');
  const alert = carol.getByRole('alert');
  await alert.waitFor();
  const said = await alert.innerText();
  const reasons = [...leaves('en')].filter(([key]) => key.startsWith('errors:')).map(([, reason]) => reason);
  expect(
    reasons.some((r) => said.includes(r)),
    said,
  ).toBe(true);
});
