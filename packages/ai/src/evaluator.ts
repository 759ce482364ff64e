import { DEFAULT_SCORING, opposite, type Position, type ScoringSettings, type VariantId } from '@nardy/engine';
import { homeMarsPoints, raceProbabilities } from './bearoff/index.js';
import { longEvaluator, pruneNetEvaluator, shortEvaluator } from './net/committed-nets.js';
import { finishedProbabilities } from './net/net-evaluator.js';
import type { Probabilities } from './probabilities.js';
import type { StaticEvaluator } from './search/eval-cache.js';

/**
 * The strongest static evaluator for a variant, from the view of the side on roll, by gnubg's position classes:
 *
 * - **over**: exact, from the engine's scoring;
 * - **bear-off** (every checker of both sides on its own six home points): the bear-off databases
 *   (`bearoff/`) — exact winning chances up to 6 checkers a side, the one-sided throw distributions beyond;
 * - **contact / race**: the trained nets — short nardy's (also Caucasian's, issue 6 item 7) and long nardy's.
 *
 * The nets predict mars and koks under the default scoring; the table's ceiling (G4) is applied when equity is
 * taken (`cubelessEquity`). (The documented heuristic, `evaluate.ts`, stays as the yardstick they are measured
 * against.)
 */
export function staticEvaluator(variant: VariantId, scoring: ScoringSettings = DEFAULT_SCORING): StaticEvaluator {
  const exact = exactEvaluator(variant, scoring);
  const nets = variant === 'long' ? longEvaluator() : shortEvaluator();
  return (p: Position) => exact(p) ?? nets.evaluate(p);
}

/** The part of `staticEvaluator` that is exact — finished games and bear-offs (the databases); undefined elsewhere. */
export function exactEvaluator(variant: VariantId, scoring: ScoringSettings = DEFAULT_SCORING): (p: Position) => Probabilities | undefined {
  const marsPoints = homeMarsPoints(variant, scoring);
  return (p) => finishedProbabilities(p, scoring) ?? raceProbabilities(p.board[p.turn], p.board[opposite(p.turn)], marsPoints);
}

/** The cheap evaluator that pre-ranks candidates inside deeper searches (gnubg's pruning net). */
export function pruneEvaluator(variant: VariantId): StaticEvaluator {
  const small = pruneNetEvaluator(variant === 'long' ? 'long' : 'short');
  return (p: Position) => small.evaluate(p);
}
