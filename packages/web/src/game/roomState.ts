/**
 * The game room's state without React: a reducer over what the link delivers (views with their events, chat
 * lines, refusals), so the room component only draws. What to show from it is chosen by pure selectors:
 * `choices.ts` (prompts, buttons and what each costs), `clock.ts` (clocks, grace), `results.ts` (game and match ends).
 */
import type { Seat } from '@nardy/engine';
import type { ChatRoom, GameView, UserRef } from '@nardy/protocol';
import type { GameUpdate } from '../net/types';
import { actionEntry, beforeOfView, replayLog, resultEntry, type MoveEntry } from './moveList';

export interface ChatLine {
  readonly room: Extract<ChatRoom, { gameId: string }>['kind'];
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
  /** The match's whole move list: a snapshot's actions, then one entry per event after it. */
  readonly moves: readonly MoveEntry[];
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
  chat: [],
  rematch: { offeredBy: null, declinedBy: null, gameId: null },
  error: null,
};

export type RoomEvent =
  | { readonly type: 'update'; readonly update: GameUpdate }
  | { readonly type: 'chat'; readonly line: ChatLine }
  | { readonly type: 'refused'; readonly code: string; readonly message: string }
  | { readonly type: 'dismiss' };

/** The list's entries for one event, given the view before it; each is placed by the action's number (the view's version). */
function entriesOf(prev: GameView, { view, event }: GameUpdate): MoveEntry[] {
  if (event?.kind === 'gameEnded') return [resultEntry(event.result, view.version)];
  if (event?.kind !== 'action') return [];
  const entry = actionEntry(beforeOfView(prev), event.action, view.version);
  return entry ? [entry] : [];
}

function onUpdate(state: RoomState, update: GameUpdate): RoomState {
  const { view, n } = update;
  const prev = state.view;
  if (update.event === null) {
    // A snapshot (the first view, or a resync after a gap): the whole list again, from the match's actions; the
    // open rematch offer is in the view, so a reload or a missed event still shows it (or that it is gone).
    const moves = replayLog(view.settings.match, update.actions).entries;
    const offeredBy = view.rematchOffer?.by ?? null;
    const rematch = { ...state.rematch, offeredBy, declinedBy: offeredBy === null ? state.rematch.declinedBy : null };
    return { ...state, view, lastEvent: n, moves, rematch };
  }
  // Events come only after a snapshot (the link drops any before it).
  if (!prev) return state;
  const event = update.event;
  const moves = [...state.moves, ...entriesOf(prev, update)];
  let rematch = state.rematch;
  if (event.kind === 'rematchOffered') rematch = { ...rematch, offeredBy: event.by, declinedBy: null };
  if (event.kind === 'rematchDeclined') rematch = { ...rematch, offeredBy: null, declinedBy: event.by };
  if (event.kind === 'rematchWithdrawn') rematch = { ...rematch, offeredBy: null };
  if (event.kind === 'rematchStarted') rematch = { ...rematch, gameId: event.gameId };
  // A newer view makes an old refusal moot only once the game moved on.
  const error = view.version !== prev.version ? null : state.error;
  return { ...state, view, lastEvent: n, moves, rematch, error };
}

export function roomReducer(state: RoomState, e: RoomEvent): RoomState {
  switch (e.type) {
    case 'update':
      return onUpdate(state, e.update);
    case 'chat':
      return { ...state, chat: [...state.chat, e.line].slice(-CHAT_KEPT) };
    case 'refused':
      return { ...state, error: { code: e.code, message: e.message } };
    case 'dismiss':
      return { ...state, error: null };
  }
}
