/**
 * The board's headless state (chessground's HeadlessState): the turn in progress and the cursor, changed only by
 * `reduce(state, event)`. No DOM and no rules — what may be played comes from `input.next` (moves.ts), so the
 * whole interaction is testable in node.
 *
 * Cells are what the player points at: an absolute point 1–24, `BAR` (25, the mover's bar) or `OFF` (0, the
 * mover's tray). `selected` is a source in the mover's own frame (25 = bar, 1–24).
 */
import type { Color } from '@nardy/engine';
import { cellStop, cellToOwn, moveStop, ownToCell, placement, stopCell, type Direction, type Stop } from './layout';
import { destinations, isComplete, movableSources } from './moves';
import type { BoardInput, BoardModel, BoardSettings, BoardStep } from './types';

export interface BoardState {
  readonly model: BoardModel;
  readonly input: BoardInput | null;
  readonly settings: BoardSettings;
  readonly orientation: Color;
  /** The steps of the turn in progress, a legal prefix (each came from `input.next`). */
  readonly played: readonly BoardStep[];
  readonly selected: number | null;
  /** A press on the already selected checker: releasing it there deselects (click on, click off). */
  readonly releaseDeselects: boolean;
  /** The keyboard cursor. */
  readonly cursor: Stop;
  /** The confirmed turn, handed to `onTurn` once; cleared by an undo (so a refused turn can be played again). */
  readonly sent: readonly BoardStep[] | null;
  /** The board played this turn by itself (a forced turn). */
  readonly autoPlayed: boolean;
  /** The last pick was refused by a rule the player may not know: a second checker from the head (long nardy, L9). */
  readonly refusal: 'headRule' | null;
}

export interface BoardConfig {
  readonly model: BoardModel;
  readonly input: BoardInput | null;
  readonly settings: BoardSettings;
  readonly orientation: Color;
}

export type BoardKey = Direction | 'select' | 'enter' | 'undoStep' | 'escape';

export type BoardEvent =
  /** New props: a new turn starts afresh, the same turn keeps its steps. */
  | ({ readonly type: 'sync' } & BoardConfig)
  /** Pointer down on a cell (null: off the board). Click-click: select, then press the destination. */
  | { readonly type: 'press'; readonly cell: number | null }
  /** Pointer up on a cell: a drag that ends on a legal destination plays it. */
  | { readonly type: 'release'; readonly cell: number | null }
  | { readonly type: 'key'; readonly key: BoardKey }
  | { readonly type: 'undoStep' }
  | { readonly type: 'undoTurn' }
  | { readonly type: 'confirm' };

const NO_STEPS: readonly BoardStep[] = [];

/** A turn is one side's throw on one position: a new model or input for it (a re-render, a refused turn) is the same turn. */
function sameTurn(a: BoardConfig, b: BoardConfig): boolean {
  if (a.input === b.input && a.model === b.model) return true;
  if (!a.input || !b.input || a.input.color !== b.input.color) return false;
  const same = (x: readonly number[] | null, y: readonly number[] | null): boolean =>
    x === y || (!!x && !!y && x.length === y.length && x.every((v, i) => v === y[i]));
  return same(a.model.dice, b.model.dice) && same(a.model.board.white, b.model.board.white) && same(a.model.board.black, b.model.board.black);
}

/** Exactly one legal turn, or nothing to play (`[]` or `[[]]`, L14). */
const forcedTurn = (input: BoardInput): readonly BoardStep[] | null =>
  input.turns.length === 0 ? NO_STEPS : input.turns.length === 1 ? (input.turns[0] ?? NO_STEPS) : null;

function startTurn(config: BoardConfig, cursor: Stop): BoardState {
  const { input, settings } = config;
  const forced = input && settings.autoPlayForced ? forcedTurn(input) : null;
  const played = forced ?? NO_STEPS;
  const state: BoardState = {
    ...config,
    played,
    selected: null,
    releaseDeselects: false,
    cursor,
    // A forced turn played by itself, or nothing to play, is whole already.
    sent: input && settings.autoConfirm && isComplete(input, played) ? played : null,
    autoPlayed: forced !== null,
    refusal: null,
  };
  const first = input ? movableSources(input, played)[0] : undefined;
  return first === undefined ? state : { ...state, cursor: sourceStop(state, first) };
}

export function initialState(config: BoardConfig): BoardState {
  return startTurn(config, { row: 'bottom', index: 0 });
}

const mover = (s: BoardState): Color => s.input?.color ?? s.orientation;
const cellStopOf = (s: BoardState, cell: number): Stop => cellStop(placement(s.model.toAbs, s.orientation), cell, mover(s));
const sourceStop = (s: BoardState, own: number): Stop => cellStopOf(s, ownToCell(s.model, mover(s), own));

