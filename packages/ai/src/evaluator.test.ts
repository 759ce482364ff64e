import { describe, expect, it } from 'vitest';
import { raceProbabilities } from './bearoff/index.js';
import { staticEvaluator } from './evaluator.js';
import { isValidProbabilities } from './probabilities.js';
import { made, side } from './test-positions.suite.js';

describe('staticEvaluator (gnubg classes: over, bear-off, contact/race)', () => {
  it('bear-off positions are answered from the databases, exactly where both sides have ≤ 6 checkers', () => {
    for (const variant of ['short', 'long', 'caucasian'] as const) {
      const evaluate = staticEvaluator(variant);
      const pos = made(variant, 'white', { 6: 2, 2: 1 }, { 5: 1, 1: 2 });
      expect(evaluate(pos)).toEqual(raceProbabilities(side({ 6: 2, 2: 1 }), side({ 5: 1, 1: 2 })));
      // Two on the 1-point against a sure finisher: win only by finishing now (any throw bears both off).
      expect(evaluate(made(variant, 'white', { 1: 2 }, { 1: 1 })).win).toBe(1);
    }
  });

  it('a bear-off where the loser may still be marsed counts the mars (15 home, none off)', () => {
    const p = staticEvaluator('short')(made('short', 'white', { 1: 1 }, { 6: 15 }));
    expect(p.win).toBe(1);
    expect(p.winMars).toBe(1);
    expect(isValidProbabilities(p)).toBe(true);
  });

  it('finished games are exact', () => {
    expect(staticEvaluator('short')(made('short', 'white', { 3: 1 }, {})).win).toBe(0);
  });
});
