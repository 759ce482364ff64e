import { DEFAULT_RULE_OPTIONS, DEFAULT_SCORING, type Position, type RuleOptions, type ScoringSettings, type Turn } from '@nardy/engine';
import { chooseTurn } from '../choose.js';
import type { Level } from '../levels.js';
import type { StaticEvaluator } from '../search/eval-cache.js';
import { rolloutContext } from './luck.js';
import { summarize, type RolloutResult } from './stats.js';
import { runTrial, type Chooser, type TrialSpec } from './trial.js';
import type { Vec5 } from './vector.js';

export interface RolloutProgress {
  readonly done: number;
  readonly total: number;
  /** The estimate over the trials finished so far (for display; the final result sums in trial order). */
  readonly estimate: () => RolloutResult;
}

export interface RolloutOptions {
  /** Default 1,296 (36²: every pair of first two throws once, `dice.ts`). */
  readonly trials?: number;
  /** Seed of the dice and of the players' noise; default 1. */
  readonly seed?: number;
  /** Both sides play `chooseTurn` at this level; default `expert` (0-ply). */
  readonly level?: Level;
  readonly rules?: RuleOptions;
  readonly scoring?: ScoringSettings;
  /** Luck adjustment (variance reduction, `runTrial`); default on. */
  readonly luck?: boolean;
  /** Stop each trial after this many half-moves and take the evaluator's estimate; default: play to the end. */
  readonly truncate?: number;
  /** Roll out the position after this turn (one of `legalTurns(position, dice)`), from its mover's view. */
  readonly played?: Turn;
  /**
   * Where the trials run when not on this thread (the default): e.g. `workerTrials(n)` from `@nardy/ai/node`,
   * n worker threads. The result does not depend on it.
   */
  readonly runner?: TrialRunner;
  /** This thread only (no runner): a chooser of one's own instead of `chooseTurn` at `level`. */
  readonly chooser?: Chooser;
  /** This thread only: the static evaluator for luck and truncation; default the variant's strongest (`rolloutContext`). */
  readonly evaluator?: StaticEvaluator;
  /** Called after each finished trial. */
  readonly onProgress?: (progress: RolloutProgress) => void;
}

/** What crosses to a worker: the trial spec as plain data plus the chooser's level and the move rules. */
export interface WorkerSpec extends TrialSpec {
  readonly level: Level;
  readonly rules: RuleOptions;
}

/**
 * Runs trials 0..trials−1 of `spec` off this thread (a chooser at `spec.level`, the variant's strongest static
 * evaluator) and hands each outcome to `record` as it arrives, in any order.
 */
export type TrialRunner = (spec: WorkerSpec, trials: number, record: (trial: number, outcome: Vec5) => void) => Promise<void>;

/** Lets timers and signals in between trials: `setImmediate` where the host has it (Node), else a zero timeout. */
const yieldToHost = (): Promise<void> => new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

export const DEFAULT_TRIALS = 1296;
/** The players' level in a rollout unless told otherwise. */
export const ROLLOUT_LEVEL: Level = 'expert';

/** `chooseTurn` at a level, drawing its noise from the trial's rng. */
export const levelChooser =
  (level: Level, rules: RuleOptions, scoring: ScoringSettings): Chooser =>
  (position, dice, rng) =>
    chooseTurn(position, dice, { level, rules, scoring, rng });

/**
 * Rolls `position` (or, with `played`, the position after that turn) out `trials` times and reports the mean
 * outcome with standard errors, from the view of `position`'s side on roll. Deterministic for a given seed:
 * each trial depends only on (seed, trial number), and the outcomes are summed in trial order, so any number
 * of workers gives the identical result. Works for every variant (legal turns, game end and scoring come
 * from `@nardy/engine`).
 */
export async function rollout(position: Position, options: RolloutOptions = {}): Promise<RolloutResult> {
  const trials = options.trials ?? DEFAULT_TRIALS;
  if (!Number.isInteger(trials) || trials < 1) throw new RangeError('trials must be a positive integer');
  if (options.runner && (options.chooser || options.evaluator)) throw new Error('functions cannot run in worker threads (use level)');
  const scoring = options.scoring ?? DEFAULT_SCORING;
  const spec: WorkerSpec = {
    start: options.played?.after ?? position,
    perspective: position.turn,
    seed: options.seed ?? 1,
    rules: options.rules ?? DEFAULT_RULE_OPTIONS,
    scoring,
    luck: options.luck ?? true,
    truncate: options.truncate,
    level: options.level ?? ROLLOUT_LEVEL,
  };
  const outcomes: Vec5[] = new Array<Vec5>(trials);
  const finished: Vec5[] = [];
  const record = (trial: number, outcome: Vec5): void => {
    outcomes[trial] = outcome;
    finished.push(outcome);
    options.onProgress?.({ done: finished.length, total: trials, estimate: () => summarize(finished, scoring.ceiling) });
  };
  if (options.runner) {
    await options.runner(spec, trials, record);
  } else {
    const chooser = options.chooser ?? levelChooser(spec.level, spec.rules, scoring);
    const ctx = rolloutContext(spec.start, scoring, spec.rules, options.evaluator);
    for (let t = 0; t < trials; t++) {
      record(t, runTrial(spec, t, chooser, ctx));
      await yieldToHost();
    }
  }
  return summarize(outcomes, scoring.ceiling);
}
