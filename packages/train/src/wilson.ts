/**
 * Wilson's score interval for a binomial share: `successes` of `n` at the normal quantile `z` (1.96: 95 %).
 * Unlike the plain normal interval it stays inside 0..1 and keeps its coverage near 0 and 1.
 */
export function wilsonInterval(successes: number, n: number, z = 1.96): { readonly low: number; readonly high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/** Issue 6's promotion rule: a new generation is promoted iff the lower 95 % bound of its win share is above 52 %. */
export const PROMOTION_SHARE = 0.52;

export const promoted = (wins: number, games: number): boolean => wilsonInterval(wins, games).low > PROMOTION_SHARE;
