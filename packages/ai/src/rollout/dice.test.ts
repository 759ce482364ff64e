import { describe, expect, it } from 'vitest';
import { OUTCOMES, trialDice } from './dice.js';

const index = (d: readonly number[]): number => (d[0]! - 1) * 6 + (d[1]! - 1);

describe('quasi-random rollout dice', () => {
  it('lists the 36 ordered throws once each', () => {
    expect(new Set(OUTCOMES.map((d) => d.join(''))).size).toBe(36);
  });

  it('stratifies the first throw: each block of 36 trials throws every outcome once', () => {
    for (const seed of [1, 2, 99]) {
      for (let block = 0; block < 3; block++) {
        const first = Array.from({ length: 36 }, (_, a) => index(trialDice(seed, block * 36 + a)(0)));
        expect(new Set(first).size).toBe(36);
      }
    }
  });

  it('over 1,296 trials every pair of first and second throws occurs exactly once (Latin square)', () => {
    const pairs = new Set<number>();
    for (let t = 0; t < 1296; t++) {
      const d = trialDice(7, t);
      pairs.add(index(d(0)) * 36 + index(d(1)));
    }
    expect(pairs.size).toBe(1296);
  });

  it('every later half-move is stratified within each block of 36 trials', () => {
    for (const h of [1, 2, 5, 40]) {
      const seen = Array.from({ length: 36 }, (_, a) => index(trialDice(3, 72 + a)(h)));
      expect(new Set(seen).size).toBe(36);
    }
  });

  it('is a function of (seed, trial, half-move): repeatable, and another seed gives other dice', () => {
    const a = Array.from({ length: 30 }, (_, h) => trialDice(5, 17)(h).join(''));
    const b = Array.from({ length: 30 }, (_, h) => trialDice(5, 17)(h).join(''));
    const c = Array.from({ length: 30 }, (_, h) => trialDice(6, 17)(h).join(''));
    expect(a).toEqual(b);
    expect(c).not.toEqual(a);
  });
});
