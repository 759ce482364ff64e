import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { promoted, wilsonInterval } from './wilson.js';

describe('wilsonInterval', () => {
  it('textbook values: 8 of 10 → 0.4902–0.9433; 50 of 100 → 0.4038–0.5962', () => {
    const a = wilsonInterval(8, 10);
    expect(a.low).toBeCloseTo(0.4902, 4);
    expect(a.high).toBeCloseTo(0.9433, 4);
    const b = wilsonInterval(50, 100);
    expect(b.low).toBeCloseTo(0.4038, 4);
    expect(b.high).toBeCloseTo(0.5962, 4);
  });
  it('inside 0..1, around the share, narrowing as n grows; 0 of n starts at 0', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, q) => {
        const k = Math.round(q * n);
        const { low, high } = wilsonInterval(k, n);
        expect(low).toBeGreaterThanOrEqual(0);
        expect(high).toBeLessThanOrEqual(1);
        expect(low).toBeLessThanOrEqual(k / n + 1e-12);
        expect(high).toBeGreaterThanOrEqual(k / n - 1e-12);
        const wider = wilsonInterval(k, n);
        const narrower = wilsonInterval(4 * k, 4 * n);
        expect(narrower.high - narrower.low).toBeLessThan(wider.high - wider.low);
      }),
    );
    expect(wilsonInterval(0, 20).low).toBe(0);
  });
});

describe('promoted (lower bound of the win share > 52 %)', () => {
  it('10,000 games: 5,500 wins is promoted (bound ≈ 0.540), 5,250 is not (≈ 0.515)', () => {
    expect(promoted(5500, 10_000)).toBe(true);
    expect(promoted(5250, 10_000)).toBe(false);
    expect(wilsonInterval(5250, 10_000).low).toBeCloseTo(0.5152, 3);
  });
});
