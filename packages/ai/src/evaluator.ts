import { DEFAULT_SCORING, opposite, type Position, type ScoringSettings, type VariantId } from '@nardy/engine';
import { homeMarsPoints, raceProbabilities } from './bearoff/index.js';
import { evaluate as heuristicEvaluate } from './evaluate.js';
import { shortEvaluator, shortPruneEvaluator } from './net/committed-nets.js';
import { finishedProbabilities } from './net/net-evaluator.js';
import type { StaticEvaluator } from './search/eval-cache.js';

/**
 * The strongest static evaluator for a variant, from the view of the side on roll, by gnubg's position classes:
 *
 * - **over**: exact, from the engine's scoring;
 * - **bear-off** (every checker of both sides on its own six home points): the bear-off databases
 *   (`bearoff/`) — exact winning chances up to 6 checkers a side, the one-sided throw distributions beyond;
 * - **contact / race**: the trained nets for short nardy and Caucasian (Caucasian uses the short-nardy nets,
 *   issue 6 item 7); for long nardy the documented heuristic (`evaluate.ts`) until its nets are trained.
 */
export function staticEvaluator(variant: VariantId, scoring: ScoringSettings = DEFAULT_SCORING): StaticEvaluator {
  const marsPoints = homeMarsPoints(variant, scoring);
  const positional: StaticEvaluator = variant === 'long' ? (p) => heuristicEvaluate(p, scoring) : ((nets) => (p: Position) => nets.evaluate(p))(shortEvaluator());
  return (p: Position) => {
    const done = finishedProbabilities(p, scoring);
    if (done) return done;
    return raceProbabilities(p.board[p.turn], p.board[opposite(p.turn)], marsPoints) ?? positional(p);
  };
}

/** The cheap evaluator that pre-ranks candidates inside deeper searches (gnubg's pruning net), if any. */
export function pruneEvaluator(variant: VariantId): StaticEvaluator | undefined {
  if (variant === 'long') return undefined;
  const small = shortPruneEvaluator();
  return (p: Position) => small.evaluate(p);
}
