/**
 * When a distillation round's nets replace the committed ones.
 *
 * Without a held-out gain, by the duel alone: the lower 95 % bound of the new nets' points per game at 0-ply
 * against the old must be above zero. With one, by that gain, the duel guarding it: the lower 95 % bound of the
 * student's paired gain over the teacher (`pairedGain`) must be above zero and the duel's point estimate must not
 * be below zero. Two gains count:
 * - `ranking` (candidate labels, rounds from the fifth on): what the 0-ply picks gain, decision by decision, where
 *   a duel of 20,000 pairs cannot resolve gains under 0.01 points per game. The sixth round's guard asked only
 *   that the duel's upper bound be above zero; it promoted nets that lost 0.009 ± 0.010 in 20,000 pairs and that
 *   gnubg then found worse at 0-ply, so from the seventh round on a round must at least break even in the duel.
 * - `rollout error` (rollout labels, from the eighth round on; rule fixed before its fit): the squared error
 *   against the rollouts, position by position. Rollouts played to the end do not share the nets' biases, so a
 *   lower error against them is better values — what the cube reads —, which a cubeless duel barely sees.
 */
export type Promotion = { readonly promoted: boolean; readonly rule: 'duel' | `${HeldOutGain['by']} gain, duel not behind` };

/** The student's paired gain over the teacher on the held-out positions, with its 95 % half-width. */
export interface HeldOutGain {
  readonly by: 'ranking' | 'rollout error';
  readonly gain: number;
  readonly ci95: number;
}

export function distillPromotion(duel: { readonly pointsPerGame: number; readonly ci95: number }, gain?: HeldOutGain): Promotion {
  if (!gain) return { promoted: duel.pointsPerGame - duel.ci95 > 0, rule: 'duel' };
  return { promoted: gain.gain - gain.ci95 > 0 && duel.pointsPerGame >= 0, rule: `${gain.by} gain, duel not behind` };
}
