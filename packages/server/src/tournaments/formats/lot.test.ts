import { describe, expect, it } from 'vitest';
import { field } from './drive.suite.js';
import { seedOrder } from './lot.js';

describe('seed order', () => {
  it('orders by rating, and equal ratings by a lot that depends only on the seed', () => {
    const level = field(12, (i) => (i < 2 ? 2000 - i : 1500));
    const order = (seed: string): string[] => seedOrder(level, seed).map((e) => e.id);
    expect(order('t1').slice(0, 2)).toEqual(['p1', 'p2']);
    expect(order('t1')).toEqual(order('t1'));
    expect(seedOrder([...level].reverse(), 't1').map((e) => e.id)).toEqual(order('t1'));
    expect(['t2', 't3', 't4'].some((seed) => order(seed).join() !== order('t1').join())).toBe(true);
  });
});
