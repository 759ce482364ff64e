import { describe, expect, it } from 'vitest';
import { homesUpTo, naiveOffIn, side } from './naive.suite.js';
import { expectedThrows, oneSided, throwsMean, throwsVariance } from './one-sided.js';

describe('oneSided', () => {
  it('hand case: one checker on the 6-point, 14 off — 1 throw with 27/36, else 2; first off already happened', () => {
    const r = oneSided(side([0, 0, 0, 0, 0, 1]))!;
    expect([...r.offIn]).toEqual([0, 49151 / 65535, 16384 / 65535]); // 27/36 and 9/36, rounded to 1/65535
    expect([...r.firstOffIn]).toEqual([1]);
    expect(r.mean).toBeCloseTo(1.25, 6);
  });

  it('every position of up to 3 checkers matches the naive solver within the rounding', () => {
    for (const home of homesUpTo(3)) {
      const r = oneSided(side(home))!;
      const [mean, dist] = naiveOffIn(home);
      expect(r.mean).toBeCloseTo(mean, 6);
      dist.forEach((p, k) => expect(Math.abs((r.offIn[k] ?? 0) - p)).toBeLessThanOrEqual(1 / 65535));
    }
  });

  it('15 checkers: both distributions, mean and variance from them', () => {
    const r = oneSided(side([0, 0, 0, 0, 0, 15]))!;
    expect(r.offIn.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(r.firstOffIn.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
    expect(Math.abs(throwsMean(r.offIn) - r.mean)).toBeLessThan(1e-3);
    expect(r.mean).toBeCloseTo(expectedThrows(side([0, 0, 0, 0, 0, 15]))!, 12);
    expect(throwsVariance(r.offIn)).toBeGreaterThan(0.5);
    // One checker must travel exactly 6 pips (a bigger die can't bear off from below while others stand on
    // the 6-point, L19): any 6 (11/36), 5-1 and 4-2 (4/36), 3-3 and 2-2 (2/36) — 17/36.
    expect(r.firstOffIn[0]).toBe(0);
    expect(r.firstOffIn[1]).toBeCloseTo(17 / 36, 4);
  });

  it('is undefined with a checker outside home or on the bar, or without 15 checkers (L17)', () => {
    const s = side([1, 0, 0, 0, 0, 0]);
    expect(oneSided([...s.slice(0, 7), 1, ...s.slice(8)].map((n, i) => (i === 0 ? n - 1 : n)))).toBeUndefined();
    const bar = [...s];
    bar[0]!--;
    bar[25] = 1;
    expect(oneSided(bar)).toBeUndefined();
    expect(oneSided(side([1, 0, 0, 0, 0, 0]).map((n, i) => (i === 0 ? n - 1 : n)))).toBeUndefined();
  });
});
