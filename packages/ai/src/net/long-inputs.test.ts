import { test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { opposite, pips, startPosition } from '@nardy/engine';
import { playedPositionArb } from '@nardy/engine/testing';
import { side } from '../test-positions.suite.js';
import { LONG_INPUTS, encodeLong, mapped } from './long-inputs.js';

const RAW = 74;
const at = (x: Float32Array, featureSide: 0 | 1, k: number): number => x[2 * RAW + featureSide * 9 + k]!;

describe('encodeLong (RULES §1 frames)', () => {
  it("the start: all 15 on each head; the opponent's head shows 12 points away in the mover's frame", () => {
    const pos = startPosition('long');
    const x = encodeLong(pos.board.white, pos.board.black, new Float32Array(LONG_INPUTS));
    expect(x[(24 - 1) * 3]).toBe(1); // mover holds its 24 (head)
    expect(x[RAW + (12 - 1) * 3]).toBe(1); // the opponent's head is the mover's 12
    expect(x[72]).toBe(1);
    expect(x[RAW + 72]).toBe(1);
    expect(at(x, 0, 0)).toBeCloseTo((24 * 15) / 100);
    expect(at(x, 0, 2)).toBe(1); // nobody is home yet
  });

  it('mapping is an involution that keeps the count of checkers', () => {
    const s = side({ 24: 10, 13: 2, 5: 3 });
    const there = mapped(s, new Int8Array(26));
    const back = mapped(Array.from(there), new Int8Array(26));
    expect(Array.from(back)).toEqual(s);
    expect(Array.from(there).reduce((a, b) => a + b, 0)).toBe(15);
  });

  it('a six-point block in front of the opponent traps what stands behind it', () => {
    // White's points 11–6 are Black's own 23–18, right in front of Black's head (Black's 24 = White's 12).
    const white = side({ 11: 2, 10: 2, 9: 2, 8: 2, 7: 2, 6: 2, 24: 3 });
    const black = side({ 24: 15 });
    const x = encodeLong(white, black, new Float32Array(LONG_INPUTS));
    expect(at(x, 0, 3)).toBeCloseTo(1); // a run of 6
    expect(at(x, 0, 4)).toBeCloseTo(1); // all 15 black checkers behind it
    // Containment: of the 12 points in front of Black's rearmost (its own 23–12 = White's 11–1 and 24), White
    // holds the six of the block and its own head.
    expect(at(x, 0, 6)).toBeCloseTo(7 / 12);
  });

  test.prop([playedPositionArb('long', 200)], { numRuns: 100 })(
    'both halves describe each side the same way whoever is on roll; values finite',
    (pos) => {
      const me = pos.board[pos.turn];
      const them = pos.board[opposite(pos.turn)];
      const a = encodeLong(me, them, new Float32Array(LONG_INPUTS));
      const b = encodeLong(them, me, new Float32Array(LONG_INPUTS));
      expect(Array.from(a.subarray(2 * RAW, 2 * RAW + 9))).toEqual(Array.from(b.subarray(2 * RAW + 9)));
      expect(a[72]).toBe(b[RAW + 72]);
      expect(a.every((v) => Number.isFinite(v) && v >= 0)).toBe(true);
      expect(pips(me)).toBeGreaterThanOrEqual(0);
    },
    60_000,
  );
});
