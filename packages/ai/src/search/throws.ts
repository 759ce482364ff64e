import type { Dice, Die } from '@nardy/engine';

/** The 21 distinct throws with their weights out of 36 (a double once, any other throw twice). */
export const THROWS: readonly { readonly dice: Dice; readonly weight: number }[] = (() => {
  const out: { dice: Dice; weight: number }[] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) out.push({ dice: [b as Die, a as Die], weight: a === b ? 1 : 2 });
  return out;
})();
