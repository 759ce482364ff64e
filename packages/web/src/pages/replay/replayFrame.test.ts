import { describe, expect, it } from 'vitest';
import { replayLog } from '../../game/moveList';
import { SHORT_GAME } from '../../game/views.suite';
import { replayFrame } from './replayFrame';

const log = replayLog({ variant: 'short', matchLength: 5 }, SHORT_GAME);

describe('replayFrame', () => {
  it('step 0 is the start, before the opening throw: no side to move, the cube centred', () => {
    const f = replayFrame(log, 0);
    expect(f.position.board.white[6]).toBe(5);
    expect(f.extras).toEqual({ turn: null, dice: null, cube: { value: 1, owner: null } });
    expect(f.result).toBeNull();
  });

  it('shows the dice to play and the cube with its owner', () => {
    expect(replayFrame(log, 1).extras).toMatchObject({ turn: 'white', dice: [3, 1] });
    expect(replayFrame(log, 3).extras).toMatchObject({ turn: 'black', dice: [6, 4] });
    expect(replayFrame(log, 6).extras.cube).toEqual({ value: 2, owner: 'black' });
  });

  it('the step that ends a game shows its last board and result, not the next game’s start', () => {
    const f = replayFrame(log, SHORT_GAME.length);
    expect(f.result).toMatchObject({ number: 1, winner: 'p2', kind: 'single', cubeValue: 2, points: { p1: 0, p2: 2 } });
    expect(f.position.board.black[14]).toBe(1);
    expect(f.extras).toEqual({ turn: null, dice: null, cube: { value: 2, owner: 'black' } });
    expect(f.score).toEqual({ p1: 0, p2: 2 });
    expect(f.game).toBe(1);
  });

  it('clamps the step to the log', () => {
    expect(replayFrame(log, 99).result).not.toBeNull();
    expect(replayFrame(log, -3).extras.turn).toBeNull();
  });
});
