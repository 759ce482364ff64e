/**
 * The drawn position: the model's boards with the steps of the turn in progress applied. Pure bookkeeping in each
 * colour's own frame (slot 0 = off, 1–24 = points, 25 = bar) — which steps are legal is never decided here.
 */
import type { Color } from '@nardy/engine';
import type { BoardModel, BoardStep } from './types';

export const OFF = 0;
export const BAR = 25;
export const SLOTS = 26;

export type Boards = BoardModel['board'];

export const otherColor = (c: Color): Color => (c === 'white' ? 'black' : 'white');

/** A colour's own point on the absolute point `abs` (the inverse of `model.toAbs`). */
export function ownPoint(toAbs: BoardModel['toAbs'], color: Color, abs: number): number {
  for (let p = 1; p <= 24; p++) if (toAbs(color, p) === abs) return p;
  throw new Error(`no own point of ${color} on absolute point ${abs}`);
}

/** Pips a step saves the mover: the distance along his route, the bar counting as 25 and off as 0. */
const stepPips = (s: BoardStep): number => s.from - s.to;

/**
 * The model after `steps` of `mover`: each step moves one checker from→to in the mover's frame; a hit sends the
 * opponent's checker on that physical point to the opponent's bar. Pips follow the same arithmetic.
 * The replay page uses it to draw the positions between the steps of a turn.
 */
export function applySteps(model: BoardModel, mover: Color, steps: readonly BoardStep[]): BoardModel {
  if (steps.length === 0) return model;
  const opponent = otherColor(mover);
  const own = [...model.board[mover]];
  const opp = [...model.board[opponent]];
  const pips = { ...model.pips };
  for (const step of steps) {
    own[step.from] = (own[step.from] ?? 0) - 1;
    own[step.to] = (own[step.to] ?? 0) + 1;
    pips[mover] -= stepPips(step);
    if (step.hit) {
      const q = ownPoint(model.toAbs, opponent, model.toAbs(mover, step.to));
      opp[q] = (opp[q] ?? 0) - 1;
      opp[BAR] = (opp[BAR] ?? 0) + 1;
      pips[opponent] += BAR - q;
    }
  }
  const board = mover === 'white' ? { white: own, black: opp } : { white: opp, black: own };
  return { ...model, board, pips };
}
