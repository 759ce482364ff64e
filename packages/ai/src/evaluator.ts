import { DEFAULT_SCORING, type Position, type ScoringSettings, type VariantId } from '@nardy/engine';
import { evaluate as heuristicEvaluate } from './evaluate.js';
import { shortEvaluator, shortPruneEvaluator } from './net/committed-nets.js';
import type { StaticEvaluator } from './search/eval-cache.js';

/**
 * The strongest static evaluator for a variant: the trained nets for short nardy and Caucasian (which uses
 * the short-nardy nets, issue 6 item 7), the documented heuristic (`evaluate.ts`) for long nardy until its
 * nets are trained. From the view of the side on roll.
 */
export function staticEvaluator(variant: VariantId, scoring: ScoringSettings = DEFAULT_SCORING): StaticEvaluator {
  if (variant === 'long') return (p: Position) => heuristicEvaluate(p, scoring);
  const nets = shortEvaluator();
  return (p: Position) => nets.evaluate(p);
}

/** The cheap evaluator that pre-ranks candidates inside deeper searches (gnubg's pruning net), if any. */
export function pruneEvaluator(variant: VariantId): StaticEvaluator | undefined {
  if (variant === 'long') return undefined;
  const small = shortPruneEvaluator();
  return (p: Position) => small.evaluate(p);
}
