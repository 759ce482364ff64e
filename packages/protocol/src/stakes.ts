/**
 * G9 in numbers, shared by the server (which places holds and pays results) and clients (which show them before a
 * player sits down). A table's stake is chips per point; the hold is the most a player can lose at the table.
 */
import { maxGamePoints, type MatchSettings } from '@nardy/engine';

/** The rule texts' "financial limits" for a money session: 3 points at a table without the cube, 10 with it. */
export const STAKE_HOLD = Object.freeze({ noCube: 3, cube: 10 });

/** What the hold depends on: the length, and for a money session the scoring and cube settings. */
export type StakeTerms = Pick<MatchSettings, 'matchLength'> & Parameters<typeof maxGamePoints>[0];

/**
 * The points a player can lose at the table. A match to N is worth N points to its winner whatever the cube, so
 * N. A money session: the financial limit, lowered to the most one game can score where that is less (a ceiling
 * of one point without the cube: 1; with the cube, the ceiling times the cube's max). A session's net loss is
 * paid up to this many points.
 */
export function holdPoints(m: StakeTerms): number {
  if (m.matchLength > 0) return m.matchLength;
  return Math.min(m.cube.enabled ? STAKE_HOLD.cube : STAKE_HOLD.noCube, maxGamePoints(m));
}

/** The chips each player holds at a table with `stake` chips per point (0 without a stake). */
export const stakeHold = (stake: number, m: StakeTerms): number => stake * holdPoints(m);
