import type { Color } from '../types.js';

/**
 * How each side's route (own points 24 → 1, then off) lies on the 24 physical points.
 * Absolute points are White's numbering 1..24 (docs/rules.md §1); White's own point p is absolute p
 * in every variant, so only Black's mapping differs.
 */
export interface Geometry {
  /** Short nardy: the sides move in opposite directions; long nardy: the same direction. */
  readonly direction: 'opposite' | 'same';
  /** Absolute point of a side's own point p (1..24). */
  absPoint(color: Color, p: number): number;
  /** A side's own point for an absolute point (1..24). */
  ownPoint(color: Color, abs: number): number;
  /** The same physical point in the opponent's frame. An involution, the same for both colours. */
  opponentPoint(p: number): number;
  /** `opponentPoint` as a table over all 26 slots (off and bar map to themselves), for hot loops. */
  readonly opponentSlots: Readonly<Int8Array>;
  /** The number notation prints for a side's own point p. */
  notationPoint(color: Color, p: number): number;
  /** The own point a notation number names (inverse of notationPoint). */
  pointFromNotation(color: Color, n: number): number;
}

const slotTable = (f: (p: number) => number): Int8Array => Int8Array.from({ length: 26 }, (_, s) => (s === 0 || s === 25 ? s : f(s)));

/** Short nardy / backgammon: Black's own point p is absolute 25 − p; notation uses each mover's own numbers. */
export const OPPOSITE_GEOMETRY: Geometry = {
  direction: 'opposite',
  absPoint: (color, p) => (color === 'white' ? p : 25 - p),
  ownPoint: (color, abs) => (color === 'white' ? abs : 25 - abs),
  opponentPoint: (p) => 25 - p,
  opponentSlots: slotTable((p) => 25 - p),
  notationPoint: (_color, p) => p,
  pointFromNotation: (_color, n) => n,
};

/** Long nardy: Black's head (own 24) is absolute 12; notation uses absolute points for both sides (§1). */
const blackLong = (p: number): number => (p > 12 ? p - 12 : p + 12);
export const SAME_GEOMETRY: Geometry = {
  direction: 'same',
  absPoint: (color, p) => (color === 'white' ? p : blackLong(p)),
  ownPoint: (color, abs) => (color === 'white' ? abs : blackLong(abs)),
  opponentPoint: blackLong,
  opponentSlots: slotTable(blackLong),
  notationPoint: (color, p) => (color === 'white' ? p : blackLong(p)),
  pointFromNotation: (color, n) => (color === 'white' ? n : blackLong(n)),
};
