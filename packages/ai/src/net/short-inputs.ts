import { BAR, OFF, type Checkers } from '@nardy/engine';

/**
 * Inputs of the short-nardy nets (encoding `short-v1`), for the side on roll (`me`) and its opponent, each
 * board in its own frame (point q of one side is point 25 − q of the other, as in gnubg's half-boards).
 *
 * Per side (99 units): for each own point 1–24 four units in the style of TD-Gammon and gnubg — at least
 * one checker, at least two, at least three, and (n − 3)/2 beyond three —, the bar (any; and (n − 1)/2),
 * and the share borne off. Then 8 features per side of our own design (see `sideFeatures`).
 */
export const SHORT_ENCODING = 'short-v1';
const RAW_PER_SIDE = 24 * 4 + 3;
const FEATURES_PER_SIDE = 8;
export const SHORT_INPUTS = 2 * (RAW_PER_SIDE + FEATURES_PER_SIDE);

export function encodeShort(me: Checkers, them: Checkers, out: Float32Array): Float32Array {
  out.fill(0);
  encodeRaw(me, out, 0);
  encodeRaw(them, out, RAW_PER_SIDE);
  sideFeatures(me, them, out, 2 * RAW_PER_SIDE);
  sideFeatures(them, me, out, 2 * RAW_PER_SIDE + FEATURES_PER_SIDE);
  return out;
}

function encodeRaw(side: Checkers, out: Float32Array, base: number): void {
  for (let p = 1; p <= 24; p++) {
    const n = side[p]!;
    if (n === 0) continue;
    const at = base + (p - 1) * 4;
    out[at] = 1;
    if (n >= 2) out[at + 1] = 1;
    if (n >= 3) out[at + 2] = 1;
    if (n > 3) out[at + 3] = (n - 3) / 2;
  }
  const bar = side[BAR]!;
  if (bar > 0) {
    out[base + 96] = 1;
    out[base + 97] = (bar - 1) / 2;
  }
  out[base + 98] = side[OFF]! / 15;
}

/** Pips of one side in its own frame (bar = 25). */
export function pipCount(side: Checkers): number {
  let pips = 0;
  for (let p = 1; p <= BAR; p++) pips += p * side[p]!;
  return pips;
}

/**
 * Features of `a` against `b`, in `a`'s frame (b's own point q is a's point 25 − q; b moves up a's points):
 * pips; the share of the 36 throws on which `b` hits at least one blot of `a` (`shotsAgainst`); a's home
 * points made; its longest prime; its checkers still back (b's home quarter and the bar); how many of b's
 * made points stand in the 12 points in front of a's rearmost checker (containment); a's blots; and the
 * crossovers it still needs (quarters left to travel, a timing measure).
 */
function sideFeatures(a: Checkers, b: Checkers, out: Float32Array, at: number): void {
  out[at] = pipCount(a) / 100;
  out[at + 1] = shotsAgainst(a, b) / 36;
  let home = 0;
  let prime = 0;
  let run = 0;
  let blots = 0;
  let crossovers = 0;
  for (let p = 1; p <= 24; p++) {
    const n = a[p]!;
    if (n >= 2) {
      if (p <= 6) home++;
      run++;
      if (run > prime) prime = run;
    } else run = 0;
    if (n === 1) blots++;
    crossovers += n * Math.floor((p - 1) / 6);
  }
  crossovers += a[BAR]! * 4;
  out[at + 2] = home / 6;
  out[at + 3] = prime / 6;
  let back = a[BAR]!;
  for (let p = 19; p <= 24; p++) back += a[p]!;
  out[at + 4] = back / 5;
  let rear = a[BAR]! > 0 ? 25 : 0;
  for (let p = 24; p >= 1 && rear === 0; p--) if (a[p]! > 0) rear = p;
  let blocks = 0;
  for (let p = rear - 1; p >= Math.max(1, rear - 12); p--) if (b[25 - p]! >= 2) blocks++;
  out[at + 5] = blocks / 6;
  out[at + 6] = blots / 4;
  out[at + 7] = crossovers / 30;
}

/**
 * On how many of the 36 throws `b` can hit at least one of `a`'s blots (a's frame; b on the bar enters at
 * a's point d). Whole-turn reach: a single die, both dice with an open midpoint, doubles up to four steps
 * with open midpoints; points `a` holds with two or more are closed. While `b` has checkers on the bar only
 * hits by an entering checker count (the others must wait) — a close approximation, cheap enough per call.
 */
export function shotsAgainst(a: Checkers, b: Checkers): number {
  const blots: number[] = [];
  for (let p = 1; p <= 24; p++) if (a[p] === 1) blots.push(p);
  if (blots.length === 0) return 0;
  const hitters: number[] = [];
  if (b[BAR]! > 0) hitters.push(0);
  else for (let q = 24; q >= 1; q--) if (b[q]! > 0) hitters.push(25 - q);
  const open = (p: number): boolean => p <= 24 && a[p]! < 2;
  let shots = 0;
  for (let d1 = 1; d1 <= 6; d1++) {
    for (let d2 = d1; d2 <= 6; d2++) {
      if (hits(blots, hitters, d1, d2, open)) shots += d1 === d2 ? 1 : 2;
    }
  }
  return shots;
}

function hits(blots: readonly number[], hitters: readonly number[], d1: number, d2: number, open: (p: number) => boolean): boolean {
  for (const m of hitters) {
    for (const blot of blots) {
      const d = blot - m;
      if (d <= 0) continue;
      if (d1 === d2) {
        if (d % d1 !== 0 || d / d1 > 4) continue;
        let clear = true;
        for (let k = 1; k < d / d1; k++) if (!open(m + k * d1)) clear = false;
        if (clear) return true;
      } else if (d === d1 || d === d2 || (d === d1 + d2 && (open(m + d1) || open(m + d2)))) return true;
    }
  }
  return false;
}

/** The board part alone (the first 198 inputs of `short-v1`): what the small pruning net reads. */
export const SHORT_RAW_ENCODING = 'short-raw-v1';
export const SHORT_RAW_INPUTS = 2 * RAW_PER_SIDE;

export function encodeShortRaw(me: Checkers, them: Checkers, out: Float32Array): Float32Array {
  out.fill(0);
  encodeRaw(me, out, 0);
  encodeRaw(them, out, RAW_PER_SIDE);
  return out;
}
