/** The engine's vocabulary. Runtime lists and their types come from the same `as const` arrays. */

export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];
export type ByColor<T> = { readonly [C in Color]: T };

export const opposite = (c: Color): Color => (c === 'white' ? 'black' : 'white');

export const VARIANT_IDS = ['long', 'short', 'caucasian'] as const;
export type VariantId = (typeof VARIANT_IDS)[number];

export const isVariantId = (s: unknown): s is VariantId => typeof s === 'string' && (VARIANT_IDS as readonly string[]).includes(s);

/** A die value 1..6. */
export type Die = 1 | 2 | 3 | 4 | 5 | 6;
/** The two dice of one throw; equal values are a double (four moves). */
export type Dice = readonly [Die, Die];

/** Own-frame slot numbers (gnubg style): each side counts its route 24 → 1, then off. */
export const OFF = 0;
export const BAR = 25;
/** The head in long nardy: the start of the route, where all 15 checkers begin (L1). */
export const HEAD = 24;
export const CHECKERS = 15;

/**
 * One die used on one checker, in the mover's own frame: `from` 25 = bar, 1..24 = points;
 * `to` 1..24 = points, 0 = off. `hit` is true when a lone opposing checker was sent to the bar (S3).
 */
export interface Step {
  readonly from: number;
  readonly to: number;
  readonly die: Die;
  readonly hit: boolean;
}

export const isDie = (n: unknown): n is Die => Number.isInteger(n) && (n as number) >= 1 && (n as number) <= 6;
export const isDouble = (dice: Dice): boolean => dice[0] === dice[1];
