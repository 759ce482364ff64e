import type { VariantRating } from '@nardy/protocol';

/**
 * The rating to show beside a name in the online list: the variant he has played most rated games in (long nardy
 * when he has played none, or ties go to the order the server lists them in); null for a guest, who has none.
 */
export function headlineRating(ratings: readonly VariantRating[], guest: boolean): VariantRating | null {
  if (guest || ratings.length === 0) return null;
  return ratings.reduce((best, r) => (r.games > best.games ? r : best));
}
