import { test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { opposite } from '@nardy/engine';
import { playedPositionArb } from '@nardy/engine/testing';
import { side } from '../test-positions.suite.js';
import { SHORT_INPUTS, encodeShort, pipCount, shotsAgainst } from './short-inputs.js';

describe('shotsAgainst (hit chances, the classic table)', () => {
  // One white blot on its 8-point, the rest borne off; one black checker d pips behind it (black's own point
  // 25 − (8 − d); d = 8 is the bar), the rest in black's home where they cannot reach the blot.
  const shots = (d: number): number => shotsAgainst(side({ 8: 1 }), side({ [25 - (8 - d)]: 1, 1: 14 }));

  it('direct shots: 1 away 11, 6 away 17 throws of 36', () => {
    expect(shots(1)).toBe(11);
    expect(shots(2)).toBe(12);
    expect(shots(6)).toBe(17);
  });

  it('indirect shots: 7 away 6, 8 away (from the bar) 6 throws', () => {
    expect(shots(7)).toBe(6);
    expect(shots(8)).toBe(6);
  });

  it('closed midpoints cut indirect shots: 8 away, White holding 4 and 6 leaves 6-2 and 5-3 (4 throws) of 6', () => {
    // Black's checker on its 23-point is White's point 2; the blot is on White's 10-point.
    const black = side({ 23: 1, 1: 14 });
    expect(shotsAgainst(side({ 10: 1, 1: 14 }), black)).toBe(6);
    expect(shotsAgainst(side({ 10: 1, 6: 2, 4: 2, 1: 10 }), black)).toBe(4);
    expect(shotsAgainst(side({ 6: 15 }), side({ 24: 15 }))).toBe(0);
  });
});

describe('encodeShort', () => {
  test.prop([playedPositionArb('short', 160)], { numRuns: 100 })('both halves encode each side the same way, whoever is on roll', (pos) => {
    const me = pos.board[pos.turn];
    const them = pos.board[opposite(pos.turn)];
    const a = encodeShort(me, them, new Float32Array(SHORT_INPUTS));
    const b = encodeShort(them, me, new Float32Array(SHORT_INPUTS));
    const half = 99;
    expect(Array.from(a.subarray(0, half))).toEqual(Array.from(b.subarray(half, 2 * half)));
    expect(Array.from(a.subarray(2 * half, 2 * half + 8))).toEqual(Array.from(b.subarray(2 * half + 8)));
    expect(a.every((x) => Number.isFinite(x) && x >= 0)).toBe(true);
  });

  it('pips of the starting position are 167', () => {
    expect(pipCount(side({ 24: 2, 13: 5, 8: 3, 6: 5 }))).toBe(167);
  });
});
