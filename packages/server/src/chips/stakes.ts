import { otherSeat, type BySeat, type MatchSettings, type MatchState } from '@nardy/engine';
import { stakeHold } from '@nardy/protocol';
import type { ChipPayout } from '../store/types.js';

/**
 * G9 in numbers. A table's stake is chips per point.
 *
 * - **Hold**: on sitting down each player puts 3× the stake on hold at a table without the cube, 10× with it
 *   (the rule texts' "financial limits"; @nardy/protocol's `stakeHold`, which clients show too).
 * - **Result**: a match to N points is worth N points: its loser pays N × stake to its winner. A money session
 *   is worth its net points (the sum of every game's points, cube and mars/koks included): the player behind pays
 *   the difference × stake. Whole chips (a half point from a draw rounds the payment down). A drawn match or a
 *   level session moves nothing.
 * - The payment never exceeds the payer's hold (the store caps it again); the holds are then released.
 */
export interface Staked {
  readonly stake: number;
  readonly match: Pick<MatchSettings, 'cube'>;
}

/** The chips each player holds at a staked table (0 without a stake). */
export const holdFor = (t: Staked): number => stakeHold(t.stake, t.match.cube.enabled);

/** What the finished match moves between the two users holding its seats, or null (no stake, no end, a draw). */
export function payoutFor(m: MatchState, stake: number, users: BySeat<string>): ChipPayout | null {
  if (stake <= 0 || m.end === null) return null;
  let winner = m.end.winner;
  let points = m.settings.matchLength;
  if (points === 0) {
    const diff = m.score.p1 - m.score.p2;
    winner = diff > 0 ? 'p1' : diff < 0 ? 'p2' : null;
    points = Math.abs(diff);
  }
  if (winner === null) return null;
  const amount = Math.min(Math.floor(points * stake), holdFor({ stake, match: m.settings }));
  return amount > 0 ? { from: users[otherSeat(winner)], to: users[winner], amount } : null;
}
