import { VARIANT_IDS } from '@nardy/engine';
import { z } from 'zod';
import { BySeatSchema, ChallengeIdSchema, GameIdSchema, SeekIdSchema, TimestampSchema, UserRefSchema } from './common.js';
import { Hex64Schema } from './game-view.js';
import { TableSettingsSchema, TimeControlInputSchema } from './settings.js';

/** An open seek in the lobby: anyone (not blocked) may accept it. */
export const SeekSchema = z.strictObject({
  seekId: SeekIdSchema,
  by: UserRefSchema,
  settings: TableSettingsSchema,
  createdAt: TimestampSchema,
  /** The dice commitment of the table (G10), shown before anyone sits down. */
  commitment: Hex64Schema,
});
export type Seek = z.infer<typeof SeekSchema>;

/** A live game in the lobby's list of games to watch. */
export const GameSummarySchema = z.strictObject({
  gameId: GameIdSchema,
  players: BySeatSchema(UserRefSchema),
  settings: TableSettingsSchema,
  score: BySeatSchema(z.number().min(0)),
  spectators: z.int().min(0),
  startedAt: TimestampSchema,
});
export type GameSummary = z.infer<typeof GameSummarySchema>;

/** A player's rating in one variant and how many rated games it rests on. */
export const VariantRatingSchema = z.strictObject({
  variant: z.enum(VARIANT_IDS),
  rating: z.int().min(0).max(10000),
  games: z.int().min(0),
  /** Fewer than 400 points of rated matches in the variant (docs/ratings.md): shown with a "?". */
  provisional: z.exactOptional(z.literal(true)),
});
export type VariantRating = z.infer<typeof VariantRatingSchema>;

/** Someone in the lobby's list of who is online (anonymous watchers are not listed). */
export const OnlinePlayerSchema = z.strictObject({
  user: UserRefSchema,
  /** His rating in each variant (the start rating with `games: 0` where he has played no rated game). */
  ratings: z.array(VariantRatingSchema).max(VARIANT_IDS.length),
});
export type OnlinePlayer = z.infer<typeof OnlinePlayerSchema>;

/** Quick pairing: the server pairs two players who asked for the same pool. */
export const QuickPairPoolSchema = z.strictObject({
  variant: z.enum(VARIANT_IDS),
  /** 0 = money session. */
  matchLength: z.int().min(0).max(25),
  timeControl: TimeControlInputSchema,
  rated: z.boolean(),
});
export type QuickPairPool = z.infer<typeof QuickPairPoolSchema>;

/** A direct challenge from one user to another. */
export const ChallengeSchema = z.strictObject({
  challengeId: ChallengeIdSchema,
  from: UserRefSchema,
  to: UserRefSchema,
  settings: TableSettingsSchema,
  createdAt: TimestampSchema,
  commitment: Hex64Schema,
});
export type Challenge = z.infer<typeof ChallengeSchema>;

export const CHALLENGE_CLOSE_REASONS = ['accepted', 'declined', 'cancelled', 'expired'] as const;
