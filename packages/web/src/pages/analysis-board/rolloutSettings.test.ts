import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM, MAX_SEED, MAX_TRIALS, MAX_TRUNCATE, settingsOf } from './rolloutSettings';

describe('the rollout settings form', () => {
  it('defaults to @nardy/ai’s rollout: 1,296 trials to the end, seed 1, luck adjustment on', () => {
    expect(settingsOf(DEFAULT_FORM)).toEqual({ ok: true, value: { trials: 1296, truncate: null, seed: 1, luck: true } });
  });

  it('takes a preset or a number of one’s own, truncation when asked for, the seed and the luck switch', () => {
    const form = { ...DEFAULT_FORM, trials: 'custom', customTrials: ' 500 ', truncate: true, truncateAt: '7', seed: '42', luck: false };
    expect(settingsOf(form)).toEqual({ ok: true, value: { trials: 500, truncate: 7, seed: 42, luck: false } });
    expect(settingsOf({ ...form, trials: '36' })).toMatchObject({ ok: true, value: { trials: 36 } });
    // The number typed for truncation counts only while truncation is on.
    expect(settingsOf({ ...DEFAULT_FORM, truncateAt: 'x' })).toMatchObject({ ok: true, value: { truncate: null } });
  });

  it('says what is wrong with a field: each within its bounds, whole numbers only', () => {
    const trials = { ok: false, problem: { key: 'problem.trials', values: { max: MAX_TRIALS } } };
    for (const customTrials of ['0', '', '1.5', '-3', String(MAX_TRIALS + 1)])
      expect(settingsOf({ ...DEFAULT_FORM, trials: 'custom', customTrials })).toEqual(trials);
    expect(settingsOf({ ...DEFAULT_FORM, trials: 'custom', customTrials: String(MAX_TRIALS) })).toMatchObject({ ok: true });
    for (const truncateAt of ['0', String(MAX_TRUNCATE + 1), 'ten'])
      expect(settingsOf({ ...DEFAULT_FORM, truncate: true, truncateAt })).toEqual({
        ok: false,
        problem: { key: 'problem.truncate', values: { max: MAX_TRUNCATE } },
      });
    expect(settingsOf({ ...DEFAULT_FORM, seed: String(MAX_SEED + 1) })).toEqual({ ok: false, problem: { key: 'problem.seed', values: { max: MAX_SEED } } });
    expect(settingsOf({ ...DEFAULT_FORM, seed: '0' })).toMatchObject({ ok: true, value: { seed: 0 } });
  });
});
