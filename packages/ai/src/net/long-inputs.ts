import { HEAD, OFF, getVariant, pips, type Checkers } from '@nardy/engine';

/**
 * Inputs of the long-nardy nets (encoding `long-v1`), all in the mover's frame (RULES §1: own points
 * 24 = head … 1 = last home point). The opponent's checkers are mapped into that frame (his own point q is
 * the mover's point `opponentPoint(q)`, 12 apart), so a block the mover builds and the opponent checkers it
 * stands in front of appear on the same axis. No hitting in long nardy (L6): one checker holds a point.
 *
 * Per side (74 units): for each point 1–24 three units — held (≥ 1), ≥ 2, and (n − 2)/4 beyond two —, plus
 * the share still on its own head and the share borne off. Then 9 features per side (`sideFeatures`).
 */
export const LONG_ENCODING = 'long-v1';
const RAW_PER_SIDE = 24 * 3 + 2;
const FEATURES_PER_SIDE = 9;
export const LONG_INPUTS = 2 * (RAW_PER_SIDE + FEATURES_PER_SIDE);

const opponentSlots = getVariant('long').geometry.opponentSlots;

/** `side`'s checkers as seen in the other side's frame (26 slots; off stays at 0). */
export function mapped(side: Checkers, into: Int8Array): Int8Array {
  for (let p = 0; p < 26; p++) into[opponentSlots[p]!] = side[p]!;
  return into;
}

const scratch = { them: new Int8Array(26), me: new Int8Array(26) };

export function encodeLong(me: Checkers, them: Checkers, out: Float32Array): Float32Array {
  out.fill(0);
  const themHere = mapped(them, scratch.them);
  const meThere = mapped(me, scratch.me);
  encodeRaw(me, me[HEAD]!, out, 0);
  encodeRaw(themHere, them[HEAD]!, out, RAW_PER_SIDE);
  sideFeatures(me, themHere, out, 2 * RAW_PER_SIDE);
  sideFeatures(them, meThere, out, 2 * RAW_PER_SIDE + FEATURES_PER_SIDE);
  return out;
}

/** `head`: the side's checkers on its own head (its slot 24, which mapping moves). */
function encodeRaw(side: ArrayLike<number>, head: number, out: Float32Array, base: number): void {
  for (let p = 1; p <= 24; p++) {
    const n = side[p]!;
    if (n === 0) continue;
    const at = base + (p - 1) * 3;
    out[at] = 1;
    if (n >= 2) out[at + 1] = 1;
    if (n > 2) out[at + 2] = (n - 2) / 4;
  }
  out[base + 72] = head / 15;
  out[base + 73] = side[OFF]! / 15;
}

/**
 * Features of `a` (own frame) against `b` (mapped into a's frame), our own design for long nardy:
 *  0 pips / 100;  1 checkers still on the head / 15;  2 checkers not yet home / 15;
 *  3 a's longest run of held points that has one of b's checkers behind it (b must pass it) / 6;
 *  4 how many of b's checkers stand behind that run / 15 (what the block traps);
 *  5 dice values (of 6) with which no checker of a can move a single step (mobility: blocked dice);
 *  6 points a holds in b's path ahead of b's rearmost checker, among the next 12 / 12 (containment);
 *  7 a's spare checkers beyond two on its points / 15 (stacking, wasted flexibility);
 *  8 pips a must travel before its last checker is home / 100 (the race to bear-off).
 * b's own point q sits at a's point `opponentSlots[q]`; b's route is its own 24 → 1.
 */
function sideFeatures(a: Checkers, b: ArrayLike<number>, out: Float32Array, at: number): void {
  out[at] = pips(a) / 100;
  out[at + 1] = a[HEAD]! / 15;
  let notHome = 0;
  let stack = 0;
  let toHome = 0;
  for (let p = 7; p <= 24; p++) {
    notHome += a[p]!;
    toHome += a[p]! * (p - 6);
  }
  for (let p = 1; p <= 24; p++) if (a[p]! > 2) stack += a[p]! - 2;
  out[at + 2] = notHome / 15;
  out[at + 7] = stack / 15;
  out[at + 8] = toHome / 100;

  // b's route in a's frame, as a sequence of a-frame points from b's head onwards: b's own point q is
  // a-frame opponentSlots[q]; b's own points run 24 → 1.
  let bestRun = 0;
  let trapped = 0;
  let run = 0;
  let behind = 0; // b's checkers met so far along b's route (they stand behind anything ahead)
  for (let q = 24; q >= 1; q--) {
    const p = opponentSlots[q]!;
    if (a[p]! > 0) {
      run++;
      if (behind > 0 && run > bestRun) [bestRun, trapped] = [run, behind];
    } else run = 0;
    behind += b[p]!;
  }
  out[at + 3] = bestRun / 6;
  out[at + 4] = trapped / 15;

  let blockedDice = 0;
  for (let d = 1; d <= 6; d++) {
    let can = false;
    for (let p = 24; p > d && !can; p--) if (a[p]! > 0 && b[p - d]! === 0) can = true;
    if (!can) blockedDice++;
  }
  out[at + 5] = blockedDice / 6;

  // Containment: a's points among the 12 in front of b's rearmost checker along b's route.
  let rearQ = 0;
  for (let q = 24; q >= 1 && rearQ === 0; q--) if (b[opponentSlots[q]!]! > 0) rearQ = q;
  let held = 0;
  for (let q = rearQ - 1; q >= Math.max(1, rearQ - 12); q--) if (a[opponentSlots[q]!]! > 0) held++;
  out[at + 6] = held / 12;
}

/** The board part alone (the first 148 inputs of `long-v1`): what the small pruning net reads. */
export const LONG_RAW_ENCODING = 'long-raw-v1';
export const LONG_RAW_INPUTS = 2 * RAW_PER_SIDE;

export function encodeLongRaw(me: Checkers, them: Checkers, out: Float32Array): Float32Array {
  out.fill(0);
  encodeRaw(me, me[HEAD]!, out, 0);
  encodeRaw(mapped(them, scratch.them), them[HEAD]!, out, RAW_PER_SIDE);
  return out;
}
