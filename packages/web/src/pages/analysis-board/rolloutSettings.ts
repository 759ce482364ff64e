/**
 * The engine panel's rollout settings as the player types them, and the settings the worker runs, or why they are
 * not settings: trials (a preset or a number of one's own), truncation after N half-moves or none, the dice seed,
 * luck adjustment.
 */
import type { Checked } from './editModel';
import type { RolloutSettings } from './engineProtocol';

/** 36: each first throw once; 1,296 = 36²: every pair of first two throws once (the quasi-random dice's strata). */
export const TRIAL_PRESETS = [36, 144, 324, 1296] as const;
/** 36³: beyond it a rollout in a browser tab takes hours. */
export const MAX_TRIALS = 46_656;
/** Half-moves: a truncation longer than most games is no truncation. */
export const MAX_TRUNCATE = 200;
/** The largest seed the dice's generator takes as given (a 32-bit word). */
export const MAX_SEED = 2 ** 32 - 1;

export interface RolloutForm {
  /** A preset (its number as text) or `custom`. */
  readonly trials: string;
  readonly customTrials: string;
  readonly truncate: boolean;
  readonly truncateAt: string;
  readonly seed: string;
  readonly luck: boolean;
}

/** 1,296 trials played to the end, seed 1, luck adjustment on: `@nardy/ai`'s own defaults. */
export const DEFAULT_FORM: RolloutForm = { trials: '1296', customTrials: '2592', truncate: false, truncateAt: '11', seed: '1', luck: true };

/** A whole number from min to max typed in a field, or undefined. */
function whole(text: string, min: number, max: number): number | undefined {
  if (!/^\s*\d+\s*$/.test(text)) return undefined;
  const n = Number(text);
  return n >= min && n <= max ? n : undefined;
}

export function settingsOf(form: RolloutForm): Checked<RolloutSettings> {
  const trials = whole(form.trials === 'custom' ? form.customTrials : form.trials, 1, MAX_TRIALS);
  if (trials === undefined) return { ok: false, problem: { key: 'problem.trials', values: { max: MAX_TRIALS } } };
  const truncate = form.truncate ? whole(form.truncateAt, 1, MAX_TRUNCATE) : null;
  if (truncate === undefined) return { ok: false, problem: { key: 'problem.truncate', values: { max: MAX_TRUNCATE } } };
  const seed = whole(form.seed, 0, MAX_SEED);
  if (seed === undefined) return { ok: false, problem: { key: 'problem.seed', values: { max: MAX_SEED } } };
  return { ok: true, value: { trials, truncate, seed, luck: form.luck } };
}
