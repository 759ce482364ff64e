import { describe, expect, it } from 'vitest';
import { replayLog } from '../../game/moveList';
import { SHORT_GAME } from '../../game/views.suite';
import { matchRoute } from '../../router';
import { replayFrame } from '../replay/replayFrame';
import { boardPathOf } from './boardLink';
import { fromQuery } from './ids';

const log = replayLog({ variant: 'short', matchLength: 5 }, SHORT_GAME);

describe('"Open in the analysis board" from a replayed position', () => {
  it('carries the position, the side on roll, the dice, the cube and the score', () => {
    const frame = replayFrame(log, 3); // Black (p2) to play 6-4
    const path = boardPathOf(frame)!;
    expect(matchRoute(path)).toEqual({ name: 'board' });
    const opened = fromQuery(path.slice(path.indexOf('?')));
    expect(opened?.ok && opened.value).toMatchObject({
      variant: 'short',
      board: frame.position.board,
      turn: frame.position.turn,
      dice: [6, 4],
      matchLength: 5,
      score: { white: 0, black: 0 },
      cube: { value: 1, owner: null },
    });
  });

  it('after a double taken: the cube with its owner', () => {
    const frame = replayFrame(log, 6);
    const path = boardPathOf(frame)!;
    const opened = fromQuery(path.slice(path.indexOf('?')));
    expect(opened?.ok && opened.value.cube).toEqual(frame.extras.cube);
  });
});
