import { PROTOCOL_VERSION, type GameSummary, type ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieOf, kit, post, type Kit } from '../accounts/http-kit.suite.js';
import { WireClient } from '../testing/built-server.suite.js';

/** Issue 40 item 4: a guest who signs up mid-game is shown under his new name in the lobby's live games at once. */

let k: Kit;
const sockets: WireClient[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.close();
  await k.server.close();
});

async function connect(url: string, cookie?: string): Promise<WireClient> {
  const c = await WireClient.open(url, cookie ?? '');
  sockets.push(c);
  expect(await c.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
  return c;
}

type GameAdded = ServerToClient & { type: 'lobby.gameAdded' };
const added =
  (gameId: string, name: string) =>
  (m: ServerToClient): m is GameAdded =>
    m.type === 'lobby.gameAdded' && m.game.gameId === gameId && m.game.players.p1.name === name;

describe('the lobby after a guest signs up', () => {
  it("lists his running game under his new name, no longer a guest's", { timeout: 30_000 }, async () => {
    k = await kit();
    const url = await k.server.http.listen({ port: 0, host: '127.0.0.1' });
    const guestCookie = cookieOf(await post(k.app, '/api/guest', { lang: 'en' }));
    const watcherCookie = cookieOf(await post(k.app, '/api/guest', { lang: 'ru' }, undefined, '10.0.0.2'));
    const watcher = await connect(url, watcherCookie);
    expect(await watcher.command({ type: 'lobby.subscribe' })).toMatchObject({ type: 'ack' });

    const guest = await connect(url, guestCookie);
    const started = await guest.command({
      type: 'bot.play',
      level: 1,
      settings: { match: { variant: 'long', matchLength: 3 }, rated: false, stake: 0 },
    });
    const gameId = (started as { result: { gameId: string } }).result.gameId;
    const listed = await watcher.until((m): m is GameAdded => m.type === 'lobby.gameAdded' && m.game.gameId === gameId);
    expect(listed.game.players.p1).toMatchObject({ guest: true, name: expect.stringMatching(/^Guest /) });

    const from = watcher.received.length;
    expect((await post(k.app, '/api/register', { name: 'Galina', password: 'board-game-42' }, guestCookie)).statusCode).toBe(201);
    const renamed: GameSummary = (await watcher.until(added(gameId, 'Galina'), from)).game;
    expect(renamed.players.p1).toMatchObject({ name: 'Galina', guest: false });
    expect(renamed.players.p2.bot).toBe(1);
    // A watcher who comes later sees the new name in the snapshot too.
    const later = await connect(url, watcherCookie);
    expect(await later.command({ type: 'lobby.subscribe' })).toMatchObject({ type: 'ack' });
    const snap = await later.until((m): m is ServerToClient & { type: 'lobby.snapshot' } => m.type === 'lobby.snapshot');
    expect(snap.games.find((g) => g.gameId === gameId)?.players.p1).toMatchObject({ name: 'Galina', guest: false });
  });
});
