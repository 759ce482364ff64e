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
  const a = scan(me, out, 0, scanMe);
  const b = scan(them, out, RAW_PER_SIDE, scanThem);
  sideFeatures(a, b, out, 2 * RAW_PER_SIDE);
  sideFeatures(b, a, out, 2 * RAW_PER_SIDE + FEATURES_PER_SIDE);
  return out;
}

/** Pips of one side in its own frame (bar = 25). */
export function pipCount(side: Checkers): number {
  let pips = 0;
  for (let p = 1; p <= BAR; p++) pips += p * side[p]!;
  return pips;
}

/**
 * One side's board reduced to what its features need, in its own frame (bit p of a mask is point p), so one
 * pass over each board serves its raw units and both sides' features.
 */
interface SideScan {
  pips: number;
  homeMade: number;
  prime: number;
  blots: number;
  crossovers: number;
  back: number;
  /** Its rearmost checker's point, 25 on the bar, 0 with none left. */
  rear: number;
  bar: number;
  blotMask: number;
  /** Points it holds with fewer than two (the opponent may land there). */
  openMask: number;
  /** Bit 25 − q for each point q it has checkers on / holds with two or more: those points in the opponent's frame. */
  occupiedMirror: number;
  madeMirror: number;
}

const newScan = (): SideScan => ({ pips: 0, homeMade: 0, prime: 0, blots: 0, crossovers: 0, back: 0, rear: 0, bar: 0, blotMask: 0, openMask: 0, occupiedMirror: 0, madeMirror: 0 });
const scanMe = newScan();
const scanThem = newScan();

/** Writes `side`'s 99 raw units at `base` (the description at the top) and fills `s`. */
function scan(side: Checkers, out: Float32Array, base: number, s: SideScan): SideScan {
  let pips = 0;
  let homeMade = 0;
  let prime = 0;
  let run = 0;
  let blots = 0;
  let crossovers = 0;
  let back = 0;
  let rear = 0;
  let blotMask = 0;
  let openMask = 0;
  let occupied = 0;
  let made = 0;
  for (let p = 1; p <= 24; p++) {
    const n = side[p]!;
    if (n < 2) {
      run = 0;
      openMask |= 1 << p;
    }
    if (n === 0) continue;
    const at = base + (p - 1) * 4;
    out[at] = 1;
    pips += p * n;
    crossovers += n * Math.floor((p - 1) / 6);
    if (p >= 19) back += n;
    rear = p;
    occupied |= 1 << (25 - p);
    if (n === 1) {
      blots++;
      blotMask |= 1 << p;
      continue;
    }
    out[at + 1] = 1;
    made |= 1 << (25 - p);
    if (p <= 6) homeMade++;
    if (++run > prime) prime = run;
    if (n >= 3) out[at + 2] = 1;
    if (n > 3) out[at + 3] = (n - 3) / 2;
  }
  const bar = side[BAR]!;
  if (bar > 0) {
    out[base + 96] = 1;
    out[base + 97] = (bar - 1) / 2;
    rear = 25;
  }
  out[base + 98] = side[OFF]! / 15;
  s.pips = pips + 25 * bar;
  s.homeMade = homeMade;
  s.prime = prime;
  s.blots = blots;
  s.crossovers = crossovers + 4 * bar;
  s.back = back + bar;
  s.rear = rear;
  s.bar = bar;
  s.blotMask = blotMask;
  s.openMask = openMask;
  s.occupiedMirror = occupied;
  s.madeMirror = made;
  return s;
}

/**
 * Features of `a` against `b`, in `a`'s frame (b's own point q is a's point 25 − q; b moves up a's points):
 * pips; the share of the 36 throws on which `b` hits at least one blot of `a` (`shotsAgainst`); a's home
 * points made; its longest prime; its checkers still back (b's home quarter and the bar); how many of b's
 * made points stand in the 12 points in front of a's rearmost checker (containment); a's blots; and the
 * crossovers it still needs (quarters left to travel, a timing measure).
 */
function sideFeatures(a: SideScan, b: SideScan, out: Float32Array, at: number): void {
  out[at] = a.pips / 100;
  out[at + 1] = shots(a, b) / 36;
  out[at + 2] = a.homeMade / 6;
  out[at + 3] = a.prime / 6;
  out[at + 4] = a.back / 5;
  // b's made points on a's points max(1, rear − 12) … rear − 1.
  const ahead = a.rear <= 1 ? 0 : ((1 << a.rear) - 1) & ~((1 << Math.max(1, a.rear - 12)) - 1);
  out[at + 5] = bitCount(b.madeMirror & ahead) / 6;
  out[at + 6] = a.blots / 4;
  out[at + 7] = a.crossovers / 30;
}

