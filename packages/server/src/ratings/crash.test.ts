/**
 * The rating of a match survives a kill -9 and is counted once (issue 42 item 7), on the built server as `npm start`
 * runs it: two people sign up and play a rated match over real sockets; the loser resigns and the server is killed
 * with SIGKILL at once — before or after its finish reached the database, whichever it was. Started again on the
 * same database, the match is finished and both players are rated exactly once; a second kill and restart change
 * nothing. Needs the build (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import type { RatingHistory, ServerToClient } from '@nardy/protocol';
import { afterAll, expect, it } from 'vitest';
import { SERVER_MAIN, killServers, startBuiltServer } from '../testing/built-server.suite.js';
import { CRASH_KINDS, dropDatabases, freshDatabase, hello, signUp } from '../testing/crash.suite.js';

afterAll(async () => {
  killServers();
  await dropDatabases();
});

/** The player's short-nardy history once it has `n` points (the restart finishes restored games as it starts). */
async function historyOf(url: string, id: string, n: number): Promise<RatingHistory> {
  const end = Date.now() + 15_000;
  for (;;) {
    const h = (await (await fetch(`${url}/api/users/${id}/ratings?variant=short`)).json()) as RatingHistory;
    if (h.points.length >= n || Date.now() > end) return h;
    await new Promise((r) => setTimeout(r, 100));
  }
}

it.skipIf(!existsSync(SERVER_MAIN)).each(CRASH_KINDS)(
  'SIGKILL as a rated match ends, restart on the same %s database: rated once',
  { timeout: 90_000 },
  async (kind) => {
    const db = await freshDatabase(kind);
    const first = await startBuiltServer(db);
    const alice = await signUp(first.url, 'alice');
    const bob = await signUp(first.url, 'bob');
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
      const hb = await historyOf(next.url, bob.userId, 1);
      expect(hb.points.map((p) => [p.gameId, p.outcome, p.before, p.after])).toEqual([[gameId, 'win', 1500, 1517]]);
      expect(hb.current).toMatchObject({ games: 1, wins: 1, experience: 3, provisional: true });
      const ha = await historyOf(next.url, alice.userId, 1);
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
