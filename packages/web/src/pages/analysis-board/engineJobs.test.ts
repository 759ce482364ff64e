import { cubeDecision } from '@nardy/ai';
import { startPosition } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import { cubeVerdict, jobInputs, rollOut, rolloutFigures } from './engineJobs';
import type { Job, RolloutSettings } from './engineProtocol';

const money: Job = { setup: startPosition('short'), cube: { value: 1, owner: null }, crawford: false };
const match: Job = { ...money, cube: { value: 2, owner: 'black' }, away: { onRoll: 3, opponent: 5 } };
const quick: RolloutSettings = { trials: 36, truncate: 2, seed: 1, luck: true };

describe('the engine worker’s rollout', () => {
  it('follows the player’s settings: the same seed the same figures, another seed, truncation or luck switch other ones', async () => {
    const inputs = jobInputs(money);
    const once = await rollOut(inputs, quick);
    expect(once.trials).toBe(36);
    expect(await rollOut(inputs, quick)).toEqual(once);
    for (const other of [{ seed: 2 }, { truncate: 4 }, { luck: false }]) expect(await rollOut(inputs, { ...quick, ...other })).not.toEqual(once);
    let done = 0;
    await rollOut(inputs, { ...quick, trials: 5 }, (p) => (done = p.done));
    expect(done).toBe(5);
  });

  it('gives each probability with its standard error, and the cube applied to the rolled-out chances as the eval applies it', async () => {
    for (const job of [money, match]) {
      const inputs = jobInputs(job);
      const r = await rollOut(inputs, { ...quick, luck: false });
      const f = rolloutFigures(inputs, r);
      expect(f.errors.win).toBeCloseTo(r.standardError.win, 12);
      expect(f.errors.win).toBeGreaterThan(0);
      expect(f.equity).toBe(r.equity);
      expect(f.cube).toEqual(cubeVerdict(inputs, r.probabilities));
      // The same model as the eval: gnubg's Janowski money equities, or the match table at this score.
      const d = cubeDecision(inputs.position, inputs.cube, { ...inputs.context, evaluator: () => r.probabilities });
      expect(f.cube.cubeful).toBe(d.equities.optimal);
      expect(f.cube.cubeful).toBe(job.cube.owner === 'black' ? f.cube.noDouble : Math.max(f.cube.noDouble, Math.min(f.cube.take, f.cube.pass)));
    }
  });
});
