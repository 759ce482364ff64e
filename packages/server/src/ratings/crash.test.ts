/**
 * The rating of a match survives a kill -9 and is counted once (issue 42 item 7), on the built server as `npm start`
 * runs it: two people sign up and play a rated match over real sockets; the loser resigns and the server is killed
 * with SIGKILL at once — before or after its finish reached the database, whichever it was. Started again on the
 * same database, the match is finished and both players are rated exactly once; a second kill and restart change
 * nothing. Needs the build (`npm test` builds first).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION, type RatingHistory, type ServerToClient } from '@nardy/protocol';
import { afterAll, expect, it } from 'vitest';
import { PG_URL, pgDatabase } from '../store/pg.suite.js';
import { SERVER_MAIN, WireClient, killServers, startBuiltServer } from '../testing/built-server.suite.js';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  killServers();
  for (const c of cleanups) await c();
});

async function freshDatabase(kind: 'SQLite' | 'PostgreSQL'): Promise<string> {
  if (kind === 'PostgreSQL') {
    const d = await pgDatabase(PG_URL!);
    cleanups.push(d.drop);
    return d.url;
  }
  const dir = mkdtempSync(join(tmpdir(), 'nardy-rating-crash-'));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return join(dir, 'nardy.db');
}

/** Signs up; the session cookie and the user id. */
async function register(url: string, name: string): Promise<{ cookie: string; id: string }> {
  const r = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'correct horse battery' }),
  });
  expect(r.status).toBe(201);
  const body = (await r.json()) as { user: { id: string } };
  return { cookie: (r.headers.get('set-cookie') ?? '').split(';')[0]!, id: body.user.id };
}

async function hello(url: string, cookie: string): Promise<WireClient> {
  const c = await WireClient.open(url, cookie);
  expect(await c.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
  return c;
}

/** The player's short-nardy history once it has `n` points (the restart finishes restored games as it starts). */
async function historyOf(url: string, id: string, n: number): Promise<RatingHistory> {
  const end = Date.now() + 15_000;
  for (;;) {
    const h = (await (await fetch(`${url}/api/users/${id}/ratings?variant=short`)).json()) as RatingHistory;
    if (h.points.length >= n || Date.now() > end) return h;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const KINDS = PG_URL !== undefined ? (['SQLite', 'PostgreSQL'] as const) : (['SQLite'] as const);

it.skipIf(!existsSync(SERVER_MAIN)).each(KINDS)(
  'SIGKILL as a rated match ends, restart on the same %s database: rated once',
  { timeout: 90_000 },
  async (kind) => {
    const db = await freshDatabase(kind);
    const first = await startBuiltServer(db);
    const alice = await register(first.url, 'alice');
    const bob = await register(first.url, 'bob');
    const a = await hello(first.url, alice.cookie);
    const b = await hello(first.url, bob.cookie);
    const seek = await a.command({
      type: 'seek.create',
      settings: { match: { variant: 'short', matchLength: 3, timeControl: { kind: 'none' } }, rated: true, stake: 0 },
      clientSeed: 'alice-seed',
    });
    const seekId = seek.type === 'ack' && seek.result?.kind === 'seek' ? seek.result.seekId : '';
    const accepted = await b.command({ type: 'seek.accept', seekId, clientSeed: 'bob-seed' });
    const gameId = accepted.type === 'ack' && accepted.result?.kind === 'game' ? accepted.result.gameId : '';
    expect(gameId).not.toBe('');
    expect(await a.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
    await a.until((m): m is ServerToClient => m.type === 'game.snapshot' && m.gameId === gameId);
    const v = a.view(gameId)!;
    expect(v.players.p1.user).toMatchObject({ rating: 1500, provisional: true });
    expect(await a.command({ type: 'game.action', gameId, version: v.version, action: { type: 'resignMatch' } })).toMatchObject({ type: 'ack' });
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));

    for (let restart = 0; restart < 2; restart++) {
      const next = await startBuiltServer(db);
      // Alice (p1) resigned a 3-point match between newcomers: 4·√3·½ × 5 = 17.32 to Bob.
      const hb = await historyOf(next.url, bob.id, 1);
      expect(hb.points.map((p) => [p.gameId, p.outcome, p.before, p.after])).toEqual([[gameId, 'win', 1500, 1517]]);
      expect(hb.current).toMatchObject({ games: 1, wins: 1, experience: 3, provisional: true });
      const ha = await historyOf(next.url, alice.id, 1);
      expect(ha.points.map((p) => [p.outcome, p.after])).toEqual([['loss', 1483]]);
      const game = (await (await fetch(`${next.url}/api/games/${gameId}`)).json()) as { game: { status: string } };
      expect(game.game.status).toBe('finished');
      next.child.kill('SIGKILL');
      await new Promise((r) => next.child.once('exit', r));
    }
    a.close();
    b.close();
  },
);
