/** Ratings in the finish's transaction and their history (issue 42 item 7), run against every Store (store.test.ts). */
import { describe, expect, it } from 'vitest';
import { expectStoreError, must, newGame, storePerTest, type StoreFactory } from './store.suite.js';
import type { Outcome, RatingPlan, RatingState, Store } from './types.js';

const T0 = 1_700_000_000_000;
const START: RatingState = { rating: 1500, experience: 0 };

/** A stand-in formula: the winner takes `points` from the loser; experience grows by 3 (a 3-point match). */
const plan = (a: string, b: string, winner: 'a' | 'b' | 'draw', points = 10): RatingPlan => {
  const of = (side: 'a' | 'b'): Outcome => (winner === 'draw' ? 'draw' : winner === side ? 'win' : 'loss');
  const d = winner === 'a' ? points : winner === 'b' ? -points : 0;
  return {
    players: [
      { userId: a, outcome: of('a') },
      { userId: b, outcome: of('b') },
    ],
    start: START,
    rate: ([ra, rb]) => [
      { rating: ra.rating + d, experience: ra.experience + 3 },
      { rating: rb.rating - d, experience: rb.experience + 3 },
    ],
  };
};

export function ratingsSuite(name: string, factory: StoreFactory): void {
  describe(`Store ratings: ${name}`, () => {
    const { open } = storePerTest(factory);
    const users = async (s: Store, ...names: string[]) => {
      const out: string[] = [];
      for (const n of names)
        out.push(
          must(await s.createUser({ username: n, passwordHash: n.startsWith('guest') ? null : 'scrypt$x$y', isGuest: n.startsWith('guest'), createdAt: T0 }))
            .id,
        );
      return out;
    };
    const ratedGame = async (s: Store, a: string, b: string, over: Parameters<typeof newGame>[0] = {}) =>
      must(await s.createGame(newGame({ status: 'active', rated: true, p1: { userId: a }, p2: { userId: b }, ...over }))).id;
    const finish = (s: Store, id: string, rating: RatingPlan | null, at = T0 + 100) =>
      s.finishGame(id, { status: 'finished', result: null, finishedAt: at, rating });

    it('a rated finish moves both ratings, counts the game and writes the history, once', async () => {
      const s = await open();
      const [a, b] = (await users(s, 'anna', 'boris')) as [string, string];
      const g = await ratedGame(s, a, b);
      const f = must(await finish(s, g, plan(a, b, 'a')));
      expect(f.status).toBe('finished');
      expect(f.ratingChanges).toEqual([
        { gameId: g, userId: a, variant: 'short', outcome: 'win', before: 1500, after: 1510, experience: 3, at: T0 + 100 },
        { gameId: g, userId: b, variant: 'short', outcome: 'loss', before: 1500, after: 1490, experience: 3, at: T0 + 100 },
      ]);
      expect(must(await s.getRating(a, 'short'))).toEqual({
        userId: a,
        variant: 'short',
        rating: 1510,
        experience: 3,
        games: 1,
        wins: 1,
        losses: 0,
        draws: 0,
        updatedAt: T0 + 100,
      });
      // Finished twice (a restart that finishes it again): CONFLICT, and nobody is rated twice.
      expectStoreError(await finish(s, g, plan(a, b, 'a')), 'CONFLICT', /already finished/);
      expect(must(await s.getRating(a, 'short'))).toMatchObject({ rating: 1510, games: 1 });
      expect(must(await s.ratings.history(a, 'short', 10))).toHaveLength(1);
      // The next game starts from the stored state.
      const g2 = await ratedGame(s, b, a);
      expect(must(await finish(s, g2, plan(b, a, 'draw'), T0 + 200)).ratingChanges.map((c) => [c.before, c.after, c.experience])).toEqual([
        [1490, 1490, 6],
        [1510, 1510, 6],
      ]);
      expect(must(await s.getRating(a, 'short'))).toMatchObject({ games: 2, wins: 1, draws: 1, experience: 6 });
      expect(must(await s.ratings.history(a, 'short', 10)).map((c) => [c.gameId, c.outcome])).toEqual([
        [g, 'win'],
        [g2, 'draw'],
      ]);
      expect(must(await s.ratings.history(a, 'short', 1)).map((c) => c.gameId)).toEqual([g2]);
      expectStoreError(await s.ratings.history(a, 'short', 0), 'BAD_INPUT');
    });

    it('atomic: a failure in the ratings part leaves the game active, its chips held and nobody rated', async () => {
      const s = await open();
      const [a, b] = (await users(s, 'anna', 'boris')) as [string, string];
      for (const u of [a, b]) must(await s.openChips(u, 1000, T0));
      const g = await ratedGame(s, a, b, {
        stake: 10,
        holds: [
          { userId: a, amount: 10 },
          { userId: b, amount: 10 },
        ],
      });
      const failing: RatingPlan = {
        ...plan(a, b, 'a'),
        rate: () => {
          throw new Error('the process died between the result and the ratings');
        },
      };
      const payout = { from: b, to: a, amount: 10 };
      expect((await s.finishGame(g, { status: 'finished', result: { w: 'p1' }, finishedAt: T0 + 100, payout, rating: failing })).ok).toBe(false);
      expect(must(await s.getGame(g))).toMatchObject({ status: 'active', result: null });
      expect(must(await s.openChips(a, 1000, T0))).toMatchObject({ free: 990, held: 10 });
      expectStoreError(await s.getRating(a, 'short'), 'NOT_FOUND');
      expect(must(await s.ratings.history(a, 'short', 10))).toEqual([]);
      // A result that is no rating (NaN) is refused the same way.
      const nan: RatingPlan = { ...plan(a, b, 'a'), rate: () => [{ rating: Number.NaN, experience: 1 }, START] };
      expectStoreError(await s.finishGame(g, { status: 'finished', result: null, finishedAt: T0 + 100, payout, rating: nan }), 'BAD_INPUT');
      expect(must(await s.getGame(g)).status).toBe('active');
      // The restart's finish: result, chips and ratings land together.
      must(await s.finishGame(g, { status: 'finished', result: { w: 'p1' }, finishedAt: T0 + 200, payout, rating: plan(a, b, 'a') }));
      expect(must(await s.openChips(a, 1000, T0))).toMatchObject({ free: 1010, held: 0 });
      expect(must(await s.getRating(a, 'short'))).toMatchObject({ rating: 1510, games: 1 });
      expect(must(await s.auditChips())).toEqual([]);
    });

    it('refuses a plan for an unrated game, for other players or with an abort, writing nothing', async () => {
      const s = await open();
      const [a, b, c] = (await users(s, 'anna', 'boris', 'carl')) as [string, string, string];
      const unrated = must(await s.createGame(newGame({ status: 'active', p1: { userId: a }, p2: { userId: b } }))).id;
      expectStoreError(await finish(s, unrated, plan(a, b, 'a')), 'BAD_INPUT', /not rated/);
      expect(must(await s.getGame(unrated)).status).toBe('active');
      const g = await ratedGame(s, a, b);
      expectStoreError(await finish(s, g, plan(a, c, 'a')), 'BAD_INPUT', /players/);
      expectStoreError(await finish(s, g, plan(a, a, 'a')), 'BAD_INPUT', /players/);
      expectStoreError(await s.finishGame(g, { status: 'aborted', result: null, finishedAt: T0, rating: plan(a, b, 'a') }), 'BAD_INPUT');
      expect(must(await s.getGame(g)).status).toBe('active');
      // Without a plan a rated game still finishes (a bot's seat, an unfinished match): no rating moves.
      expect(must(await finish(s, g, null)).ratingChanges).toEqual([]);
      expectStoreError(await s.getRating(a, 'short'), 'NOT_FOUND');
    });

    it('two matches of one player finishing together are both counted', async () => {
      const s = await open();
      const [a, b, c] = (await users(s, 'anna', 'boris', 'carl')) as [string, string, string];
      const g1 = await ratedGame(s, a, b);
      const g2 = await ratedGame(s, a, c);
      const rs = await Promise.all([finish(s, g1, plan(a, b, 'a')), finish(s, g2, plan(a, c, 'a'))]);
      expect(rs.every((r) => r.ok)).toBe(true);
      expect(must(await s.getRating(a, 'short'))).toMatchObject({ rating: 1520, experience: 6, games: 2, wins: 2 });
    });

    it('the top now (no guests) and the top of a period: by the rating after each player’s last game in it', async () => {
      const s = await open();
      const [a, b, c, guest] = (await users(s, 'anna', 'boris', 'carl', 'guest1')) as [string, string, string, string];
      const DAY = 86_400_000;
      const play = async (x: string, y: string, at: number, points: number) => must(await finish(s, await ratedGame(s, x, y), plan(x, y, 'a', points), at));
      // Before the period: boris gains 50. In it: anna beats carl twice, carl beats boris, the guest beats carl.
      await play(b, a, T0, 50);
      await play(a, c, T0 + 10 * DAY, 5);
      await play(a, c, T0 + 11 * DAY, 5);
      await play(c, b, T0 + 12 * DAY, 20);
      await play(guest, c, T0 + 13 * DAY, 40);
      // After it: anna loses a lot.
      await play(b, a, T0 + 40 * DAY, 100);

      expect(must(await s.topPlayers('short', 10)).map((e) => [e.username, e.rating, e.games])).toEqual([
        ['boris', 1630, 3],
        ['carl', 1470, 4],
        ['anna', 1360, 4],
      ]);
      const period = must(await s.ratings.topOfPeriod('short', T0 + DAY, T0 + 30 * DAY, 10));
      expect(period.map((e) => [e.username, e.rating, e.gained, e.games, e.wins, e.losses])).toEqual([
        ['boris', 1530, -20, 1, 0, 1],
        ['carl', 1470, -30, 4, 1, 3],
        ['anna', 1460, 10, 2, 2, 0],
      ]);
      expect(period[0]).toMatchObject({ experience: 6 });
      expect(must(await s.ratings.topOfPeriod('short', T0 + DAY, T0 + 30 * DAY, 1))).toHaveLength(1);
      expect(must(await s.ratings.topOfPeriod('long', T0, T0 + 30 * DAY, 10))).toEqual([]);
      expectStoreError(await s.ratings.topOfPeriod('short', T0 + 1, T0, 10), 'BAD_INPUT');
    });
  });
}
