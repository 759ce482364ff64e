import { SEATS, type Die, type Seat } from '@nardy/engine';
import { z } from 'zod';
import { ERROR_CODES, LANGUAGES, LIMITS, type ErrorCode } from './constants.js';

export * from './constants.js';

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
/** An id chosen by the server (user, game, seek, challenge, table): the same alphabet. One schema per kind of id, so a field says which it holds. */
const entityId = () => z.string().min(1).max(LIMITS.idLength).regex(ID_PATTERN);
export const EntityIdSchema = entityId();
export const UserIdSchema = entityId();
export const GameIdSchema = entityId();
export const SeekIdSchema = entityId();
export const ChallengeIdSchema = entityId();
/** A private game's invitation to watch (a server-made secret, URL-safe). */
export const WatchTokenSchema = z
  .string()
  .min(16)
  .max(LIMITS.idLength)
  .regex(/^[A-Za-z0-9_-]+$/);

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

export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;

export const SeatSchema = z.enum(SEATS);
export const DieSchema = z
  .int()
  .min(1)
  .max(6)
  .transform((n) => n as Die);
export const DiceSchema = z.tuple([DieSchema, DieSchema]);
export const BySeatSchema = <T extends z.ZodType>(t: T) => z.strictObject({ p1: t, p2: t });

/** A user as others see them. Bots have a `bot` level; guests have `guest: true`. */
export const UserRefSchema = z.strictObject({
  userId: UserIdSchema,
  name: DisplayNameSchema,
  guest: z.boolean(),
  rating: z.exactOptional(z.int().min(0).max(10000)),
  /** His rating is provisional: fewer than 400 points of rated matches in the variant (docs/ratings.md). */
  provisional: z.exactOptional(z.literal(true)),
  bot: z.exactOptional(z.int().min(1).max(LIMITS.botLevels)),
});
export type UserRef = z.infer<typeof UserRefSchema>;

// Compile-time checks that the protocol's vocabulary is the engine's.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const assertType = <T extends true>(): T => true as T;
assertType<Same<z.infer<typeof SeatSchema>, Seat>>();
assertType<Same<z.output<typeof DieSchema>, Die>>();
