import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRating, field, playOut } from './drive.suite.js';
import { defaultSwissRounds, swiss, type SwissState } from './swiss.js';
import type { Pairing, PairingResult, PairingView } from './types.js';

const seed = 'swiss-test';
const key = (p: Pairing): string => [p.a, p.b].sort().join('|');

/** Whether the players can all be paired (one of those without a bye sitting out, if odd) with no pair in `met`. */
function repeatFreeExists(players: string[], met: Set<string>, hadBye: Set<string>): boolean {
  const match = (rest: string[]): boolean => {
    const [p, ...others] = rest;
    if (p === undefined) return true;
    return others.some((q) => !met.has([p, q].sort().join('|')) && match(others.filter((x) => x !== q)));
  };
  if (players.length % 2 === 0) return match(players);
  return players.some((bye) => !hadBye.has(bye) && match(players.filter((x) => x !== bye)));
}

/** Checks every round of a finished Swiss: one game each, at most one bye each, repeats only when unavoidable. */
function checkRounds(state: SwissState, views: readonly PairingView[]): void {
  const met = new Set<string>();
  const hadBye = new Set<string>();
  for (let round = 1; round <= state.round; round++) {
    const these = views.filter((v) => v.pairing.round === round).map((v) => v.pairing);
    const seated = these.flatMap((p) => (p.b === null ? [p.a] : [p.a, p.b]));
    expect(new Set(seated).size).toBe(seated.length);
    const games = these.filter((p) => p.b !== null);
    if (games.some((p) => met.has(key(p)))) expect(repeatFreeExists(seated, met, hadBye)).toBe(false);
    for (const p of these) {
      if (p.b === null) {
        expect(hadBye.has(p.a)).toBe(false);
        hadBye.add(p.a);
      } else met.add(key(p));
    }
  }
}

describe('swiss', () => {
  it('plays ceil(log2 n) + 1 rounds by default, at most n − 1', () => {
    expect([2, 3, 4, 8, 9, 64, 512].map(defaultSwissRounds)).toEqual([1, 2, 3, 4, 5, 7, 10]);
  });

  it('pairs the top half of a score group against its bottom half', () => {
    const started = swiss.start(field(8), { seed });
    if (!started.ok) throw new Error();
    const { pairings } = swiss.next(started.value, { now: 0 });
    expect(pairings.map((p) => [p.a, p.b].sort())).toEqual([
      ['p1', 'p5'],
      ['p2', 'p6'],
      ['p3', 'p7'],
      ['p4', 'p8'],
    ]);
    expect(pairings.map((p) => p.a)).toEqual(['p1', 'p6', 'p3', 'p8']);
  });

  it('plays a 64-player Swiss of 6 rounds: no repeats, seats balanced, standings by points', () => {
    const entrants = field(64, (i) => 1800 + ((i * 53) % 400));
    const { state } = playOut(swiss, entrants, { seed, rounds: 6 }, byRating(entrants));
    const views = swiss.pairings(state);
    checkRounds(state, views);
    expect(new Set(views.map((v) => key(v.pairing))).size).toBe(6 * 32);
    for (const e of entrants) {
      const seats = views.filter((v) => v.pairing.a === e.id).length;
      expect(Math.abs(seats - 3)).toBeLessThanOrEqual(1);
    }
    const table = swiss.standings(state);
    const best = [...entrants].sort((x, y) => y.rating - x.rating)[0];
    expect(table[0]).toMatchObject({ id: best?.id, points: 6 });
    for (let i = 1; i < table.length; i++) expect((table[i - 1]?.points ?? 0) >= (table[i]?.points ?? 0)).toBe(true);
  });

  it('pairs the next round only when the last is complete', () => {
    const started = swiss.start(field(4), { seed });
    if (!started.ok) throw new Error();
    const { state, pairings } = swiss.next(started.value, { now: 0 });
    const [first, second] = pairings as [Pairing, Pairing];
    const one = swiss.record(state, { pairingId: first.id, winner: 'a', scoreA: 1, scoreB: 0 });
    if (!one.ok) throw new Error();
    expect(swiss.next(one.value, { now: 0 }).pairings).toEqual([]);
    const both = swiss.record(one.value, { pairingId: second.id, winner: 'a', scoreA: 1, scoreB: 0 });
    if (!both.ok) throw new Error();
    expect(swiss.next(both.value, { now: 0 }).pairings.map((p) => p.round)).toEqual([2, 2]);
  });

  it('gives the bye to the lowest-ranked player without one, scored as a win', () => {
    const entrants = field(5);
    const { state } = playOut(swiss, entrants, { seed, rounds: 4 }, byRating(entrants));
    const byes = swiss.pairings(state).filter((v) => v.pairing.b === null);
    expect(byes.map((v) => v.pairing.a)[0]).toBe('p5');
    expect(new Set(byes.map((v) => v.pairing.a)).size).toBe(4);
    expect(swiss.record(state, { pairingId: 'r1-bye', winner: 'b', scoreA: 0, scoreB: 1 })).toMatchObject({ ok: false, error: { code: 'ALREADY_RECORDED' } });
  });

  it('property: any field, results and withdrawal — no avoidable repeat, one bye at most, standings by points', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 11 }),
        fc.integer({ min: 1, max: 10 }),
        fc.array(fc.constantFrom<PairingResult['winner']>('a', 'b', 'draw'), { minLength: 1, maxLength: 60 }),
        fc.option(fc.integer({ min: 0, max: 30 })),
        (n, rounds, outcomes, quitAt) => {
          const entrants = field(n, (i) => 1500 + ((i * 7) % 5));
          let k = 0;
          const decide = (p: Pairing): PairingResult => ({ pairingId: p.id, winner: outcomes[k++ % outcomes.length] ?? 'a', scoreA: 1, scoreB: 1 });
          let quitRound = Infinity;
          const { state } = playOut(swiss, entrants, { seed, rounds }, decide, (s, step) => {
            if (step !== quitAt) return s;
            const out = swiss.withdraw(s, 'p1');
            quitRound = s.round;
            return out.ok ? out.value : s;
          });
          const after = swiss.pairings(state).filter((v) => v.pairing.round > quitRound);
          expect(after.some((v) => v.pairing.a === 'p1' || v.pairing.b === 'p1')).toBe(false);
          expect(state.round).toBeLessThanOrEqual(Math.min(rounds, n - 1));
          checkRounds(state, swiss.pairings(state));
          const table = swiss.standings(state);
          for (let i = 1; i < table.length; i++) expect((table[i - 1]?.points ?? 0) >= (table[i]?.points ?? 0)).toBe(true);
        },
      ),
      { numRuns: 50 },
    );
  });
});
