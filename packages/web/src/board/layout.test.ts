import type { Color, VariantId } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import { landscapeDirection, onPoint, project, stopAt, stopRect, unproject, WIDTH, HEIGHT } from './geometry';
import { cellStop, placement, stopCell, TRAY_STOP, BAR_STOP } from './layout';
import { BAR, OFF } from './position';
import { model } from './testModels';

const place = (variant: VariantId, bottom: Color, abs: number) => placement(model(variant).toAbs, bottom).placeOf(abs);

describe("placement (docs/rules.md §1: absolute points, White's numbering)", () => {
  it('White at the bottom, every variant: 1–12 along the bottom right to left, 13–24 along the top left to right', () => {
    for (const v of ['long', 'short', 'caucasian'] as const) {
      expect(place(v, 'white', 1)).toEqual({ row: 'bottom', col: 11 });
      expect(place(v, 'white', 6)).toEqual({ row: 'bottom', col: 6 });
      expect(place(v, 'white', 12)).toEqual({ row: 'bottom', col: 0 });
      expect(place(v, 'white', 13)).toEqual({ row: 'top', col: 0 });
      expect(place(v, 'white', 24)).toEqual({ row: 'top', col: 11 });
    }
  });

  it("short nardy, Black at the bottom: a mirror — point n where White sees 25 − n, Black's home bottom-right", () => {
    for (let abs = 1; abs <= 24; abs++) expect(place('short', 'black', abs)).toEqual(place('short', 'white', 25 - abs));
    expect(place('short', 'black', 24)).toEqual({ row: 'bottom', col: 11 }); // Black's own 1-point
    expect(place('caucasian', 'black', 1)).toEqual({ row: 'top', col: 11 }); // Black's own 24-point
  });

  it("long nardy, Black at the bottom: the board turned by 180° — Black's head (12) top-right, his home 18–13 bottom-right", () => {
    for (let abs = 1; abs <= 24; abs++) {
      const w = place('long', 'white', abs);
      const b = place('long', 'black', abs);
      expect(b).toEqual({ row: w.row === 'top' ? 'bottom' : 'top', col: 11 - w.col });
    }
    expect(place('long', 'black', 12)).toEqual({ row: 'top', col: 11 });
    expect(place('long', 'black', 13)).toEqual({ row: 'bottom', col: 11 });
    expect(place('long', 'black', 18)).toEqual({ row: 'bottom', col: 6 });
  });

  it('absAt is the inverse of placeOf', () => {
    for (const v of ['long', 'short'] as const) {
      for (const bottom of ['white', 'black'] as const) {
        const pl = placement(model(v).toAbs, bottom);
        for (let abs = 1; abs <= 24; abs++) expect(pl.absAt(pl.placeOf(abs))).toBe(abs);
      }
    }
  });
});

describe('stops (keyboard cursor and pointer)', () => {
  const pl = placement(model('short').toAbs, 'white');

  it('a row is 6 points, the bar, 6 points and the tray; cells map to stops and back', () => {
    expect(cellStop(pl, 24, 'white')).toEqual({ row: 'top', index: 12 });
    expect(cellStop(pl, 7, 'white')).toEqual({ row: 'bottom', index: 5 });
    expect(cellStop(pl, 6, 'white')).toEqual({ row: 'bottom', index: 7 });
    expect(cellStop(pl, BAR, 'black')).toEqual({ row: 'top', index: BAR_STOP });
    expect(cellStop(pl, OFF, 'white')).toEqual({ row: 'bottom', index: TRAY_STOP });
    for (let abs = 1; abs <= 24; abs++) expect(stopCell(pl, cellStop(pl, abs, 'white'), 'white')).toBe(abs);
  });

  it("a tray is the mover's off only on his side", () => {
    expect(stopCell(pl, { row: 'bottom', index: TRAY_STOP }, 'white')).toBe(OFF);
    expect(stopCell(pl, { row: 'top', index: TRAY_STOP }, 'white')).toBeNull();
    expect(stopCell(pl, { row: 'top', index: TRAY_STOP }, 'black')).toBe(OFF);
  });
});

describe('geometry (landscape SVG units; portrait is a quarter turn)', () => {
  it("abs point → x/y for both orientations: White's 24 top-right with White below, bottom-left with Black below (long)", () => {
    const white = placement(model('long').toAbs, 'white');
    const black = placement(model('long').toAbs, 'black');
    const a = onPoint(white.placeOf(24), 0);
    const b = onPoint(black.placeOf(24), 0);
    expect(a.x).toBeGreaterThan(WIDTH / 2);
    expect(a.y).toBeLessThan(HEIGHT / 2);
    expect(b.x).toBeLessThan(WIDTH / 2);
    expect(b.y).toBeGreaterThan(HEIGHT / 2);
    // The rotation is exact: the same distance from the opposite corner.
    expect(a.y).toBeCloseTo(HEIGHT - b.y);
  });

  it('stacks grow from the base towards the middle; the sixth checker sits on the fifth', () => {
    const top = { row: 'top', col: 3 } as const;
    const bottom = { row: 'bottom', col: 3 } as const;
    expect(onPoint(top, 1).y).toBeGreaterThan(onPoint(top, 0).y);
    expect(onPoint(bottom, 1).y).toBeLessThan(onPoint(bottom, 0).y);
    expect(onPoint(top, 5)).toEqual(onPoint(top, 4));
  });

  it('the pointer finds the stop it is over, in landscape and in portrait', () => {
    const pl = placement(model('short').toAbs, 'white');
    for (let abs = 1; abs <= 24; abs++) {
      const stop = cellStop(pl, abs, 'white');
      const centre = onPoint(pl.placeOf(abs), 2);
      expect(stopAt(centre)).toEqual(stop);
      expect(stopAt(unproject(true, project(true, centre)))).toEqual(stop);
      const r = stopRect(stop);
      expect(centre.x).toBeGreaterThan(r.x);
      expect(centre.x).toBeLessThan(r.x + r.w);
    }
    expect(stopAt({ x: 1, y: 1 })).toBeNull();
  });

  it('a point is at least 34 units across, so a portrait board 360 px wide gives touch targets of 32 px or more', () => {
    const r = stopRect({ row: 'top', index: 0 });
    expect((r.w * 360) / HEIGHT).toBeGreaterThanOrEqual(32);
  });

  it('portrait arrow keys follow the turned picture', () => {
    // A step right on the landscape board goes down the portrait screen.
    const a = project(true, onPoint({ row: 'top', col: 3 }, 0));
    const b = project(true, onPoint({ row: 'top', col: 4 }, 0));
    expect(b.y).toBeGreaterThan(a.y);
    expect(landscapeDirection(true, 'down')).toBe('right');
    expect(landscapeDirection(false, 'down')).toBe('down');
    // The bottom row lies to the left of the top row on a portrait screen.
    expect(project(true, onPoint({ row: 'bottom', col: 3 }, 0)).x).toBeLessThan(a.x);
    expect(landscapeDirection(true, 'left')).toBe('down');
  });
});
