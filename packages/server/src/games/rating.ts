/**
 * Ratings after a rated match, by the FIBS formula that backgammon players know: the chance that A beats B
 * in a match to N is 1 / (1 + 10^((Rb − Ra)·√N / 2000)), and the winner takes 4·√N·(1 − that chance) points
 * from the loser (a draw, L27: 4·√N·(½ − chance)). Longer matches move ratings more, as they say more about
 * skill. A money session counts as a match to 1. New players start at 1500.
 */
export const START_RATING = 1500;

export type MatchOutcome = 'a' | 'b' | 'draw';

export function winChance(ratingA: number, ratingB: number, matchLength: number): number {
  const n = Math.max(1, matchLength);
  return 1 / (1 + 10 ** (((ratingB - ratingA) * Math.sqrt(n)) / 2000));
}

/** The new ratings of A and B (rounded to 0.01), the points moving from the loser to the winner. */
export function rateMatch(ratingA: number, ratingB: number, matchLength: number, outcome: MatchOutcome): { a: number; b: number } {
  const n = Math.max(1, matchLength);
  const score = outcome === 'a' ? 1 : outcome === 'draw' ? 0.5 : 0;
  const delta = 4 * Math.sqrt(n) * (score - winChance(ratingA, ratingB, n));
  const round = (x: number): number => Math.round(x * 100) / 100;
  return { a: round(ratingA + delta), b: round(ratingB - delta) };
}
