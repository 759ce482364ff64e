import { describe, expect, it } from 'vitest';
import type { Action } from '@nardy/engine';
import { commitment, diceSecret, isServerSeed, newServerSeed, throwAt, throwBlock, verifyDice } from './dice.js';

const SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const SEEDS = { p1: 'alice-7f3a', p2: 'bob-19c2' };

describe('dice (G10, docs/dice.md)', () => {
  it('server seeds are 32 random bytes in hex, committed by SHA-256 of their text', () => {
    const s = newServerSeed();
    expect(isServerSeed(s)).toBe(true);
    expect(newServerSeed()).not.toBe(s);
    expect(commitment(SEED)).toBe('1309f953015195d9eadc0455c1e42a5cfc463d4cad90c0cc940ff77b5f1633bd');
  });

  it('reproduces the worked example of docs/dice.md', () => {
    expect(throwBlock(SEED, SEEDS, 1, 'opening').toString('hex')).toBe('f3f07051ce1f84f3ea7d3cce5d0793314e8ca3ed8c1275dae77b2a47d19d0f1c');
    expect(throwAt(SEED, SEEDS, 1, 'opening')).toEqual([4, 1]);
    expect(throwAt(SEED, SEEDS, 2, 'opening')).toEqual([3, 3]);
    expect(throwAt(SEED, SEEDS, 3, 'roll')).toEqual([3, 3]);
    expect(throwAt(SEED, SEEDS, 4, 'roll')).toEqual([5, 3]);
    // Throw 15: the first byte, 0xff, is rejected.
    expect(throwBlock(SEED, SEEDS, 15, 'roll')[0]).toBe(0xff);
    expect(throwAt(SEED, SEEDS, 15, 'roll')).toEqual([2, 6]);
  });

  it('every face about equally likely; the kind and both client seeds change the throw', () => {
    const counts = [0, 0, 0, 0, 0, 0];
    for (let n = 1; n <= 6000; n++) for (const d of throwAt(SEED, SEEDS, n, 'roll')) counts[d - 1]!++;
    for (const c of counts) expect(Math.abs(c - 2000)).toBeLessThan(200);
    const row = (f: (n: number) => readonly number[]) => Array.from({ length: 20 }, (_, i) => f(i + 1).join('')).join(',');
    const base = row((n) => throwAt(SEED, SEEDS, n, 'roll'));
    expect(row((n) => throwAt(SEED, SEEDS, n, 'opening'))).not.toBe(base);
    expect(row((n) => throwAt(SEED, { ...SEEDS, p1: 'alice-7f3b' }, n, 'roll'))).not.toBe(base);
    expect(row((n) => throwAt(SEED, { ...SEEDS, p2: 'bob' }, n, 'roll'))).not.toBe(base);
  });

  it('rejects malformed seeds', () => {
    expect(() => throwAt('abc', SEEDS, 1, 'roll')).toThrow();
    expect(() => diceSecret({ p1: 'has space', p2: 'x' }, SEED)).toThrow();
    expect(() => throwAt(SEED, SEEDS, 0, 'roll')).toThrow();
  });

  it('verifyDice recomputes a log and names the first altered throw', () => {
    const o = throwAt(SEED, SEEDS, 1, 'opening');
    const r = throwAt(SEED, SEEDS, 2, 'roll');
    const actions: Action[] = [
      { type: 'opening', dice: { p1: o[0], p2: o[1] } },
      { type: 'move', seat: 'p1', steps: [] },
      { type: 'roll', seat: 'p2', dice: r },
    ];
    const rec = { serverSeed: SEED, commitment: commitment(SEED), clientSeeds: SEEDS, actions };
    expect(verifyDice(rec)).toEqual({ ok: true, throws: 2 });
    const bad = verifyDice({ ...rec, actions: [actions[0]!, actions[1]!, { type: 'roll', seat: 'p2', dice: [r[0] === 6 ? 1 : 6, r[1]] }] });
    expect(bad).toMatchObject({ ok: false, code: 'DICE_MISMATCH', index: 2, n: 2, kind: 'roll' });
    expect(verifyDice({ ...rec, commitment: commitment(newServerSeed()) })).toMatchObject({ ok: false, code: 'COMMITMENT_MISMATCH' });
  });
});
