/**
 * What the engine worker computes for each request, apart from the messaging: a job's position, cube and match
 * context; the cube decision on a set of probabilities (the eval's, or a rollout's); a rollout with the player's
 * settings. Plain functions, so they run in a test as they run in the worker.
 */
import { cubeDecision, rollout, type CubeContext, type CubeView, type Probabilities, type RolloutProgress, type RolloutResult } from '@nardy/ai';
import { defaultMatchSettings, positionFromSetup, type Position } from '@nardy/engine';
import type { CubeVerdict, FiveNumbers, Job, RolloutFigures, RolloutSettings } from './engineProtocol';

export interface JobInputs {
  readonly position: Position;
  readonly cube: CubeView;
  readonly context: CubeContext;
  readonly options: { readonly scoring: ReturnType<typeof defaultMatchSettings>; readonly rules: ReturnType<typeof defaultMatchSettings>['rules'] };
}

export const five = (p: Probabilities): FiveNumbers => ({ win: p.win, winMars: p.winMars, winKoks: p.winKoks, loseMars: p.loseMars, loseKoks: p.loseKoks });

/** The engine's view of a job: the position (validated again), the cube from the side on roll's view, money or match. */
export function jobInputs(job: Job): JobInputs {
  const p = positionFromSetup(job.setup);
  if (!p.ok) throw new Error(p.error.message);
  const settings = defaultMatchSettings(job.setup.variant);
  const owner = job.cube.owner === null ? 'centred' : job.cube.owner === job.setup.turn ? 'onRoll' : 'opponent';
  const context: CubeContext = job.away
    ? {
        scoring: settings,
        away: job.away,
        stage: job.crawford ? 'crawford' : Math.min(job.away.onRoll, job.away.opponent) <= 1 ? 'postCrawford' : 'preCrawford',
      }
    : { scoring: settings };
  return { position: p.value, cube: { value: job.cube.value, owner }, context, options: { scoring: settings, rules: settings.rules } };
}

/** The cube decision and the cubeful equity on these probabilities of the side on roll: the model the eval shows. */
export function cubeVerdict({ position, cube, context }: JobInputs, p: Probabilities): CubeVerdict {
  const d = cubeDecision(position, cube, { ...context, evaluator: () => p });
  const e = d.equities;
  return { action: d.action, response: d.response, noDouble: e.noDouble, take: e.take, pass: e.pass, cubeful: e.optimal };
}

/** A rollout's figures for the page: means, standard errors, and the cube applied to the rolled-out probabilities. */
export function rolloutFigures(inputs: JobInputs, r: RolloutResult): RolloutFigures {
  return {
    trials: r.trials,
    probabilities: five(r.probabilities),
    errors: five(r.standardError),
    equity: r.equity,
    error: r.standardError.equity,
    cube: cubeVerdict(inputs, r.probabilities),
  };
}

/**
 * Rolls the job's position out with the player's settings, on this thread. The trials are played cubeless (both
 * sides at the rollout level, `@nardy/ai`'s `rollout`); the cube enters only at the end, through `cubeVerdict`.
 */
export async function rollOut(inputs: JobInputs, settings: RolloutSettings, onProgress?: (progress: RolloutProgress) => void): Promise<RolloutResult> {
  return rollout(inputs.position, {
    trials: settings.trials,
    seed: settings.seed,
    luck: settings.luck,
    ...(settings.truncate === null ? {} : { truncate: settings.truncate }),
    scoring: inputs.options.scoring,
    rules: inputs.options.rules,
    ...(onProgress ? { onProgress } : {}),
  });
}
