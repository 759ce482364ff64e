import { BAR, type Checkers } from '@nardy/engine';
import { WEIGHTS as W } from './weights.js';
import { THROWS } from './throws.js';

/**
 * Short nardy and Caucasian contact features, in pips for `side` against `other` (both own-frame boards;
 * `other`'s own point q is `side`'s point 25 − q). Positive favours `side`.
 */
export function shortContactScore(side: Checkers, other: Checkers, sideOnRoll: boolean): number {
  const made = (b: Checkers, p: number): boolean => (b[p] ?? 0) >= 2;
  let score = 0;

  // Points made in the home board, worth more against checkers on the bar.
  let homePoints = 0;
  for (let p = 1; p <= 6; p++) if (made(side, p)) homePoints++;
  score += homePoints * (W.homePoint + W.homePointPerBarChecker * (other[BAR] ?? 0));

  // Anchors in the opponent's home board.
  for (let p = 19; p <= 24; p++) if (made(side, p)) score += W.anchor;

  // Checkers on the bar: a tempo each, and the risk of dancing against the opponent's home points.
  const onBar = side[BAR] ?? 0;
  if (onBar > 0) {
    let closed = 0;
    for (let q = 1; q <= 6; q++) if (made(other, q)) closed++;
    score -= onBar * (W.bar + W.barDance * (closed / 6) ** 2);
  }

  // The longest run of made points with an opposing checker behind it (a prime).
  // `other` moves through side's points 1 → 24 (its own 24 → 1); behind = on a lower side-point, or on the bar.
  let otherRear = (other[BAR] ?? 0) > 0 ? 0 : 25;
  for (let q = 24; q >= 1; q--)
    if ((other[q] ?? 0) > 0) {
      otherRear = 25 - q;
      break;
    }
  let best = 0;
  let run = 0;
  for (let p = 1; p <= 24; p++) {
    if (made(side, p)) {
      run++;
      const lo = p - run + 1;
      if (run > best && otherRear < lo) best = run;
    } else run = 0;
  }
  if (best >= 2) score += W.prime * best * best;

  // Blots exposed to the opponent's shots: expected pips lost (pips travelled + a tempo), per blot.
  score -= (sideOnRoll ? W.ownBlotsOnRoll : 1) * blotRisk(side, other);
  return score;
}

/**
 * Expected pips `side` loses to hits on its blots next roll: Σ over blots of (throws that hit it / 36) ×
 * (25 − point + hitTempo). A throw hits when one opposing checker reaches the blot with one die, both
 * (either order, over an open intermediate point) or up to four steps of a double. Simplified: ignores
 * that the opponent must first enter its own checkers from the bar.
 */
function blotRisk(side: Checkers, other: Checkers): number {
  // Attackers' distances: other's checker on its own q (bar 25) hits side's blot on p when q − (25 − p) = d > 0.
  // An intermediate landing at other's own point r is blocked when side holds 2+ on its point 25 − r.
  const blockedForOther = (r: number): boolean => r >= 1 && r <= 24 && (side[25 - r] ?? 0) >= 2;
  let risk = 0;
  for (let p = 1; p <= 24; p++) {
    if ((side[p] ?? 0) !== 1) continue;
    const target = 25 - p; // the blot's point in other's frame
    let hits = 0;
    for (const {
      dice: [b, a],
      weight,
    } of THROWS) {
      if (throwHits(other, target, a, b, blockedForOther)) hits += weight;
    }
    if (hits > 0) risk += (hits / 36) * (25 - p + W.hitTempo);
  }
  return risk;
}

function throwHits(other: Checkers, target: number, a: number, b: number, blocked: (r: number) => boolean): boolean {
  for (let q = BAR; q > target; q--) {
    if ((other[q] ?? 0) === 0) continue;
    const d = q - target;
    if (a === b) {
      for (let k = 1; k <= 4; k++) {
        if (k > 1 && blocked(q - (k - 1) * a)) break;
        if (k * a === d) return true;
      }
    } else {
      if (d === a || d === b) return true;
      if (d === a + b && (!blocked(q - a) || !blocked(q - b))) return true;
    }
  }
  return false;
}
