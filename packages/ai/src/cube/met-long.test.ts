import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KAZAROSS_XG2 } from './met-kazaross-xg2.js';
import { matchEquity } from './met.js';
import { longMatchEquityTable } from './met-long.js';
import { LONG_MET, LONG_MET_RATES } from './met-long-table.js';

const N = 15;
const range = Array.from({ length: N }, (_, i) => i + 1);
const rates = fc.record({ mars: fc.double({ min: 0, max: 0.6, noNaN: true }), triple: fc.double({ min: 0, max: 0.2, noNaN: true }) });

describe('longMatchEquityTable (issue 6 item 6)', () => {
  it('1-away/1-away is 50 %; symmetric: i against j plus j against i is 1 (any rates, starter even)', () => {
    fc.assert(
      fc.property(rates, (r) => {
        const met = longMatchEquityTable(r, { length: N });
        expect(matchEquity(met, 1, 1)).toBe(0.5);
        for (const i of range) for (const j of range) expect(matchEquity(met, i, j) + matchEquity(met, j, i)).toBeCloseTo(1, 12);
      }),
      { numRuns: 20 },
    );
  });

  it('monotone: falls as the player needs more, rises as the opponent does; post-Crawford never rises', () => {
    fc.assert(
      fc.property(rates, (r) => {
        const met = longMatchEquityTable(r, { length: N });
        for (const i of range)
          for (const j of range) {
            if (i < N) expect(matchEquity(met, i + 1, j)).toBeLessThanOrEqual(matchEquity(met, i, j) + 1e-12);
            if (j < N) expect(matchEquity(met, i, j + 1)).toBeGreaterThanOrEqual(matchEquity(met, i, j) - 1e-12);
          }
        for (const j of range.slice(1)) expect(met.postCrawford[j - 1]!).toBeLessThanOrEqual(met.postCrawford[j - 2]! + 1e-12);
      }),
      { numRuns: 20 },
    );
  });

  it('matches the recursive definition: post-Crawford, the Crawford game, and (cube never turned) every game as its results weighted', () => {
    const [m, t] = [0.2, 0.05];
    const shares = [1 - m - t, m, t];
    const met = longMatchEquityTable({ mars: m, triple: t }, { length: N, maxCube: 1 });
    const post = (j: number): number => (j <= 0 ? 1 : met.postCrawford[j - 1]!);
    expect(post(1)).toBe(0.5);
    for (const j of range.slice(1)) {
      const take = 0.5 * shares.reduce((s, x, k) => s + x * post(j - 2 * (k + 1)), 0);
      expect(post(j)).toBeCloseTo(Math.min(take, post(j - 1)), 14); // the leader passes when it costs him less
      const crawford = 0.5 + 0.5 * shares.reduce((s, x, k) => s + x * (1 - post(j - (k + 1))), 0);
      expect(matchEquity(met, 1, j)).toBeCloseTo(crawford, 14);
    }
    expect(post(2)).toBe(0.5);
    // 4-away: take = ½ (oin → 2-away, mars → won, koks → won) = ½ (0.75·½ + 0.25) = 0.3125; pass → 3-away.
    expect(post(4)).toBeCloseTo(Math.min(0.5 * (0.75 * 0.5 + 0.25), post(3)), 14);
    const after = (i: number, j: number): number => (i <= 0 ? 1 : j <= 0 ? 0 : matchEquity(met, i, j));
    for (const i of range.slice(1, -3))
      for (const j of range.slice(1, -3)) {
        const win = shares.reduce((s, x, k) => s + x * after(i - (k + 1), j), 0);
        const lose = shares.reduce((s, x, k) => s + x * after(i, j - (k + 1)), 0);
        expect(matchEquity(met, i, j)).toBeCloseTo(0.5 * win + 0.5 * lose, 12);
      }
  });

  it('2-away/2-away is 50 % with the cube (both double at the other’s take point), and the cube helps the trailer', () => {
    const cube = longMatchEquityTable({ mars: 0.2 }, { length: N });
    const dead = longMatchEquityTable({ mars: 0.2 }, { length: N, maxCube: 1 });
    expect(matchEquity(cube, 2, 2)).toBeCloseTo(0.5, 14);
    expect(matchEquity(cube, 7, 3)).toBeGreaterThan(matchEquity(dead, 7, 3));
  });

  it('with the backgammon rates (mars 26 %, koks 1 % of wins) it lies within 0.013 of Kazaross-XG2 to 15 points (their rollouts refine the same model)', () => {
    const met = longMatchEquityTable({ mars: 0.26, triple: 0.01 });
    for (const i of range) for (const j of range) expect(Math.abs(matchEquity(met, i, j) - matchEquity(KAZAROSS_XG2, i, j))).toBeLessThan(0.013);
  });

  it('a starter advantage: the starter of the 1-away/1-away game and of the Crawford game gains it', () => {
    const met = longMatchEquityTable({ mars: 0.2, starterWin: 0.56 }, { length: N });
    expect(matchEquity(met, 1, 1)).toBe(0.56);
    const even = longMatchEquityTable({ mars: 0.2 }, { length: N });
    expect(matchEquity(met, 1, 2)).toBeGreaterThan(matchEquity(even, 1, 2));
    expect(matchEquity(met, 5, 5)).toBeGreaterThan(0.5);
  });

  it('the committed table (met-long-table.ts) is the one its recorded self-play rates give, to its 5 decimals', () => {
    const rates = LONG_MET_RATES.measured[LONG_MET_RATES.scoring];
    const again = longMatchEquityTable({ mars: rates.mars, triple: rates.triple });
    for (const i of range) for (const j of range) expect(matchEquity(LONG_MET, i, j)).toBeCloseTo(matchEquity(again, i, j), 5);
    expect(LONG_MET.postCrawford.map((x, j) => x - again.postCrawford[j]!).every((d) => Math.abs(d) < 1e-5)).toBe(true);
  });

  it('rejects shares outside 0..1', () => {
    expect(() => longMatchEquityTable({ mars: 0.9, triple: 0.2 })).toThrow(RangeError);
  });
});
