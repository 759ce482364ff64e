import { describe, expect, it } from 'vitest';
import { homesUpTo, naiveFirstOffIn, naiveOffIn, naiveWin } from './naive.suite.js';
import { positionCount, positionNumber } from './position-number.js';
import { SOLVE_THROWS, solveOneSided, solveTwoSided } from './solve.js';

const row = (t: Float64Array, n: number): number[] => {
  const r = [...t.subarray(n * SOLVE_THROWS, (n + 1) * SOLVE_THROWS)];
  while (r.length > 1 && r[r.length - 1] === 0) r.pop();
  return r;
};
const num = (home: readonly number[]): number => positionNumber([0, ...home]);

describe('solvers against brute force', () => {
  const one = solveOneSided(4);
  const two = solveTwoSided(3);

  it('hand case: one checker on the 6-point needs 1 throw with 27/36, else 2', () => {
    // One throw: any 6; any non-double summing to 6 or more (the first die moves inside, the second bears
    // off from below, L19); doubles 2-2..6-6. Missing: 2-1, 3-1, 4-1, 3-2 (8/36) and 1-1 (which leaves a
    // checker on the 2): any second throw finishes.
    const n = num([0, 0, 0, 0, 0, 1]);
    const dist = row(one.offIn, n);
    expect(dist.length).toBe(3);
    [0, 27 / 36, 9 / 36].forEach((p, k) => expect(dist[k]).toBeCloseTo(p, 15));
    expect(one.mean[n]).toBeCloseTo(1.25, 14);
    // The first (only) checker off is the same thing.
    expect(row(one.firstOffIn, n)).toEqual(row(one.offIn, n));
  });

  it('one-sided: every position of up to 4 checkers equals a naive solver on the engine', () => {
    for (const home of homesUpTo(4)) {
      const n = num(home);
      const [mean, dist] = naiveOffIn(home);
      expect(one.mean[n]).toBeCloseTo(mean, 12);
      const ours = row(one.offIn, n);
      expect(ours.length).toBe(dist.length);
      ours.forEach((p, k) => expect(p).toBeCloseTo(dist[k]!, 12));
      if (n === 0) continue;
      const [fMean, fDist] = naiveFirstOffIn(home);
      expect(one.firstMean[n]).toBeCloseTo(fMean, 12);
      row(one.firstOffIn, n).forEach((p, k) => expect(p).toBeCloseTo(fDist[k]!, 12));
    }
  });

  it('two-sided: every pair of positions of up to 3 checkers equals a naive solver on the engine', () => {
    const homes = homesUpTo(3).filter((h) => h.some((c) => c > 0));
    const count = positionCount(3);
    for (const a of homes) for (const b of homes) expect(two[num(a) * count + num(b)]).toBeCloseTo(naiveWin(a, b), 12);
  });

  it('distributions sum to 1 and give the mean', () => {
    for (let n = 0; n < one.count; n++) {
      const d = row(one.offIn, n);
      expect(d.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
      expect(d.reduce((s, p, k) => s + k * p, 0)).toBeCloseTo(one.mean[n]!, 12);
    }
  });
});
