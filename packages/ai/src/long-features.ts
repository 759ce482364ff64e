import { HEAD, type Checkers } from '@nardy/engine';
import { WEIGHTS as W } from './weights.js';

/** The same physical point in the other side's frame, long nardy (an involution: own 24 ↔ other's 12). */
const otherFrame = (p: number): number => (p > 12 ? p - 12 : p + 12);

/**
 * Long nardy contact features, in pips for `side` against `other` (own-frame boards). Positive favours
 * `side`. Pip difference and wastage are counted by the caller (`effectivePips`).
 */
export function longContactScore(side: Checkers, other: Checkers): number {
  let score = 0;

  // Checkers still on the head: one leaves per turn (L9), so each one left costs tempo later.
  score -= W.head * (side[HEAD] ?? 0);

  // Blocks: side's occupied points seen in other's frame, ahead of other's rearmost checker.
  let otherRear = 0;
  for (let q = 24; q >= 1; q--)
    if ((other[q] ?? 0) > 0) {
      otherRear = q;
      break;
    }
  const occupied: boolean[] = new Array<boolean>(25).fill(false);
  for (let p = 1; p <= 24; p++) if ((side[p] ?? 0) > 0) occupied[otherFrame(p)] = true;
  let best = 0;
  let run = 0;
  let ahead = 0;
  for (let r = otherRear - 1; r >= 1; r--) {
    if (occupied[r]) {
      ahead++;
      run++;
      if (run > best) best = run;
    } else run = 0;
  }
  score += W.pointAhead * ahead;
  if (best >= 2) score += W.block * best * best;
  return score;
}
