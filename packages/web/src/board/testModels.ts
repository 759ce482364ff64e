/**
 * Board models for the board's tests, built from the engine's real geometry and start positions so the tests
 * check the layout against the rule book (docs/rules.md §1). Test support only: the board's own code imports nothing
 * from the engine but types.
 */
import { getVariant, pips, startPosition, type Color, type VariantId } from '@nardy/engine';
import type { BoardModel, BoardStep } from './types';

/** A side's own-frame slots from `{ point: count }`. */
export const side = (entries: Record<number, number>): number[] => {
  const s = new Array<number>(26).fill(0);
  for (const [p, n] of Object.entries(entries)) s[Number(p)] = n;
  return s;
};

export interface ModelOptions {
  readonly board?: BoardModel['board'];
  readonly viewer?: Color;
  readonly turn?: Color | null;
  readonly dice?: readonly [number, number] | null;
  readonly cube?: BoardModel['cube'];
  readonly lastTurn?: { readonly color: Color; readonly steps: readonly BoardStep[] } | null;
}

/** The start position of a variant (or `board`), point labels in `viewer`'s numbering as the game room prints them. */
export function model(variant: VariantId, o: ModelOptions = {}): BoardModel {
  const g = getVariant(variant).geometry;
  const board = o.board ?? startPosition(variant).board;
  const viewer = o.viewer ?? 'white';
  return {
    variant,
    board,
    toAbs: (color, p) => g.absPoint(color, p),
    label: (abs) => g.notationPoint(viewer, g.ownPoint(viewer, abs)),
    turn: o.turn === undefined ? 'white' : o.turn,
    dice: o.dice === undefined ? null : o.dice,
    cube: o.cube === undefined ? null : o.cube,
    pips: { white: pips(board.white), black: pips(board.black) },
    lastTurn: o.lastTurn ?? null,
  };
}

const step = (text: string): BoardStep => {
  const m = /^(\d+)\/(\d+)(\*?)$/.exec(text);
  if (!m) throw new Error(`bad step ${text}`);
  const from = Number(m[1]);
  const to = Number(m[2]);
  return { from, to, die: from === 25 ? 25 - to : from - to, hit: m[3] === '*' };
};

/** Steps from notation, own frame: `24/18 18/13*`; bar = 25, off = 0. Dice are the distances (not for bear-offs). */
export const steps = (text: string): BoardStep[] => (text.trim() === '' ? [] : text.trim().split(/\s+/).map(step));

const sameStep = (a: BoardStep, b: BoardStep): boolean => a.from === b.from && a.to === b.to && a.die === b.die && a.hit === b.hit;

/**
 * A fake `next` over a fixed list of whole turns, each in the order its steps may be played (list both orders
 * where both are legal): the steps that continue a turn of which `played` is a prefix.
 */
export function nextFrom(turns: readonly (readonly BoardStep[])[]) {
  return (played: readonly BoardStep[]): readonly BoardStep[] => {
    const found: BoardStep[] = [];
    for (const turn of turns) {
      if (turn.length <= played.length || !played.every((s, i) => sameStep(s, turn[i]!))) continue;
      const s = turn[played.length]!;
      if (!found.some((f) => f.from === s.from && f.to === s.to)) found.push(s);
    }
    return found;
  };
}
