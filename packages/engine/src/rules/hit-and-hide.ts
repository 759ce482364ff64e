import { HOME_TOP } from './bear-off.js';

/**
 * C1–C3, Caucasian nardy: a checker that hits a blot on one of the mover's home points may not, later in
 * the same turn, land on a point holding one or more of the mover's own checkers. Moving on to an empty
 * point (hitting again on the way), bearing off, and covering it with a different checker stay legal (C2).
 * The generator tracks the hitters per point (`hitters[p]` ≤ `me[p]`) and, where a point holds hitters
 * and other checkers, tries moving either kind, since checkers are otherwise indistinguishable.
 */
export const makesHitter = (to: number, hit: boolean): boolean => hit && to >= 1 && to <= HOME_TOP;

/** May a hitter land on own point `to`? (Off is `to <= 0`, always allowed.) */
export const hitterMayLand = (me: ArrayLike<number>, to: number): boolean => to <= 0 || (me[to] ?? 0) === 0;
