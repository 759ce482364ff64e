/**
 * When a distillation round's nets replace the committed ones.
 *
 * Without candidate labels, by the duel alone: the lower 95 % bound of the new nets' points per game at 0-ply
 * against the old must be above zero. With them (rounds from the fifth on), by the held-out ranking: the lower
 * 95 % bound of the student's paired gain over the teacher (`rankingGain`) must be above zero — what the 0-ply
 * picks gain, measured decision by decision, where a duel of 20,000 pairs cannot resolve gains under 0.01 points
 * per game — and the duel guards it: its point estimate must not be below zero. The sixth round's guard asked
 * only that the duel's upper bound be above zero; it promoted nets that lost 0.009 ± 0.010 in 20,000 pairs and
 * that gnubg then found worse at 0-ply, so from the seventh round on (rule fixed before its fit) a new round
 * must at least break even in the duel, which the fit runs over 20,000 pairs (bench/RESULTS.md).
 */
export type Promotion = { readonly promoted: boolean; readonly rule: 'duel' | 'ranking gain, duel not behind' };

export function distillPromotion(duel: { readonly pointsPerGame: number; readonly ci95: number }, gain?: { readonly mp: number; readonly ci95: number }): Promotion {
  if (!gain) return { promoted: duel.pointsPerGame - duel.ci95 > 0, rule: 'duel' };
  return { promoted: gain.mp - gain.ci95 > 0 && duel.pointsPerGame >= 0, rule: 'ranking gain, duel not behind' };
}
