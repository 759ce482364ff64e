import { describe, expect, it } from 'vitest';
import { replayLog } from '../../game/moveList';
import type { WireAction } from '../../game/views.suite';
import { matchRoute } from '../../router';
import { replayFrame } from '../replay/replayFrame';
import { boardPathOf } from './boardLink';
import { fromQuery } from './ids';

const ACTIONS: WireAction[] = [
  { type: 'opening', dice: { p1: 3, p2: 1 } },
  {
    type: 'move',
    seat: 'p1',
    steps: [
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ],
  },
  { type: 'roll', seat: 'p2', dice: [6, 4] },
  {
    type: 'move',
    seat: 'p2',
    steps: [
      { from: 24, to: 18 },
      { from: 18, to: 14 },
    ],
  },
  { type: 'double', seat: 'p1' },
  { type: 'take', seat: 'p2' },
  { type: 'resign', seat: 'p1', level: 'single' },
  { type: 'acceptResign', seat: 'p2' },
];
const log = replayLog({ variant: 'short', matchLength: 5 }, ACTIONS);

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
