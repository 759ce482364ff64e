import { DEFAULT_RULE_OPTIONS, legalTurns, type Dice, type Position, type RuleOptions, type Turn } from '@nardy/engine';
import { expectedThrows } from './one-sided.js';

/**
 * Of the candidate turns of the side on roll in `position`, the index of the one that leaves it the fewest
 * expected throws to bear off (ties: the first, i.e. `legalTurns` order). Undefined when there is no
 * candidate or one of them leaves a checker outside the home (not a bear-off: use the evaluator). Perfect
 * one-sided play — exact for a race; near the end the two-sided table, which plays to win, may differ.
 */
export function bestBearOffIndex(turns: readonly Turn[], position: Position): number | undefined {
  let best: number | undefined;
  let bestMean = Infinity;
  for (let i = 0; i < turns.length; i++) {
    const mean = expectedThrows(turns[i]!.after.board[position.turn]);
    if (mean === undefined) return undefined;
    if (mean < bestMean) [best, bestMean] = [i, mean];
  }
  return best;
}

/** The bear-off turn for a throw (see `bestBearOffIndex`), from the engine's legal turns (L12–L22, S5–S6). */
export function bestBearOffTurn(position: Position, dice: Dice, rules: RuleOptions = DEFAULT_RULE_OPTIONS): Turn | undefined {
  const turns = legalTurns(position, dice, rules);
  const i = bestBearOffIndex(turns, position);
  return i === undefined ? undefined : turns[i];
}
