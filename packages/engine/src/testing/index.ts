/**
 * Test kit, exported as `@nardy/engine/testing`: seeded random play and fast-check arbitraries, so the
 * engine's, the AI's and the server's tests draw positions the same way. Needs `fast-check` 4.x (a
 * dev dependency of whoever imports this module).
 */
import fc from 'fast-check';
import type { Position } from '../position.js';
import { VARIANT_IDS, type Dice, type Die, type VariantId } from '../types.js';
import { randomPlayPosition, scatteredPosition, type RandomPlayOptions } from './random-play.js';

export * from './random-play.js';
export * from './random-games.js';
export * from './reference-movegen.js';
export * from './first-choice.js';

export const variantArb: fc.Arbitrary<VariantId> = fc.constantFrom(...VARIANT_IDS);

export const dieArb: fc.Arbitrary<Die> = fc.integer({ min: 1, max: 6 }) as fc.Arbitrary<Die>;

/** Two dice; every one of the 21 throws occurs (doubles 1 time in 6). */
export const diceArb: fc.Arbitrary<Dice> = fc.tuple(dieArb, dieArb);

/**
 * Positions reached by random legal play from the start (0..`maxPlies` turns, seeded), with a side still
 * to play. Shrinks towards fewer turns and smaller seeds.
 */
export function playedPositionArb(variant: VariantId, maxPlies = 160, rules?: RandomPlayOptions['rules']): fc.Arbitrary<Position> {
  return fc
    .record({ seed: fc.integer({ min: 0, max: 0x7fffffff }), plies: fc.integer({ min: 0, max: maxPlies }) })
    .map(({ seed, plies }) => randomPlayPosition(variant, seed, rules ? { plies, rules } : { plies }));
}

/** Valid positions with checkers scattered anywhere (bar, off, any side on roll), not necessarily reachable. */
export function scatteredPositionArb(variant: VariantId): fc.Arbitrary<Position> {
  return fc.integer({ min: 0, max: 0x7fffffff }).map((seed) => scatteredPosition(variant, seed));
}

/** Either kind, for codecs that must take every valid position. */
export function anyPositionArb(variant: VariantId): fc.Arbitrary<Position> {
  return fc.oneof(playedPositionArb(variant), scatteredPositionArb(variant));
}
