import type { Ceiling } from '@nardy/engine';

/**
 * gnubg's five numbers, all from the view of the side on roll (DESIGN.md §3, CONVENTIONS.md §6.7):
 * the chance to win, to win a mars (gammon, 2 points or more), to win a koks (backgammon, 3 points),
 * and the chances to lose a mars and to lose a koks. Always 0 ≤ winKoks ≤ winMars ≤ win ≤ 1 and
 * 0 ≤ loseKoks ≤ loseMars ≤ 1 − win.
 *
 * "Koks" here is the 3-point slot: short nardy's koks (S7) and, in long nardy, whichever 3-point win the
 * table allows (L25 `koks` or `homeMars`).
 */
export interface Probabilities {
  readonly win: number;
  readonly winMars: number;
  readonly winKoks: number;
  readonly loseMars: number;
  readonly loseKoks: number;
}

/** The same game seen from the other side. */
export const invert = (p: Probabilities): Probabilities => ({
  win: 1 - p.win,
  winMars: p.loseMars,
  winKoks: p.loseKoks,
  loseMars: p.winMars,
  loseKoks: p.winKoks,
});

/** Whether `p` satisfies the invariants above (within `eps` for rounding). */
export function isValidProbabilities(p: Probabilities, eps = 1e-12): boolean {
  const all = [p.win, p.winMars, p.winKoks, p.loseMars, p.loseKoks];
  if (!all.every((x) => Number.isFinite(x) && x >= -eps && x <= 1 + eps)) return false;
  return p.winKoks <= p.winMars + eps && p.winMars <= p.win + eps && p.loseKoks <= p.loseMars + eps && p.loseMars <= 1 - p.win + eps;
}

/** The table's ceiling (G4) decides what a win of 2 and of 3 points may count: `oin` 1, `mars` 2, `koks` 3. */
export type { Ceiling };

/**
 * Cubeless equity in points per unit stake: 2·win − 1 + (winMars − loseMars) + (winKoks − loseKoks),
 * with the mars and koks terms capped by the ceiling (G4) — `oin` ignores both, `mars` ignores the koks term.
 */
export function cubelessEquity(p: Probabilities, ceiling: Ceiling = 'koks'): number {
  let e = 2 * p.win - 1;
  if (ceiling !== 'oin') e += p.winMars - p.loseMars;
  if (ceiling === 'koks') e += p.winKoks - p.loseKoks;
  return e;
}
