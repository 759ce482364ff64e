import { ERROR_CODES as ENGINE_ERROR_CODES, SEATS, type Die, type Seat } from '@nardy/engine';
import { z } from 'zod';

/**
 * The protocol's version. A client names it in `hello`; the server answers `VERSION_MISMATCH` when it does not
 * speak it. Any change that a strict parser on the other side would reject bumps it.
 */
export const PROTOCOL_VERSION = 1;

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
  /** Legal turns sent with a game view. */
  turnsLength: 5000,
  /** The bot levels offered. */
  botLevels: 10,
  /** A stake in chips per point (G9). */
  maxStake: 1_000_000_000,
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
  /** The same command id is already being processed on this connection. */
  'DUPLICATE_ID',
  /** A fault on the server; the command had no effect. */
  'INTERNAL',
  /** The server is shutting down or overloaded; reconnect later. */
  'UNAVAILABLE',
] as const;
export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

/** Every code an `error` message may carry: the engine's `ERROR_CODES` and the protocol's. */
export const ERROR_CODES = [...ENGINE_ERROR_CODES, ...PROTOCOL_ERROR_CODES] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
export { ENGINE_ERROR_CODES };

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/** A parse failure: a code, a human message, and the command's id when it could be read (so it can be answered). */
export interface ProtocolError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly id: string | null;
}

const ID_PATTERN = /^[A-Za-z0-9_.:-]+$/;

/** An id chosen by the client for a command: 1–64 characters of `A–Z a–z 0–9 _ . : -`. */
export const CommandIdSchema = z.string().min(1).max(LIMITS.idLength).regex(ID_PATTERN);
/** An id chosen by the server (user, game, seek, challenge, table): the same alphabet. */
export const EntityIdSchema = z.string().min(1).max(LIMITS.idLength).regex(ID_PATTERN);
export const UserIdSchema = EntityIdSchema;
export const GameIdSchema = EntityIdSchema;
export const SeekIdSchema = EntityIdSchema;
export const ChallengeIdSchema = EntityIdSchema;

/** Milliseconds since the Unix epoch (server time). */
export const TimestampSchema = z.int().min(0);
/** A non-negative whole number of milliseconds. */
export const MsSchema = z.int().min(0);

/** Free text: bounded, no control characters except newline and tab. */
export const textSchema = (max: number) =>
  z
    .string()
    .max(max)
    // eslint-disable-next-line no-control-regex
    .regex(/^[^\u0000-\u0008\u000B-\u001F\u007F]*$/, 'control characters are not allowed');

/** A display name: 1–32 characters, not blank, no control characters or line breaks. */
export const DisplayNameSchema = z
  .string()
  .min(1)
  .max(LIMITS.nameLength)
  // eslint-disable-next-line no-control-regex
  .regex(/^[^\u0000-\u001F\u007F]*$/, 'control characters are not allowed')
  .refine((s) => s.trim().length > 0, 'a name cannot be blank');

export const LanguageSchema = z.enum(['ru', 'en']);
export type Language = z.infer<typeof LanguageSchema>;

export const SeatSchema = z.enum(SEATS);
export const DieSchema = z.int().min(1).max(6).transform((n) => n as Die);
export const DiceSchema = z.tuple([DieSchema, DieSchema]);
export const BySeatSchema = <T extends z.ZodType>(t: T) => z.strictObject({ p1: t, p2: t });

/** A user as others see them. Bots have a `bot` level; guests have `guest: true`. */
export const UserRefSchema = z.strictObject({
  userId: UserIdSchema,
  name: DisplayNameSchema,
  guest: z.boolean(),
  rating: z.exactOptional(z.int().min(0).max(10000)),
  bot: z.exactOptional(z.int().min(1).max(LIMITS.botLevels)),
});
export type UserRef = z.infer<typeof UserRefSchema>;

// Compile-time checks that the protocol's vocabulary is the engine's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const assertType = <T extends true>(): T => true as T;
assertType<Same<z.infer<typeof SeatSchema>, Seat>>();
assertType<Same<z.output<typeof DieSchema>, Die>>();
