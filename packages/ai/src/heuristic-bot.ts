import { DEFAULT_RULE_OPTIONS, DEFAULT_SCORING, passTurn, type Dice, type Position, type RuleOptions, type ScoringSettings, type Turn } from '@nardy/engine';
import { evaluate } from './evaluate.js';
import { rankTurnsPly } from './search/ply.js';

/**
 * The fixed yardstick the nets are measured against (issue 6 item 3): the documented heuristic evaluator
 * (`evaluate.ts` — race formula, blots and shots, home points, primes; for long nardy checkers on the head and
 * blocks ahead of the opponent) at 0-ply, with no noise. Unlike `chooseTurn`, it never changes as nets improve.
 */
export function heuristicTurn(position: Position, dice: Dice, rules: RuleOptions = DEFAULT_RULE_OPTIONS, scoring: ScoringSettings = DEFAULT_SCORING): Turn {
  return rankTurnsPly(position, dice, 0, [], { evaluate: (p) => evaluate(p, scoring), rules, ceiling: scoring.ceiling })[0]?.turn ?? passTurn(position);
}
