/** The chips ledger's suite (G9), run against every Store implementation (store.test.ts). Not part of the build. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectStoreError, must, newGame, storePerTest, type StoreFactory } from './store.suite.js';
import type { ChipHold, ChipPayout, Store } from './types.js';

const T0 = 1_700_000_000_000;
const GRANT = 1000;

export function chipsSuite(name: string, factory: StoreFactory, opts: { readonly propertyRuns: number }): void {
  describe(`Store chips (G9): ${name}`, () => {
    const { open, release } = storePerTest(factory);
    const users = async (s: Store, ...names: string[]) => {
      const out: string[] = [];
      for (const n of names) out.push(must(await s.createUser({ username: n, passwordHash: 'scrypt$x$y', createdAt: T0 })).id);
      return out;
    };
    const staked = (s: Store, a: string, b: string, holds: readonly ChipHold[]) =>
      s.createGame(newGame({ status: 'active', stake: 10, p1: { userId: a }, p2: { userId: b }, holds }));
    const balance = async (s: Store, id: string) => {
      const b = must(await s.openChips(id, GRANT, T0));
      return { free: b.free, held: b.held };
    };
    const books = async (s: Store) => expect(must(await s.auditChips())).toEqual([]);

    it('opens an account with the grant once; later calls change nothing', async () => {
      const s = await open();
      const [a, b] = await users(s, 'anna', 'boris');
      expect(must(await s.openChips(a!, GRANT, T0))).toEqual({ userId: a, free: GRANT, held: 0 });
      expect(must(await s.openChips(a!, 5000, T0 + 1))).toEqual({ userId: a, free: GRANT, held: 0 });
      expect(must(await s.openChips(b!, 0, T0))).toEqual({ userId: b, free: 0, held: 0 });
      const legs = must(await s.listChipEntries(a!, 10));
      expect(legs).toHaveLength(1);
      expect(legs[0]).toMatchObject({ account: `u:${a}`, amount: GRANT, kind: 'grant', gameId: null, createdAt: T0 });
      expectStoreError(await s.openChips('ghost', GRANT, T0), 'NOT_FOUND');
      expectStoreError(await s.openChips(a!, -1, T0), 'BAD_INPUT');
      await books(s);
    });

    it('places holds with the game, or refuses the game and holds nothing (INSUFFICIENT_CHIPS)', async () => {
      const s = await open();
      const [a, b, c] = await users(s, 'anna', 'boris', 'clara');
      must(await s.openChips(a!, GRANT, T0));
      must(await s.openChips(b!, 20, T0));
      const g = must(
        await staked(s, a!, b!, [
          { userId: a!, amount: 30 },
          { userId: b!, amount: 20 },
        ]),
      );
      expect(g.stake).toBe(10);
      expect(must(await s.getGame(g.id)).stake).toBe(10);
      expect(await balance(s, a!)).toEqual({ free: GRANT - 30, held: 30 });
      expect(await balance(s, b!)).toEqual({ free: 0, held: 20 });
      // Boris has nothing free: the whole game is refused, Anna's hold (placed first or not) is not kept.
      const before = must(await s.listActiveGames()).length;
      expectStoreError(
        await staked(s, a!, b!, [
          { userId: a!, amount: 30 },
          { userId: b!, amount: 1 },
        ]),
        'INSUFFICIENT_CHIPS',
        /fewer than 1/,
      );
      // Clara has no chips account at all.
      expectStoreError(
        await staked(s, a!, c!, [
          { userId: a!, amount: 30 },
          { userId: c!, amount: 30 },
        ]),
        'INSUFFICIENT_CHIPS',
      );
      expect(must(await s.listActiveGames()).length).toBe(before);
      expect(await balance(s, a!)).toEqual({ free: GRANT - 30, held: 30 });
      expectStoreError(await staked(s, a!, b!, [{ userId: c!, amount: 30 }]), 'BAD_INPUT', /seated/);
      expectStoreError(await staked(s, a!, b!, [{ userId: a!, amount: 0 }]), 'BAD_INPUT');
      expectStoreError(
        await s.createGame(newGame({ status: 'active', p1: { userId: a! }, p2: { userId: b! }, holds: [{ userId: a!, amount: 5 }] })),
        'BAD_INPUT',
        /stake/,
      );
      await books(s);
    });

    it("settles once: the payout from the loser's hold (capped by it), the rest released; a second finish moves nothing", async () => {
      const s = await open();
      const [a, b] = await users(s, 'anna', 'boris');
      must(await s.openChips(a!, GRANT, T0));
      must(await s.openChips(b!, GRANT, T0));
      const g = must(
        await staked(s, a!, b!, [
          { userId: a!, amount: 30 },
          { userId: b!, amount: 30 },
        ]),
      );
      const payout: ChipPayout = { from: b!, to: a!, amount: 50 };
      must(await s.finishGame(g.id, { status: 'finished', result: { score: 5 }, finishedAt: T0 + 9, payout }));
      expect(await balance(s, a!)).toEqual({ free: GRANT + 30, held: 0 });
      expect(await balance(s, b!)).toEqual({ free: GRANT - 30, held: 0 });
      expectStoreError(await s.finishGame(g.id, { status: 'finished', result: null, finishedAt: T0 + 10, payout }), 'CONFLICT');
      expect(await balance(s, a!)).toEqual({ free: GRANT + 30, held: 0 });
      const legs = must(await s.listChipEntries(a!, 100));
      expect(legs.map((l) => [l.kind, l.account.slice(0, 1), l.amount])).toEqual([
        ['release', 'u', 30],
        ['release', 'h', -30],
        ['settle', 'u', 30],
        ['hold', 'h', 30],
        ['hold', 'u', -30],
        ['grant', 'u', GRANT],
      ]);
      expect(legs.every((l) => l.gameId === g.id || l.kind === 'grant')).toBe(true);
      await books(s);
    });

    it('an aborted game releases the holds with no transfer; a payout on it is refused', async () => {
      const s = await open();
      const [a, b] = await users(s, 'anna', 'boris');
      must(await s.openChips(a!, GRANT, T0));
      must(await s.openChips(b!, GRANT, T0));
      const g = must(
        await staked(s, a!, b!, [
          { userId: a!, amount: 100 },
          { userId: b!, amount: 100 },
        ]),
      );
      expectStoreError(await s.finishGame(g.id, { status: 'aborted', result: null, finishedAt: T0, payout: { from: a!, to: b!, amount: 5 } }), 'BAD_INPUT');
      must(await s.finishGame(g.id, { status: 'aborted', result: null, finishedAt: T0 }));
      expect(await balance(s, a!)).toEqual({ free: GRANT, held: 0 });
      expect(await balance(s, b!)).toEqual({ free: GRANT, held: 0 });
      await books(s);
    });

    it('of two games asking for the same last chips at once, exactly one gets them', async () => {
      const s = await open();
      const [a, b, c] = await users(s, 'anna', 'boris', 'clara');
      for (const u of [a!, b!, c!]) must(await s.openChips(u, GRANT, T0));
      const tries = await Promise.all([
        staked(s, a!, b!, [
          { userId: a!, amount: 700 },
          { userId: b!, amount: 700 },
        ]),
        staked(s, a!, c!, [
          { userId: a!, amount: 700 },
          { userId: c!, amount: 700 },
        ]),
      ]);
      expect(tries.filter((r) => r.ok)).toHaveLength(1);
      expect(tries.filter((r) => !r.ok).map((r) => (r.ok ? '' : r.error.code))).toEqual(['INSUFFICIENT_CHIPS']);
      expect(await balance(s, a!)).toEqual({ free: 300, held: 700 });
      await books(s);
    });

    it('property: after any sequence of grants, holds, settlements and aborts the books balance and no chip is made or lost', async () => {
      type Op =
        | { readonly kind: 'open'; readonly user: number; readonly grant: number }
        | { readonly kind: 'start'; readonly a: number; readonly b: number; readonly hold: number }
        | { readonly kind: 'finish'; readonly game: number; readonly loser: 0 | 1; readonly amount: number }
        | { readonly kind: 'abort'; readonly game: number };
      const op: fc.Arbitrary<Op> = fc.oneof(
        fc.record({ kind: fc.constant('open' as const), user: fc.nat(3), grant: fc.integer({ min: 0, max: 500 }) }),
        fc.record({ kind: fc.constant('start' as const), a: fc.nat(3), b: fc.nat(3), hold: fc.integer({ min: 1, max: 400 }) }),
        fc.record({
          kind: fc.constant('finish' as const),
          game: fc.nat(9),
          loser: fc.constantFrom(0 as const, 1 as const),
          amount: fc.integer({ min: 1, max: 600 }),
        }),
        fc.record({ kind: fc.constant('abort' as const), game: fc.nat(9) }),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
          const s = await open();
          try {
            const ids = await users(s, 'u0', 'u1', 'u2', 'u3');
            const granted = new Map<string, number>();
            const games: { id: string; players: [string, string] }[] = [];
            for (const o of ops) {
              if (o.kind === 'open') {
                const had = granted.has(ids[o.user]!);
                must(await s.openChips(ids[o.user]!, o.grant, T0));
                if (!had) granted.set(ids[o.user]!, o.grant);
              } else if (o.kind === 'start' && o.a !== o.b) {
                const [a, b] = [ids[o.a]!, ids[o.b]!];
                const r = await staked(s, a, b, [
                  { userId: a, amount: o.hold },
                  { userId: b, amount: o.hold },
                ]);
                if (r.ok) games.push({ id: r.value.id, players: [a, b] });
                else expect(r.error.code).toBe('INSUFFICIENT_CHIPS');
              } else if (o.kind === 'finish' || o.kind === 'abort') {
                const g = games[o.game % Math.max(1, games.length)];
                if (!g) continue;
                const r =
                  o.kind === 'finish'
                    ? await s.finishGame(g.id, {
                        status: 'finished',
                        result: null,
                        finishedAt: T0,
                        payout: { from: g.players[o.loser], to: g.players[1 - o.loser]!, amount: o.amount },
                      })
                    : await s.finishGame(g.id, { status: 'aborted', result: null, finishedAt: T0 });
                if (!r.ok) expect(r.error.code).toBe('CONFLICT');
              }
              expect(must(await s.auditChips())).toEqual([]);
            }
            // Every chip in circulation came from a grant: the players' free and held chips add up to the grants.
            let total = 0;
            for (const id of granted.keys()) {
              const b = must(await s.openChips(id, 0, T0));
              expect(b.free).toBeGreaterThanOrEqual(0);
              expect(b.held).toBeGreaterThanOrEqual(0);
              total += b.free + b.held;
            }
            expect(total).toBe([...granted.values()].reduce((x, y) => x + y, 0));
          } finally {
            await release();
          }
        }),
        { numRuns: opts.propertyRuns, seed: 9 },
      );
      // Each run opens a fresh store (on PostgreSQL a schema, migrated).
    }, 120_000);
  });
}
