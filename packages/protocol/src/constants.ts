/**
 * The protocol's plain values — version, limits, error codes — apart from the schemas, so that a client that
 * needs only these (the web app's first screen) does not load zod and the schemas with them.
 */
import { ERROR_CODES as ENGINE_ERROR_CODES } from '@nardy/engine';

/**
 * The protocol's version. A client names it in `hello`; the server answers `VERSION_MISMATCH` when it does not
 * speak it. Any change that a strict parser on the other side would reject bumps it.
 */
export const PROTOCOL_VERSION = 2;

/** The languages the server and the app speak (a profile's `lang`, `hello`'s `lang`). */
export const LANGUAGES = ['ru', 'en'] as const;

/** Limits every parser enforces (also written in docs/protocol.md). */
export const LIMITS = Object.freeze({
  /** A client message, in UTF-8 bytes. */
  clientMessageBytes: 16 * 1024,
  /** A server message, in UTF-8 bytes (a game view with every legal turn can be large). */
  serverMessageBytes: 1024 * 1024,
  /** A chat line or private message, in characters. */
  chatLength: 500,
  /** A display name. */
  nameLength: 32,
  /** Any id (command, user, game, seek …). */
  idLength: 64,
  /** A client seed for the dice (G10). */
  clientSeedLength: 64,
  /** Free text that is not chat (an error message, a decline reason …). */
  textLength: 1000,
  /** Lists the server sends (seeks, games, events in a replay …). */
  listLength: 1000,
  /** The lobby's list of who is online (`lobby.snapshot`'s `players`). */
  onlineListed: 200,
  /** Legal turns sent with a game view. */
  turnsLength: 5000,
  /** The actions of a match in a `game.snapshot` (its move list). */
  actionsLength: 10_000,
  /** The bot levels offered. */
  botLevels: 10,
  /** A stake in chips per point (G9). */
  maxStake: 1_000_000_000,
  /** A time control's main time (`perPointMs`, `initialMs`, `limitMs`) asked for, in ms: at least 1 s. */
  clockMinMs: 1_000,
  /** `initialMs` and `limitMs` asked for: at most 24 h (timers past 2³¹−1 ms, about 24.8 days, misfire in Node). */
  clockMaxMs: 86_400_000,
  /** `perPointMs` asked for: at most 1 h (25 h for a 25-point match). */
  clockPerPointMaxMs: 3_600_000,
  /** A delay or increment per move asked for: at most 10 min. */
  clockAddedMaxMs: 600_000,
});

/** Codes the protocol and the server add to the engine's (engine codes pass through unchanged). */
export const PROTOCOL_ERROR_CODES = [
  /** Not JSON, not an object, or a field of the wrong type or out of bounds. */
  'BAD_MESSAGE',
  /** The `type` is not one this direction knows. */
  'UNKNOWN_TYPE',
  /** The message is longer than the limit. */
  'TOO_LARGE',
  /** `hello` named a protocol version the server does not speak. */
  'VERSION_MISMATCH',
  /** A command came before `hello`. */
  'HELLO_REQUIRED',
  /** The command needs a signed-in account (or a seat at this table). */
  'UNAUTHORIZED',
  /** Signed in, but not allowed (a spectator writing in table chat, a banned user …). */
  'FORBIDDEN',
  /** No such game, seek, challenge, user or table. */
  'NOT_FOUND',
  /** Too many commands or chat lines; try again later. */
  'RATE_LIMITED',
  /** The command's `version` is not the game's current one (someone acted first): resync and retry. */
  'STALE_VERSION',
  /** The seek, challenge or offer is no longer open, or the state does not allow it. */
  'CONFLICT',
  /** The other user has blocked you. */
  'BLOCKED',
  /** Not enough chips for the stake's hold (G9). */
  'INSUFFICIENT_CHIPS',
  /** A name that is reserved (bots, guests) or looks like another player's (docs/security.md). */
  'NAME_UNAVAILABLE',
  /** A cap was reached: sockets per IP address or session, open seeks, running bot games (docs/security.md). */
  'LIMIT_REACHED',
  /** The user exists but has no connection open now (a challenge needs him online). */
  'NOT_CONNECTED',
  /** A private table's game: only its players and those they invited (its watch token) may watch it or read its record. */
  'PRIVATE_GAME',
  /** The game or match is not over yet (analysis is of finished ones). */
  'NOT_FINISHED',
  /** The same command id is already being processed on this connection. */
  'DUPLICATE_ID',
  /** A fault on the server; the command had no effect. */
  'INTERNAL',
  /** The server is shutting down or overloaded; reconnect later. */
  'UNAVAILABLE',
  /** The instance that holds this game, the lobby or this tournament could not be reached; retry in a moment. */
  'CLUSTER_UNAVAILABLE',
  /** A new password that is among the commonest or otherwise too easy to guess (docs/security.md). */
  'WEAK_PASSWORD',
  /** A new password that is, or holds, the account's name. */
  'PASSWORD_HAS_NAME',
  /** The current password given to change it is wrong. */
  'WRONG_PASSWORD',
  /** Too many failed log-ins to this account from anywhere; try again after the wait (docs/security.md). */
  'ACCOUNT_LOCKED',
  /** Already registered in this tournament. */
  'ALREADY_REGISTERED',
  /** The tournament has started (or ended): too late to register, or to cancel it. */
  'TOURNAMENT_STARTED',
  /** The tournament's field is full. */
  'TOURNAMENT_FULL',
] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

/** Every code an `error` message may carry: the engine's `ERROR_CODES` and the protocol's. */
export const ERROR_CODES = [...ENGINE_ERROR_CODES, ...PROTOCOL_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export { ENGINE_ERROR_CODES };
