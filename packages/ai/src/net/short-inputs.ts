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
 *
 * Bit masks, as this runs twice per evaluation: bit p of `blots` / `open` is a's point p; shifted right by a
 * hitter's point m, bit d is the point d pips ahead of it. Bit t of the result is throw t (`THROWS`).
 */
export function shotsAgainst(a: Checkers, b: Checkers): number {
  let blots = 0;
  let open = 0;
  for (let p = 1; p <= 24; p++) {
    const n = a[p]!;
    if (n < 2) open |= 1 << p;
    if (n === 1) blots |= 1 << p;
  }
  if (blots === 0) return 0;
  let hit = 0;
  if (b[BAR]! > 0) hit = throwsHitting(blots, open);
  else {
    for (let q = 24; q >= 1 && hit !== ALL_THROWS; q--) {
      const m = 25 - q;
      if (b[q]! > 0 && blots >>> m !== 0) hit |= throwsHitting(blots >>> m, open >>> m);
    }
  }
  let shots = 0;
  for (let t = 0; t < THROWS.length; t++) if ((hit >>> t) & 1) shots += THROWS[t]![2];
  return shots;
}

/** The 21 throws as [die, die, how many of the 36 rolls]. */
const THROWS: readonly (readonly [number, number, number])[] = Array.from({ length: 6 }, (_, i) =>
  Array.from({ length: 6 - i }, (_, j) => [i + 1, i + 1 + j, j === 0 ? 1 : 2] as const),
).flat();
const ALL_THROWS = (1 << THROWS.length) - 1;

/** Which throws let one checker reach a blot: bit d of `blots` / `open` is d pips ahead of it. */
function throwsHitting(blots: number, open: number): number {
  const at = (mask: number, d: number): number => (mask >>> d) & 1;
  let hit = 0;
  for (let t = 0; t < THROWS.length; t++) {
    const [d1, d2] = THROWS[t]!;
    let h: number;
    if (d1 === d2) {
      const o1 = at(open, d1);
      const o2 = o1 & at(open, 2 * d1);
      h = at(blots, d1) | (o1 & at(blots, 2 * d1)) | (o2 & at(blots, 3 * d1)) | (o2 & at(open, 3 * d1) & at(blots, 4 * d1));
    } else h = at(blots, d1) | at(blots, d2) | (at(blots, d1 + d2) & (at(open, d1) | at(open, d2)));
    hit |= h << t;
  }
  return hit;
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
