import { OFF } from '../types.js';

/** Own points 1..6 are home in every variant (L17, S6). */
export const HOME_TOP = 6;

/**
 * L17–L19 (S6): may a checker on own point `from` be borne off with die `die`?
 * `outside` is the number of the mover's checkers not yet home (points 7..24 and the bar).
 * Exact: the die matches the point. Overshoot: only from the highest occupied home point.
 */
export function bearOffAllowed(me: ArrayLike<number>, outside: number, from: number, die: number): boolean {
  if (outside > 0) return false;
  const to = from - die;
  if (to === OFF) return true;
  for (let p = from + 1; p <= HOME_TOP; p++) if ((me[p] ?? 0) > 0) return false;
  return true;
}
