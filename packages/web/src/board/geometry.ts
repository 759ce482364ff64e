/**
 * Coordinates of the drawn board in SVG units. Everything is laid out landscape (rows of 12 points, as the board
 * lies on a table); a portrait screen gets the same picture turned a quarter clockwise (`project`), so on a phone
 * 360 px wide a point is about 34 px tall — a touch target of at least 32 px, which a landscape board that narrow
 * could not give.
 *
 *   | cube | 6 points | bar | 6 points | tray |    (x)
 *   labels / top points / middle gap with the dice / bottom points / labels    (y)
 */
import { BAR_STOP, TRAY_STOP, type Direction, type Place, type Row, type Stop } from './layout';

export interface XY {
  readonly x: number;
  readonly y: number;
}
export interface Rect extends XY {
  readonly w: number;
  readonly h: number;
}

const FRAME = 10;
const CUBE_COLUMN = 40;
const POINT_W = 36;
const BAR_W = 36;
const TRAY_W = 40;
const LEFT = FRAME + CUBE_COLUMN;
const BAR_X = LEFT + 6 * POINT_W;
const RIGHT = BAR_X + BAR_W;
const TRAY_X = RIGHT + 6 * POINT_W + 6;
export const WIDTH = TRAY_X + TRAY_W + FRAME;

const LABEL_H = 14;
const POINT_LEN = 146;
const GAP = 36;
export const HEIGHT = 2 * (FRAME + LABEL_H + POINT_LEN) + GAP;
const MID_Y = HEIGHT / 2;
const TOP_Y = FRAME + LABEL_H;
const BOTTOM_Y = HEIGHT - FRAME - LABEL_H;

/** The landscape areas: the wooden frame (point numbers are printed on it), the two halves and the bar. */
export const AREAS = {
  board: { x: 0, y: 0, w: WIDTH, h: HEIGHT },
  leftHalf: { x: LEFT, y: TOP_Y, w: 6 * POINT_W, h: BOTTOM_Y - TOP_Y },
  rightHalf: { x: RIGHT, y: TOP_Y, w: 6 * POINT_W, h: BOTTOM_Y - TOP_Y },
  bar: { x: BAR_X, y: FRAME, w: BAR_W, h: HEIGHT - 2 * FRAME },
} as const;

export const CHECKER_R = 15;
/** Checkers of a stack overlap a little so that five fit a point; more are drawn as the fifth with a count. */
const STACK_STEP = 28;
export const STACK_SHOWN = 5;
/** A borne-off checker lies in its tray as a slab; fifteen fit. */
export const SLAB = { w: 32, h: 8 } as const;
const SLAB_STEP = 10;
export const DIE_SIZE = 28;
export const CUBE_SIZE = 30;

const colX = (col: number): number => (col < 6 ? LEFT + col * POINT_W : RIGHT + (col - 6) * POINT_W);

/** The triangle of a point: its base on the frame, its tip towards the middle. */
export function pointTriangle({ row, col }: Place): XY[] {
  const x = colX(col);
  const base = row === 'top' ? TOP_Y : BOTTOM_Y;
  const tip = row === 'top' ? TOP_Y + POINT_LEN - 6 : BOTTOM_Y - POINT_LEN + 6;
  return [
    { x, y: base },
    { x: x + POINT_W, y: base },
    { x: x + POINT_W / 2, y: tip },
  ];
}

/** Where a point's number is printed: in the frame band beside its base. */
export function labelAt({ row, col }: Place): XY {
  return { x: colX(col) + POINT_W / 2, y: row === 'top' ? FRAME + LABEL_H / 2 : HEIGHT - FRAME - LABEL_H / 2 };
}

/** Centre of the i-th checker of a stack on a point (from the base); checkers past the fifth sit on the fifth. */
export function onPoint({ row, col }: Place, i: number): XY {
  const k = Math.min(i, STACK_SHOWN - 1);
  const x = colX(col) + POINT_W / 2;
  return { x, y: row === 'top' ? TOP_Y + 1 + CHECKER_R + k * STACK_STEP : BOTTOM_Y - 1 - CHECKER_R - k * STACK_STEP };
}

