import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { BAR, opposite, type Checkers } from '@nardy/engine';
import { playedPositionArb, scatteredPositionArb } from '@nardy/engine/testing';
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

/** shotsAgainst's rule read literally, throw by throw, hitter by hitter, blot by blot (the bit-mask version's spec). */
function referenceShots(a: Checkers, b: Checkers): number {
  const blots: number[] = [];
  for (let p = 1; p <= 24; p++) if (a[p] === 1) blots.push(p);
  const hitters: number[] = [];
  if (b[BAR]! > 0) hitters.push(0);
  else for (let q = 24; q >= 1; q--) if (b[q]! > 0) hitters.push(25 - q);
  const open = (p: number): boolean => p <= 24 && a[p]! < 2;
  const reaches = (m: number, blot: number, d1: number, d2: number): boolean => {
    const d = blot - m;
    if (d <= 0) return false;
    if (d1 !== d2) return d === d1 || d === d2 || (d === d1 + d2 && (open(m + d1) || open(m + d2)));
    if (d % d1 !== 0 || d / d1 > 4) return false;
    for (let k = 1; k < d / d1; k++) if (!open(m + k * d1)) return false;
    return true;
  };
  let shots = 0;
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = d1; d2 <= 6; d2++) {
      if (hitters.some((m) => blots.some((blot) => reaches(m, blot, d1, d2)))) shots += d1 === d2 ? 1 : 2;
    }
  }
  return shots;
}

test.prop([fc.oneof(playedPositionArb('short', 200), scatteredPositionArb('short'))], { numRuns: 400 })('shotsAgainst equals its literal reading, both ways round', (pos) => {
  const me = pos.board[pos.turn];
  const them = pos.board[opposite(pos.turn)];
  expect(shotsAgainst(me, them)).toBe(referenceShots(me, them));
  expect(shotsAgainst(them, me)).toBe(referenceShots(them, me));
});

/** `short-v1` as first written, point by point (the one-pass `encodeShort` must give exactly these floats). */
function referenceEncode(me: Checkers, them: Checkers): Float32Array {
  const out = new Float32Array(SHORT_INPUTS);
  const raw = (side: Checkers, base: number): void => {
    for (let p = 1; p <= 24; p++) {
      const n = side[p]!;
      if (n === 0) continue;
      const at = base + (p - 1) * 4;
      out[at] = 1;
      if (n >= 2) out[at + 1] = 1;
      if (n >= 3) out[at + 2] = 1;
      if (n > 3) out[at + 3] = (n - 3) / 2;
    }
    if (side[BAR]! > 0) [out[base + 96], out[base + 97]] = [1, (side[BAR]! - 1) / 2];
    out[base + 98] = side[0]! / 15;
  };
  const features = (a: Checkers, b: Checkers, at: number): void => {
    let [home, prime, run, blots, crossovers] = [0, 0, 0, 0, a[BAR]! * 4];
    for (let p = 1; p <= 24; p++) {
      const n = a[p]!;
      if (n >= 2) {
        if (p <= 6) home++;
        prime = Math.max(prime, ++run);
      } else run = 0;
      if (n === 1) blots++;
      crossovers += n * Math.floor((p - 1) / 6);
    }
    let back = a[BAR]!;
    for (let p = 19; p <= 24; p++) back += a[p]!;
    let rear = a[BAR]! > 0 ? 25 : 0;
    for (let p = 24; p >= 1 && rear === 0; p--) if (a[p]! > 0) rear = p;
    let blocks = 0;
    for (let p = rear - 1; p >= Math.max(1, rear - 12); p--) if (b[25 - p]! >= 2) blocks++;
    const values = [pipCount(a) / 100, referenceShots(a, b) / 36, home / 6, prime / 6, back / 5, blocks / 6, blots / 4, crossovers / 30];
    values.forEach((v, i) => (out[at + i] = v));
  };
  raw(me, 0);
  raw(them, 99);
  features(me, them, 198);
  features(them, me, 206);
  return out;
}

test.prop([fc.oneof(playedPositionArb('short', 200), scatteredPositionArb('short'))], { numRuns: 400 })('encodeShort equals the point-by-point encoding, float for float', (pos) => {
  const me = pos.board[pos.turn];
  const them = pos.board[opposite(pos.turn)];
  const out = new Float32Array(SHORT_INPUTS).fill(7); // stale values from a previous position must not survive
  expect(Array.from(encodeShort(me, them, out))).toEqual(Array.from(referenceEncode(me, them)));
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
  }, 60_000);

  it('pips of the starting position are 167', () => {
    expect(pipCount(side({ 24: 2, 13: 5, 8: 3, 6: 5 }))).toBe(167);
  });
});
