import { BAR, OFF, type Checkers, type MarsDefinition } from '@nardy/engine';
import { WEIGHTS as W } from './weights.js';

/** Φ, the standard normal distribution function (Abramowitz–Stegun 7.1.26, error < 1.5e-7), clamped to [0, 1]. */
export function normalCdf(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const y = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  const p = x >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
  return Math.min(1, Math.max(0, p));
}

/**
 * The race formula (Kleinman's count): the side on roll with a lead of `lead` pips (its opponent's count
 * minus its own) in a race of `total` pips wins with chance Φ((lead + 4) / (2·√(total − 4))). `lead` may
 * already include positional pips; `widen` scales σ for contact positions.
 */
export function raceWinChance(lead: number, total: number, widen = 1): number {
  const sigma = W.spread * widen * Math.sqrt(Math.max(total - 4, 1));
  return normalCdf((lead + W.onRoll) / sigma);
}

/**
 * Effective pip count: the pip count plus wastage — stacked home points, checkers on the last two points —
 * and the crossovers of checkers still outside home. Same for every variant (own frame, bar = 25).
 */
export function effectivePips(side: Checkers): number {
  let pips = 0;
  let notHome = 0;
  let waste = 0;
  for (let p = 1; p <= BAR; p++) {
    const n = side[p] ?? 0;
    if (n === 0) continue;
    pips += p * n;
    if (p > 6) notHome += n;
    else waste += W.stack * Math.max(0, n - 2);
  }
  waste += W.onAce * (side[1] ?? 0) + W.onDeuce * (side[2] ?? 0);
  return pips + waste + W.notHome * notHome;
}

/**
 * Pips the loser still needs before the mars is off: to bring every checker home and bear one off
 * (`noneBorneOff`), or only to bring every checker home (`notAllHome`). 0 when already safe.
 */
export function marsEscapePips(loser: Checkers, marsDefinition: MarsDefinition): number {
  if ((loser[OFF] ?? 0) > 0) return 0;
  let need = 0;
  for (let p = 7; p <= BAR; p++) need += (p - 6) * (loser[p] ?? 0);
  if (marsDefinition === 'notAllHome') return need;
  return need + W.firstOff;
}

/** Pips the loser needs to get every checker out of its first quarter (own 19–24 and the bar): the koks zone. */
export function koksEscapePips(loser: Checkers): number {
  if ((loser[OFF] ?? 0) > 0) return 0;
  let need = 0;
  for (let p = 19; p <= BAR; p++) need += (p - 18) * (loser[p] ?? 0);
  return need;
}

/**
 * The chance that a winner needing `winnerPips` finishes before the loser covers `escape` pips: the same
 * race formula, the loser's "count" being `escape`. `winnerOnRoll` gives the half-roll to whoever moves next.
 */
export function beforeEscapeChance(escape: number, winnerPips: number, winnerOnRoll: boolean, widen = 1): number {
  if (escape <= 0) return 0;
  const lead = escape - winnerPips + (winnerOnRoll ? 0 : -2 * W.onRoll);
  return raceWinChance(lead, escape + winnerPips, widen);
}
