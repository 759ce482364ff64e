import type { Action, BySeat, GameEnd, MatchEnd, MatchSettings, Phase, Seat, VariantId, WinKind } from '@nardy/engine';
import type { DiceProblemCode, ThrowKind } from './dice.js';

/**
 * The records endpoints' bodies (docs/protocol.md §11: a user's games, one game's record, its dice check, the
 * leaderboard), with the results the server recomputes from a game's action log with the engine. Types only: the
 * server builds them, the web app reads them.
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

/** A seat of a recorded game as anyone may see it: a user, a bot, or nobody yet. */
export type PublicSeat =
  | { readonly userId: string; readonly name: string; readonly username: string; readonly guest: boolean }
  | { readonly bot: string }
  /** A player of an uploaded `.mat` file: a name, not one of our users. */
  | { readonly name: string; readonly imported: true }
  | null;

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';

/** One entry of `GET /api/users/:id/games`. */
export interface UserGame {
  readonly id: string;
  readonly variant: VariantId;
  readonly matchLength: number;
  readonly rated: boolean;
  readonly status: GameStatus;
  readonly createdAt: number;
  readonly finishedAt: number | null;
  /** The user's seat in it. */
  readonly seat: Seat;
  readonly opponent: PublicSeat;
  readonly outcome: 'win' | 'loss' | 'draw' | null;
  readonly result: MatchSummary | null;
  /** Why the result could not be recomputed (then `result` is null). */
  readonly replayError?: string;
}

/** A player's tournaments on his profile: finished ones played in, and won (first place). */
export interface TournamentRecordOf {
  readonly played: number;
  readonly won: number;
}

/** A player's rated record in one variant (the profile's table). */
export interface VariantStats {
  readonly variant: VariantId;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** The sum of the lengths of his rated matches (a money session 1); under 400 the rating is provisional. */
  readonly experience?: number;
  readonly provisional?: boolean;
}

/** `GET /api/users/:id/games`: one page of a user's finished games, newest first. */
export interface UserGames {
  readonly user: { readonly id: string; readonly name: string; readonly username: string };
  /** His rated record per variant he has played rated games in (absent from older servers). */
  readonly stats?: readonly VariantStats[];
  /** The finished tournaments he played in and those he won (first place); absent from older servers. */
  readonly tournaments?: TournamentRecordOf;
  readonly games: readonly UserGame[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  readonly next: string | null;
}

/** A game as `GET /api/games/:id` shows it, live or over. */
export interface RecordedGame {
  readonly id: string;
  readonly variant: VariantId;
  readonly settings: MatchSettings;
  readonly rated: boolean;
  readonly status: GameStatus;
  readonly seats: BySeat<PublicSeat>;
  readonly createdAt: number;
  readonly finishedAt: number | null;
  readonly commitment: string;
  /** The seeds the players gave (G10), each once given. */
  readonly clientSeeds: Partial<BySeat<string>>;
  /** Actions in the log so far. */
  readonly version: number;
  /** An uploaded `.mat` file's match (`POST /api/imports`): its file name and when the file says it was played. */
  readonly imported?: { readonly fileName: string; readonly playedAt: number | null };
  /** A tournament's match: the tournament (its page is /tournament/:id). */
  readonly tournament?: { readonly id: string; readonly name: string };
}

/** `POST /api/imports`: the stored match's id (a finished, unrated, private game of the uploader's). */
export interface ImportedGame {
  readonly gameId: string;
  /** Its watch token: the link `/game/:id?watch=<token>` lets others read it. */
  readonly watchToken: string;
  readonly names: BySeat<string>;
  readonly variant: VariantId;
  readonly matchLength: number;
  readonly games: number;
  readonly score: BySeat<number>;
}

/** `GET /api/me/imports`: the matches the signed-in user uploaded, newest first. */
export interface ImportList {
  readonly imports: readonly (ImportedGame & { readonly fileName: string; readonly playedAt: number | null; readonly importedAt: number })[];
}

/** One action of a finished game's log. */
export interface RecordedAction {
  readonly seq: number;
  readonly action: Action;
  readonly seat: Seat | null;
  readonly at: number;
  readonly timeUsedMs: number | null;
}

/** `GET /api/games/:id`: a live game's progress (never its server seed), or a finished game's whole action log. */
export type GameRecordResponse =
  | { readonly game: RecordedGame; readonly progress: MatchSummary | null }
  | {
      /** `recorded`: the result the server stored when the game ended (its `end` says who won and why), as stored. */
      readonly game: RecordedGame & { readonly serverSeed: string | null; readonly recorded: unknown };
      readonly result: MatchSummary | null;
      readonly replayError?: string;
      readonly actions: readonly RecordedAction[];
    };

/** One throw of a dice check. */
export interface ThrowCheck {
  /** Throw number (1-based, opening throws and rolls counted together). */
  readonly n: number;
  /** The action's seq in the log. */
  readonly seq: number;
  readonly kind: ThrowKind;
  /** As logged (opening: p1's die, p2's die). */
  readonly dice: readonly [number, number];
  /** As the seeds give it (null when the seeds are malformed). */
  readonly expected: readonly [number, number] | null;
  readonly ok: boolean;
}

/** `GET /api/games/:id/dice`: every throw of a finished game recomputed from the revealed seed (§8). */
export interface DiceReport {
  readonly gameId: string;
  readonly status: 'finished' | 'aborted';
  readonly ok: boolean;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeeds: BySeat<string>;
  readonly throws: readonly ThrowCheck[];
  /** The first problem (`verifyDice`'s verdict), null when every throw matches. */
  readonly problem: { readonly code: DiceProblemCode; readonly message: string; readonly n?: number; readonly seq?: number } | null;
}

/** One row of `GET /api/leaderboard/:variant`. */
export interface LeaderboardEntry {
  readonly rank: number;
  readonly userId: string;
  readonly username: string;
  readonly name: string;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  /** Under 400 points of rated matches (docs/ratings.md). */
  readonly provisional?: boolean;
  /** `period=month`: the rating points he gained over the month's games (his games, wins… are the month's too). */
  readonly gained?: number;
}

/** `GET /api/leaderboard/:variant?period=all|month&month=YYYY-MM`: the top players of a variant. */
export interface Leaderboard {
  readonly variant: VariantId;
  /** `all` (current ratings) or `month` (players of that Moscow-time month, by their rating at their last game in it). */
  readonly period?: 'all' | 'month';
  /** `period=month`: which month, `YYYY-MM`. */
  readonly month?: string;
  readonly players: readonly LeaderboardEntry[];
}

/** One rated game on a rating history graph. */
export interface RatingPoint {
  readonly gameId: string;
  readonly at: number;
  readonly outcome: 'win' | 'loss' | 'draw';
  readonly before: number;
  readonly after: number;
  /** Provisional after this game. */
  readonly provisional: boolean;
}

/** `GET /api/users/:id/ratings?variant=`: a player's rating in a variant and its history (the latest 500 games, oldest first). */
export interface RatingHistory {
  readonly user: { readonly id: string; readonly name: string; readonly username: string };
  readonly variant: VariantId;
  /** His record now; null before his first rated game in the variant. */
  readonly current: VariantStats | null;
  readonly points: readonly RatingPoint[];
}
