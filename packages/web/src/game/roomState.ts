/**
 * The game room's state without React: a reducer over what the link delivers (views with their events, chat
 * lines, refusals), so the room component only draws. What to show from it is chosen by pure selectors:
 * `choices.ts` (prompts, buttons and what each costs), `clock.ts` (clocks, grace), `results.ts` (game and match ends).
 */
import type { Seat } from '@nardy/engine';
import type { ChatRoom, GameView, UserRef } from '@nardy/protocol';
import type { GameUpdate } from '../net/types';
import { actionEntry, beforeOfView, resultEntry, type MoveEntry } from './moveList';

export interface ChatLine {
  readonly room: ChatRoom['kind'];
  readonly from: UserRef;
  readonly text: string;
  readonly at: number;
}

/** The most chat lines kept (older ones scroll away). */
export const CHAT_KEPT = 200;

export interface RoomState {
  readonly view: GameView | null;
  /** The event number the view follows. */
  readonly lastEvent: number;
  readonly moves: readonly MoveEntry[];
  /**
   * The list may miss moves: the room opened a game already under way, or caught up by a snapshot after a gap
   * (the server sends live games' moves only as events; a finished game's list comes from its record).
   */
  readonly movesPartial: boolean;
  /**
   * The first snapshot's event number while the events before it are wanted for the list (the room asks the server
   * for them: `game.subscribe` with `since: 0`, protocol §6); null when nothing is wanted.
   */
  readonly historyWanted: number | null;
  /**
   * When the running seat's clock was started, if the room saw it start (server time): G8's simple delay is shown
   * counting down only then — a snapshot does not say how much of the delay is used.
   */
  readonly spell: { readonly seat: Seat; readonly since: number } | null;
  readonly chat: readonly ChatLine[];
  /** After the match (protocol §5 Rematch): who offered or declined, and the new game once it starts. */
  readonly rematch: { readonly offeredBy: Seat | null; readonly declinedBy: Seat | null; readonly gameId: string | null };
  /** The server's refusal of the last command: its code and message. */
  readonly error: { readonly code: string; readonly message: string } | null;
}

export const initialRoom: RoomState = {
  view: null,
  lastEvent: 0,
  moves: [],
  movesPartial: false,
  historyWanted: null,
  spell: null,
  chat: [],
  rematch: { offeredBy: null, declinedBy: null, gameId: null },
  error: null,
};

export type RoomEvent =
  | { readonly type: 'update'; readonly update: GameUpdate }
  /** The whole move list, from the finished game's record. */
  | { readonly type: 'record'; readonly moves: readonly MoveEntry[] }
  /** The events before the first snapshot, 1 … `historyWanted`, in order. */
  | { readonly type: 'history'; readonly updates: readonly GameUpdate[] }
  | { readonly type: 'chat'; readonly line: ChatLine }
  | { readonly type: 'refused'; readonly code: string; readonly message: string }
  | { readonly type: 'dismiss' };

/** The running clock's start: kept while the same seat's clock runs on; known only when an event started it. */
function spellAfter(state: RoomState, view: GameView, seen: boolean): RoomState['spell'] {
  const running = view.clock.running;
  if (running === null) return null;
  if (state.view?.clock.running === running) return state.spell;
  return seen ? { seat: running, since: view.clock.at } : null;
}

/** The list's entries for one event, given the view before it (null before the first: only the opening comes then). */
function entriesOf(prev: GameView | null, { view, n, event }: GameUpdate): MoveEntry[] {
  if (event?.kind === 'gameEnded') return [resultEntry(event.result, n)];
  if (event?.kind !== 'action') return [];
  const entry = actionEntry(beforeOfView(prev ?? view), event.action, n);
  return entry ? [entry] : [];
}

function onUpdate(state: RoomState, update: GameUpdate): RoomState {
  const { view, n, event } = update;
  const prev = state.view;
  if (!prev) {
    // The first view: the events before it are asked for while the match is on.
    const wanted = n > 0 && view.end === null ? n : null;
    return { ...state, view, lastEvent: n, movesPartial: n > 0, historyWanted: wanted, spell: spellAfter(state, view, false) };
  }
  if (!event) {
    // A snapshot again: after a gap (events were missed: the list has a hole), or the same point re-sent.
    const gap = n > state.lastEvent;
    return {
      ...state,
      view,
      lastEvent: n,
      movesPartial: state.movesPartial || gap,
      historyWanted: gap ? null : state.historyWanted,
      spell: spellAfter(state, view, false),
    };
  }
  const moves = [...state.moves, ...entriesOf(prev, update)];
  let rematch = state.rematch;
  if (event.kind === 'rematchOffered') rematch = { ...rematch, offeredBy: event.by, declinedBy: null };
  if (event.kind === 'rematchDeclined') rematch = { ...rematch, offeredBy: null, declinedBy: event.by };
  if (event.kind === 'rematchStarted') rematch = { ...rematch, gameId: event.gameId };
  // A newer view makes an old refusal moot only once the game moved on.
  const error = view.version !== prev.version ? null : state.error;
  return { ...state, view, lastEvent: n, moves, rematch, error, spell: spellAfter(state, view, true) };
}

/**
 * The events before the first snapshot: complete (1 … wanted, no gap) they go before the list, and they tell when
 * a clock that has run since before the snapshot started; else nothing changes.
 */
function onHistory(state: RoomState, updates: readonly GameUpdate[]): RoomState {
  const wanted = state.historyWanted;
  if (wanted === null || updates.length !== wanted || updates.some((u, i) => u.n !== i + 1)) return state;
  const earlier = updates.flatMap((u, i) => entriesOf(i > 0 ? updates[i - 1]!.view : null, u));
  // No clock change seen since the snapshot: the clock running now is the one running at its end, if any.
  const before = lastSpell(updates);
  const spell = state.spell ?? (before?.seat === state.view?.clock.running ? before : null);
  return { ...state, moves: [...earlier, ...state.moves], movesPartial: false, historyWanted: null, spell };
}

/** When the clock running at the end of these consecutive updates started (null: none runs). */
function lastSpell(updates: readonly GameUpdate[]): RoomState['spell'] {
  let spell = null as RoomState['spell'];
  for (const { view } of updates) {
    const running = view.clock.running;
    if (running !== spell?.seat) spell = running === null ? null : { seat: running, since: view.clock.at };
  }
  return spell;
}

export function roomReducer(state: RoomState, e: RoomEvent): RoomState {
  switch (e.type) {
    case 'update':
      return onUpdate(state, e.update);
    case 'record':
      return { ...state, moves: e.moves, movesPartial: false, historyWanted: null };
    case 'history':
      return onHistory(state, e.updates);
    case 'chat':
      return { ...state, chat: [...state.chat, e.line].slice(-CHAT_KEPT) };
    case 'refused':
      return { ...state, error: { code: e.code, message: e.message } };
    case 'dismiss':
      return { ...state, error: null };
  }
}
