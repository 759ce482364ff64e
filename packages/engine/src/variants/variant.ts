import type { Geometry } from './geometry.js';
import type { VariantId } from '../types.js';

/** Named turn rules a variant composes; each lives in one module under `rules/`. */
export type ConstraintId =
  /** L9–L11, rules/head.ts */
  | 'head'
  /** L16, rules/six-block.ts */
  | 'sixBlock'
  /** C1–C3, rules/hit-and-hide.ts */
  | 'hitAndHide';

/** Which scoring rule decides what a win is worth: long nardy (L24–L25) or short nardy / Caucasian (S7). */
export type ScoringId = 'long' | 'short';

/** A variant is a record, not a subclass: geometry + contact + named constraints + opening + scoring. */
export interface Variant {
  readonly id: VariantId;
  readonly name: { readonly en: string; readonly ru: string };
  readonly geometry: Geometry;
  /** What landing on opposing checkers does: `block` — any number closes a point (L6); `hit` — a lone one is hit (S3). */
  readonly contact: 'hit' | 'block';
  readonly constraints: readonly ConstraintId[];
  /** G1: `fresh` — the opening throw only decides who starts, who then throws both dice (L4);
   *  `openingDice` — the two single opening dice are the first move (S2). */
  readonly opening: 'fresh' | 'openingDice';
  /** Which scoring rule decides what a win is worth (rules/scoring.ts). */
  readonly scoring: ScoringId;
  /** Starting checkers in each side's own frame: [point, count] pairs. */
  readonly start: readonly (readonly [number, number])[];
  /** Whether the doubling cube is on by default (G3, L26). */
  readonly cubeByDefault: boolean;
}
