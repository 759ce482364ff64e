import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/index.js';
import { connect, recorded, settle, STORE_KINDS, world, type World } from '../games/kit.suite.js';
import { fakeAnalyser } from './fake-analyser.suite.js';
import { averagePlay, shareOf } from './user-stats.js';

/**
 * A player's average error rate and PR over his analysed games (`GET /api/users/:id/analysis`), through the
 * production wiring: matches finished, analysed (by an analyser the test drives) or not, read per player.
 */

let worlds: World[] = [];
afterEach(async () => {
  for (const w of worlds) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  worlds = [];
});

/** A one-point match between Alice and Bob that Bob resigns at once. */
async function match(w: World): Promise<string> {
  const r = await w.games.startGame({
    settings: { match: { variant: 'short', matchLength: 1, cube: { enabled: false } } as never, rated: false, stake: 0 },
    seats: { p1: { kind: 'user', userId: w.users['alice']!.userId }, p2: { kind: 'user', userId: w.users['bob']!.userId } },
    clientSeeds: { p1: 'alice-seed', p2: 'bob-seed' },
    rated: false,
  });
  if (!r.ok) throw new Error(r.error.message);
  const gameId = r.value.gameId;
  await settle(w, gameId);
  expect((await w.games.actorOf(gameId)!.handle({ by: { user: w.users['bob']!.userId }, type: 'resignMatch' })).ok).toBe(true);
  await settle(w, gameId);
  await recorded(w, gameId);
  return gameId;
}

const player = (seat: 'p1' | 'p2', unforcedMoves: number, unforcedCube: number, errorRate: number | null) => ({ seat, unforcedMoves, unforcedCube, errorRate });

describe('averagePlay', () => {
  it('weights each match by its unforced decisions; PR is half the error rate', () => {
    expect(
      averagePlay([
        { variant: 'short', unforced: 10, errorRate: 4 },
        { variant: 'short', unforced: 30, errorRate: 10 },
        { variant: 'long', unforced: 5, errorRate: 2 },
      ]),
    ).toEqual([
      { variant: 'short', matches: 2, unforced: 40, errorRate: 8.5, pr: 4.25 },
      { variant: 'long', matches: 1, unforced: 5, errorRate: 2, pr: 1 },
    ]);
  });

  it("takes the player's seat from a stored analysis; none without unforced decisions or figures", () => {
    const result = { players: [player('p1', 8, 2, 5), player('p2', 0, 0, null)] };
    expect(shareOf('short', result, 'p1')).toEqual({ variant: 'short', unforced: 10, errorRate: 5 });
    expect(shareOf('short', result, 'p2')).toBeNull();
    expect(shareOf('short', { ply: 2 }, 'p1')).toBeNull();
  });
});

describe.each(STORE_KINDS)('%s store', (kind) => {
  it("GET /api/users/:id/analysis: each player's average over his analysed matches", async () => {
    const fake = fakeAnalyser();
    const w = await world(kind, { analyser: fake.analyser });
    worlds.push(w);
    const first = await match(w);
    const second = await match(w);
    await match(w); // never analysed: not counted
    const alice = await connect(w, 'alice');
    const results = [{ players: [player('p1', 10, 0, 4), player('p2', 5, 1, 12)] }, { players: [player('p1', 28, 2, 10), player('p2', 20, 0, 6)] }];
    for (const [i, gameId] of [first, second].entries()) {
      await alice.command({ type: 'analysis.request', gameId });
      (await fake.call(i)).finish(results[i]!);
      await alice.waitFor((m) => m.type === 'analysis.done' && m.gameId === gameId);
    }
    const get = async (name: string) => {
      const r = await w.app.http.inject({
        method: 'GET',
        url: `/api/users/${w.users[name]!.userId}/analysis`,
        headers: { cookie: `${SESSION_COOKIE}=${w.tokens['carol']}` },
      });
      expect(r.statusCode).toBe(200);
      return r.json();
    };
    // The job is stored done a moment after the event on PostgreSQL.
    await expect.poll(async () => (await get('alice')).variants).toEqual([{ variant: 'short', matches: 2, unforced: 40, errorRate: 8.5, pr: 4.25 }]);
    const bob = await get('bob');
    expect(bob).toMatchObject({ userId: w.users['bob']!.userId, ply: 2 });
    expect(bob.variants[0].matches).toBe(2);
    expect(bob.variants[0].errorRate).toBeCloseTo((12 * 6 + 6 * 20) / 26);
    expect((await get('carol')).variants).toEqual([]);
    const missing = await w.app.http.inject({ method: 'GET', url: '/api/users/u_nobody/analysis' });
    expect(missing.statusCode).toBe(404);
  });
});
