import { THROWS } from '../throws.js';
import { bearOffResults } from './moves.js';
import { HOME_POINTS, positionCount, positionFromNumber } from './position-number.js';

/** Longest distribution kept while solving: no bear-off of 15 checkers takes this many throws. */
export const SOLVE_THROWS = 48;

/** Exact (float64) one-sided results for every position with at most `checkers` checkers. */
export interface OneSidedSolution {
  readonly checkers: number;
  readonly count: number;
  /** Expected throws to bear off every checker, playing to minimise it. */
  readonly mean: Float64Array;
  /** Row n·SOLVE_THROWS + k: the chance position n needs exactly k throws to bear off every checker. */
  readonly offIn: Float64Array;
  /** Expected throws until one checker leaves the board, playing to minimise that. */
  readonly firstMean: Float64Array;
  /** As `offIn`, for the first checker borne off (what saves the mars, L24/S7). */
  readonly firstOffIn: Float64Array;
}

/**
 * Solves the one-sided bear-off by increasing position number (every move lowers it). Each throw is played to
 * minimise the expected number of throws still needed (the usual one-sided policy; ties go to the first
 * result found); the distribution is the one that policy yields. The first-off tables solve the same way
 * with "a checker is off" as the goal, which is what a side threatened with mars plays for.
 */
export function solveOneSided(checkers: number): OneSidedSolution {
  const count = positionCount(checkers);
  const mean = new Float64Array(count);
  const offIn = new Float64Array(count * SOLVE_THROWS);
  const firstMean = new Float64Array(count);
  const firstOffIn = new Float64Array(count * SOLVE_THROWS);
  offIn[0] = 1;
  firstOffIn[0] = 1;
  for (let n = 1; n < count; n++) {
    const counts = positionFromNumber(n);
    const onBoard = checkersOn(counts);
    let m = 1;
    let fm = 1;
    for (const {
      dice: [d2, d1],
      weight,
    } of THROWS) {
      const p = weight / 36;
      let best = -1;
      let bestFirst = -1;
      for (const r of bearOffResults(counts, d1, d2)) {
        if (best < 0 || mean[r]! < mean[best]! - 1e-12) best = r;
        // A result with fewer checkers has borne one off: position 0's "done" row stands for it.
        const f = checkersOn(positionFromNumber(r)) < onBoard ? 0 : r;
        if (bestFirst < 0 || firstMean[f]! < firstMean[bestFirst]! - 1e-12) bestFirst = f;
      }
      m += p * mean[best]!;
      fm += p * firstMean[bestFirst]!;
      addShifted(offIn, n, best, p);
      addShifted(firstOffIn, n, bestFirst, p);
    }
    mean[n] = m;
    firstMean[n] = fm;
  }
  return { checkers, count, mean, offIn, firstMean, firstOffIn };
}

/** row n += p × (row r one throw later). */
function addShifted(table: Float64Array, n: number, r: number, p: number): void {
  const to = n * SOLVE_THROWS;
  const from = r * SOLVE_THROWS;
  if (table[from + SOLVE_THROWS - 1] !== 0) throw new Error('bear-off distribution longer than SOLVE_THROWS');
  for (let k = 1; k < SOLVE_THROWS; k++) table[to + k]! += p * table[from + k - 1]!;
}

function checkersOn(counts: Uint8Array): number {
  let n = 0;
  for (let p = 1; p <= HOME_POINTS; p++) n += counts[p]!;
  return n;
}

/**
 * The two-sided bear-off: entry a·count + b is the exact cubeless chance that the side on roll with position a
 * wins against position b (both at most `checkers` checkers), each throw played to maximise it. A side that
 * bears off its last checker wins at once (L23); otherwise the opponent is on roll. Filled by increasing
 * a + b: every entry needs only (b, a′) with a′ < a.
 */
export function solveTwoSided(checkers: number): Float64Array {
  const count = positionCount(checkers);
  const results: number[][][] = [];
  for (let n = 0; n < count; n++) {
    const counts = positionFromNumber(n);
    results.push(THROWS.map(({ dice: [d2, d1] }) => bearOffResults(counts, d1, d2)));
  }
  const win = new Float64Array(count * count);
  for (let sum = 1; sum <= 2 * (count - 1); sum++) {
    for (let a = Math.max(1, sum - count + 1); a <= Math.min(sum, count - 1); a++) {
      const b = sum - a;
      if (b === 0) continue; // the opponent has already finished: 0
      let w = 0;
      const byThrow = results[a]!;
      for (let t = 0; t < THROWS.length; t++) {
        let best = 0;
        for (const r of byThrow[t]!) {
          const v = r === 0 ? 1 : 1 - win[b * count + r]!;
          if (v > best) best = v;
        }
        w += (THROWS[t]!.weight / 36) * best;
      }
      win[a * count + b] = w;
    }
  }
  return win;
}
