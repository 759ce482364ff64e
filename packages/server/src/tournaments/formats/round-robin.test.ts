import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byRating, field, playOut } from './drive.suite.js';
import { bergerRound, roundRobin } from './round-robin.js';
import type { Pairing, PairingResult } from './types.js';

const seed = 'rr-test';

describe('round robin', () => {
  it('Berger tables: everyone meets everyone once and seats balance, for every even table of 4..12', () => {
    for (let m = 4; m <= 12; m += 2) {
      const met = new Set<string>();
      const seats = new Array<number>(m).fill(0);
      for (let j = 0; j < m - 1; j++) {
        const round = bergerRound(m, j);
        expect(new Set(round.flat()).size).toBe(m);
        for (const [a, b] of round) {
          met.add([a, b].sort().join('-'));
          seats[a] = (seats[a] ?? 0) + 1;
        }
      }
      expect(met.size).toBe((m * (m - 1)) / 2);
      for (const s of seats) expect(Math.abs(2 * s - (m - 1))).toBeLessThanOrEqual(1);
    }
  });

  it('plays a 10-player round robin: 9 rounds, each pair once, the better rated on top', () => {
    const entrants = field(10);
    const { state, games } = playOut(roundRobin, entrants, { seed }, byRating(entrants));
    expect(state.round).toBe(9);
    expect(new Set(games.map((g) => [g.a, g.b].sort().join('|'))).size).toBe(45);
    const table = roundRobin.standings(state);
    expect(table.map((s) => s.id)).toEqual(entrants.map((e) => e.id));
    expect(table[0]).toMatchObject({ points: 9, played: 9, won: 9 });
  });

  it('pairs round by round', () => {
    const started = roundRobin.start(field(4), { seed });
    if (!started.ok) throw new Error();
    const { state, pairings } = roundRobin.next(started.value, { now: 0 });
    expect(pairings).toHaveLength(2);
    const [first] = pairings as [Pairing];
    const one = roundRobin.record(state, { pairingId: first.id, winner: 'a', scoreA: 1, scoreB: 0 });
    if (!one.ok) throw new Error();
    expect(roundRobin.next(one.value, { now: 0 }).pairings).toEqual([]);
  });

  it('breaks a tie by the game between the tied players', () => {
    const entrants = field(4);
    const winners: Record<string, string> = { 'p1|p2': 'p1', 'p1|p3': 'p1', 'p1|p4': 'p4', 'p2|p3': 'p2', 'p2|p4': 'p4', 'p3|p4': 'p3' };
    const decide = (p: Pairing): PairingResult => {
      const aWins = winners[[p.a, p.b].sort().join('|')] === p.a;
      return { pairingId: p.id, winner: aWins ? 'a' : 'b', scoreA: aWins ? 1 : 0, scoreB: aWins ? 0 : 1 };
    };
    const { state } = playOut(roundRobin, entrants, { seed }, decide);
    const table = roundRobin.standings(state);
    expect(table.map((s) => [s.id, s.points, s.tieBreaks.headToHead])).toEqual([
      ['p4', 2, 1],
      ['p1', 2, 0],
      ['p2', 1, 1],
      ['p3', 1, 0],
    ]);
  });

  it('property: any field of 3..12, any results, a withdrawal — each pair meets exactly once', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.array(fc.constantFrom<PairingResult['winner']>('a', 'b', 'draw'), { minLength: 1 }),
        fc.option(fc.integer({ min: 0, max: 40 })),
        (n, outcomes, quitAt) => {
          const entrants = field(n);
          let k = 0;
          const decide = (p: Pairing): PairingResult => ({ pairingId: p.id, winner: outcomes[k++ % outcomes.length] ?? 'a', scoreA: 1, scoreB: 2 });
          const { state } = playOut(roundRobin, entrants, { seed }, decide, (s, step) => {
            if (step !== quitAt) return s;
            const out = roundRobin.withdraw(s, 'p3');
            return out.ok ? out.value : s;
          });
          const views = roundRobin.pairings(state);
          expect(new Set(views.map((v) => [v.pairing.a, v.pairing.b].sort().join('|'))).size).toBe((n * (n - 1)) / 2);
          expect(views).toHaveLength((n * (n - 1)) / 2);
          expect(views.every((v) => v.result !== null)).toBe(true);
          const total = roundRobin.standings(state).reduce((sum, s) => sum + s.points, 0);
          expect(total).toBe((n * (n - 1)) / 2);
        },
      ),
      { numRuns: 30 },
    );
  });

  it('is finished when the last rounds are forfeits only, even before next stores them', () => {
    const started = roundRobin.start(field(3), { seed });
    if (!started.ok) throw new Error();
    const { state, pairings } = roundRobin.next(started.value, { now: 0 });
    const [game] = pairings as [Pairing];
    const played = roundRobin.record(state, { pairingId: game.id, winner: 'a', scoreA: 1, scoreB: 0 });
    if (!played.ok) throw new Error();
    const out = roundRobin.withdraw(played.value, 'p1');
    if (!out.ok) throw new Error();
    // Round 1 was p2 v p3 (p1 sat out); rounds 2 and 3 are p1's, both forfeits now: no game left to play.
    const rest = roundRobin.next(out.value, { now: 0 });
    expect(rest.pairings).toEqual([]);
    expect(roundRobin.finished(out.value, 0)).toBe(true);
    expect(roundRobin.standings(rest.state).map((s) => s.points)).toEqual([2, 1, 0]);
  });

  it('refuses fields out of 3..12', () => {
    expect(roundRobin.start(field(2), { seed })).toMatchObject({ ok: false, error: { code: 'BAD_FIELD' } });
    expect(roundRobin.start(field(13), { seed })).toMatchObject({ ok: false, error: { code: 'BAD_FIELD' } });
  });
});
