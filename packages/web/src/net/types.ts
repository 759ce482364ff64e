/**
 * The app's link to the server (docs/protocol.md): one WebSocket per tab, reconnecting by itself.
 * Implemented in connection.ts; the pages and the game room use only this interface, so tests can fake it.
 */
import type { Action } from '@nardy/engine';
import type { AckResult, ClientToServer, ErrorCode, GameEvent, GameView, ServerToClient, UserRef } from '@nardy/protocol';

/** A command without its id: the connection numbers commands itself. */
export type Command = ClientToServer extends infer C ? (C extends { id: string } ? Omit<C, 'id'> : never) : never;

/** A refused command: the server's code and message (shown to the user translated by code; the message is for logs). */
export class ServerError extends Error {
  constructor(
    readonly code: ErrorCode | 'DISCONNECTED',
    message: string,
  ) {
    super(message);
    this.name = 'ServerError';
  }
}

export type LinkStatus = 'connecting' | 'online' | 'offline';

/**
 * What a game subscriber is told: the view after each change, with the event that caused it, or a snapshot's view
 * with the match's whole move list.
 */
export type GameUpdate = {
  readonly view: GameView;
  /** The event number this view follows. */
  readonly n: number;
} & (
  | { readonly event: GameEvent; readonly actions?: undefined }
  /** A snapshot: every action of the match so far, in order. */
  | { readonly event: null; readonly actions: readonly Action[] }
);

export interface Link {
  /**
   * Sends a command; resolves with the ack's result (undefined for a bare ack), rejects with ServerError.
   * While `connecting` it waits for the handshake; while `offline` it fails at once with `DISCONNECTED`.
   * `lobby.subscribe` / `lobby.unsubscribe` are remembered and redone after every reconnect.
   */
  send(command: Command): Promise<AckResult | undefined>;
  /** Pushed messages of one type (lobby.*, challenge.*, game.started, chat.message, pm.message). Returns unsubscribe. */
  on<T extends ServerToClient['type']>(type: T, handler: (message: Extract<ServerToClient, { type: T }>) => void): () => void;
  /**
   * Follows a game: subscribes now and again after every reconnect with `since` = the epoch and last event seen,
   * so the handler gets each event once, in order, or a fresh snapshot. A handler added while the game is already followed
   * gets the latest update at once. `onError`: the server refused the subscription (e.g. `NOT_FOUND`, `PRIVATE_GAME`).
   * `watch`: a private game's invitation (its players' `watchToken`), sent with each subscription.
   * Returns unsubscribe (sends game.unsubscribe when the last handler goes).
   */
  watchGame(gameId: string, handler: (update: GameUpdate) => void, onError?: (error: ServerError) => void, watch?: string): () => void;
  /** The connection state, for the "reconnecting…" banner. Returns unsubscribe. */
  onStatus(handler: (status: LinkStatus) => void): () => void;
  readonly status: LinkStatus;
  /** Who the server says we are (after hello), null before the first welcome; read it again on each `online`. */
  readonly me: UserRef | null;
  /** Server time minus local time in ms, from hello and pings (for clocks). */
  readonly clockOffset: number;
  /** Whether this connection received `commitment` before it sent the client seed of its game (G10). */
  committedBefore(commitment: string): boolean;
}