/** The sources the player may pick now (own frame); none once the turn is sent. */
export function sources(s: BoardState): number[] {
  return s.input && !s.sent ? movableSources(s.input, s.played) : [];
}

/** Where the selected checker may go: own-frame destination → the steps that take it there. */
export function targets(s: BoardState): ReadonlyMap<number, readonly BoardStep[]> {
  return s.input && s.selected !== null && !s.sent ? destinations(s.input, s.played, s.selected) : new Map();
}

/** The confirm button is enabled exactly when the steps make a whole legal turn and it has not been sent. */
export const canConfirm = (s: BoardState): boolean => !!s.input && !s.sent && isComplete(s.input, s.played);

export const canUndo = (s: BoardState): boolean => !!s.input && s.played.length > 0;

/** Plays steps; a turn they make whole goes at once when the player confirms turns by themselves (`autoConfirm`). */
function play(s: BoardState, steps: readonly BoardStep[]): BoardState {
  const played = [...s.played, ...steps];
  const whole = s.settings.autoConfirm && !!s.input && isComplete(s.input, played);
  return { ...s, played, selected: null, releaseDeselects: false, sent: whole ? played : s.sent };
}

const own = (s: BoardState, cell: number): number => cellToOwn(s.model, mover(s), cell);

/** The head in each side's own frame (long nardy: 24, where all fifteen start). */
const HEAD = 24;

/**
 * L9: in long nardy a checker is still on the head, one has left it this turn, and it may not be picked: the head
 * rule, which the board names (the engine's legal steps say only that it cannot move).
 */
function headRefused(s: BoardState, slot: number): boolean {
  if (s.model.variant !== 'long' || slot !== HEAD || !s.input) return false;
  const left = s.played.filter((step) => step.from === HEAD).length;
  return left > 0 && (s.model.board[mover(s)][HEAD] ?? 0) > left;
}

/** A pick of a cell (pointer press, Enter or Space): play to it, select it, or drop the selection. */
function pick(s: BoardState, cell: number): BoardState {
  const slot = own(s, cell);
  const chain = targets(s).get(slot);
  if (chain) return { ...play(s, chain), refusal: null };
  if (sources(s).includes(slot)) return { ...s, selected: slot, releaseDeselects: s.selected === slot, refusal: null };
  return { ...s, selected: null, releaseDeselects: false, refusal: headRefused(s, slot) ? 'headRule' : null };
}

function release(s: BoardState, cell: number | null): BoardState {
  if (s.selected === null || cell === null) return s;
  const slot = own(s, cell);
  if (slot === s.selected) return s.releaseDeselects ? { ...s, selected: null, releaseDeselects: false } : s;
  const chain = targets(s).get(slot);
  return chain ? play(s, chain) : s;
}

const undo = (s: BoardState, played: readonly BoardStep[]): BoardState => ({
  ...s,
  played,
  selected: null,
  releaseDeselects: false,
  sent: null,
  refusal: null,
});

function key(s: BoardState, k: BoardKey): BoardState {
  switch (k) {
    case 'left':
    case 'right':
    case 'up':
    case 'down':
      return { ...s, cursor: moveStop(s.cursor, k) };
    case 'enter':
      if (canConfirm(s)) return reduce(s, { type: 'confirm' });
      return key(s, 'select');
    case 'select': {
      if (!s.input || s.sent) return s;
      const cell = stopCell(placement(s.model.toAbs, s.orientation), s.cursor, mover(s));
      if (cell === null) return s;
      const next = pick(s, cell);
      // A second pick of the selected checker puts it down (a pointer does that on release).
      return next.releaseDeselects ? { ...next, selected: null, releaseDeselects: false } : next;
    }
    case 'undoStep':
      return reduce(s, { type: 'undoStep' });
    case 'escape':
      return s.selected !== null ? { ...s, selected: null, releaseDeselects: false } : reduce(s, { type: 'undoTurn' });
  }
}

export function reduce(s: BoardState, e: BoardEvent): BoardState {
  switch (e.type) {
    case 'sync': {
      const config: BoardConfig = { model: e.model, input: e.input, settings: e.settings, orientation: e.orientation };
      return sameTurn(s, config) ? { ...s, ...config } : startTurn(config, s.cursor);
    }
    case 'press':
      // The keyboard cursor follows the pointer, so either can carry on from the other.
      return e.cell === null || !s.input || s.sent ? s : { ...pick(s, e.cell), cursor: cellStopOf(s, e.cell) };
    case 'release':
      return release(s, e.cell);
    case 'key':
      return key(s, e.key);
    case 'undoStep':
      return canUndo(s) ? undo(s, s.played.slice(0, -1)) : s;
    case 'undoTurn':
      return canUndo(s) ? undo(s, NO_STEPS) : s;
    case 'confirm':
      return canConfirm(s) ? { ...s, sent: s.played, selected: null } : s;
  }
}
