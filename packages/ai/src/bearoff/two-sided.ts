import type { Checkers } from '@nardy/engine';
import { FIXED_ONE } from './file-format.js';
import { homeNumber } from './position-number.js';
import { twoSidedTable } from './tables.js';

/**
 * The exact cubeless chance that the side on roll (`me`, own frame) wins a pure bear-off against `them` with
 * both sides playing to win (not to save throws), from the two-sided table; undefined when either side is not
 * a bear-off position or has more checkers on the board than the table holds (6 by default). A side with all
 * 15 off has already won (L23): 1 or 0.
 */
export function twoSidedWin(me: Checkers, them: Checkers): number | undefined {
  const a = homeNumber(me);
  const b = homeNumber(them);
  if (a === undefined || b === undefined) return undefined;
  if (a === 0) return 1;
  if (b === 0) return 0;
  const t = twoSidedTable();
  if (a >= t.count || b >= t.count) return undefined;
  return t.win[a * t.count + b]! / FIXED_ONE;
}
