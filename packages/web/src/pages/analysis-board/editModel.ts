/**
 * The analysis board's position editor as data: the board being set up (each colour's own-frame slots, [0] off,
 * [25] bar, checkers not yet placed are the ones missing from 15), the side on roll, dice, cube and score; the
 * edits a click, tap or drag makes; and the engine's verdict on whether it is a position to analyse. Every refusal is a
 * `Problem`, a key of the `analysisBoard` namespace with its values, so the page says it in the player's language.
 */
import {
  BAR,
  CHECKERS,
  HEAD,
  OFF,
  getVariant,
  opposite,
  positionFromSetup,
  startPosition,
  winnerOf,
  type ByColor,
  type Color,
  type Die,
  type Position,
  type VariantId,
} from '@nardy/engine';

export interface EditState {
  readonly variant: VariantId;
  readonly board: ByColor<readonly number[]>;
  /** Long nardy: the side has not played its first turn yet (L10, L11); kept only while its 15 are on the head. */
  readonly firstTurn: ByColor<boolean>;
  readonly turn: Color;
  /** null: before the throw (eval and rollout only; the hint needs dice). */
  readonly dice: readonly [Die, Die] | null;
  /** `owner` null: centred. */
  readonly cube: { readonly value: number; readonly owner: Color | null };
  /** 0: money. */
  readonly matchLength: number;
  readonly score: ByColor<number>;
  /** This game is the Crawford game (match play). */
  readonly crawford: boolean;
}

export interface Problem {
  readonly key: string;
  readonly values?: Readonly<Record<string, string | number>>;
}

export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly problem: Problem };
const fail = (key: string, values?: Problem['values']): { ok: false; problem: Problem } => ({ ok: false, problem: values ? { key, values } : { key } });

/** Where a click lands: an absolute point (White's numbering), or a colour's bar or tray. */
export type Target = { readonly kind: 'point'; readonly abs: number } | { readonly kind: 'bar' | 'off'; readonly color: Color };

export type EditMode = 'add' | 'remove';

const emptySide = (): number[] => new Array<number>(26).fill(0);

/** A fresh board: the variant's starting position or an empty one (every checker still to place). White on roll, money, cube centred. */
export function newEdit(variant: VariantId, from: 'start' | 'empty'): EditState {
  const start = startPosition(variant);
  return {
    variant,
    board: from === 'start' ? start.board : { white: emptySide(), black: emptySide() },
    firstTurn: from === 'start' ? start.firstTurn : { white: false, black: false },
    turn: 'white',
    dice: null,
    cube: { value: 1, owner: null },
    matchLength: 0,
    score: { white: 0, black: 0 },
    crawford: false,
  };
}

/** Checkers of a colour not on the board, the bar or the tray. */
export const unplaced = (side: readonly number[]): number => CHECKERS - side.reduce((a, b) => a + b, 0);

/** The colour with checkers on an absolute point, if any. */
function holder(state: EditState, abs: number): { color: Color; own: number } | null {
  const g = getVariant(state.variant).geometry;
  for (const color of ['white', 'black'] as const) {
    const own = g.ownPoint(color, abs);
    if ((state.board[color][own] ?? 0) > 0) return { color, own };
  }
  return null;
}

function withSide(state: EditState, color: Color, slot: number, delta: number): EditState {
  const side = [...state.board[color]];
  side[slot] = (side[slot] ?? 0) + delta;
  const board = { ...state.board, [color]: side };
  const firstTurn = { ...state.firstTurn, [color]: state.variant === 'long' && state.firstTurn[color] && side[HEAD] === CHECKERS };
  return { ...state, board, firstTurn };
}

/**
 * One click of the editor. `add` puts one checker of `side` on a point (or that colour's bar or tray, by the row
 * clicked); `remove` takes one from a point (whoever holds it), a bar or a tray.
 */
