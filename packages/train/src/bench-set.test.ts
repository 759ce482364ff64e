import { legalTurns, parsePlainBoard, startPosition, type Position } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import { afterKey, lossOf, parseBenchSet, phaseOf, scoreBench, type BenchRecord } from './bench-set.js';

const board = (white: Record<string, number>, black: Record<string, number>): Position => {
  const r = parsePlainBoard({ variant: 'long', onRoll: 'white', white, black });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
};

describe('phaseOf', () => {
  it('the start is the opening for the first 12 half-moves, then contact (blocking still possible)', () => {
    const start = startPosition('long');
    expect(phaseOf(start, 0)).toBe('opening');
    expect(phaseOf(start, 11)).toBe('opening');
    expect(phaseOf(start, 12)).toBe('contact');
  });
  it('no contact (every checker in its own second half, own points 1–12): race; all the mover’s checkers home: bear-off', () => {
    // White's own points are the absolute ones; Black's own point p is absolute p + 12 for p ≤ 12.
    const race = board({ '10': 5, '3': 10 }, { '20': 15 });
    expect(phaseOf(race, 3)).toBe('race');
    const home = board({ '6': 5, '1': 9, off: 1 }, { '22': 15 });
    expect(phaseOf(home, 80)).toBe('bearoff');
    // One White checker still behind Black's: contact, whatever the turn count.
    expect(phaseOf(board({ '13': 1, '3': 14 }, { '20': 15 }), 80)).toBe('contact');
  });
});

const record = (equities: number[]): BenchRecord => ({
  id: 'x',
  phase: 'contact',
  halfMoves: 20,
  dice: [6, 5],
  candidates: equities.map((e, i) => ({ move: `m${i}`, after: `a${i}`, equity: e, se: 0.01 })),
});

describe('lossOf / scoreBench', () => {
  it('loss = best equity − the chosen candidate’s; a turn outside the list is charged the worst candidate’s loss', () => {
    const r = record([0.3, 0.25, -0.1]);
    expect(lossOf(r, 'a0')).toEqual({ loss: 0, covered: true });
    expect(lossOf(r, 'a1').loss).toBeCloseTo(0.05, 12);
    expect(lossOf(r, 'elsewhere')).toEqual({ loss: expect.closeTo(0.4, 12), covered: false });
  });

  it('mean loss overall and by phase, share of best choices, uncovered count — on real positions', () => {
    const start = startPosition('long');
    const turns = legalTurns(start, [3, 3]); // L10: 24/18(2) or 24/21 24/15
    expect(turns).toHaveLength(2);
    const [a, b] = turns as [NonNullable<(typeof turns)[0]>, NonNullable<(typeof turns)[0]>];
    const { records } = parseBenchSet(
      [
        JSON.stringify({ meta: { trials: 1 } }),
        JSON.stringify({
          ...record([]),
          id: 'BgAA_P8BAAD-_w',
          phase: 'opening',
          dice: [3, 3],
          candidates: [
            { move: 'a', after: afterKey(a), equity: 0.2, se: 0 },
            { move: 'b', after: afterKey(b), equity: 0.1, se: 0 },
          ],
        }),
        JSON.stringify({
          ...record([]),
          id: 'BgAA_P8BAAD-_w',
          phase: 'contact',
          dice: [3, 3],
          candidates: [
            { move: 'b', after: afterKey(b), equity: 0.5, se: 0 },
            { move: 'c', after: 'zzz', equity: 0.2, se: 0 },
          ],
        }),
      ].join('\n'),
    );
    expect(records).toHaveLength(2);
    // Always plays b: opening loses 0.1, contact position best (loss 0).
    const alwaysB = scoreBench(records, () => b);
    expect(alwaysB.meanLoss).toBeCloseTo(0.05, 12);
    expect(alwaysB.best).toBe(0.5);
    expect(alwaysB.byPhase.opening).toEqual({ positions: 1, meanLoss: expect.closeTo(0.1, 12), best: 0 });
    expect(alwaysB.uncovered).toBe(0);
    // Always plays a: best in the opening, uncovered in the contact record (charged 0.3).
    const alwaysA = scoreBench(records, () => a);
    expect(alwaysA.uncovered).toBe(1);
    expect(alwaysA.meanLoss).toBeCloseTo(0.15, 12);
  });
});
