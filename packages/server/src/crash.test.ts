/**
 * The crash test (DESIGN §7, "nothing is lost"): the built server (`node packages/server/dist/main.js`, as
 * `npm start` runs it) on a temporary SQLite file — and, when NARDY_TEST_PG_URL is set, on a fresh PostgreSQL
 * database (dropped afterwards); a client signs in as a guest, starts a game against the bot (the real worker
 * pool) and plays; the server is killed with SIGKILL in the middle of the game and started again on the same
 * database. The client resubscribes: every acked move is there and the game goes on.
 * Needs the build (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import { PROTOCOL_VERSION, type ServerToClient } from '@nardy/protocol';
import { afterAll, expect, it } from 'vitest';
import { SERVER_MAIN, WireClient, guestCookie, killServers, startBuiltServer } from './testing/built-server.suite.js';
import { CRASH_KINDS, dropDatabases, freshDatabase } from './testing/crash.suite.js';

const SEED = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';

afterAll(async () => {
  killServers();
  await dropDatabases();
});

const startServer = (db: string) => startBuiltServer(db, { NARDY_DICE_SEED: SEED });

it.skipIf(!existsSync(SERVER_MAIN)).each(CRASH_KINDS)(
  'SIGKILL mid-game, restart on the same %s database: every acked move is there, the game goes on',
  { timeout: 60_000 },
  async (kind) => {
    const db = await freshDatabase(kind);
    const first = await startServer(db);
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    const cookie = await guestCookie(first.url);
    expect(cookie).toMatch(/^nardy_session=/);

    const a = await WireClient.open(first.url, cookie);
    expect(await a.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
    const started = await a.command({ type: 'bot.play', level: 4, settings: { match: { variant: 'long', matchLength: 3 }, rated: false, stake: 0 } });
    expect(started).toMatchObject({ type: 'ack', result: { kind: 'game', seat: 'p1' } });
    const gameId = (started as { result: { gameId: string } }).result.gameId;
    const subscribed = await a.command({ type: 'game.subscribe', gameId });
    expect(subscribed).toMatchObject({ type: 'ack', result: { kind: 'subscribed' } });
    const epoch = subscribed.type === 'ack' && subscribed.result?.kind === 'subscribed' ? subscribed.result.epoch : '';
    let acked = 0;
    for (let i = 0; i < 8; i++) acked = Math.max(acked, (await a.playOne(gameId)) + 1);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    const second = await startServer(db);
    const b = await WireClient.open(second.url, cookie);
    expect(await b.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack', result: { user: { guest: true } } });
    // A number from before the restart: the game is in a new epoch now, so a snapshot.
    const sub = await b.command({ type: 'game.subscribe', gameId, since: { epoch, n: 3 } });
    expect(sub).toMatchObject({ type: 'ack', result: { seat: 'p1', catchUp: 'snapshot' } });
    await b.until((m): m is ServerToClient => m.type === 'game.snapshot');
    const v = b.view(gameId)!;
    expect(v.version).toBeGreaterThanOrEqual(acked);
    expect(v.phase).not.toBe('matchOver');
    // The game goes on from there.
    for (let i = 0; i < 3; i++) await b.playOne(gameId);
    expect(b.view(gameId)!.version).toBeGreaterThan(v.version);
    b.ws.close();
    a.ws.close();
    // A graceful stop this time.
    second.child.kill('SIGTERM');
    const code = await new Promise((r) => second.child.once('exit', r));
    expect(code).toBe(0);
  },
);
