import { z } from 'zod';
import { GameIdSchema, LIMITS, textSchema } from './common.js';

/**
 * Analysis jobs on the server (issue 41 item 4): a finished game or match is analysed by the engine at a ply
 * (`analysis.request`), queued, and its progress pushed to whoever asked or joined (`analysis.progress`, then
 * `analysis.done` or `analysis.failed`); the result is read with `GET /api/games/:id/analysis?ply=N`.
 */

/** The engine's look-ahead: 0, 1 or 2 plies (default 2). */
export const AnalysisPlySchema = z.int().min(0).max(2);
export const DEFAULT_ANALYSIS_PLY = 2;

export const ANALYSIS_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const AnalysisStateSchema = z.enum(ANALYSIS_STATES);
export type AnalysisState = z.infer<typeof AnalysisStateSchema>;

/** Where a job stands: its state and `done` of `total` decisions (0 of 0 until it starts). */
const analysisStatus = {
  gameId: GameIdSchema,
  ply: AnalysisPlySchema,
  status: AnalysisStateSchema,
  done: z.int().min(0),
  total: z.int().min(0),
};

/** The `analysis.request` ack: the job asked for or joined. */
export const AnalysisAckSchema = z.strictObject({ kind: z.literal('analysis'), ...analysisStatus });

export const ANALYSIS_SERVER_SCHEMAS = {
  /** `done` of `total` decisions analysed. */
  'analysis.progress': z.strictObject({
    type: z.literal('analysis.progress'),
    gameId: GameIdSchema,
    ply: AnalysisPlySchema,
    done: z.int().min(0),
    total: z.int().min(0),
  }),
  /** The analysis is stored: read it with `GET /api/games/:id/analysis?ply=N`. */
  'analysis.done': z.strictObject({ type: z.literal('analysis.done'), gameId: GameIdSchema, ply: AnalysisPlySchema }),
  /** The analysis failed (it may be requested again). */
  'analysis.failed': z.strictObject({
    type: z.literal('analysis.failed'),
    gameId: GameIdSchema,
    ply: AnalysisPlySchema,
    error: textSchema(LIMITS.textLength),
  }),
} as const;

/** `GET /api/games/:id/analysis`: the job's status, and once done the engine's `MatchAnalysis` as `result`. */
export interface AnalysisResponse {
  readonly gameId: string;
  readonly ply: number;
  readonly status: AnalysisState;
  readonly done: number;
  readonly total: number;
  readonly requestedAt: number;
  readonly finishedAt: number | null;
  readonly error: string | null;
  /** @nardy/ai's `MatchAnalysis` (docs/analysis.md), once `status` is `done`. */
  readonly result: unknown;
}

/** One variant's figures in `GET /api/users/:id/analysis`. */
export interface AnalysedPlay {
  readonly variant: string;
  /** Analysed games and matches the user played in that variant. */
  readonly matches: number;
  /** Unforced decisions over them. */
  readonly unforced: number;
  /** mEMG per unforced decision over them all (each match weighted by its unforced decisions); null without any. */
  readonly errorRate: number | null;
  /** Half the error rate, as XG and Galaxy show it. */
  readonly pr: number | null;
}

/**
 * `GET /api/users/:id/analysis`: a player's average error rate and PR over his analysed games and matches (their
 * 2-ply analyses, the latest 200 finished games), per variant.
 */
export interface UserAnalysis {
  readonly userId: string;
  readonly ply: number;
  readonly variants: readonly AnalysedPlay[];
}
