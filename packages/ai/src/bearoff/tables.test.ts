import { describe, expect, it } from 'vitest';
import { bytesSource, dataSource } from '../data-source.js';
import { decodeOneSided, decodeTwoSided, FIXED_ONE, quantize } from './file-format.js';
import { MAX_HOME_CHECKERS, positionCount, positionFromNumber, positionNumber } from './position-number.js';
import { SOLVE_THROWS, solveOneSided, solveTwoSided } from './solve.js';
import { BEAROFF_DATA, ONE_SIDED_FILE, oneSidedTable, readTable, TWO_SIDED_FILE, twoSidedTable } from './tables.js';

const os = oneSidedTable();
const ts = twoSidedTable();
const offRow = (n: number): Uint16Array => os.data.subarray(os.offAt[n]!, os.offAt[n]! + os.offLength[n]!);
const firstRow = (n: number): Uint16Array => os.data.subarray(os.firstAt[n]!, os.firstAt[n]! + os.firstLength[n]!);
const sum = (a: Uint16Array): number => a.reduce((s, x) => s + x, 0);

describe('the generated one-sided table', () => {
  it('holds every position of up to 15 checkers; each distribution sums to exactly 1 (65535)', () => {
    expect(os.count).toBe(54264);
    const allOnBoard = positionCount(MAX_HOME_CHECKERS - 1);
    const wrong: number[] = [];
    for (let n = 0; n < os.count; n++) {
      const first = n >= allOnBoard ? sum(firstRow(n)) === FIXED_ONE : os.firstLength[n] === 0;
      if (sum(offRow(n)) !== FIXED_ONE || !first) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });

  it('equals a fresh solve on its first C(11, 6) positions (up to 5 checkers)', () => {
    const fresh = solveOneSided(5);
    for (let n = 0; n < fresh.count; n++) {
      const [start, dist] = quantize(fresh.offIn.subarray(n * SOLVE_THROWS, (n + 1) * SOLVE_THROWS));
      expect(os.offStart[n]).toBe(start);
      expect([...offRow(n)]).toEqual([...dist]);
      expect(os.mean[n]).toBeCloseTo(fresh.mean[n]!, 5);
    }
  });

  it('adding a checker never makes the bear-off faster (means, all positions)', () => {
    const faster: string[] = [];
    for (let n = 0; n < positionCount(MAX_HOME_CHECKERS - 1); n++) {
      const counts = positionFromNumber(n);
      for (let p = 1; p <= 6; p++) {
        counts[p]!++;
        if (os.mean[positionNumber(counts)]! < os.mean[n]! - 1e-5) faster.push(`${counts.join('')} from ${n}`);
        counts[p]!--;
      }
    }
    expect(faster).toEqual([]);
  });

  it('the stored mean agrees with the stored distribution (within rounding)', () => {
    for (let n = 1; n < os.count; n += 97) {
      const mean = [...offRow(n)].reduce((s, x, k) => s + (os.offStart[n]! + k) * x, 0) / FIXED_ONE;
      expect(Math.abs(mean - os.mean[n]!)).toBeLessThan(1e-3);
    }
  });
});

describe('the generated two-sided table', () => {
  const win = (a: number, b: number): number => ts.win[a * ts.count + b]! / FIXED_ONE;
  const aceOnly = positionNumber([0, 1, 0, 0, 0, 0, 0]);

  it('covers every pair of positions of up to 6 checkers (or more) and equals a fresh solve (up to 4 checkers)', () => {
    expect(ts.checkers).toBeGreaterThanOrEqual(6);
    expect(ts.count).toBe(positionCount(ts.checkers));
    const fresh = solveTwoSided(4);
    const n = positionCount(4);
    for (let a = 1; a < n; a++) for (let b = 1; b < n; b++) expect(ts.win[a * ts.count + b]).toBe(Math.round(fresh[a * n + b]! * FIXED_ONE));
  });

  it('the roll is worth something: P(a, b) + P(b, a) ≥ 1, so P(a, a) ≥ 1/2', () => {
    const bad: number[][] = [];
    for (let a = 1; a < ts.count; a++)
      for (let b = a; b < ts.count; b++) if (ts.win[a * ts.count + b]! + ts.win[b * ts.count + a]! < FIXED_ONE - 1) bad.push([a, b]);
    expect(bad).toEqual([]);
  });

  it('agrees with the one-sided table: exactly against a side that finishes in one throw, within 0.02 elsewhere', () => {
    for (let a = 1; a < ts.count; a++) {
      // The opponent's lone checker on the ace comes off next throw: I win iff I finish now.
      const now = os.offStart[a] === 1 ? offRow(a)[0]! / FIXED_ONE : 0;
      expect(Math.abs(win(a, aceOnly) - now)).toBeLessThanOrEqual(2 / FIXED_ONE);
      const b = ((a * 7919) % (ts.count - 1)) + 1;
      let oneSided = 0;
      const them = offRow(b);
      [...offRow(a)].forEach((p, i) => {
        const k = os.offStart[a]! + i;
        let atLeast = 0;
        them.forEach((q, j) => (atLeast += os.offStart[b]! + j >= k ? q : 0));
        oneSided += (p / FIXED_ONE) * (atLeast / FIXED_ONE);
      });
      expect(Math.abs(win(a, b) - oneSided)).toBeLessThan(0.02);
    }
  });
});

describe('reading the tables', () => {
  const good = dataSource().load(BEAROFF_DATA + TWO_SIDED_FILE);
  /** The two-sided table read from a source that holds `bytes` under its name. */
  const readAs = (bytes: Uint8Array): unknown => readTable(TWO_SIDED_FILE, decodeTwoSided, bytesSource({ [BEAROFF_DATA + TWO_SIDED_FILE]: bytes }));

  it('a missing file is a clear error that says how to make it', () => {
    expect(() => readTable(TWO_SIDED_FILE, decodeTwoSided, bytesSource({}))).toThrow(
      /cannot read the bear-off table data\/bearoff-ts\.bin .*make-bearoff\.mjs/,
    );
  });

  it('a corrupt, truncated or foreign file is refused', () => {
    const flipped = Uint8Array.from(good);
    flipped[1000] = flipped[1000]! ^ 1;
    expect(() => readAs(flipped)).toThrow(/bearoff-ts\.bin: checksum mismatch/);
    expect(() => readAs(good.subarray(0, good.length - 10))).toThrow(/truncated/);
    expect(() => readAs(dataSource().load(BEAROFF_DATA + ONE_SIDED_FILE))).toThrow(/not a bear-off table/);
    expect(decodeOneSided(good).ok).toBe(false);
  });
});
