/**
 * Following one game over a socket that may drop (docs/protocol.md §6), as pure functions: what to send when
 * (re)subscribing, and what each `game.snapshot` / `game.event` means — deliver it, drop a duplicate, or resync
 * after a gap. The connection keeps one `Follow` per watched game and does what these functions say.
 */
import type { ServerMessage } from '@nardy/protocol';
import type { Command, GameUpdate } from './types';

export interface Follow {
  readonly gameId: string;
  /** A private game's invitation (from the page's `?watch=`), sent with every subscription. */
  readonly watch?: string;
  /** The epoch and number of the last event delivered (a snapshot's `lastEvent` counts), null before the first snapshot. */
  readonly last: { readonly epoch: string; readonly n: number } | null;
  /**
   * True after a gap: a subscription without `since` is on its way, so events are ignored until its snapshot
   * (events of the dropped subscription may still be in the pipe).
   */
  readonly resyncing: boolean;
}

export const newFollow = (gameId: string, watch?: string): Follow =>
  watch === undefined ? { gameId, last: null, resyncing: false } : { gameId, watch, last: null, resyncing: false };

/** The `game.subscribe` to send now: with `since` once something was seen, so a reconnect catches up by events. */
export function subscribeCommand(f: Follow): Command {
  const open: Command = f.watch === undefined ? { type: 'game.subscribe', gameId: f.gameId } : { type: 'game.subscribe', gameId: f.gameId, watch: f.watch };
  return f.last === null || f.resyncing ? open : { ...open, since: f.last };
}

/** What the connection does with one game message. */
export interface Step {
  readonly follow: Follow;
  /** Hand this to the watchers (null: nothing new). */
  readonly update: GameUpdate | null;
  /** Send this `game.subscribe` now (a gap was seen). */
  readonly resubscribe: Command | null;
}

/** A snapshot replaces whatever came before: it is the whole view and move list as of `lastEvent`. */
export function onSnapshot(f: Follow, msg: ServerMessage<'game.snapshot'>): Step {
  return {
    follow: { ...f, last: { epoch: msg.epoch, n: msg.lastEvent }, resyncing: false },
    update: { view: msg.view, n: msg.lastEvent, event: null, actions: msg.actions },
    resubscribe: null,
  };
}

/**
 * An event: the next one is delivered; one already seen (n ≤ last) is a duplicate and dropped; one past the next,
 * or of another epoch (the server rebuilt the game), is a gap, answered by a subscription without `since` (a
 * fresh snapshot). Before any snapshot, or while a resync is under way, events are ignored — the snapshot that is
 * coming includes them.
 */
export function onEvent(f: Follow, msg: ServerMessage<'game.event'>): Step {
  const last = f.last;
  if (last === null || f.resyncing || (msg.epoch === last.epoch && msg.n <= last.n)) return { follow: f, update: null, resubscribe: null };
  if (msg.epoch !== last.epoch || msg.n !== last.n + 1) {
    const follow = { ...f, resyncing: true };
    return { follow, update: null, resubscribe: subscribeCommand(follow) };
  }
  return {
    follow: { ...f, last: { epoch: msg.epoch, n: msg.n } },
    update: { view: msg.view, n: msg.n, event: msg.event },
    resubscribe: null,
  };
}
