import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRating, field, playOut } from './drive.suite.js';
import { bracketOrder, knockout } from './knockout.js';
import type { Pairing, PairingResult } from './types.js';

const seed = 'knockout-test';

describe('knockout', () => {
  it('places seeds so that 1 and 2 meet only in the final', () => {
    expect(bracketOrder(8)).toEqual([1, 8, 4, 5, 2, 7, 3, 6]);
    for (const size of [2, 4, 16, 256]) {
      const order = bracketOrder(size);
      expect(order.indexOf(1) < size / 2).toBe(true);
      expect(order.indexOf(2) >= size / 2).toBe(true);
      for (let i = 0; i < size; i += 2) expect((order[i] ?? 0) + (order[i + 1] ?? 0)).toBe(size + 1);
    }
  });

  it('for every field of 2..256: one champion, N−1 eliminated, byes only to the top seeds', () => {
    for (let n = 2; n <= 256; n++) {
      const entrants = field(n);
      const { state } = playOut(knockout, entrants, { seed }, byRating(entrants), undefined, { quick: true });
      const views = knockout.pairings(state);
      const byes = views.filter((v) => v.pairing.b === null).map((v) => v.pairing.a);
      expect(byes.sort()).toEqual(
        entrants
          .slice(0, state.size - n)
          .map((e) => e.id)
          .sort(),
      );
      const losses = views
        .filter((v) => v.pairing.b !== null && v.pairing.bracket === 'main')
        .map((v) => (v.result?.winner === 'a' ? v.pairing.b : v.pairing.a));
      expect(new Set(losses).size).toBe(n - 1);
      const table = knockout.standings(state);
      expect(table[0]).toMatchObject({ id: 'p1', rank: 1, points: state.rounds });
      expect(table.filter((s) => s.note === undefined).map((s) => s.id)).toEqual(['p1']);
    }
  });

  it('starts a match as soon as both its feeders are decided', () => {
    const entrants = field(8);
    const started = knockout.start(entrants, { seed });
    if (!started.ok) throw new Error();
    const first = knockout.next(started.value, { now: 0 });
    let state = first.state;
    const pairings = first.pairings;
    expect(pairings.map((p) => [p.a, p.b])).toEqual([
      ['p1', 'p8'],
      ['p4', 'p5'],
      ['p2', 'p7'],
      ['p3', 'p6'],
    ]);
    const win = (p: Pairing): PairingResult => ({ pairingId: p.id, winner: 'a', scoreA: 1, scoreB: 0 });
    for (const p of pairings.slice(0, 2)) state = (knockout.record(state, win(p)) as { value: typeof state }).value;
    const after = knockout.next(state, { now: 0 });
    expect(after.pairings).toEqual([{ id: 'r2-0', round: 2, a: 'p1', b: 'p4', bracket: 'main', slot: 0 }]);
  });

  it('plays a 128-player knockout with a consolation bracket and a match for third', () => {
    const entrants = field(128, (i) => 2100 - 5 * i);
    const { state, games } = playOut(knockout, entrants, { seed, consolation: true, thirdPlace: true }, byRating(entrants));
    expect(games.filter((g) => g.bracket === 'main')).toHaveLength(127);
    expect(games.filter((g) => g.bracket === 'consolation')).toHaveLength(63);
    const table = knockout.standings(state);
    expect(table.slice(0, 4).map((s) => [s.rank, s.id])).toEqual([
      [1, 'p1'],
      [2, 'p2'],
      [3, 'p3'],
      [4, 'p4'],
    ]);
    // Below the top four, by round reached and then rating: the field's own order, since the better always won.
    expect(table.map((s) => s.id)).toEqual(entrants.map((e) => e.id));
    expect(table[64]).toMatchObject({ id: 'p65', note: '1', tieBreaks: { consolation: 6 } });
  });

  it('shares third place when there is no match for it', () => {
    const entrants = field(8);
    const { state } = playOut(knockout, entrants, { seed }, byRating(entrants));
    expect(
      knockout
        .standings(state)
        .slice(0, 5)
        .map((s) => s.rank),
    ).toEqual([1, 2, 3, 3, 5]);
  });

  it('advances the opponent of a player who withdraws, now and later', () => {
    const entrants = field(16);
    const { state } = playOut(knockout, entrants, { seed }, byRating(entrants), (s, step) => {
      if (step !== 3) return s;
      const out = knockout.withdraw(s, 'p1');
      expect(knockout.withdraw(out.ok ? out.value : s, 'p1')).toMatchObject({ ok: false, error: { code: 'ALREADY_RECORDED' } });
      return out.ok ? out.value : s;
    });
    const table = knockout.standings(state);
    expect(table[0]?.id).toBe('p2');
    expect(knockout.pairings(state).filter((v) => v.result?.forfeit).length).toBeGreaterThan(0);
  });

  it('breaks a draw by points won, then by the better seed', () => {
    const entrants = field(2);
    const started = knockout.start(entrants, { seed });
    if (!started.ok) throw new Error();
    const { state, pairings } = knockout.next(started.value, { now: 0 });
    const [final] = pairings as [Pairing];
    const drawn = knockout.record(state, { pairingId: final.id, winner: 'draw', scoreA: 0, scoreB: 0 });
    if (!drawn.ok) throw new Error();
    expect(knockout.standings(drawn.value)[0]?.id).toBe('p1');
    expect(knockout.record(state, { pairingId: 'nope', winner: 'a', scoreA: 1, scoreB: 0 })).toMatchObject({ ok: false, error: { code: 'UNKNOWN_PAIRING' } });
  });

  it('refuses a field out of range or with a player twice', () => {
    expect(knockout.start(field(1), { seed })).toMatchObject({ ok: false, error: { code: 'BAD_FIELD' } });
    expect(knockout.start(field(257), { seed })).toMatchObject({ ok: false, error: { code: 'BAD_FIELD' } });
    expect(knockout.start([...field(3), { id: 'p1', rating: 1 }], { seed })).toMatchObject({ ok: false, error: { code: 'BAD_FIELD' } });
  });

  it('property: any results, any withdrawals — one champion, every game decided, state durable', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 40 }),
        fc.array(fc.boolean(), { maxLength: 80 }),
        fc.boolean(),
        fc.boolean(),
        fc.option(fc.integer({ min: 0, max: 40 })),
        (n, coins, consolation, thirdPlace, quitAt) => {
          const entrants = field(n, (i) => 1500 + ((i * 37) % 11));
          let k = 0;
          const decide = (p: Pairing): PairingResult => ({ pairingId: p.id, winner: coins[k++ % Math.max(coins.length, 1)] ? 'a' : 'b', scoreA: 1, scoreB: 1 });
          const { state } = playOut(knockout, entrants, { seed, consolation, thirdPlace }, decide, (s, step) => {
            if (step !== quitAt) return s;
            const out = knockout.withdraw(s, 'p2');
            return out.ok ? out.value : s;
          });
          const table = knockout.standings(state);
          expect(table.filter((s) => s.note === undefined)).toHaveLength(1);
          expect(new Set(table.map((s) => s.id)).size).toBe(n);
        },
      ),
      { numRuns: 40 },
    );
  });
});
