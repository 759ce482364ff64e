import { startPosition } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import { positionBoardModel, viewBoardInput, viewBoardModel } from './boardModel';
import { SHORT_GAME, play, viewOf, withBoard } from './views.suite';

const side = (entries: Record<number, number>): number[] => {
  const s = new Array<number>(26).fill(0);
  for (const [p, n] of Object.entries(entries)) s[Number(p)] = n;
  return s;
};
const SHORT_BLACK_START = side({ 6: 5, 8: 3, 13: 5, 24: 2 });

/** Long nardy: p1 won the opening throw 5–3 (plays White, L3) and threw 6–5 (L4 fresh throw). */
const longFirstTurn = () =>
  play({ variant: 'long' }, [
    { type: 'opening', dice: { p1: 5, p2: 3 } },
    { type: 'roll', seat: 'p1', dice: [6, 5] },
  ]);
/** Short nardy: p1 (White) won the opening throw 3–1 and plays it (S2). */
const shortFirstTurn = () => play({ variant: 'short' }, [{ type: 'opening', dice: { p1: 3, p2: 1 } }]);

describe('viewBoardModel', () => {
  it('long nardy start: both heads, absolute labels for either viewer, no cube by default (L1, L26)', () => {
    const view = viewOf(longFirstTurn(), 'p2');
    const m = viewBoardModel(view, 'black');
    expect(m.variant).toBe('long');
    expect(m.board.white[24]).toBe(15);
    expect(m.toAbs('white', 24)).toBe(24);
    expect(m.toAbs('black', 24)).toBe(12);
    expect(m.label(12)).toBe(12);
    expect(m.label(1)).toBe(1);
    expect(m.pips).toEqual({ white: 360, black: 360 });
    expect(m.turn).toBe('white');
    expect(m.dice).toEqual([6, 5]);
    expect(m.cube).toBeNull();
  });

  it('short nardy: each viewer reads his own numbers; the cube is centred (S1, G3)', () => {
    const view = viewOf(shortFirstTurn(), 'p2');
    const black = viewBoardModel(view, 'black');
    const white = viewBoardModel(view, 'white');
    expect(white.label(1)).toBe(1);
    expect(black.label(1)).toBe(24);
    expect(black.label(19)).toBe(6);
    expect(black.toAbs('black', 6)).toBe(19);
    expect(black.pips).toEqual({ white: 167, black: 167 });
    expect(black.cube).toEqual({ value: 1, owner: null });
    expect(black.dice).toEqual([3, 1]);
  });

  it('shows the cube owner as a colour and no side to move before the opening throw', () => {
    const m = play({ variant: 'short' }, []);
    const view = viewOf(m, 'p1');
    const model = viewBoardModel({ ...view, cube: { value: 2, owner: 'p2', turned: true, automaticDoubles: 0 } }, 'white');
    expect(model.cube).toEqual({ value: 2, owner: 'black' });
    expect(model.turn).toBeNull();
  });

  it('a double awaiting its answer shows the value offered on the cube where it lies; a taken one the new value', () => {
    // p1 (White) opened and played 8/5 6/5; p2 doubles at the start of his turn.
    const turnActions = SHORT_GAME.slice(0, 2);
    const doubled = play({ variant: 'short' }, [...turnActions, { type: 'double', seat: 'p2' }]);
    expect(viewBoardModel(viewOf(doubled, 'p1'), 'white').cube).toEqual({ value: 1, owner: null, offered: 2 });
    const taken = play({ variant: 'short' }, [...turnActions, { type: 'double', seat: 'p2' }, { type: 'take', seat: 'p1' }]);
    expect(viewBoardModel(viewOf(taken, 'p1'), 'white').cube).toEqual({ value: 2, owner: 'white' });
  });
});

describe('positionBoardModel', () => {
  it('draws an engine position with the dice and cube given', () => {
    const m = positionBoardModel(startPosition('caucasian', 'black'), { turn: 'black', dice: [4, 4], cube: null }, 'white');
    expect(m.variant).toBe('caucasian');
    expect(m.turn).toBe('black');
    expect(m.dice).toEqual([4, 4]);
    expect(m.label(7)).toBe(7);
  });
});

describe('viewBoardInput', () => {
  it('long first turn: only one checker leaves the head (L9), steps in any order toward a legal turn', () => {
    const view = viewOf(longFirstTurn(), 'p1');
    const input = viewBoardInput(view);
    expect(input).not.toBeNull();
    expect(input!.color).toBe('white');
    expect(input!.turns).toEqual(view.legal!.turns);
    expect(input!.next([]).map((s) => [s.from, s.to, s.die])).toEqual([
      [24, 19, 5],
      [24, 18, 6],
    ]);
    expect(input!.next([{ from: 24, to: 19, die: 5, hit: false }]).map((s) => [s.from, s.to])).toEqual([[19, 13]]);
    expect(
      input!.next([
        { from: 24, to: 18, die: 6, hit: false },
        { from: 18, to: 13, die: 5, hit: false },
      ]),
    ).toEqual([]);
  });

  it('asks the engine once per played prefix', () => {
    const input = viewBoardInput(viewOf(longFirstTurn(), 'p1'))!;
    const first = input.next([]);
    expect(input.next([])).toBe(first);
  });

  it('is null for the opponent, for a spectator and before the dice are thrown', () => {
    expect(viewBoardInput(viewOf(longFirstTurn(), 'p2'))).toBeNull();
    expect(viewBoardInput(viewOf(longFirstTurn(), null))).toBeNull();
    const beforeRoll = play({ variant: 'long' }, [{ type: 'opening', dice: { p1: 5, p2: 3 } }]);
    expect(viewBoardInput(viewOf(beforeRoll, 'p1'))).toBeNull();
  });

  it('short nardy: a checker on the bar must enter first (S4)', () => {
    const m = withBoard(shortFirstTurn(), {
      variant: 'short',
      turn: 'white',
      board: { white: side({ 25: 1, 6: 5, 8: 3, 13: 5, 24: 1 }), black: SHORT_BLACK_START },
      firstTurn: { white: false, black: false },
    });
    const input = viewBoardInput(viewOf(m, 'p1'))!;
    const first = input.next([]);
    expect(first.length).toBeGreaterThan(0);
    expect(first.every((s) => s.from === 25)).toBe(true);
    expect(input.next([{ from: 25, to: 22, die: 3, hit: false }]).some((s) => s.from !== 25)).toBe(true);
  });

  it('a throw that cannot be played: no turns and no steps (L14)', () => {
    const m = withBoard(shortFirstTurn(), {
      variant: 'short',
      turn: 'white',
      board: {
        white: side({ 25: 1, 6: 5, 7: 1, 8: 3, 13: 5 }),
        black: side({ 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 13: 3 }),
      },
      firstTurn: { white: false, black: false },
    });
    const view = viewOf(m, 'p1');
    expect(view.legal!.actions).toContain('move');
    const input = viewBoardInput(view)!;
    expect(input.turns).toEqual([]);
    expect(input.next([])).toEqual([]);
  });
});
