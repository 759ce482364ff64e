import { otherSeat, type BySeat, type MatchState } from '@nardy/engine';
import { holdPoints, stakeHold, type StakeTerms } from '@nardy/protocol';
import type { ChipPayout } from '../store/types.js';

/**
 * G9 in numbers (the hold itself is @nardy/protocol's `stakeHold`, which clients show too).
 *
 * - **Hold**: on sitting down each player puts the most he can lose at the table on hold: N × stake for a match to
 *   N points, the financial limit (3×, 10× with the cube, less where a game can never score that much) for a money
 *   session.
 * - **Result**: a match to N points is worth N points: its loser pays N × stake to its winner, exactly his hold. A
 *   money session is worth its net points (every game's points, cube and mars/koks included): the player behind
 *   pays the difference × stake, at most his hold. A draw moves both scores alike, so the difference stays whole
 *   and so does the payment. A level session moves nothing; a match always has a winner.
 * - The holds are then released.
 */
export interface Staked {
  readonly stake: number;
  readonly match: StakeTerms;
}

/** The chips each player holds at a staked table (0 without a stake). */
export const holdFor = (t: Staked): number => stakeHold(t.stake, t.match);

/** What the finished match moves between the two users holding its seats, or null (no stake, no end, level). */
export function payoutFor(m: MatchState, stake: number, users: BySeat<string>): ChipPayout | null {
  if (stake <= 0 || m.end === null) return null;
  const n = m.settings.matchLength;
  const diff = m.score.p1 - m.score.p2;
  const winner = n > 0 ? m.end.winner : diff > 0 ? 'p1' : diff < 0 ? 'p2' : null;
  if (winner === null) return null;
  const points = n > 0 ? n : Math.min(Math.abs(diff), holdPoints(m.settings));
  return { from: users[otherSeat(winner)], to: users[winner], amount: points * stake };
}
