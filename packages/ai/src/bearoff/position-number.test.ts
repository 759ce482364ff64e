import { describe, expect, it } from 'vitest';
import { THROWS } from '../throws.js';
import { bearOffResults } from './moves.js';
import { homeNumber, MAX_HOME_CHECKERS, positionCount, positionFromNumber, positionNumber } from './position-number.js';
import { homesUpTo, side } from './naive.suite.js';

const total = (c: Uint8Array): number => c.reduce((a, b) => a + b, 0);

describe('bear-off position numbers', () => {
  it('number every position of up to 15 checkers on 6 points once: C(21, 6) = 54,264', () => {
    expect(positionCount(MAX_HOME_CHECKERS)).toBe(54264);
    expect(positionCount(6)).toBe(924);
    const seen = new Set<number>();
    for (const home of homesUpTo(15)) seen.add(positionNumber([0, ...home]));
    expect(seen.size).toBe(54264);
    expect(Math.min(...seen)).toBe(0);
    expect(Math.max(...seen)).toBe(54263);
  });

  it('round-trip, and the positions with ≤ n checkers are the first C(n + 6, 6) numbers', () => {
    const wrong: number[] = [];
    for (let n = 0; n < positionCount(MAX_HOME_CHECKERS); n++) {
      const counts = positionFromNumber(n);
      const t = total(counts);
      if (positionNumber(counts) !== n || n >= positionCount(t) || (t > 0 && n < positionCount(t - 1))) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });

  it('every bear-off move lowers the number (the solvers fill tables in increasing order)', () => {
    const wrong: number[] = [];
    for (let n = 1; n < positionCount(MAX_HOME_CHECKERS); n += 11) {
      const counts = positionFromNumber(n);
      for (const {
        dice: [b, a],
      } of THROWS)
        if (bearOffResults(counts, a, b).some((r) => r >= n)) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });

  it('homeNumber takes a side in its own frame and refuses checkers outside home or on the bar (L17)', () => {
    expect(homeNumber(side([0, 0, 0, 0, 0, 0]))).toBe(0);
    expect(homeNumber(side([2, 0, 0, 0, 0, 1]))).toBe(positionNumber([0, 2, 0, 0, 0, 0, 1]));
    const outside = side([1, 0, 0, 0, 0, 0]);
    outside[7] = 1;
    expect(homeNumber(outside)).toBeUndefined();
    const bar = side([1, 0, 0, 0, 0, 0]);
    bar[25] = 1;
    expect(homeNumber(bar)).toBeUndefined();
  });
});
