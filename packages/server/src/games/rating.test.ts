import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { experienceFactor, isProvisional, NEW_PLAYER, rateMatch, winChance, type PlayerRating } from './rating.js';

/** Seasoned players (experience 400 and more): the plain FIBS formula. */
const vet = (rating: number, experience = 1000): PlayerRating => ({ rating, experience });

describe('FIBS ratings', () => {
  it('equal players: even chances; the winner of a 1-point match gains 2, of a 9-point match 6', () => {
    expect(winChance(1500, 1500, 7)).toBeCloseTo(0.5);
    expect(rateMatch(vet(1500), vet(1500), 1, 'a')).toEqual({ a: vet(1502, 1001), b: vet(1498, 1001) });
    expect(rateMatch(vet(1500), vet(1500), 9, 'b')).toEqual({ a: vet(1494, 1009), b: vet(1506, 1009) });
  });
  it('the favourite gains less for a win than the underdog, and longer matches favour the stronger', () => {
    const fav = rateMatch(vet(1700), vet(1500), 5, 'a');
    const dog = rateMatch(vet(1700), vet(1500), 5, 'b');
    expect(fav.a.rating - 1700).toBeLessThan(dog.b.rating - 1500);
    expect(winChance(1700, 1500, 11)).toBeGreaterThan(winChance(1700, 1500, 1));
  });
  it('between seasoned players points are conserved; a draw moves them toward the underdog; a money session counts as 1', () => {
    const r = rateMatch(vet(1620), vet(1480), 3, 'draw');
    expect(r.a.rating + r.b.rating).toBeCloseTo(1620 + 1480);
    expect(r.a.rating).toBeLessThan(1620);
    expect(rateMatch(NEW_PLAYER, NEW_PLAYER, 0, 'a')).toEqual(rateMatch(NEW_PLAYER, NEW_PLAYER, 1, 'a'));
    expect(rateMatch(NEW_PLAYER, NEW_PLAYER, 0, 'a').a.experience).toBe(1);
  });
  it('worked example (docs/ratings.md): a newcomer beats a seasoned 1600 in a 5-point match', () => {
    // P(newcomer wins) = 1 / (1 + 10^(100·√5/2000)) = 0.4360; the move 4·√5·(1 − 0.4360) = 5.045.
    expect(winChance(1500, 1600, 5)).toBeCloseTo(0.436, 4);
    const r = rateMatch(NEW_PLAYER, vet(1600, 750), 5, 'a');
    // The newcomer's gain ×5 (experience 0); the veteran loses the plain 5.04.
    expect(r).toEqual({ a: { rating: 1525.22, experience: 5 }, b: { rating: 1594.96, experience: 755 } });
  });
  it('the experience factor: 5 at 0, 3.5 at 150, 1 from 400; provisional under 400', () => {
    expect([0, 150, 250, 400, 2000].map(experienceFactor)).toEqual([5, 3.5, 2.5, 1, 1]);
    expect(experienceFactor(399)).toBeCloseTo(1.01);
    expect([0, 399, 400].map(isProvisional)).toEqual([true, true, false]);
    // A 3-point match at experience 150: 4·√3·½ = 3.46 × 3.5 = 12.12.
    expect(rateMatch(vet(1500, 150), vet(1500), 3, 'a').a.rating).toBe(1512.12);
  });
  it('property: the winner never loses points, the loser never gains; experience grows by the match points', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 800, max: 2400 }),
        fc.integer({ min: 800, max: 2400 }),
        fc.nat(3000),
        fc.nat(3000),
        fc.integer({ min: 0, max: 25 }),
        (ra, rb, ea, eb, n) => {
          const r = rateMatch({ rating: ra, experience: ea }, { rating: rb, experience: eb }, n, 'a');
          expect(r.a.rating).toBeGreaterThanOrEqual(ra);
          expect(r.b.rating).toBeLessThanOrEqual(rb);
          expect(r.a.experience - ea).toBe(Math.max(1, n));
        },
      ),
    );
  });
});
