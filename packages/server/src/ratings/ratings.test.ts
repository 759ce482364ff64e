import { matchSettings } from '@nardy/engine';
import type { Leaderboard, RatingHistory, TableSettings, UserGames } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { acked, lastView, recorded, seekAccepted, STORE_KINDS, world, type World } from '../games/kit.suite.js';
import type { Store } from '../store/types.js';
import { dyingStore } from '../testing/dying-store.suite.js';

/**
 * Issue 42 item 7 through the server as main.ts builds it: rated matches played over the socket move ratings (the
 * experience factor for newcomers, provisional marks), and the REST routes show the history, the top now and of the
 * month. A finish the dying process could not write is made, with its ratings, by the restart, once.
 */

let w: World | undefined;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = undefined;
});

const get = async <T>(w: World, url: string): Promise<{ status: number; body: T }> => {
  const r = await w.app.http.inject({ method: 'GET', url });
  return { status: r.statusCode, body: r.json() as T };
};

/** Alice's rated 3-point short-nardy seek, accepted by Bob; `loser` resigns the match. */
async function ratedMatch(w: World, loser: 'alice' | 'bob'): Promise<string> {
  const { alice, bob, gameId } = await seekAccepted(w, { match: { variant: 'short', matchLength: 3, timeControl: { kind: 'none' } }, rated: true, stake: 0 });
  const c = loser === 'alice' ? alice : bob;
  acked(await c.command({ type: 'game.action', gameId, version: lastView(c, gameId).version, action: { type: 'resignMatch' } }));
  await recorded(w, gameId);
  alice.close();
  bob.close();
  return gameId;
}

async function rated(store: Store, userId: string, games: number): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const r = await store.getRating(userId, 'short');
    if (r.ok && r.value.games === games) return;
    await new Promise<void>((res) => setTimeout(res, 10));
  }
  throw new Error(`${userId} never reached ${games} rated games`);
}

describe.each(STORE_KINDS)('ratings over REST (%s)', (kind) => {
  it('history per variant, provisional marks, the top now and of the Moscow month, profile statistics', async () => {
    w = await world(kind);
    const alice = w.users['alice']!.userId;
    const bob = w.users['bob']!.userId;
    const g1 = await ratedMatch(w, 'alice');
    await rated(w.store, bob, 1);
    w.time.advance(3600_000);
    const g2 = await ratedMatch(w, 'bob');
    await rated(w.store, bob, 2);

    // Newcomers: 4·√3·½ = 3.46 × 5 = 17.32 to Bob (1517.32, Alice 1482.68); then Alice, at experience 3 (factor 4.97),
    // wins 4·√3·(1 − 0.4827) × 4.97 = 17.81 (1500.49), and Bob loses as much (1499.51).
    const h = await get<RatingHistory>(w, `/api/users/${bob}/ratings?variant=short`);
    expect(h.status).toBe(200);
    expect(h.body.current).toMatchObject({ variant: 'short', games: 2, wins: 1, losses: 1, experience: 6, provisional: true });
    expect(h.body.points.map((p) => [p.gameId, p.outcome, p.before, p.after, p.provisional])).toEqual([
      [g1, 'win', 1500, 1517, true],
      [g2, 'loss', 1517, 1500, true],
    ]);
    expect(h.body.current?.rating).toBe(1500);
    const none = await get<RatingHistory>(w, `/api/users/${alice}/ratings?variant=long`);
    expect(none.body).toMatchObject({ variant: 'long', current: null, points: [] });

    const all = await get<Leaderboard>(w, '/api/leaderboard/short');
    expect(all.body).toMatchObject({ variant: 'short', period: 'all' });
    expect(all.body.players.map((p) => [p.rank, p.userId, p.rating, p.games, p.provisional])).toEqual([
      [1, alice, 1500, 2, true],
      [2, bob, 1500, 2, true],
    ]);
    // FakeTime starts at 2023-11-14 22:13 UTC: in Moscow already 15 November.
    const month = await get<Leaderboard>(w, '/api/leaderboard/short?period=month');
    expect(month.body).toMatchObject({ period: 'month', month: '2023-11' });
    expect(month.body.players.map((p) => [p.userId, p.rating, p.gained, p.wins, p.losses])).toEqual([
      [alice, 1500, 0, 1, 1],
      [bob, 1500, 0, 1, 1],
    ]);
    expect((await get<Leaderboard>(w, '/api/leaderboard/short?period=month&month=2023-10')).body.players).toEqual([]);

    const profile = await get<UserGames>(w, `/api/users/${bob}/games`);
    expect(profile.body.stats).toEqual([{ variant: 'short', rating: 1500, games: 2, wins: 1, losses: 1, draws: 0, experience: 6, provisional: true }]);

    const bad = async (url: string, status: number, message: RegExp) => {
      const r = await get<{ error: { message: string } }>(w!, url);
      expect(r.status, url).toBe(status);
      expect(r.body.error.message).toMatch(message);
    };
    await bad('/api/leaderboard/short?period=week', 400, /period/);
    await bad('/api/leaderboard/short?period=month&month=2023-13', 400, /YYYY-MM/);
    await bad('/api/leaderboard/chess', 404, /variants/);
    await bad(`/api/users/${bob}/ratings`, 404, /variant/);
    await bad('/api/users/nobody/ratings?variant=short', 404, /no user/);
  });

  it('crash safety: a finish the dying process could not write is made with its ratings by the restart, once', async () => {
    w = await world(kind);
    const alice = w.users['alice']!.userId;
    const bob = w.users['bob']!.userId;
    // The first process dies before its finish (result and ratings, one write) reaches the database.
    const first = await createApp(w.config, { ...w.options, store: dyingStore(w.store) });
    const m = matchSettings({ variant: 'short', matchLength: 3 });
    if (!m.ok) throw new Error(m.error.message);
    const started = await first.games.startGame({
      settings: { match: m.value as TableSettings['match'], rated: true, stake: 0 },
      seats: { p1: { kind: 'user', userId: alice }, p2: { kind: 'user', userId: bob } },
      clientSeeds: {},
      rated: true,
    });
    if (!started.ok) throw new Error(started.error.message);
    const gameId = started.value.gameId;
    const actor = first.games.actorOf(gameId)!;
    await actor.settled();
    expect((await actor.handle({ by: { user: bob }, type: 'resignMatch' })).ok).toBe(true);
    await first.close();
    expect(await w.store.getGame(gameId)).toMatchObject({ value: { status: 'active' } });
    expect((await w.store.getRating(alice, 'short')).ok).toBe(false);

    for (let restart = 0; restart < 2; restart++) {
      const next = await createApp(w.config, { ...w.options, store: w.store });
      expect(next.restored).toBe(restart === 0 ? 1 : 0);
      await next.close();
      await rated(w.store, alice, 1);
      expect(await w.store.getRating(alice, 'short')).toMatchObject({ value: { rating: 1517.32, games: 1, wins: 1, experience: 3 } });
      expect(await w.store.getRating(bob, 'short')).toMatchObject({ value: { rating: 1482.68, games: 1, losses: 1 } });
      expect(await w.store.ratings.history(bob, 'short', 10)).toMatchObject({ value: [{ gameId, before: 1500, after: 1482.68 }] });
    }
  });
});
