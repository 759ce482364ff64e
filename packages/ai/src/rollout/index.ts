/** Rollouts: a position played out many times with quasi-random dice and luck adjustment (on worker threads: `@nardy/ai/node`). */
export {
  rollout,
  levelChooser,
  DEFAULT_TRIALS,
  ROLLOUT_LEVEL,
  type RolloutOptions,
  type RolloutProgress,
  type TrialRunner,
  type WorkerSpec,
} from './rollout.js';
export { runTrial, type Chooser, type TrialSpec } from './trial.js';
export { summarize, type RolloutResult } from './stats.js';
export { trialDice, OUTCOMES } from './dice.js';
export { rolloutContext, throwLuck } from './luck.js';
