import type { Color } from '@nardy/engine';
import { invert, type Probabilities } from '../probabilities.js';

/** The five probabilities as a plain tuple (win, winMars, winKoks, loseMars, loseKoks), for sums and means. */
export type Vec5 = [number, number, number, number, number];

export const toVec = (p: Probabilities): Vec5 => [p.win, p.winMars, p.winKoks, p.loseMars, p.loseKoks];

export const fromVec = (v: Readonly<Vec5>): Probabilities => ({ win: v[0], winMars: v[1], winKoks: v[2], loseMars: v[3], loseKoks: v[4] });

/** `into += scale · v`, in place. */
export function addScaled(into: Vec5, v: Readonly<Vec5>, scale = 1): void {
  for (let i = 0; i < 5; i++) into[i] = into[i]! + scale * v[i]!;
}

/** Probabilities seen by `view` as a tuple from `perspective`'s side. */
export const inPerspective = (p: Probabilities, view: Color, perspective: Color): Vec5 => toVec(view === perspective ? p : invert(p));
