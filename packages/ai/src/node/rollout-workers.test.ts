import { describe, expect, it } from 'vitest';
import { startPosition } from '@nardy/engine';
import { rollout } from '../rollout/rollout.js';
import { workerTrials } from './rollout-workers.js';

// The worker runs use the built dist/node/rollout-worker.js: run `tsc -b packages/engine packages/ai` first (`npm test` does).

describe('rollout on worker threads', () => {
  it('gives the same result on this thread and on 1 or 2 workers (trials merged in trial order)', async () => {
    const position = startPosition('short');
    const options = { trials: 12, truncate: 6, seed: 3 } as const;
    const here = await rollout(position, options);
    const one = await rollout(position, { ...options, runner: workerTrials(1) });
    const two = await rollout(position, { ...options, runner: workerTrials(2) });
    expect(one).toEqual(here);
    expect(two).toEqual(here);
    expect(here.trials).toBe(12);
  }, 120_000);

  it('refuses a chooser or an evaluator of its own (functions cannot cross to a thread)', async () => {
    const position = startPosition('short');
    await expect(
      rollout(position, { trials: 2, runner: workerTrials(1), evaluator: () => ({ win: 0.5, winMars: 0, winKoks: 0, loseMars: 0, loseKoks: 0 }) }),
    ).rejects.toThrow(/use level/);
  });
});
