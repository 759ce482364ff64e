import { seededRng } from '@nardy/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blendNets } from './blend.js';
import { Mlp } from './mlp.js';

const shape = { inputs: 7, hidden: 5, outputs: 3 };
const netOf = (seed: number): Mlp => Mlp.random(shape, seededRng(seed), 1);
const flat = (n: Mlp): number[] => [...n.weights.w1, ...n.weights.b1, ...n.weights.w2, ...n.weights.b2];

describe('blendNets', () => {
  it('is each weight’s mean, the shares scaled to sum to one', () => {
    const [a, b] = [netOf(1), netOf(2)];
    const blended = flat(blendNets([a, b], [3, 1]));
    const fa = flat(a);
    const fb = flat(b);
    blended.forEach((w, i) => expect(w).toBeCloseTo(0.75 * fa[i]! + 0.25 * fb[i]!, 6));
  });
  it('a net blended with copies of itself, or given the whole share, is itself', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1000 }),
        fc.array(fc.double({ min: 0.01, max: 10, noNaN: true }), { minLength: 1, maxLength: 4 }),
        (seed, shares) => {
          const a = netOf(seed);
          const fa = flat(a);
          flat(
            blendNets(
              shares.map(() => a),
              shares,
            ),
          ).forEach((w, i) => expect(w).toBeCloseTo(fa[i]!, 5));
          expect(flat(blendNets([a, netOf(seed + 1)], [shares[0]!, 0]))).toEqual(fa);
        },
      ),
      { numRuns: 30 },
    );
  });
  it('leaves its nets as they were', () => {
    const [a, b] = [netOf(3), netOf(4)];
    const before = flat(a);
    blendNets([a, b], [1, 1]);
    expect(flat(a)).toEqual(before);
  });
  it('refuses nets of other shapes, and shares that are negative, missing or all zero', () => {
    const other = Mlp.random({ inputs: 7, hidden: 6, outputs: 3 }, seededRng(5));
    expect(() => blendNets([netOf(1), other], [1, 1])).toThrow(/7-6-3 net cannot join 7-5-3/);
    expect(() => blendNets([netOf(1), netOf(2)], [1, -1])).toThrow(/non-negative/);
    expect(() => blendNets([netOf(1), netOf(2)], [1])).toThrow(/2 nets and 1 shares/);
    expect(() => blendNets([netOf(1), netOf(2)], [0, 0])).toThrow(/sum to zero/);
    expect(() => blendNets([], [])).toThrow(/0 nets/);
  });
});
