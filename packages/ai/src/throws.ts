import type { Dice, Die } from '@nardy/engine';

/** One of the 21 distinct throws: its dice, the higher die first, and how many of the 36 it stands for. */
export interface Throw {
  readonly dice: Dice;
  /** A double once, any other throw twice. */
  readonly weight: number;
}

/**
 * The 21 distinct throws, ordered by the lower die, then the higher (1-1, 2-1 … 6-1, 2-2 … 6-6): searches,
 * bear-off solving and the features sum over them in this order, so it is fixed.
 */
export const THROWS: readonly Throw[] = (() => {
  const out: Throw[] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) out.push({ dice: [b as Die, a as Die], weight: a === b ? 1 : 2 });
  return out;
})();
