import { describe, expect, it } from 'vitest';
import { KAZAROSS_XG2 as met } from './met-kazaross-xg2.js';
import { matchEquity } from './met.js';

const N = 25;
const range = Array.from({ length: N }, (_, i) => i + 1);

describe('Kazaross-XG2 match equity table', () => {
  it('is 25 × 25 with 25 post-Crawford entries and carries its notice', () => {
    expect(met.preCrawford).toHaveLength(N);
    for (const row of met.preCrawford) expect(row).toHaveLength(N);
    expect(met.postCrawford).toHaveLength(N);
    expect(met.notice).toMatch(/Kazaross/);
  });
  it('known entries: 1-away 1-away 50 %, Crawford game 1-away 2-away 67.736 %, post-Crawford 2-away 48.803 %', () => {
    expect(matchEquity(met, 1, 1)).toBe(0.5);
    expect(matchEquity(met, 1, 1, true)).toBe(0.5);
    expect(matchEquity(met, 1, 2)).toBe(0.67736);
    expect(matchEquity(met, 2, 1)).toBe(0.32264);
    expect(matchEquity(met, 2, 1, true)).toBe(0.48803);
    expect(matchEquity(met, 1, 2, true)).toBeCloseTo(0.51197, 12);
    // Post-Crawford, 3-away needs two games as 2-away does (bar mars): the same equity as the Crawford 2-away.
    expect(matchEquity(met, 3, 1, true)).toBe(0.32264);
    expect(matchEquity(met, 2, 2)).toBe(0.5);
    expect(matchEquity(met, 3, 5)).toBe(0.64795);
  });
  it('is symmetric: i-away against j-away plus j-away against i-away is 1 (to the table’s rounding)', () => {
    for (const i of range) for (const j of range) expect(matchEquity(met, i, j) + matchEquity(met, j, i)).toBeCloseTo(1, 4);
  });
  it('falls as the player needs more and rises as the opponent does (pre- and post-Crawford)', () => {
    for (const i of range)
      for (const j of range) {
        if (i < N) expect(matchEquity(met, i + 1, j)).toBeLessThan(matchEquity(met, i, j));
        if (j < N) expect(matchEquity(met, i, j + 1)).toBeGreaterThan(matchEquity(met, i, j));
      }
    for (const j of range.slice(1, -1)) expect(met.postCrawford[j]!).toBeLessThanOrEqual(met.postCrawford[j - 1]!);
  });
  it('a player who needs nothing has won; scores past the table are read at its edge', () => {
    expect(matchEquity(met, 0, 3)).toBe(1);
    expect(matchEquity(met, 3, 0)).toBe(0);
    expect(matchEquity(met, 30, 30)).toBe(0.5);
    expect(matchEquity(met, 40, 25)).toBe(matchEquity(met, 25, 25));
  });
});
