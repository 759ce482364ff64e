import { BAR, OFF, type Checkers } from '@nardy/engine';
import { THROWS } from '../throws.js';

/**
 * Inputs of the short-nardy nets (encoding `short-v1`), for the side on roll (`me`) and its opponent, each
 * board in its own frame (point q of one side is point 25 − q of the other, as in gnubg's half-boards).
 *
 * Per side (99 units): for each own point 1–24 four units in the style of TD-Gammon and gnubg — at least
 * one checker, at least two, at least three, and (n − 3)/2 beyond three —, the bar (any; and (n − 1)/2),
 * and the share borne off. Then 12 features per side of our own design (see `sideFeatures`).
 *
 * `short-v2` added the last four features per side (pip loss to hits, the rear checker's escapes, the
 * opponent's blockade, pips to break contact); `shortV1ToV2` carries a `short-v1` net over
 * unchanged.
 */
export const SHORT_ENCODING = 'short-v2';
const RAW_PER_SIDE = 24 * 4 + 3;
const FEATURES_PER_SIDE = 12;
export const SHORT_INPUTS = 2 * (RAW_PER_SIDE + FEATURES_PER_SIDE);

/** `short-v1`: the same raw units, 8 features per side (the first 8 of `short-v2`'s 12). */
export const SHORT_V1_ENCODING = 'short-v1';
const V1_FEATURES_PER_SIDE = 8;

/**
 * Where input i of `short-v1` sits in `short-v2`: the raw units and the first side's features stay, the second
 * side's features move up past the first side's new ones (for `Mlp.withInputs`).
 */
export function shortV1ToV2(i: number): number {
  return i < 2 * RAW_PER_SIDE + V1_FEATURES_PER_SIDE ? i : i + FEATURES_PER_SIDE - V1_FEATURES_PER_SIDE;
}

export function encodeShort(me: Checkers, them: Checkers, out: Float32Array): Float32Array {
  out.fill(0);
  const a = scan(me, out, 0, scanMe);
  const b = scan(them, out, RAW_PER_SIDE, scanThem);
  sideFeatures(a, b, me, out, 2 * RAW_PER_SIDE);
  sideFeatures(b, a, them, out, 2 * RAW_PER_SIDE + FEATURES_PER_SIDE);
  return out;
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
  /** Bit p for each point p it holds with two or more, in its own frame. */
  made: number;
}

const newScan = (): SideScan => ({
  pips: 0,
  homeMade: 0,
  prime: 0,
  blots: 0,
  crossovers: 0,
  back: 0,
  rear: 0,
  bar: 0,
  blotMask: 0,
  openMask: 0,
  occupiedMirror: 0,
  madeMirror: 0,
  made: 0,
});
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
  let madeOwn = 0;
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
    madeOwn |= 1 << p;
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
  s.made = madeOwn;
  return s;
}

/**
 * Features of `a` against `b`, in `a`'s frame (b's own point q is a's point 25 − q; b moves up a's points):
 * pips; the share of the 36 throws on which `b` hits at least one blot of `a` (`shotsAgainst`); a's home
 * points made; its longest prime; its checkers still back (b's home quarter and the bar); how many of b's
 * made points stand in the 12 points in front of a's rearmost checker (containment); a's blots; and the
 * crossovers it still needs (quarters left to travel, a timing measure). Then (`short-v2`) what a hit costs
 * and how hard the way out is: the pips `a` expects to lose to a hit next throw (on each throw the costliest
 * blot it hits, 25 − p), the throws on which a's rearmost checker escapes (`ESCAPES`), the blockade `b` has
 * built (the fewest escapes from any of a's points 15–24 and the bar), and the pips `a` must still travel
 * to bring every checker level with b's rearmost (none left behind: the race has begun for `a`).
 */
