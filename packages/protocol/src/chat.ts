import { z } from 'zod';
import { EntityIdSchema, GameIdSchema, LIMITS, TimestampSchema, UserRefSchema, textSchema } from './common.js';

/**
 * Chat rooms. `table`: the two players of a game (spectators cannot write there; they read it). `spectators`:
 * the spectators of a game (players do not see it while they play). `lobby`: everyone in the lobby. `tournament`:
 * those who follow a tournament (`tournament.subscribe`) read and write there. Private
 * messages go user to user (`pm.send`); a user who blocked the sender never receives them.
 */
export const ChatRoomSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('lobby') }),
  z.strictObject({ kind: z.literal('table'), gameId: GameIdSchema }),
  z.strictObject({ kind: z.literal('spectators'), gameId: GameIdSchema }),
  z.strictObject({ kind: z.literal('tournament'), tournamentId: EntityIdSchema }),
]);
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

/** A chat line: 1–500 characters, not blank, no control characters but newline and tab. */
export const ChatTextSchema = textSchema(LIMITS.chatLength)
  .min(1)
  .refine((s) => s.trim().length > 0, 'a chat line cannot be blank');

export const ChatLineSchema = z.strictObject({
  room: ChatRoomSchema,
  from: UserRefSchema,
  text: ChatTextSchema,
  at: TimestampSchema,
});
