import { describe, expect, it } from 'vitest';
import { DiceCommitments } from './commitments.js';

describe('DiceCommitments', () => {
  it('lets a held seed be read without using it, and held for the same link on another instance', () => {
    const here = new DiceCommitments(() => 'seed-1');
    const c = here.give('l1');
    expect(here.peek('l1', c)).toBe('seed-1');
    expect(here.peek('l2', c)).toBeNull();
    const owner = new DiceCommitments();
    owner.put('l1', c, here.peek('l1', c)!);
    expect(owner.take('l1', c)).toBe('seed-1');
    expect(owner.take('l1', c)).toBeNull();
    expect(here.take('l1', c)).toBe('seed-1');
  });
});
