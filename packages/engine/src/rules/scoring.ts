import { BAR, CHECKERS, OFF, opposite, type Color } from '../types.js';
import type { Setup } from '../position.js';
import { getVariant } from '../variants/registry.js';
import type { ScoringId } from '../variants/variant.js';

/** G4: the table's scoring ceiling — `oin` every win counts one, `mars` one or two, `koks` one, two or three. */
export const CEILINGS = ['oin', 'mars', 'koks'] as const;
export type Ceiling = (typeof CEILINGS)[number];

/** L25 (g): mars when the loser has borne off none (federation, default) or has not brought all checkers home. */
export const MARS_DEFINITIONS = ['noneBorneOff', 'notAllHome'] as const;
export type MarsDefinition = (typeof MARS_DEFINITIONS)[number];

/** The settings that decide what a win is worth (a subset of the match settings). */
export interface ScoringSettings {
  /** G4. */
  readonly ceiling: Ceiling;
  /** L24–L25, long nardy only. */
  readonly marsDefinition: MarsDefinition;
  /** L25: long nardy "home mars" = 3 when the loser has all 15 home and none off. */
  readonly homeMars: boolean;
  /** L25: long nardy koks = 3 when the loser has none off and a checker still in his first quarter. */
  readonly koks: boolean;
}

export const DEFAULT_SCORING: ScoringSettings = Object.freeze({
  ceiling: 'koks',
  marsDefinition: 'noneBorneOff',
  homeMars: false,
  koks: false,
});

/**
 * The kind of a win. Long nardy: `oin` (ойн) 1, `mars` 2, `homeMars` 3, `koks` 3 (L24–L25).
 * Short nardy / Caucasian: `single` 1, `mars` (gammon) 2, `koks` (backgammon) 3 (S7).
 */
export const WIN_KINDS = ['oin', 'single', 'mars', 'homeMars', 'koks'] as const;
export type WinKind = (typeof WIN_KINDS)[number];
export type WinPoints = 1 | 2 | 3;

export interface WinScore {
  /** What the rules call the win, before the ceiling. */
  readonly kind: WinKind;
  /** The kind's value before the ceiling (1, 2 or 3). */
  readonly rawPoints: WinPoints;
  /** The value after the ceiling G4, before the cube and Jacoby. */
  readonly points: WinPoints;
}

/** G4: the most a win may count under a ceiling. */
export const ceilingPoints = (c: Ceiling): WinPoints => (c === 'oin' ? 1 : c === 'mars' ? 2 : 3);

const cap = (p: WinPoints, c: Ceiling): WinPoints => Math.min(p, ceilingPoints(c)) as WinPoints;

/** Checkers of `side` (own frame) on own points lo..hi. */
function countOn(side: readonly number[], lo: number, hi: number): number {
  let n = 0;
  for (let p = lo; p <= hi; p++) n += side[p] ?? 0;
  return n;
}

/**
 * What a win by `winner` is worth in `position` (normally the final one; for a surrender, G5a, the position
 * at that moment): the kind and its points before the cube, capped by the ceiling G4.
 *
 * Long nardy (L24–L25): the loser has borne off at least one → `oin` 1. Otherwise: with `koks` on and a loser's
 * checker still in his first quarter (own points 24–19) → `koks` 3; with `homeMars` on and all 15 home →
 * `homeMars` 3; with `marsDefinition: 'notAllHome'` and all 15 home → `oin` 1; else `mars` 2.
 * Short nardy / Caucasian (S7): ≥ 1 off → `single` 1; none off and a checker on the bar or in the winner's
 * home (the loser's own points 19–24) → `koks` 3; none off otherwise → `mars` 2.
 */
export function scoreWin(position: Setup, winner: Color, settings: ScoringSettings = DEFAULT_SCORING): WinScore {
  const loser = position.board[opposite(winner)];
  const scoring = getVariant(position.variant).scoring;
  const off = loser[OFF] ?? 0;
  let kind: WinKind;
  let raw: WinPoints;
  if (scoring === 'long') {
    if (off > 0) [kind, raw] = ['oin', 1];
    else if (settings.koks && countOn(loser, 19, 24) > 0) [kind, raw] = ['koks', 3];
    else {
      const allHome = countOn(loser, 1, 6) === CHECKERS;
      if (allHome && settings.homeMars) [kind, raw] = ['homeMars', 3];
      else if (allHome && settings.marsDefinition === 'notAllHome') [kind, raw] = ['oin', 1];
      else [kind, raw] = ['mars', 2];
    }
  } else {
    if (off > 0) [kind, raw] = ['single', 1];
    else if ((loser[BAR] ?? 0) > 0 || countOn(loser, 19, 24) > 0) [kind, raw] = ['koks', 3];
    else [kind, raw] = ['mars', 2];
  }
  return Object.freeze({ kind, rawPoints: raw, points: cap(raw, settings.ceiling) });
}

/** The most a single win can count in a variant under these settings (the resign offers' cap, G5b). */
export function maxWinPoints(scoring: ScoringId, settings: ScoringSettings): WinPoints {
  const variantMax: WinPoints = scoring === 'short' || settings.homeMars || settings.koks ? 3 : 2;
  return cap(variantMax, settings.ceiling);
}

/** The kind a win of `points` is called in a variant (for resigns and cube passes). */
export function kindForPoints(scoring: ScoringId, points: WinPoints): WinKind {
  if (points === 1) return scoring === 'long' ? 'oin' : 'single';
  return points === 2 ? 'mars' : 'koks';
}

/**
 * What a win finally scores: G3 Jacoby (money play, cube never turned) makes mars and koks count one,
 * then the cube multiplies (L26, G3, G4). `jacoby` is whether the Jacoby rule is in force for this game.
 */
export function stakeFor(points: WinPoints, cube: { readonly value: number; readonly turned: boolean }, jacoby: boolean): number {
  const base = jacoby && !cube.turned ? 1 : points;
  return base * cube.value;
}