/** Centre of the i-th checker on the bar: each side's checkers in its own half, from the middle outward. */
export function onBar(row: Row, i: number): XY {
  const k = Math.min(i, STACK_SHOWN - 1);
  const d = 6 + CHECKER_R + k * STACK_STEP;
  return { x: BAR_X + BAR_W / 2, y: row === 'top' ? MID_Y - d : MID_Y + d };
}

/** Centre of the i-th borne-off checker in the tray of a row, from the frame inward. */
export function inTray(row: Row, i: number): XY {
  const d = FRAME + 6 + i * SLAB_STEP;
  return { x: TRAY_X + TRAY_W / 2, y: row === 'top' ? d : HEIGHT - d };
}

export function trayRect(row: Row): Rect {
  const h = MID_Y - GAP / 2 - FRAME;
  return { x: TRAY_X, y: row === 'top' ? FRAME : MID_Y + GAP / 2, w: TRAY_W, h };
}

/** The area a stop covers: a point with its label band, one half of the bar, or a tray. */
export function stopRect({ row, index }: Stop): Rect {
  if (index === TRAY_STOP) return trayRect(row);
  const x = index === BAR_STOP ? BAR_X : colX(index < BAR_STOP ? index : index - 1);
  const w = index === BAR_STOP ? BAR_W : POINT_W;
  return { x, y: row === 'top' ? FRAME : MID_Y, w, h: MID_Y - FRAME };
}

/** The stop under a landscape coordinate, or null off the playing area. */
export function stopAt({ x, y }: XY): Stop | null {
  if (y < FRAME || y > HEIGHT - FRAME) return null;
  const row: Row = y < MID_Y ? 'top' : 'bottom';
  if (x >= LEFT && x < BAR_X) return { row, index: Math.floor((x - LEFT) / POINT_W) };
  if (x >= BAR_X && x < RIGHT) return { row, index: BAR_STOP };
  if (x >= RIGHT && x < RIGHT + 6 * POINT_W) return { row, index: BAR_STOP + 1 + Math.floor((x - RIGHT) / POINT_W) };
  if (x >= TRAY_X && x < TRAY_X + TRAY_W) return { row, index: TRAY_STOP };
  return null;
}

/** The dice lie in the middle of the mover's right-hand half: the right half for the bottom side, else the left. */
export function diceAt(row: Row, count: number, i: number): XY {
  const centre = row === 'bottom' ? RIGHT + 3 * POINT_W : LEFT + 3 * POINT_W;
  return { x: centre + (i - (count - 1) / 2) * (DIE_SIZE + 6), y: MID_Y };
}

/** The cube beside the board: in the middle when centred, at its owner's end otherwise. */
export function cubeAt(owner: Row | null): XY {
  const d = FRAME + CUBE_SIZE / 2 + 6;
  return { x: FRAME + CUBE_COLUMN / 2, y: owner === null ? MID_Y : owner === 'top' ? d : HEIGHT - d };
}

export const viewBox = (portrait: boolean): string => (portrait ? `0 0 ${HEIGHT} ${WIDTH}` : `0 0 ${WIDTH} ${HEIGHT}`);

/** Landscape → screen coordinates: unchanged, or a quarter turn clockwise in portrait. */
export const project = (portrait: boolean, p: XY): XY => (portrait ? { x: HEIGHT - p.y, y: p.x } : p);

/** Screen → landscape coordinates (the inverse of `project`). */
export const unproject = (portrait: boolean, p: XY): XY => (portrait ? { x: p.y, y: HEIGHT - p.x } : p);

export function projectRect(portrait: boolean, r: Rect): Rect {
  const a = project(portrait, r);
  const b = project(portrait, { x: r.x + r.w, y: r.y + r.h });
  return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
}

/** An arrow key on screen as a direction on the landscape board (in portrait, down the screen is along a row). */
export function landscapeDirection(portrait: boolean, dir: Direction): Direction {
  if (!portrait) return dir;
  const turned: Record<Direction, Direction> = { down: 'right', up: 'left', left: 'down', right: 'up' };
  return turned[dir];
}
