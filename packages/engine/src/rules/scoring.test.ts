import { describe, expect, it } from 'vitest';
import { parsePlainBoard, type PlainBoard } from '../notation/plain-board.js';
import type { Position } from '../position.js';
import { DEFAULT_SCORING, maxWinPoints, scoreWin, stakeFor, type ScoringSettings } from './scoring.js';

const board = (b: Omit<PlainBoard, 'onRoll'> & { onRoll?: 'white' | 'black' }): Position => {
  const r = parsePlainBoard({ onRoll: 'black', ...b });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
};
const S = (over: Partial<ScoringSettings> = {}): ScoringSettings => ({ ...DEFAULT_SCORING, ...over });

describe('long nardy scoring (L24–L25, docs/rules.md §6.5)', () => {
  it('LN-39: White bears off the 15th checker, Black has 0 off → mars 2 (× cube)', () => {
    const pos = board({ variant: 'long', white: { off: 15 }, black: { '18': 5, '13': 5, '3': 5 } });
    expect(scoreWin(pos, 'white')).toEqual({ kind: 'mars', rawPoints: 2, points: 2 });
    expect(stakeFor(2, { value: 4, turned: true }, false)).toBe(8);
  });

  it('LN-40: same, Black has 1 off → oin 1', () => {
    const pos = board({ variant: 'long', white: { off: 15 }, black: { '18': 5, '13': 9, off: 1 } });
    expect(scoreWin(pos, 'white')).toEqual({ kind: 'oin', rawPoints: 1, points: 1 });
  });

  it('LN-41: Black has all 15 home, 0 off → mars 2; notAllHome → oin 1; with homeMars 3', () => {
    const pos = board({ variant: 'long', white: { off: 15 }, black: { '18': 5, '15': 5, '13': 5 } });
    expect(scoreWin(pos, 'white')).toMatchObject({ kind: 'mars', points: 2 });
    expect(scoreWin(pos, 'white', S({ marsDefinition: 'notAllHome' }))).toMatchObject({ kind: 'oin', points: 1 });
    expect(scoreWin(pos, 'white', S({ marsDefinition: 'notAllHome', homeMars: true }))).toMatchObject({ kind: 'homeMars', points: 3 });
    expect(scoreWin(pos, 'white', S({ homeMars: true }))).toMatchObject({ kind: 'homeMars', points: 3 });
  });

  it('LN-41 / L25 (g): notAllHome — a loser not all home with 0 off is still mars', () => {
    const pos = board({ variant: 'long', white: { off: 15 }, black: { '18': 5, '13': 9, '20': 1 } });
    expect(scoreWin(pos, 'white', S({ marsDefinition: 'notAllHome' }))).toMatchObject({ kind: 'mars', points: 2 });
  });

  it('L25 koks: 0 off and a checker still in the first quarter → 3 when on, mars 2 when off', () => {
    // Black's first quarter is abs 12–7.
    const pos = board({ variant: 'long', white: { off: 15 }, black: { '18': 5, '13': 9, '9': 1 } });
    expect(scoreWin(pos, 'white')).toMatchObject({ kind: 'mars', points: 2 });
    expect(scoreWin(pos, 'white', S({ koks: true }))).toMatchObject({ kind: 'koks', points: 3 });
    // White's first quarter is abs 24–19.
    const w = board({ variant: 'long', black: { off: 15 }, white: { '24': 1, '6': 14 } });
    expect(scoreWin(w, 'black', S({ koks: true }))).toMatchObject({ kind: 'koks', points: 3 });
  });

  it('G4 ceiling caps long-nardy wins: oin → 1, mars → 2', () => {
    const pos = board({ variant: 'long', white: { off: 15 }, black: { '18': 5, '13': 9, '9': 1 } });
    expect(scoreWin(pos, 'white', S({ koks: true, ceiling: 'mars' }))).toEqual({ kind: 'koks', rawPoints: 3, points: 2 });
    expect(scoreWin(pos, 'white', S({ koks: true, ceiling: 'oin' }))).toEqual({ kind: 'koks', rawPoints: 3, points: 1 });
    expect(maxWinPoints('long', S())).toBe(2);
    expect(maxWinPoints('long', S({ homeMars: true }))).toBe(3);
    expect(maxWinPoints('long', S({ koks: true, ceiling: 'mars' }))).toBe(2);
  });
});

describe('short nardy scoring (S7, SN-05)', () => {
  it('SN-05: loser 0 off and a checker on the bar → koks 3', () => {
    const pos = board({ variant: 'short', white: { off: 15 }, black: { bar: 1, '5': 14 } });
    expect(scoreWin(pos, 'white')).toEqual({ kind: 'koks', rawPoints: 3, points: 3 });
  });

  it("SN-05: loser 0 off and a checker in the winner's home → koks 3", () => {
    // White's home is abs 1–6; Black's checker on abs 3.
    const pos = board({ variant: 'short', white: { off: 15 }, black: { '3': 1, '20': 14 } });
    expect(scoreWin(pos, 'white')).toMatchObject({ kind: 'koks', points: 3 });
    // Black wins: White's checker in Black's home (abs 19–24).
    const b = board({ variant: 'caucasian', black: { off: 15 }, white: { '22': 1, '5': 14 } });
    expect(scoreWin(b, 'black')).toMatchObject({ kind: 'koks', points: 3 });
  });

  it('SN-05: 0 off otherwise → mars 2; ≥ 1 off → single 1', () => {
    const mars = board({ variant: 'short', white: { off: 15 }, black: { '10': 1, '20': 14 } });
    expect(scoreWin(mars, 'white')).toMatchObject({ kind: 'mars', points: 2 });
    const single = board({ variant: 'short', white: { off: 15 }, black: { '3': 1, '20': 13, off: 1 } });
    expect(scoreWin(single, 'white')).toMatchObject({ kind: 'single', points: 1 });
  });

  it('SN-05: Jacoby on and cube never turned → 1 (× cube); turned → full value', () => {
    expect(stakeFor(3, { value: 1, turned: false }, true)).toBe(1);
    expect(stakeFor(2, { value: 2, turned: false }, true)).toBe(2); // automatic double: the cube is not "turned"
    expect(stakeFor(3, { value: 2, turned: true }, true)).toBe(6);
    expect(stakeFor(3, { value: 1, turned: false }, false)).toBe(3);
  });

  it('G4 ceiling: koks counts 2 under mars, 1 under oin', () => {
    const pos = board({ variant: 'short', white: { off: 15 }, black: { bar: 1, '5': 14 } });
    expect(scoreWin(pos, 'white', S({ ceiling: 'mars' })).points).toBe(2);
    expect(scoreWin(pos, 'white', S({ ceiling: 'oin' })).points).toBe(1);
    expect(maxWinPoints('short', S({ ceiling: 'mars' }))).toBe(2);
  });
});
