import type { RuleOptions } from '../options.js';
import { HEAD } from '../types.js';

/**
 * L9–L11, the head rule: at most one checker leaves the head per turn, except on a side's first turn
 * when a double lets a second one go (L10). `opp` holds the opposing checkers by the mover's own points.
 *
 * Under 'anyDouble' every first-turn double qualifies (the generator raises the limit at once). Under
 * 'federation' and 'blockedDouble' this function answers whether the dice and board qualify; the
 * generator additionally requires that one head checker cannot play the whole double (the federation
 * note "except when there are checkers elsewhere with which the move can be made"), and then L12 makes
 * the second checker compulsory where it lets more dice be played.
 */
export function firstTurnDoubleQualifies(scope: Exclude<RuleOptions['headExceptionScope'], 'anyDouble'>, opp: ArrayLike<number>, die: number): boolean {
  if (scope === 'federation' && die !== 3 && die !== 4 && die !== 6) return false;
  // Walk a single head checker through the four moves; the first closed landing point stops it.
  for (let p = HEAD - die; p >= 1; p -= die) {
    if ((opp[p] ?? 0) > 0) return scope === 'blockedDouble' || p === OPPONENT_HEAD;
  }
  return false;
}

/** The opponent's head seen from the mover's own frame in long nardy (r_opp = r + 12, docs/rules.md §1). */
const OPPONENT_HEAD = 12;

/** How many checkers may leave the head this turn: L9 (one), or two under the L10 exception. */
export const HEAD_LIMIT = 1;
export const HEAD_LIMIT_FIRST_TURN_DOUBLE = 2;
