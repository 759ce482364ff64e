import type { VariantId } from '@nardy/engine';
import type { PlayCube } from '../cubeful-play.js';
import { matchTableFor } from '../cube/met-for-variant.js';
import { mwcAfter, mwcToEquity, type MatchScore } from '../cube/match.js';

/** The cube as the other seat would see it, on roll in the same position. */
export const mirroredCube = (cube: PlayCube): PlayCube => ({
  ...cube,
  owner: cube.owner === 'onRoll' ? 'opponent' : cube.owner === 'opponent' ? 'onRoll' : 'centred',
  ...(cube.away ? { away: { onRoll: cube.away.opponent, opponent: cube.away.onRoll } } : {}),
});

const scoreOf = (cube: PlayCube, away: NonNullable<PlayCube['away']>): MatchScore => ({
  away: away.onRoll,
  opponentAway: away.opponent,
  stage: cube.stage ?? 'preCrawford',
  crawfordRule: cube.crawfordRule ?? true,
});

/**
 * Match play: match winning chance per unit of normalised equity at this score and cube — gnubg's normalised
 * equity maps losing and winning the cube's value to −1 and +1, so the factor is half the gap between the two
 * match winning chances (the same from either seat). Null in money play.
 */
export function mwcPerEquity(cube: PlayCube, variant: VariantId): number | null {
  if (!cube.away) return null;
  const score = scoreOf(cube, cube.away);
  const met = cube.met ?? matchTableFor(variant);
  return (mwcAfter(met, score, cube.value) - mwcAfter(met, score, -cube.value)) / 2;
}

/** The normalised equity, for the side `cube` is seen from, of losing `points` per unit of the cube now. */
export function lossEquity(cube: PlayCube, variant: VariantId, points: number): number {
  if (!cube.away) return -points;
  const score = scoreOf(cube, cube.away);
  const met = cube.met ?? matchTableFor(variant);
  return mwcToEquity(mwcAfter(met, score, -points * cube.value), score, cube.value, met);
}
