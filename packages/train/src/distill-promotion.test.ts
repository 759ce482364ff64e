import { describe, expect, it } from 'vitest';
import { distillPromotion } from './distill-promotion.js';

describe('distillPromotion', () => {
  it('without a held-out gain, promotes on the duel lower bound alone', () => {
    expect(distillPromotion({ pointsPerGame: 0.03, ci95: 0.02 })).toEqual({ promoted: true, rule: 'duel' });
    expect(distillPromotion({ pointsPerGame: 0.01, ci95: 0.02 })).toEqual({ promoted: false, rule: 'duel' });
  });

  it('with candidate labels, promotes on a ranking gain clear of zero when the duel is not behind', () => {
    const ranking = (gain: number, ci95: number) => ({ by: 'ranking' as const, gain, ci95 });
    // The fifth round: a gain of 0.26 ± 0.20 mp, a duel of +0.0036 ± 0.0094 — promoted.
    expect(distillPromotion({ pointsPerGame: 0.0036, ci95: 0.0094 }, ranking(0.26, 0.2))).toEqual({ promoted: true, rule: 'ranking gain, duel not behind' });
    // The sixth round: 0.26 ± 0.15 mp, but −0.0087 ± 0.0095 in the duel — refused by the present rule.
    expect(distillPromotion({ pointsPerGame: -0.0087, ci95: 0.0095 }, ranking(0.26, 0.15)).promoted).toBe(false);
    expect(distillPromotion({ pointsPerGame: 0, ci95: 0.0095 }, ranking(0.26, 0.15)).promoted).toBe(true);
    // The gain's interval reaches zero: not promoted, however the duel went.
    expect(distillPromotion({ pointsPerGame: 0.05, ci95: 0.01 }, ranking(0.2, 0.21)).promoted).toBe(false);
    // A clear gain, but the duel shows the nets worse: the guard refuses them.
    expect(distillPromotion({ pointsPerGame: -0.02, ci95: 0.01 }, ranking(0.5, 0.2)).promoted).toBe(false);
  });

  it('with rollout labels, promotes on a lower error against the rollouts when the duel is not behind', () => {
    const error = (gain: number, ci95: number) => ({ by: 'rollout error' as const, gain, ci95 });
    // A duel level within its noise does not block better values; a duel behind does; a gain reaching zero is no gain.
    expect(distillPromotion({ pointsPerGame: 0.002, ci95: 0.011 }, error(0.00013, 0.00003))).toEqual({
      promoted: true,
      rule: 'rollout error gain, duel not behind',
    });
    expect(distillPromotion({ pointsPerGame: -0.002, ci95: 0.011 }, error(0.00013, 0.00003)).promoted).toBe(false);
    expect(distillPromotion({ pointsPerGame: 0.03, ci95: 0.011 }, error(0.00002, 0.00003)).promoted).toBe(false);
  });
});