export function edit(state: EditState, target: Target, side: Color, mode: EditMode): Checked<EditState> {
  if (target.kind === 'point') {
    const held = holder(state, target.abs);
    if (mode === 'remove') return held ? { ok: true, value: withSide(state, held.color, held.own, -1) } : fail('problem.nothingToRemove');
    if (held && held.color !== side) return fail('problem.pointTaken', { point: target.abs, color: held.color });
    if (unplaced(state.board[side]) === 0) return fail('problem.noneLeft', { color: side });
    return { ok: true, value: withSide(state, side, getVariant(state.variant).geometry.ownPoint(side, target.abs), 1) };
  }
  const slot = target.kind === 'bar' ? BAR : OFF;
  const color = target.color;
  if (mode === 'remove') return (state.board[color][slot] ?? 0) > 0 ? { ok: true, value: withSide(state, color, slot, -1) } : fail('problem.nothingToRemove');
  if (slot === BAR && getVariant(state.variant).contact === 'block') return fail('problem.noBar');
  if (unplaced(state.board[color]) === 0) return fail('problem.noneLeft', { color });
  return { ok: true, value: withSide(state, color, slot, 1) };
}

/** The colour of the checker a press on `target` picks up to drag, or null where there is none. */
export function lift(state: EditState, target: Target): Color | null {
  if (target.kind === 'point') return holder(state, target.abs)?.color ?? null;
  return (state.board[target.color][target.kind === 'bar' ? BAR : OFF] ?? 0) > 0 ? target.color : null;
}

const sameTarget = (a: Target, b: Target): boolean => (a.kind === 'point' ? b.kind === 'point' && a.abs === b.abs : b.kind === a.kind && b.color === a.color);

/**
 * One checker dragged from `from` and dropped on `to`: taken up as a click in `remove` mode takes it, put down as a
 * click in `add` mode of its colour puts it, so a drop is refused for the same reasons (a point the other colour
 * holds, the bar in long nardy). A bar or tray drop goes to the dragged colour's own (each colour has one of each,
 * whichever row the pointer is over). Dropped where it came from: nothing changes.
 */
export function move(state: EditState, from: Target, to: Target): Checked<EditState> {
  const color = lift(state, from);
  if (!color) return fail('problem.nothingToRemove');
  const dest: Target = to.kind === 'point' ? to : { kind: to.kind, color };
  if (sameTarget(from, dest)) return { ok: true, value: state };
  const taken = edit(state, from, color, 'remove');
  return taken.ok ? edit(taken.value, dest, color, 'add') : taken;
}

/** Every checker not yet placed, of both colours, borne off (a race or bear-off set up from an empty board). */
export function restOff(state: EditState): EditState {
  let s = state;
  for (const color of ['white', 'black'] as const) {
    const n = unplaced(s.board[color]);
    if (n > 0) s = withSide(s, color, OFF, n);
  }
  return s;
}

/** The cube values the editor offers (G3: up to 64 by default). */
export const CUBE_VALUES = [1, 2, 4, 8, 16, 32, 64] as const;

/**
 * The engine's position of a finished setup, or why there is none: checkers left to place, a game already won, a
 * score past the match's end, or anything `positionFromSetup` refuses.
 */
export function validate(state: EditState): Checked<Position> {
  for (const color of ['white', 'black'] as const) {
    const n = unplaced(state.board[color]);
    if (n > 0) return fail('problem.unplaced', { color, count: n });
    if (n < 0) return fail('problem.tooMany', { color, count: -n });
  }
  if (state.matchLength > 0 && (state.score.white >= state.matchLength || state.score.black >= state.matchLength)) {
    return fail('problem.score', { length: state.matchLength });
  }
  const p = positionFromSetup({ variant: state.variant, turn: state.turn, board: state.board, firstTurn: state.firstTurn });
  if (!p.ok) return fail('problem.invalid', { reason: p.error.message });
  if (winnerOf(p.value)) return fail('problem.over', { color: winnerOf(p.value)! });
  return { ok: true, value: p.value };
}

/** The same setup with the other side on roll (the dice go with the turn: a new throw is the other side's). */
export const withOnRoll = (state: EditState, turn: Color): EditState => (turn === state.turn ? state : { ...state, turn, dice: null });

/** Points each side still needs in a match, from the side on roll's view; undefined for money. */
export function away(state: EditState): { readonly onRoll: number; readonly opponent: number } | undefined {
  if (state.matchLength === 0) return undefined;
  return { onRoll: state.matchLength - state.score[state.turn], opponent: state.matchLength - state.score[opposite(state.turn)] };
}
