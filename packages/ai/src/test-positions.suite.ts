import { positionFromSetup, type Color, type Position, type VariantId } from '@nardy/engine';

/** A 26-slot own-frame board from `{ point: count }`; the rest of the 15 are borne off. */
export function side(points: Record<number, number>): number[] {
  const s = new Array<number>(26).fill(0);
  let n = 0;
  for (const [p, c] of Object.entries(points)) {
    s[Number(p)] = c;
    n += c;
  }
  s[0] = 15 - n;
  return s;
}

/** A hand-made position (throws if invalid). */
export function made(variant: VariantId, turn: Color, white: Record<number, number>, black: Record<number, number>): Position {
  const r = positionFromSetup({ variant, turn, board: { white: side(white), black: side(black) }, firstTurn: { white: false, black: false } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
