import type { Dice, GameEnd, MatchEnd, MatchSettings, MatchSettingsInput, ResignLevel, Seat, Action } from '@nardy/engine';
import type { CubeAction, CubeResponse } from '../cube/decide.js';
import type { Probabilities } from '../probabilities.js';
import type { LuckMark, LuckThresholds, Rating, SkillMark, SkillThresholds } from './marks.js';

/**
 * Equity figures of the analysis are normalised, as gnubg's: per unit of the cube in play, cubeful, and in a
 * match converted from match winning chances (`mwcToEquity`). `…Mwc` fields are the same in match winning
 * chances (matches only).
 */
export interface AnalyseOptions {
  /** Look-ahead of every evaluation: 0, 1 or 2 (default 2). */
  readonly ply?: number;
  /** How many of the best turns each chequer decision lists (default 5). */
  readonly candidates?: number;
  readonly skill?: SkillThresholds;
  readonly luck?: LuckThresholds;
  /** Player names by seat (default p1, p2). */
  readonly names?: { readonly p1?: string; readonly p2?: string };
  /** Called after each decision analysed: `done` of `total`. */
  readonly onProgress?: (done: number, total: number) => void;
  /**
   * Only every `of`-th decision, from the `index`-th (0-based): worker threads each analyse a share of a match,
   * then `joinAnalyses` puts the shares together. The summary of a share covers its own decisions only.
   */
  readonly share?: { readonly index: number; readonly of: number };
  /** Stops the analysis between decisions (it then rejects with an `AbortError`). */
  readonly signal?: AbortSignal;
}

export interface AnalyseInput {
  readonly settings: MatchSettingsInput | MatchSettings;
  readonly actions: readonly Action[];
}

/** One candidate turn of a chequer decision. */
export interface CandidateTurn {
  /** gnubg notation (`24/18 13/11`). */
  readonly move: string;
  readonly equity: number;
  /** The mover's five numbers after the turn. */
  readonly probabilities: Probabilities;
  /** The depth its score comes from (below the analysis ply when the move filter dropped it early). */
  readonly plies: number;
}

interface DecisionBase {
  /** Game number in the match (1, 2, …). */
  readonly game: number;
  /** The turn of the game the decision belongs to (1 = the game's first turn). */
  readonly move: number;
  /** Who decided. */
  readonly player: Seat;
  /** Equity lost against the best choice (≥ 0). */
  readonly error: number;
  readonly errorMwc?: number;
  readonly mark: SkillMark;
  /** Counted in the error rates (an unforced move, a close or actual cube decision). */
  readonly unforced: boolean;
}

/** The luck of a throw: its equity for the thrower minus the mean over the 36 throws. */
export interface ThrowLuck {
  readonly luck: number;
  readonly luckMwc?: number;
  readonly mark: LuckMark;
}

export interface MoveDecision extends DecisionBase {
  readonly kind: 'move';
  readonly dice: Dice;
  readonly played: string;
  readonly best: string;
  /** The best turns, best first (at most `candidates`), and the played one wherever it ranks. */
  readonly candidates: readonly CandidateTurn[];
  /** The played turn's place in the full ranking (0 = best). */
  readonly rank: number;
  /** Long nardy: a first turn as the opening book plays it. */
  readonly book: boolean;
  /** The cube's value during the turn (luck in points is luck × cube). */
  readonly cubeValue: number;
  /**
   * The game's first throw, where an opening throw decided who starts, against the mean over both seats starting
   * (`AnalysisSearch.openingLuck`). Null only for a turn whose dice came from no throw.
   */
  readonly luck: ThrowLuck | null;
}

/** The three cubeful equities of a cube decision, for the doubler, per unit of the cube before the double. */
export interface CubeFigures {
  readonly noDouble: number;
  readonly take: number;
  readonly pass: number;
  readonly mwc?: { readonly noDouble: number; readonly take: number; readonly pass: number };
  /** The doubler's five numbers before the throw. */
  readonly probabilities: Probabilities;
}