function sideFeatures(a: SideScan, b: SideScan, side: Checkers, out: Float32Array, at: number): void {
  const { shots, pipLoss } = hitsAgainst(a, b);
  out[at] = a.pips / 100;
  out[at + 1] = shots / 36;
  out[at + 2] = a.homeMade / 6;
  out[at + 3] = a.prime / 6;
  out[at + 4] = a.back / 5;
  // b's made points on a's points max(1, rear − 12) … rear − 1.
  const ahead = a.rear <= 1 ? 0 : ((1 << a.rear) - 1) & ~((1 << Math.max(1, a.rear - 12)) - 1);
  out[at + 5] = bitCount(b.madeMirror & ahead) / 6;
  out[at + 6] = a.blots / 4;
  out[at + 7] = a.crossovers / 30;
  out[at + 8] = pipLoss / (36 * 12);
  out[at + 9] = a.rear > 0 ? escapesFrom(a.rear, b.made) / 36 : 1;
  let fewest = 36;
  for (let r = 15; r <= BAR; r++) fewest = Math.min(fewest, escapesFrom(r, b.made));
  out[at + 10] = (36 - fewest) / 36;
  // b's rearmost checker stands on a's point 25 − b.rear (its bar: 0; none left: 25).
  const level = 25 - b.rear;
  let behind = 0;
  for (let p = level + 1; p <= BAR; p++) behind += side[p]! * (p - level);
  out[at + 11] = behind / 100;
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
export const shotsAgainst = (a: Checkers, b: Checkers): number => hitsOnBoards(a, b).shots;

/** The pips `a` expects to lose to `b`'s hits next throw, × 36: on each throw the costliest blot hit (25 − p). */
export const pipLossAgainst = (a: Checkers, b: Checkers): number => hitsOnBoards(a, b).pipLoss;

const hitsOnBoards = (a: Checkers, b: Checkers): { shots: number; pipLoss: number } =>
  hitsAgainst(scan(a, scratch, 0, newScan()), scan(b, scratch, 0, newScan()));

const scratch = new Float32Array(RAW_PER_SIDE);
const hits = { shots: 0, pipLoss: 0 };

/**
 * `shotsAgainst` and `pipLossAgainst` on bit masks, blot by blot from a's 1-point up (the costliest first, so
 * each throw is charged for the costliest blot it hits): a's blot and open points shifted right by a hitter's
 * point m put the point d pips ahead of it at bit d; the hitters are b's occupied points in a's frame (or the
 * bar, m = 0). Bit t of a throw mask is throw t (`THROWS`). Returns a shared object, overwritten by the next call.
 */
function hitsAgainst(a: SideScan, b: SideScan): { shots: number; pipLoss: number } {
  let hit = 0;
  let pipLoss = 0;
  const hitters = b.bar > 0 ? 1 : b.occupiedMirror;
  for (let blots = a.blotMask; blots !== 0 && hit !== ALL_THROWS; blots &= blots - 1) {
    const blot = blots & -blots;
    let mask = 0;
    for (let h = hitters & (blot - 1); h !== 0; h &= h - 1) {
      const m = 31 - Math.clz32(h & -h);
      mask |= throwsHitting(blot >>> m, a.openMask >>> m);
    }
    pipLoss += weightOf(mask & ~hit) * (25 - (31 - Math.clz32(blot)));
    hit |= mask;
  }
  hits.shots = weightOf(hit);
  hits.pipLoss = pipLoss;
  return hits;
}

/** How many of the 36 throws a throw mask stands for (a non-double is two throws). */
const weightOf = (mask: number): number => 2 * bitCount(mask & ~DOUBLES) + bitCount(mask & DOUBLES);

/** Bit t of a throw mask is THROWS[t]; `has` gets the lower die first. */
const maskOf = (has: (d1: number, d2: number) => boolean): number => THROWS.reduce((m, { dice: [d2, d1] }, t) => (has(d1, d2) ? m | (1 << t) : m), 0);
const ALL_THROWS = maskOf(() => true);
const DOUBLES = maskOf((d1, d2) => d1 === d2);
const DOUBLE = Int32Array.from({ length: 7 }, (_, d) => maskOf((d1, d2) => d1 === d && d2 === d));
/** DIRECT[b]: the throws with a die d where bit d − 1 of b is set (a blot d pips ahead). */
const DIRECT = Int32Array.from({ length: 64 }, (_, b) => maskOf((d1, d2) => ((b >> (d1 - 1)) & 1) + ((b >> (d2 - 1)) & 1) > 0));
/** COMBINED[s · 64 + o]: the non-doubles d1 + d2 = s with an open midpoint, bit d − 1 of o meaning point d is open. */
const COMBINED = Int32Array.from({ length: 12 * 64 }, (_, i) =>
  maskOf((d1, d2) => d1 !== d2 && d1 + d2 === i >> 6 && (((i >> (d1 - 1)) | (i >> (d2 - 1))) & 1) === 1),
);

/**
 * ESCAPES[w]: on how many of the 36 throws a checker gets past every blocked point of the 12 in front of it
 * (bit k − 1 of w: the point k pips ahead is held by the opponent), moving one checker: a single die, both
 * dice over an open midpoint, or a double's steps over open points. Nothing in the way: 36. Points beyond the
 * 12 are taken as open; the one throw that can need one of them is 5-5 past a block at 11 or 12 pips, landing
 * 15 ahead: bit 6 of the entry marks it, for `escapesFrom` to check that point.
 */
const ESCAPES = Int32Array.from({ length: 1 << 12 }, (_, w) => {
  const last = 32 - Math.clz32(w); // the farthest blocked point, in pips
  const open = (k: number): boolean => k > 12 || ((w >> (k - 1)) & 1) === 0;
  let n = 0;
  for (const {
    dice: [d2, d1],
  } of THROWS) {
    let out: boolean;
    if (d1 === d2) {
      out = false;
      for (let j = 1; j <= 4 && open(j * d1) && !out; j++) out = j * d1 > last;
    } else {
      out = (open(d1) && d1 > last) || (open(d2) && d2 > last) || (d1 + d2 > last && open(d1 + d2) && (open(d1) || open(d2)));
    }
    if (out) n += d1 === d2 ? 1 : 2;
  }
  const fiveFiveTo15 = last > 10 && open(5) && open(10);
  return n | (fiveFiveTo15 ? 64 : 0);
});

/**
 * ESCAPES for a checker on point r (25: the bar) of a side whose opponent holds `made` (its own frame, bit q;
 * the point k pips ahead of r is the opponent's 25 − r + k).
 */
function escapesFrom(r: number, made: number): number {
  const e = ESCAPES[(made >>> (26 - r)) & 0xfff]!;
  return r > 15 && (e & 64) !== 0 ? (e & 63) - ((made >>> (40 - r)) & 1) : e & 63;
}

/** On how many of the 36 throws a checker on point r (25: the bar) gets past every point `other` holds in front of it. */
export const escapes = (other: Checkers, r: number): number => escapesFrom(r, scan(other, scratch, 0, newScan()).made);

/** Which throws let one checker reach a blot: bit d of `blots` / `open` is d pips ahead of it. */
function throwsHitting(blots: number, open: number): number {
  let hit = DIRECT[(blots >>> 1) & 63]!;
  const near = (open >>> 1) & 63;
  for (let far = blots & 0xff8; far !== 0; far &= far - 1) hit |= COMBINED[((31 - Math.clz32(far & -far)) << 6) | near]!;
  // Doubles beyond one step: 2, 3 or 4 steps of d, every point on the way open.
  for (let d = 1; d <= 6; d++) {
    if (((open >>> d) & 1) === 0) continue;
    if (((blots >>> (2 * d)) & 1) === 1) hit |= DOUBLE[d]!;
    else if (((open >>> (2 * d)) & 1) === 1 && (((blots >>> (3 * d)) & 1) === 1 || (((open >>> (3 * d)) & 1) === 1 && ((blots >>> (4 * d)) & 1) === 1)))
      hit |= DOUBLE[d]!;
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
