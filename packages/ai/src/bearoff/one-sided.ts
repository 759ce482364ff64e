import { CHECKERS, OFF, type Checkers } from '@nardy/engine';
import { FIXED_ONE, type OneSidedTable } from './file-format.js';
import { HOME_POINTS, homeNumber } from './position-number.js';
import { oneSidedTable } from './tables.js';

/**
 * One side's bear-off in its own frame, alone on the board: how many throws it needs, playing each throw to
 * minimise the expected number (the same for every variant: L17–L20 and S6 bear off alike once the armies no
 * longer meet). Index k of a distribution = exactly k throws.
 */
export interface OneSided {
  /** The chance to have borne off every checker after exactly k throws. */
  readonly offIn: Float64Array;
  /** The chance that the first checker leaves after exactly k throws ([1] when one is already off). */
  readonly firstOffIn: Float64Array;
  /** Expected throws to bear off every checker (kept exactly, not from the rounded distribution). */
  readonly mean: number;
}

/** The side's position number when it is a bear-off position of 15 checkers; undefined otherwise. */
function bearOffNumber(side: Checkers): number | undefined {
  const n = homeNumber(side);
  if (n === undefined) return undefined;
  let total = side[OFF] ?? 0;
  for (let p = 1; p <= HOME_POINTS; p++) total += side[p] ?? 0;
  return total === CHECKERS ? n : undefined;
}

function distribution(table: OneSidedTable, start: number, length: number, at: number): Float64Array {
  const out = new Float64Array(start + length);
  for (let k = 0; k < length; k++) out[start + k] = table.data[at + k]! / FIXED_ONE;
  return out;
}

/** The side's bear-off distributions; undefined when a checker is outside its home or on the bar. */
export function oneSided(side: Checkers): OneSided | undefined {
  const n = bearOffNumber(side);
  if (n === undefined) return undefined;
  const t = oneSidedTable();
  const offIn = distribution(t, t.offStart[n]!, t.offLength[n]!, t.offAt[n]!);
  const firstOffIn = (side[OFF] ?? 0) > 0 ? Float64Array.of(1) : distribution(t, t.firstStart[n]!, t.firstLength[n]!, t.firstAt[n]!);
  return { offIn, firstOffIn, mean: t.mean[n]! };
}

/** Expected throws to bear off every checker (undefined when not a bear-off position): the cheap call for move choice. */
export function expectedThrows(side: Checkers): number | undefined {
  const n = bearOffNumber(side);
  return n === undefined ? undefined : oneSidedTable().mean[n]!;
}

/** Mean of a distribution over throw counts. */
export function throwsMean(dist: ArrayLike<number>): number {
  let m = 0;
  for (let k = 0; k < dist.length; k++) m += k * dist[k]!;
  return m;
}

/** Variance of a distribution over throw counts. */
export function throwsVariance(dist: ArrayLike<number>): number {
  const m = throwsMean(dist);
  let v = 0;
  for (let k = 0; k < dist.length; k++) v += (k - m) ** 2 * dist[k]!;
  return v;
}
