/**
 * Ratings after a rated match, by the FIBS formula that backgammon players know (docs/ratings.md): the chance that
 * A beats B in a match to N is 1 / (1 + 10^((Rb − Ra)·√N / 2000)), and the winner takes 4·√N·(1 − that chance)
 * points from the loser (a draw, L27: 4·√N·(½ − chance)). Longer matches move ratings more, as they say more about
 * skill, by √N. A money session counts as a match to 1. New players start at 1500.
 *
 * FIBS's experience factor: a player's experience is the sum of the lengths of his rated matches; while it is under
 * 400 his own change is multiplied by max(1, 5 − experience/100), so a newcomer reaches his level quickly without
 * moving his opponents' ratings more than usual. Under 400 his rating is provisional.
 */
const START_RATING = 1500;
/** Experience at which a rating stops being provisional and the experience factor reaches 1. */
const PROVISIONAL_EXPERIENCE = 400;

export type MatchOutcome = 'a' | 'b' | 'draw';

/** A player's rating in a variant and the experience (match points played rated) behind it. */
export interface PlayerRating {
  readonly rating: number;
  readonly experience: number;
}

export const NEW_PLAYER: PlayerRating = { rating: START_RATING, experience: 0 };

/** The points a match counts for in the formula and in experience: its length, a money session (0) as 1. */
const matchPoints = (matchLength: number): number => Math.max(1, matchLength);

export function winChance(ratingA: number, ratingB: number, matchLength: number): number {
  return 1 / (1 + 10 ** (((ratingB - ratingA) * Math.sqrt(matchPoints(matchLength))) / 2000));
}

/** How much faster a player's rating moves at this experience: 5 for a newcomer, down to 1 at 400. */
export const experienceFactor = (experience: number): number => (experience < PROVISIONAL_EXPERIENCE ? Math.max(1, 5 - experience / 100) : 1);

export const isProvisional = (experience: number): boolean => experience < PROVISIONAL_EXPERIENCE;

const round = (x: number): number => Math.round(x * 100) / 100;

/** A and B after their match: ratings rounded to 0.01, each change scaled by its own player's experience factor. */
export function rateMatch(a: PlayerRating, b: PlayerRating, matchLength: number, outcome: MatchOutcome): { a: PlayerRating; b: PlayerRating } {
  const n = matchPoints(matchLength);
  const score = outcome === 'a' ? 1 : outcome === 'draw' ? 0.5 : 0;
  const delta = 4 * Math.sqrt(n) * (score - winChance(a.rating, b.rating, n));
  return {
    a: { rating: round(a.rating + delta * experienceFactor(a.experience)), experience: a.experience + n },
    b: { rating: round(b.rating - delta * experienceFactor(b.experience)), experience: b.experience + n },
  };
}
