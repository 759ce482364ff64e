/**
 * A rating as names show it (docs/ratings.md, the /ratings page): whole points, with "?" after a provisional one
 * (fewer than 400 points of rated matches in the variant).
 */
export function ratingText(rating: number, provisional?: boolean): string {
  return `${Math.round(rating)}${provisional ? '?' : ''}`;
}

/** "1512 (+12)": the rating after a match and its change from the one the match started with ("1512? (+12)" while provisional). */
export function ratingWithChange(before: number, after: number, provisional?: boolean): string {
  const d = Math.round(after) - Math.round(before);
  return `${ratingText(after, provisional)} (${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)})`;
}
