/**
 * When a distillation round's nets replace the committed ones.
 *
 * Without candidate labels, by the duel alone: the lower 95 % bound of the new nets' points per game at 0-ply
 * against the old must be above zero. With them (rounds from the fifth on), by the held-out ranking: the lower
 * 95 % bound of the student's paired gain over the teacher (`rankingGain`) must be above zero — what the 0-ply
 * picks gain, measured decision by decision, where a duel of 20,000 pairs cannot resolve gains under 0.01 points
 * per game — and the duel guards it: the new nets must not be shown worse (its upper bound above zero). The rule
 * was fixed before the sixth round was fitted; the fifth was promoted by hand on it (bench/RESULTS.md).
 */
export type Promotion = { readonly promoted: boolean; readonly rule: 'duel' | 'ranking gain, duel guard' };

export function distillPromotion(duel: { readonly pointsPerGame: number; readonly ci95: number }, gain?: { readonly mp: number; readonly ci95: number }): Promotion {
  if (!gain) return { promoted: duel.pointsPerGame - duel.ci95 > 0, rule: 'duel' };
  return { promoted: gain.mp - gain.ci95 > 0 && duel.pointsPerGame + duel.ci95 > 0, rule: 'ranking gain, duel guard' };
}