/** The doubler's decision: to double or not, before his throw. */
export interface DoubleDecision extends DecisionBase {
  readonly kind: 'double';
  readonly played: 'double' | 'noDouble';
  readonly best: CubeAction;
  readonly cube: CubeFigures;
}

/** The answer to a double (or, after a beaver, the doubler's answer to it). */
export interface TakeDecision extends DecisionBase {
  readonly kind: 'take';
  readonly played: CubeResponse;
  readonly best: CubeResponse;
  /** The answer to a beaver (the doubler's, money play). */
  readonly beaver: boolean;
  readonly cube: CubeFigures;
}

export type Decision = MoveDecision | DoubleDecision | TakeDecision;

/**
 * A resign offer (G5b), or the answer to one, judged as gnubg does: the resigner's cubeful equity playing on
 * against what the resignation scores him. Offering gives away `playOn − resigned` when that is positive;
 * accepting gives away `resigned − playOn` when that is positive (the resigner would do worse playing on);
 * declining gives away `playOn − resigned` when that is positive. Marked with the skill thresholds, but, as in
 * gnubg's statistics, not counted in the error rates (`unforced` false; `PlayerStats.resignError` sums them).
 */
export interface ResignDecision extends DecisionBase {
  readonly kind: 'resign' | 'acceptResign' | 'declineResign';
  /** The offer: single, mars or koks, and what accepting it scores per unit of the cube (capped, Jacoby). */
  readonly level: ResignLevel;
  readonly points: number;
  readonly cubeValue: number;
  /** The resigner's normalised cubeful equity playing on (before or after the throw, as offered). */
  readonly playOn: number;
  /** The resigner's normalised equity of the resignation (−points in money play). */
  readonly resigned: number;
}

/** Error and luck figures of one player over a game or the match. */
export interface PlayerStats {
  readonly name: string;
  readonly seat: Seat;
  readonly unforcedMoves: number;
  readonly unforcedCube: number;
  /** Equity lost in chequer play and in cube decisions (normalised, EMG). */
  readonly chequerError: number;
  readonly cubeError: number;
  /** mEMG per unforced move, per unforced cube decision, per unforced decision; null where none. */
  readonly chequerErrorRate: number | null;
  readonly cubeErrorRate: number | null;
  readonly errorRate: number | null;
  /** Matches: the error rate in mMWC per unforced decision. */
  readonly errorRateMwc?: number | null;
  /** Performance rating, as XG and Galaxy: 500 × equity lost / unforced decisions (= error rate in mEMG ÷ 2). */
  readonly pr: number | null;
  readonly marks: { readonly doubtful: number; readonly bad: number; readonly veryBad: number };
  /** The sum of the luck of his throws (EMG; matches also MWC). */
  readonly luck: number;
  readonly luckMwc?: number;
  /** What he won (points; matches: MWC gained from the start) minus the luck of both sides' throws in his favour. */
  readonly result: number;
  readonly luckAdjustedResult: number;
  readonly rating: Rating | null;
  /** Equity given away in resign offers and answers (EMG): shown, not in the error rates, as gnubg. */
  readonly resignError: number;
}

export interface GameAnalysis {
  readonly game: number;
  readonly players: readonly [PlayerStats, PlayerStats];
  /**
   * How the game ended (null: not finished, as when a flag fell and lost the match, or the match was resigned):
   * `timeout` is a flag fall, scored as a surrender, and no decision of the player's.
   */
  readonly end: { readonly winner: Seat | null; readonly how: GameEnd; readonly points: number } | null;
}

export interface MatchAnalysis {
  readonly variant: MatchSettings['variant'];
  readonly matchLength: number;
  readonly ply: number;
  readonly decisions: readonly Decision[];
  /** Resign offers and their answers (apart from `decisions`, which are the ones the error rates count). */
  readonly resignations: readonly ResignDecision[];
  readonly games: readonly GameAnalysis[];
  readonly players: readonly [PlayerStats, PlayerStats];
  /** Why the match ended (the engine's reasons: `timeout` a flag fall, `resignMatch`); null if unfinished. */
  readonly end: MatchEnd | null;
}
