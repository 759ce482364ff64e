import { BAR, type Checkers } from '@nardy/engine';

/**
 * Bear-off positions of one side: up to 15 checkers on its six home points (own points 1..6, L17/S6),
 * numbered combinatorially. A position with counts c1..c6 (c1 on the last point) is the stars-and-bars word
 * "c6 stars, bar, c5 stars, bar, …, c1 stars, bar": bar i stands at b_i = c6 + … + c(7−i) + i − 1 and the
 * number is the colex rank Σ C(b_i, i). Two properties the tables rely on:
 * - every position with at most n checkers comes first: they are exactly the numbers 0 .. C(n + 6, 6) − 1,
 *   so one numbering serves the one-sided table (n = 15) and any smaller two-sided table;
 * - every move lowers the number (a checker moving down or off shifts bars left), so the tables can be
 *   filled in increasing order. Number 0 is the empty board (all off).
 */
export const HOME_POINTS = 6;
export const MAX_HOME_CHECKERS = 15;

const BINOMIAL: readonly (readonly number[])[] = (() => {
  const rows: number[][] = [];
  for (let n = 0; n <= MAX_HOME_CHECKERS + HOME_POINTS; n++) {
    const row: number[] = [];
    for (let k = 0; k <= HOME_POINTS; k++) row.push(k === 0 ? 1 : n === 0 ? 0 : rows[n - 1]![k - 1]! + rows[n - 1]![k]!);
    rows.push(row);
  }
  return rows;
})();

/** How many positions have at most `checkers` checkers on the home points: C(checkers + 6, 6). */
export const positionCount = (checkers: number): number => BINOMIAL[checkers + HOME_POINTS]![HOME_POINTS]!;

/** The number of the position with `counts[p]` checkers on home point p (p = 1..6; other slots ignored). */
export function positionNumber(counts: ArrayLike<number>): number {
  let rank = 0;
  let bar = -1;
  for (let i = 1; i <= HOME_POINTS; i++) {
    bar += counts[HOME_POINTS + 1 - i]! + 1;
    rank += BINOMIAL[bar]![i]!;
  }
  return rank;
}

/** The inverse of `positionNumber`: counts by home point (index 0 unused, always 0). */
export function positionFromNumber(rank: number): Uint8Array {
  const bars = [-1, 0, 0, 0, 0, 0, 0];
  let left = rank;
  let above = MAX_HOME_CHECKERS + HOME_POINTS;
  for (let i = HOME_POINTS; i >= 1; i--) {
    // Colex decoding: bar i stands at the largest b below bar i + 1 with C(b, i) ≤ what is left of the rank.
    let b = i - 1;
    while (b + 1 < above && BINOMIAL[b + 1]![i]! <= left) b++;
    left -= BINOMIAL[b]![i]!;
    bars[i] = b;
    above = b;
  }
  const counts = new Uint8Array(HOME_POINTS + 1);
  for (let i = 1; i <= HOME_POINTS; i++) counts[HOME_POINTS + 1 - i] = bars[i]! - bars[i - 1]! - 1;
  return counts;
}

/**
 * The position number of a side (own frame, 26 slots) whose checkers are all on its home points or off;
 * undefined when a checker is on points 7..24 or on the bar (not yet a bear-off position, L17).
 */
export function homeNumber(side: Checkers): number | undefined {
  for (let p = HOME_POINTS + 1; p <= BAR; p++) if ((side[p] ?? 0) !== 0) return undefined;
  return positionNumber(side);
}
