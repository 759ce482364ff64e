import { describe, expect, it } from 'vitest';
import { replayLog } from '../../game/moveList';
import { SHORT_GAME } from '../../game/views.suite';
import { decisionSteps, playedCandidate, rightCubeAction, winChances, type CubeDecision, type MoveDecision } from './analysisModel';

const log = replayLog({ variant: 'short', matchLength: 5 }, SHORT_GAME);
const types = SHORT_GAME.map((a) => a.type);

const p = (win: number) => ({ win, winMars: 0, winKoks: 0, loseMars: 0, loseKoks: 0 });
const move = (m: number, player: 'p1' | 'p2', played: string, win: number): MoveDecision => ({
  kind: 'move',
  game: 1,
  move: m,
  player,
  error: 0,
  mark: 'none',
  unforced: true,
  dice: [3, 1],
  played,
  best: 'x',
  candidates: [
    { move: 'x', equity: 0.1, probabilities: p(0.9) },
    { move: played, equity: 0, probabilities: p(win) },
  ],
  book: false,
  luck: null,
});
const cube = (kind: 'double' | 'take', player: 'p1' | 'p2', best: string, take: number, pass: number): CubeDecision => ({
  kind,
  game: 1,
  move: 3,
  player,
  error: 0,
  mark: 'none',
  unforced: true,
  played: kind === 'double' ? 'double' : 'take',
  best,
  cube: { noDouble: 0.5, take, pass, probabilities: p(0.7) },
});

describe('decisionSteps', () => {
  it('places each decision on the action that carried it out (the board before it is that step)', () => {
    const decisions = [move(1, 'p1', '8/5 6/5', 0.6), move(2, 'p2', '24/14', 0.45), cube('double', 'p1', 'double', 0.8, 1), cube('take', 'p2', 'take', 0.8, 1)];
    expect(decisionSteps(log, types, decisions)).toEqual([1, 3, 4, 5]);
    expect(log.states[3]!.phase).toBe('moving');
  });

  it('marks a decision the log does not hold with -1', () => {
    expect(decisionSteps(log, types, [move(9, 'p1', 'x', 0.5)])).toEqual([-1]);
  });
});

describe('winChances', () => {
  it("is the first player's chance after the played turn or before the cube decision", () => {
    const chances = winChances([move(1, 'p1', '8/5 6/5', 0.6), move(2, 'p2', '24/14', 0.45), cube('take', 'p2', 'take', 0.8, 1)]);
    expect(chances[0]).toBeCloseTo(0.6);
    expect(chances[1]).toBeCloseTo(0.55);
    expect(chances[2]).toBeCloseTo(0.3);
  });

  it('takes the best turn when the played one is not listed', () => {
    expect(playedCandidate({ ...move(1, 'p1', 'y', 0.2), candidates: [{ move: 'x', equity: 0, probabilities: p(0.9) }] })?.move).toBe('x');
  });
});

describe('rightCubeAction', () => {
  it("pairs a double with the opponent's right answer", () => {
    expect(rightCubeAction(cube('double', 'p1', 'double', 0.8, 1))).toBe('doubleTake');
    expect(rightCubeAction(cube('double', 'p1', 'double', 1.2, 1))).toBe('doublePass');
    expect(rightCubeAction(cube('double', 'p1', 'noDouble', 0.3, 1))).toBe('noDouble');
    expect(rightCubeAction(cube('double', 'p1', 'tooGood', 1.5, 1))).toBe('tooGood');
    expect(rightCubeAction(cube('take', 'p2', 'pass', 1.5, 1))).toBe('pass');
  });
});
