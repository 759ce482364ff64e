import type { Ceiling } from '@nardy/engine';
import { cubelessEquity, type Probabilities } from '../probabilities.js';
import { fromVec, type Vec5 } from './vector.js';

export interface RolloutResult {
  readonly trials: number;
  /** The mean outcome over the trials, from the rolled-out side's view (luck-adjusted values may leave 0..1 slightly). */
  readonly probabilities: Probabilities;
  /** The mean cubeless equity per unit stake (under the scoring's ceiling, G4). */
  readonly equity: number;
  /** The standard error of each mean: the trials' sample standard deviation / √trials (0 for one trial). */
  readonly standardError: Probabilities & { readonly equity: number };
}

/** Means and standard errors of per-trial outcomes, summed in the order given (the caller's trial order). */
export function summarize(outcomes: readonly Vec5[], ceiling: Ceiling): RolloutResult {
  const n = outcomes.length;
  const rows = outcomes.map((v): number[] => [...v, cubelessEquity(fromVec(v), ceiling)]);
  const mean = new Array<number>(6).fill(0);
  for (const r of rows) for (let i = 0; i < 6; i++) mean[i] = mean[i]! + r[i]!;
  for (let i = 0; i < 6; i++) mean[i] = mean[i]! / n;
  const se = new Array<number>(6).fill(0);
  if (n > 1) {
    for (const r of rows) for (let i = 0; i < 6; i++) se[i] = se[i]! + (r[i]! - mean[i]!) ** 2;
    for (let i = 0; i < 6; i++) se[i] = Math.sqrt(se[i]! / (n - 1) / n);
  }
  return {
    trials: n,
    probabilities: fromVec(mean.slice(0, 5) as Vec5),
    equity: mean[5]!,
    standardError: { ...fromVec(se.slice(0, 5) as Vec5), equity: se[5]! },
  };
}
