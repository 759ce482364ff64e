import type { BySeat, GameEnd, MatchEnd, Phase, Seat, WinKind } from '@nardy/engine';

/**
 * The results in the HTTP records (docs/protocol.md §11: `GET /api/users/:id/games`, `GET /api/games/:id`),
 * recomputed by the server from a game's action log with the engine. Types only: the server builds them, the web
 * app reads them.
 */

/** One finished game of a match: who won, how (oin/mars/koks/single, or draw), at what cube, for how many points. */
export interface GameLine {
  readonly number: number;
  readonly winner: Seat | null;
  readonly end: GameEnd;
  readonly kind: WinKind | 'draw';
  readonly cube: number;
  readonly basePoints: number;
  readonly points: BySeat<number>;
}

/** A match's result. */
export interface MatchSummary {
  /** The match winner (null: a level money session, or not over). */
  readonly winner: Seat | null;
  /** Why the match ended; null while it goes on (or for an aborted game). */
  readonly reason: MatchEnd['reason'] | null;
  readonly score: BySeat<number>;
  readonly phase: Phase;
  /** The number of the game in progress (or the last one). */
  readonly gameNumber: number;
  readonly games: readonly GameLine[];
}
