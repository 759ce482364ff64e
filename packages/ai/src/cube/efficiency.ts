import { BAR, getVariant, opposite, pips, type Checkers, type Position } from '@nardy/engine';

/**
 * Position classes for the cube, as gnubg's: `contact` (short nardy: the armies can still hit; long nardy: a side
 * can still be blocked — some checker has not yet passed every opposing one), `race`, and `bearoff` (a race with
 * every checker of both sides home).
 */
export type CubeClass = 'contact' | 'race' | 'bearoff';

/**
 * Cube efficiency x (Janowski): how much of a perfectly live cube's value the real cube keeps. Janowski and
 * later writers give 0.55–0.8, about 2/3 in middle games, where doubles come with market losers to spare.
 * Defaults follow gnubg's published choices: 0.68 in contact; in races x grows with the length of the race —
 * a long race still has many turns for the cube to be used well, a short one is close to the last-roll
 * positions where the cube is nearly dead — from 0.6 to 0.7 along 0.55 + 0.00125·pips of the side on roll;
 * 0.6 in bear-offs. Long nardy uses the same numbers until our own cubeful rollouts measure its classes.
 */
export const CUBE_EFFICIENCY = { contact: 0.68, raceMin: 0.6, raceMax: 0.7, raceBase: 0.55, racePerPip: 0.00125, bearoff: 0.6 } as const;

/** Race efficiency for the side on roll's pip count. */
export function raceEfficiency(pipCount: number): number {
  const e = CUBE_EFFICIENCY;
  return Math.min(e.raceMax, Math.max(e.raceMin, e.raceBase + e.racePerPip * pipCount));
}

/** The farthest-back point a side occupies (own frame, bar = 25), 0 when all are off. */
function farthest(side: Checkers): number {
  let p = BAR;
  while (p > 0 && (side[p] ?? 0) === 0) p--;
  return p;
}

/** The class of a position for the cube. */
export function cubeClass(position: Position): CubeClass {
  const me = position.board[position.turn];
  const them = position.board[opposite(position.turn)];
  const a = farthest(me);
  const b = farthest(them);
  // Short nardy: the two rear checkers face each other while their points (in opposite frames) overlap.
  // Long nardy (both move the same way): a checker has passed all opposing ones only in its own half 1–12.
  const contact = getVariant(position.variant).contact === 'hit' ? a + b > BAR : a > 12 || b > 12;
  if (contact) return 'contact';
  return a <= 6 && b <= 6 ? 'bearoff' : 'race';
}

/** The cube efficiency x of a position: by class, and in races by the pip count of the side on roll. */
export function cubeEfficiency(position: Position): number {
  const k = cubeClass(position);
  if (k === 'contact') return CUBE_EFFICIENCY.contact;
  if (k === 'bearoff') return CUBE_EFFICIENCY.bearoff;
  return raceEfficiency(pips(position.board[position.turn]));
}
