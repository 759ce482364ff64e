import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORING } from '@nardy/engine';
import { isValidProbabilities } from '../probabilities.js';
import { side } from './naive.suite.js';
import { oneSided } from './one-sided.js';
import { homeMarsPoints, raceProbabilities } from './race-probabilities.js';
import { twoSidedWin } from './two-sided.js';

/** A random bear-off side: `n` checkers over the six home points, the rest off. */
const sideArb = (min: number, max: number): fc.Arbitrary<number[]> =>
  fc.integer({ min, max }).chain((n) =>
    fc.array(fc.integer({ min: 0, max: 5 }), { minLength: n, maxLength: n }).map((pts) => {
      const home = [0, 0, 0, 0, 0, 0];
      for (const p of pts) home[p]!++;
      return side(home);
    }),
  );

describe('raceProbabilities', () => {
  test.prop([sideArb(1, 15), sideArb(1, 15), fc.constantFrom(1 as const, 2 as const, 3 as const)], { numRuns: 300 })(
    'valid probabilities; having the roll is worth something; mars only against a side with none off',
    (me, them, marsPoints) => {
      const p = raceProbabilities(me, them, marsPoints)!;
      expect(isValidProbabilities(p, 1e-9), JSON.stringify(p)).toBe(true);
      expect(p.win + raceProbabilities(them, me, marsPoints)!.win).toBeGreaterThanOrEqual(1 - 1e-4);
      if (me[0]! > 0) expect(p.loseMars).toBe(0);
      if (them[0]! > 0) expect(p.winMars).toBe(0);
      if (marsPoints === 1) expect(p.winMars + p.loseMars).toBe(0);
      expect(p.winKoks).toBe(marsPoints === 3 ? p.winMars : 0);
    },
  );

  test.prop([sideArb(1, 6), sideArb(1, 6)], { numRuns: 200 })('uses the two-sided table when both sides fit it (no mars: both have 9 off)', (me, them) => {
    expect(raceProbabilities(me, them)).toEqual({ win: twoSidedWin(me, them), winMars: 0, winKoks: 0, loseMars: 0, loseKoks: 0 });
  });

  it('hand cases: a last checker on the ace against 15 at home, both ways round', () => {
    const last = side([1, 0, 0, 0, 0, 0]);
    const full = side([0, 0, 0, 0, 0, 15]);
    // On roll with one checker on the ace: it comes off, the loser has none off (mars, S7/L24).
    expect(raceProbabilities(last, full)).toEqual({ win: 1, winMars: 1, winKoks: 0, loseMars: 0, loseKoks: 0 });
    expect(raceProbabilities(last, full, 3)).toEqual({ win: 1, winMars: 1, winKoks: 1, loseMars: 0, loseKoks: 0 });
    // 15 on the 6-point can't finish in one throw; the opponent then finishes: a mars unless my first throw bore one off.
    const p = raceProbabilities(full, last)!;
    expect(p.win).toBe(0);
    expect(p.loseMars).toBeCloseTo(1 - oneSided(full)!.firstOffIn[1]!, 12);
    expect(p.loseMars).toBeGreaterThan(0.5);
  });

  it('is undefined unless both sides are bear-off positions', () => {
    const out = side([1, 0, 0, 0, 0, 0]);
    out[0]!--;
    out[8] = 1;
    expect(raceProbabilities(out, side([1, 0, 0, 0, 0, 0]))).toBeUndefined();
    expect(twoSidedWin(side([1, 0, 0, 0, 0, 0]), out)).toBeUndefined();
    expect(twoSidedWin(side([9, 0, 0, 0, 0, 0]), side([1, 0, 0, 0, 0, 0]))).toBeUndefined(); // beyond any two-sided table (≤ 8)
  });

  it('homeMarsPoints follows the engine: 2 in short nardy and by default, 3 with homeMars, 1 with notAllHome (L24–L25, S7)', () => {
    expect(homeMarsPoints('short')).toBe(2);
    expect(homeMarsPoints('long')).toBe(2);
    expect(homeMarsPoints('long', { ...DEFAULT_SCORING, homeMars: true })).toBe(3);
    expect(homeMarsPoints('long', { ...DEFAULT_SCORING, marsDefinition: 'notAllHome' })).toBe(1);
  });
});
