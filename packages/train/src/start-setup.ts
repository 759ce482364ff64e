import { positionFromSetup, type Checkers, type Color, type Position, type Result, type Rng } from '@nardy/engine';

/** Where generated games begin (e.g. `backGameStart`): a position drawn from `rng`. */
export type StartDraw = (rng: Rng) => Position;

/** A whole number from 0 to n − 1. */
export const int = (rng: Rng, n: number): number => Math.floor(rng() * n);

/**
 * A short-nardy position from two drawn sides `a` and `b` (each from its own point of view): the side on roll and
 * which side plays white are drawn too, so that neither colour nor turn favours either side.
 */
export function seatSides(rng: Rng, a: Checkers, b: Checkers): Result<Position> {
  const turn: Color = rng() < 0.5 ? 'white' : 'black';
  const [white, black] = rng() < 0.5 ? [a, b] : [b, a];
  return positionFromSetup({ variant: 'short', turn, board: { white, black }, firstTurn: { white: false, black: false } });
}