function bitCount(x: number): number {
  let n = 0;
  for (; x !== 0; x &= x - 1) n++;
  return n;
}

/**
 * On how many of the 36 throws `b` can hit at least one of `a`'s blots (a's frame; b on the bar enters at
 * a's point d). Whole-turn reach: a single die, both dice with an open midpoint, doubles up to four steps
 * with open midpoints; points `a` holds with two or more are closed. While `b` has checkers on the bar only
 * hits by an entering checker count (the others must wait) — a close approximation, cheap enough per call.
 */
export function shotsAgainst(a: Checkers, b: Checkers): number {
  return shots(scan(a, scratch, 0, newScan()), scan(b, scratch, 0, newScan()));
}

const scratch = new Float32Array(RAW_PER_SIDE);

/**
 * `shotsAgainst` on bit masks: a's blots and open points shifted right by a hitter's point m put the point d
 * pips ahead of it at bit d; the hitters are b's occupied points in a's frame (or the bar, m = 0). Bit t of
 * `hit` is throw t (`THROWS`).
 */
function shots(a: SideScan, b: SideScan): number {
  if (a.blotMask === 0) return 0;
  let hit = 0;
  let hitters = b.bar > 0 ? 1 : b.occupiedMirror;
  for (; hitters !== 0 && hit !== ALL_THROWS; hitters &= hitters - 1) {
    const m = 31 - Math.clz32(hitters & -hitters);
    if (a.blotMask >>> m !== 0) hit |= throwsHitting(a.blotMask >>> m, a.openMask >>> m);
  }
  return 2 * bitCount(hit & ~DOUBLES) + bitCount(hit & DOUBLES);
}

/** The 21 throws as [die, die]; bit t of a throw mask is THROWS[t]. */
const THROWS: readonly (readonly [number, number])[] = Array.from({ length: 6 }, (_, i) => Array.from({ length: 6 - i }, (_, j) => [i + 1, i + 1 + j] as const)).flat();
const maskOf = (has: (d1: number, d2: number) => boolean): number => THROWS.reduce((m, [d1, d2], t) => (has(d1, d2) ? m | (1 << t) : m), 0);
const ALL_THROWS = maskOf(() => true);
const DOUBLES = maskOf((d1, d2) => d1 === d2);
const DOUBLE = Int32Array.from({ length: 7 }, (_, d) => maskOf((d1, d2) => d1 === d && d2 === d));
/** DIRECT[b]: the throws with a die d where bit d − 1 of b is set (a blot d pips ahead). */
const DIRECT = Int32Array.from({ length: 64 }, (_, b) => maskOf((d1, d2) => ((b >> (d1 - 1)) & 1) + ((b >> (d2 - 1)) & 1) > 0));
/** COMBINED[s · 64 + o]: the non-doubles d1 + d2 = s with an open midpoint, bit d − 1 of o meaning point d is open. */
const COMBINED = Int32Array.from({ length: 12 * 64 }, (_, i) =>
  maskOf((d1, d2) => d1 !== d2 && d1 + d2 === i >> 6 && (((i >> (d1 - 1)) | (i >> (d2 - 1))) & 1) === 1),
);

/** Which throws let one checker reach a blot: bit d of `blots` / `open` is d pips ahead of it. */
function throwsHitting(blots: number, open: number): number {
  let hit = DIRECT[(blots >>> 1) & 63]!;
  const near = (open >>> 1) & 63;
  for (let far = blots & 0xff8; far !== 0; far &= far - 1) hit |= COMBINED[((31 - Math.clz32(far & -far)) << 6) | near]!;
  // Doubles beyond one step: 2, 3 or 4 steps of d, every point on the way open.
  for (let d = 1; d <= 6; d++) {
    if (((open >>> d) & 1) === 0) continue;
    if (((blots >>> (2 * d)) & 1) === 1) hit |= DOUBLE[d]!;
    else if (((open >>> (2 * d)) & 1) === 1 && (((blots >>> (3 * d)) & 1) === 1 || (((open >>> (3 * d)) & 1) === 1 && ((blots >>> (4 * d)) & 1) === 1))) hit |= DOUBLE[d]!;
  }
  return hit;
}

/** The board part alone (the first 198 inputs of `short-v1`): what the small pruning net reads. */
export const SHORT_RAW_ENCODING = 'short-raw-v1';
export const SHORT_RAW_INPUTS = 2 * RAW_PER_SIDE;

export function encodeShortRaw(me: Checkers, them: Checkers, out: Float32Array): Float32Array {
  out.fill(0);
  scan(me, out, 0, scanMe);
  scan(them, out, RAW_PER_SIDE, scanThem);
  return out;
}
