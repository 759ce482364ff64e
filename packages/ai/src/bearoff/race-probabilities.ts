import { CHECKERS, OFF, scoreWin, type Checkers, type ScoringSettings, type VariantId } from '@nardy/engine';
import type { Probabilities } from '../probabilities.js';
import { oneSided } from './one-sided.js';
import { twoSidedWin } from './two-sided.js';

/**
 * What a win is worth when the loser has all 15 checkers home and none off — the only kind of mars a pure
 * bear-off can give: 2 (S7; L24 by default), 3 with long nardy's `homeMars`, 1 with `marsDefinition:
 * 'notAllHome'` (L25). Taken from the engine's own scoring, before the table's ceiling.
 */
export function homeMarsPoints(variant: VariantId, scoring?: ScoringSettings): 1 | 2 | 3 {
  const loser = Array.from({ length: 26 }, (_, p) => (p === 1 ? CHECKERS : 0));
  const winner = Array.from({ length: 26 }, (_, p) => (p === OFF ? CHECKERS : 0));
  const setup = { variant, turn: 'black' as const, board: { white: winner, black: loser }, firstTurn: { white: false, black: false } };
  return scoreWin(setup, 'white', scoring).rawPoints;
}

/** P(X ≥ k) for k = 0 .. length (index k), from a distribution P(X = k). */
function atLeast(dist: Float64Array, length: number): Float64Array {
  const out = new Float64Array(length + 1);
  let tail = 0;
  for (let k = length; k >= 0; k--) {
    tail += dist[k] ?? 0;
    out[k] = Math.min(1, tail);
  }
  return out;
}

/** Σ_k P(X = k)·S[k + shift] with S[i] = 0 past its end: the chance X + shift ≤ Y when S = P(Y ≥ ·). */
function against(dist: Float64Array, survival: Float64Array, shift: number): number {
  let p = 0;
  for (let k = 0; k < dist.length; k++) p += dist[k]! * (survival[k + shift] ?? 0);
  return p;
}

/**
 * gnubg's five numbers for a pure bear-off race (both sides home, own frames), `me` on roll: P(win) exactly
 * from the two-sided table when both sides fit it, otherwise from the one-sided distributions as
 * P(my throws ≤ their throws) (I throw first, so I win the ties). Mars: the loser has borne off nothing when
 * the winner finishes (S7, L24): I win a mars when my k-th throw finishes before their first checker is off
 * after k − 1 throws; I lose one when they finish on their k-th throw and my first checker needs more than k.
 * `marsPoints` (`homeMarsPoints`) says what such a win is worth: 1 gives no mars, 3 puts it in the koks slot
 * too (long nardy's homeMars); a bear-off never gives short nardy's koks (no checker is left in the winner's
 * home). Undefined when either side is not a bear-off position.
 */
export function raceProbabilities(me: Checkers, them: Checkers, marsPoints: 1 | 2 | 3 = 2): Probabilities | undefined {
  const mine = oneSided(me);
  const theirs = oneSided(them);
  if (!mine || !theirs) return undefined;
  const longest = Math.max(mine.offIn.length, theirs.offIn.length, mine.firstOffIn.length, theirs.firstOffIn.length);
  const win = twoSidedWin(me, them) ?? against(mine.offIn, atLeast(theirs.offIn, longest), 0);
  let winMars = 0;
  let loseMars = 0;
  if (marsPoints >= 2) {
    winMars = against(mine.offIn, atLeast(theirs.firstOffIn, longest), 0);
    loseMars = against(theirs.offIn, atLeast(mine.firstOffIn, longest), 1);
  }
  // Rounded tables may overshoot by a few 1/65535; keep the invariants of Probabilities.
  const w = Math.min(1, Math.max(0, win));
  const wm = Math.min(w, winMars);
  const lm = Math.min(1 - w, loseMars);
  return { win: w, winMars: wm, winKoks: marsPoints === 3 ? wm : 0, loseMars: lm, loseKoks: marsPoints === 3 ? lm : 0 };
}
