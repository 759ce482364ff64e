import type { Result } from '@nardy/engine';
import type { AckResult, ClientToServer, ErrorCode, Language, ServerToClient, TableSettings } from '@nardy/protocol';
import type { SeatHolder } from './game/log.js';
import type { GameTournament } from './store/types.js';

/**
 * The seams between the server's modules, so that the socket layer, the games, the lobby, accounts and chat
 * can be built and tested apart. The socket layer (ws/) owns connections and the exactly-one-reply rule;
 * every other module handles the command types it lists and answers with a `Reply`.
 */

/** Who is behind a connection. Guests are users too (accounts/ creates them). */
export interface Viewer {
  readonly userId: string;
  readonly username: string;
  readonly displayName: string;
  readonly guest: boolean;
  readonly language: Language;
  /** A socket without a session: a watcher with no user row, who may not play or write (ws/connection.ts). */
  readonly anonymous?: boolean;
}

/** One connected client: where the server's pushed messages for it go. */
export interface ClientLink {
  /** Unique per connection (a user may have several). */
  readonly id: string;
  readonly viewer: Viewer;
  /** The client's IP address (for the caps per address); absent for links made in-process. */
  readonly address?: string;
  send(msg: ServerToClient): void;
}

export interface ReplyError {
  readonly code: ErrorCode;
  readonly message: string;
}

/** A module's answer to one command: the ack's result (if any), or a coded error. The socket layer sends it. */
export type Reply = Result<AckResult | undefined, ReplyError>;

/** A module that handles some command types (routed by the socket layer by `type`). */
export interface CommandModule {
  readonly types: readonly ClientToServer['type'][];
  handle(link: ClientLink, msg: ClientToServer): Promise<Reply>;
  /** The link closed: drop its subscriptions and presence. */
  disconnected?(link: ClientLink): void;
}

/** What the lobby needs from the games side: start a match between two seats. */
export interface GameFactory {
  startGame(req: {
    readonly settings: TableSettings;
    readonly seats: { readonly p1: SeatHolder; readonly p2: SeatHolder };
    /** G10: the players' client seeds (the server picks random ones for those not given). */
    readonly clientSeeds: { readonly p1?: string; readonly p2?: string };
    readonly rated: boolean;
    /**
     * G10: the server seed whose commitment was already shown (in a seek, challenge or private table), so the
     * game must use it; absent: the factory makes a fresh one (quick pairing, rematch).
     */
    readonly serverSeed?: string;
    /** A private table's game: not listed in the lobby; only its players and those they invite watch it. */
    readonly private?: boolean;
    /** A tournament's match (issue 42): kept with the game, shown in its view; such a game has no rematch. */
    readonly tournament?: GameTournament;
  }): Promise<Result<{ readonly gameId: string; readonly commitment: string }, ReplyError>>;
}

/** Resolves a connection's or request's session cookie to a viewer (accounts/). */
export interface SessionResolver {
  viewerForToken(token: string | undefined): Promise<Viewer | null>;
}
