/**
 * Which drawn checker is which, so that a moved checker keeps its SVG element and slides (a CSS transition on its
 * transform) instead of vanishing here and appearing there. When the drawn boards change — a step played or
 * undone, the opponent's turn arriving in a new model — each colour's difference is read as checkers that left
 * some slots and arrived in others. They are paired in route order (the farthest departure with the farthest
 * arrival), which is exact for one checker and a plausible path for several. A difference that cannot be one
 * turn (a colour's total changed, or more than four checkers moved, as after a resync or a new game) gets fresh
 * identities: new elements, drawn in place without animation.
 */
import type { Color } from '@nardy/engine';
import { SLOTS, type Boards } from './position';

/** Per colour, the checker ids on each own-frame slot, bottom of the stack first. */
export interface CheckerIds {
  readonly white: readonly (readonly number[])[];
  readonly black: readonly (readonly number[])[];
  /** The next unused id. */
  readonly next: number;
}

/** At most four checkers move in one turn (a double), and at most four are hit. */
const MAX_MOVED = 4;

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);

function fresh(counts: readonly number[], next: number): { slots: number[][]; next: number } {
  const slots = Array.from({ length: SLOTS }, (_, s) => Array.from({ length: counts[s] ?? 0 }, () => next++));
  return { slots, next };
}

function follow(prev: readonly (readonly number[])[], counts: readonly number[], next: number) {
  const before = prev.map((ids) => ids.length);
  if (sum(before) !== sum(counts)) return fresh(counts, next);
  const left: number[] = [];
  const arrived: number[] = [];
  for (let s = SLOTS - 1; s >= 0; s--) {
    const d = (counts[s] ?? 0) - (before[s] ?? 0);
    for (let k = 0; k < Math.abs(d); k++) (d < 0 ? left : arrived).push(s);
  }
  if (left.length > MAX_MOVED) return fresh(counts, next);
  const slots = prev.map((ids) => [...ids]);
  left.forEach((from, i) => {
    const id = slots[from]?.pop();
    const to = arrived[i];
    if (id !== undefined && to !== undefined) slots[to]?.push(id);
  });
  return { slots, next };
}

export function assignIds(prev: CheckerIds | null, board: Boards): CheckerIds {
  const per = (color: Color, next: number) => (prev ? follow(prev[color], board[color], next) : fresh(board[color], next));
  const white = per('white', prev?.next ?? 0);
  const black = per('black', white.next);
  return { white: white.slots, black: black.slots, next: black.next };
}
