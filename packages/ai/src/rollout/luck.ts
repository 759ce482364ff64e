import { DEFAULT_RULE_OPTIONS, passTurn, type Dice, type Position, type RuleOptions, type ScoringSettings } from '@nardy/engine';
import { staticEvaluator } from '../evaluator.js';
import { invert, type Probabilities } from '../probabilities.js';
import { EvalCache, type StaticEvaluator } from '../search/eval-cache.js';
import { evaluatePly, rankTurnsPly, type SearchContext } from '../search/ply.js';

/**
 * The search context of a rollout's own evaluations (luck, truncation): the variant's strongest static
 * evaluator (`evaluator.ts`) behind a cache of its own, or the one given. No pruning net, so that the
 * value of the throw that came and the mean over all throws pick the best turn the same way.
 */
export function rolloutContext(
  position: Position,
  scoring: ScoringSettings,
  rules: RuleOptions = DEFAULT_RULE_OPTIONS,
  evaluate?: StaticEvaluator,
): SearchContext {
  return { evaluate: evaluate ?? new EvalCache(16).wrap(staticEvaluator(position.variant, scoring)), rules, ceiling: scoring.ceiling };
}

/**
 * The luck of a throw for the side on roll, both terms from its view: `actual` = the static value after its
 * best turn for the throw that came (by the context's evaluator; the pass when no die can be played, L14),
 * `mean` = the same averaged over the 36 throws (the 1-ply evaluation of the position). actual − mean has
 * mean zero over the dice.
 */
export function throwLuck(position: Position, thrown: Dice, ctx: SearchContext): { actual: Probabilities; mean: Probabilities } {
  const best = rankTurnsPly(position, thrown, 0, [], ctx)[0];
  const actual = best ? best.probabilities : invert(ctx.evaluate(passTurn(position).after));
  return { actual, mean: evaluatePly(position, 1, ctx) };
}
