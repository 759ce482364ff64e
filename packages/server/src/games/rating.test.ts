import { describe, expect, it } from 'vitest';
import { rateMatch, START_RATING, winChance } from './rating.js';

describe('FIBS ratings', () => {
  it('equal players: even chances; the winner of a 1-point match gains 2, of a 9-point match 6', () => {
    expect(winChance(1500, 1500, 7)).toBeCloseTo(0.5);
    expect(rateMatch(1500, 1500, 1, 'a')).toEqual({ a: 1502, b: 1498 });
    expect(rateMatch(1500, 1500, 9, 'b')).toEqual({ a: 1494, b: 1506 });
  });
  it('the favourite gains less for a win than the underdog, and longer matches favour the stronger', () => {
    const fav = rateMatch(1700, 1500, 5, 'a');
    const dog = rateMatch(1700, 1500, 5, 'b');
    expect(fav.a - 1700).toBeLessThan(dog.b - 1500);
    expect(winChance(1700, 1500, 11)).toBeGreaterThan(winChance(1700, 1500, 1));
  });
  it('points are conserved; a draw moves them toward the underdog; money sessions count as 1', () => {
    const r = rateMatch(1620, 1480, 3, 'draw');
    expect(r.a + r.b).toBeCloseTo(1620 + 1480);
    expect(r.a).toBeLessThan(1620);
    expect(rateMatch(START_RATING, START_RATING, 0, 'a')).toEqual(rateMatch(START_RATING, START_RATING, 1, 'a'));
  });
});
