import { analyseInWorker } from '@nardy/ai/node';
import type { Action, MatchSettings } from '@nardy/engine';
import type { Json } from '../store/index.js';

/** What an analysis is made of: the match's settings and its whole action log, at a ply. */
export interface AnalysisInput {
  readonly settings: MatchSettings;
  readonly actions: readonly Action[];
  readonly ply: number;
  /** The players' names by seat, as the report shows them. */
  readonly names: { readonly p1: string; readonly p2: string };
}

/**
 * Runs one analysis: resolves with the engine's `MatchAnalysis` (stored as it is), reports `done` of `total`
 * decisions as it goes, and rejects soon after `signal` aborts. The production one runs @nardy/ai's analysis
 * on a worker thread of its own (`workerAnalyser`); tests inject their own.
 */
export type Analyser = (input: AnalysisInput, onProgress: (done: number, total: number) => void, signal: AbortSignal) => Promise<Json>;

/** Linux: the analysis thread's nice value, so bots and live games get the cores first. */
const ANALYSIS_NICE = 10;

/** The production analyser: @nardy/ai's `analyseMatch` on a worker thread started for the job, at a lower priority. */
export const workerAnalyser: Analyser = async (input, onProgress, signal) =>
  (await analyseInWorker(
    { settings: input.settings, actions: input.actions },
    { ply: input.ply, names: input.names, onProgress, signal, nice: ANALYSIS_NICE },
  )) as unknown as Json;
