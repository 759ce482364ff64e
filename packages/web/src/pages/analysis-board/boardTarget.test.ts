import { SHORT, LONG } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import { targetOfStop } from './boardTarget';

const short = (c: 'white' | 'black', p: number) => SHORT.geometry.absPoint(c, p);
const long = (c: 'white' | 'black', p: number) => LONG.geometry.absPoint(c, p);

describe('what a click on the drawn board means to the editor', () => {
  it('White at the bottom, short nardy: his 1-point bottom right, 12 bottom left, 13 top left, 24 top right', () => {
    expect(targetOfStop(short, 'white', { row: 'bottom', index: 12 })).toEqual({ kind: 'point', abs: 1 });
    expect(targetOfStop(short, 'white', { row: 'bottom', index: 0 })).toEqual({ kind: 'point', abs: 12 });
    expect(targetOfStop(short, 'white', { row: 'bottom', index: 7 })).toEqual({ kind: 'point', abs: 6 });
    expect(targetOfStop(short, 'white', { row: 'top', index: 0 })).toEqual({ kind: 'point', abs: 13 });
    expect(targetOfStop(short, 'white', { row: 'top', index: 12 })).toEqual({ kind: 'point', abs: 24 });
  });

  it('the bar and the tray belong to the colour of their row', () => {
    expect(targetOfStop(short, 'white', { row: 'bottom', index: 6 })).toEqual({ kind: 'bar', color: 'white' });
    expect(targetOfStop(short, 'white', { row: 'top', index: 6 })).toEqual({ kind: 'bar', color: 'black' });
    expect(targetOfStop(short, 'white', { row: 'top', index: 13 })).toEqual({ kind: 'off', color: 'black' });
    expect(targetOfStop(long, 'white', { row: 'bottom', index: 13 })).toEqual({ kind: 'off', color: 'white' });
  });

  it('long nardy, White at the bottom: his head (24) top right', () => {
    expect(targetOfStop(long, 'white', { row: 'top', index: 12 })).toEqual({ kind: 'point', abs: 24 });
  });
});
