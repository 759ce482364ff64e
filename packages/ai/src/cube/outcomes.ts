import type { Ceiling, Probabilities } from '../probabilities.js';

/** One way the game can end for the side on roll: its chance and the points it scores per unit stake (< 0: a loss). */
export interface Outcome {
  readonly chance: number;
  readonly points: number;
}

/**
 * The six results of a game (single, mars, koks; won and lost) from the five probabilities, each worth what the
 * table's ceiling lets it count (G4: `oin` 1, `mars` up to 2, `koks` up to 3). Chances are clamped at 0 against
 * rounding in an evaluator's outputs.
 */
export function outcomes(p: Probabilities, ceiling: Ceiling = 'koks'): Outcome[] {
  const mars = ceiling === 'oin' ? 1 : 2;
  const koks = ceiling === 'koks' ? 3 : mars;
  const c = (x: number): number => Math.max(0, x);
  return [
    { chance: c(p.win - p.winMars), points: 1 },
    { chance: c(p.winMars - p.winKoks), points: mars },
    { chance: c(p.winKoks), points: koks },
    { chance: c(1 - p.win - p.loseMars), points: -1 },
    { chance: c(p.loseMars - p.loseKoks), points: -mars },
    { chance: c(p.loseKoks), points: -koks },
  ];
}

/**
 * How the wins and the losses split, each summing to 1: the share of single, mars and koks among the wins (and
 * among the losses). Janowski's model keeps these ratios fixed while the win chance moves. With no wins at all
 * (or no losses) a win (loss) counts as a single.
 */
export function conditionalOutcomes(p: Probabilities, ceiling: Ceiling = 'koks'): { wins: Outcome[]; losses: Outcome[] } {
  const all = outcomes(p, ceiling);
  const split = (part: Outcome[], single: number): Outcome[] => {
    const total = part.reduce((s, o) => s + o.chance, 0);
    return total > 0 ? part.map((o) => ({ chance: o.chance / total, points: o.points })) : [{ chance: 1, points: single }];
  };
  return { wins: split(all.slice(0, 3), 1), losses: split(all.slice(3), -1) };
}

/**
 * Janowski's W and L: the average value of a win and of a loss, in points per unit stake (both ≥ 1).
 * W = 1 + (winMars + winKoks) / win and L = 1 + (loseMars + loseKoks) / (1 − win) without a ceiling.
 */
export function winLossValues(p: Probabilities, ceiling: Ceiling = 'koks'): { readonly W: number; readonly L: number } {
  const { wins, losses } = conditionalOutcomes(p, ceiling);
  const mean = (part: Outcome[]): number => part.reduce((s, o) => s + o.chance * Math.abs(o.points), 0);
  return { W: mean(wins), L: mean(losses) };
}
