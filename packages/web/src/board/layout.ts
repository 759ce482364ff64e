/**
 * Where the 24 absolute points (White's numbering, docs/rules.md §1) lie on the drawn board, and the keyboard's stops.
 *
 * With White at the bottom the board is drawn like a backgammon board from White's side: points 1–12 along the
 * bottom from right to left, 13–24 along the top from left to right (24 top-right, 1 bottom-right, the bar between
 * 6/7 and 18/19). The viewer at the bottom always sees his own route where White sees White's: his own point p
 * takes the place of White's point p. From the engine's geometry (`toAbs`) that gives
 *  - short nardy and Caucasian (opposite directions): absolute point n takes the place of 25 − n, a top-bottom
 *    mirror — each player has his home bottom-right, as every backgammon program draws it;
 *  - long nardy (same direction): absolute point n takes the place of n ± 12, the board turned by 180° — what the
 *    player with Black sees from his side of the table: his head (absolute 12) top-right, his home bottom-right,
 *    both sides moving counter-clockwise.
 */
import type { Color } from '@nardy/engine';
import { BAR, OFF, ownPoint } from './position';
import type { BoardModel } from './types';

export type Row = 'top' | 'bottom';

/** A column of the drawn board: 0 is the leftmost point, 11 the rightmost. */
export interface Place {
  readonly row: Row;
  readonly col: number;
}

export interface Placement {
  readonly bottom: Color;
  /** The place of absolute point `abs` (1–24). */
  readonly placeOf: (abs: number) => Place;
  /** The absolute point drawn at a place. */
  readonly absAt: (place: Place) => number;
  /** The row on a colour's side (its bar checkers and its tray). */
  readonly rowOf: (color: Color) => Row;
}

/** The place of White's own point p with White at the bottom, and back. */
const whitePlace = (p: number): Place => (p <= 12 ? { row: 'bottom', col: 12 - p } : { row: 'top', col: p - 13 });
const whitePointAt = (place: Place): number => (place.row === 'bottom' ? 12 - place.col : place.col + 13);

export function placement(toAbs: BoardModel['toAbs'], bottom: Color): Placement {
  return {
    bottom,
    placeOf: (abs) => whitePlace(ownPoint(toAbs, bottom, abs)),
    absAt: (place) => toAbs(bottom, whitePointAt(place)),
    rowOf: (color) => (color === bottom ? 'bottom' : 'top'),
  };
}

/**
 * A stop of the keyboard cursor and of the pointer: in each row, 0–5 are the left points, 6 the bar, 7–12 the
 * right points and 13 the tray for borne-off checkers.
 */
export interface Stop {
  readonly row: Row;
  readonly index: number;
}
export const BAR_STOP = 6;
export const TRAY_STOP = 13;

/**
 * What a stop means to the mover, as a cell: an absolute point 1–24, `BAR` (his bar) or `OFF` (his tray, only in
 * the row on his side); null for the opponent's tray.
 */
export function stopCell(pl: Placement, stop: Stop, mover: Color): number | null {
  if (stop.index === BAR_STOP) return BAR;
  if (stop.index === TRAY_STOP) return stop.row === pl.rowOf(mover) ? OFF : null;
  return pl.absAt({ row: stop.row, col: stop.index < BAR_STOP ? stop.index : stop.index - 1 });
}

/** The stop of a cell (bar and tray on the mover's side). */
export function cellStop(pl: Placement, cell: number, mover: Color): Stop {
  if (cell === BAR) return { row: pl.rowOf(mover), index: BAR_STOP };
  if (cell === OFF) return { row: pl.rowOf(mover), index: TRAY_STOP };
  const { row, col } = pl.placeOf(cell);
  return { row, index: col < BAR_STOP ? col : col + 1 };
}

export type Direction = 'left' | 'right' | 'up' | 'down';

/** Arrow keys move along a row (bar and tray included) and across to the other row; the edges stop them. */
export function moveStop(stop: Stop, dir: Direction): Stop {
  switch (dir) {
    case 'left':
      return { ...stop, index: Math.max(0, stop.index - 1) };
    case 'right':
      return { ...stop, index: Math.min(TRAY_STOP, stop.index + 1) };
    case 'up':
      return { ...stop, row: 'top' };
    case 'down':
      return { ...stop, row: 'bottom' };
  }
}

/** A cell in the mover's own frame: 25 = bar, 1–24 = points, 0 = off. */
export const cellToOwn = (model: BoardModel, mover: Color, cell: number): number => (cell === BAR || cell === OFF ? cell : ownPoint(model.toAbs, mover, cell));

/** The cell of a slot of a colour's own frame. */
export const ownToCell = (model: BoardModel, color: Color, slot: number): number => (slot === BAR || slot === OFF ? slot : model.toAbs(color, slot));
