/**
 * A match equity table (MET): the chance to win the match from the start of a game, by the points each player
 * still needs ("away"). Two parts, as the published tables give them:
 * - `preCrawford[i − 1][j − 1]`: the player i-away against j-away before the Crawford game; row 1 and column 1
 *   hold the Crawford game itself (the leader 1-away, no cube in that game).
 * - `postCrawford[j − 1]`: the trailer's chance at j-away against a 1-away leader after the Crawford game
 *   (the trailer doubles, the leader may drop: its entries for even j differ little from j − 1).
 */
export interface MatchEquityTable {
  readonly name: string;
  /** Author and copyright, shipped with the numbers. */
  readonly notice: string;
  readonly preCrawford: readonly (readonly number[])[];
  readonly postCrawford: readonly number[];
}

/**
 * Where a match stands with respect to the Crawford rule (G3): `preCrawford` until a player first reaches match
 * point minus one, then one `crawford` game without the cube, then `postCrawford`. A match played without the
 * Crawford rule counts as `postCrawford` once a player is 1-away (the cube is free).
 */
export type MatchStage = 'preCrawford' | 'crawford' | 'postCrawford';

/**
 * The match winning chance of the player `away` points from winning against an opponent `opponentAway` from it,
 * at the start of a game: 1 once he needs nothing, 0 once his opponent does. With a player 1-away,
 * `postCrawford` chooses the post-Crawford entries over the Crawford game's. Scores beyond the table are read
 * at its edge (the table goes to 25, the longest match G6 allows); a half point left by a draw (G7) is read as
 * the next whole point.
 */
export function matchEquity(met: MatchEquityTable, away: number, opponentAway: number, postCrawford = false): number {
  if (away <= 0) return 1;
  if (opponentAway <= 0) return 0;
  const n = met.preCrawford.length;
  const a = Math.min(Math.ceil(away), n);
  const b = Math.min(Math.ceil(opponentAway), n);
  if (postCrawford && a === 1 && b > 1) return 1 - met.postCrawford[b - 1]!;
  if (postCrawford && b === 1 && a > 1) return met.postCrawford[a - 1]!;
  return met.preCrawford[a - 1]![b - 1]!;
}
