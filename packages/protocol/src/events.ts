import { SEAT_ACTION_TYPES, type Action } from '@nardy/engine';
import { z } from 'zod';
import { BySeatSchema, DiceSchema, DieSchema, GameIdSchema, LIMITS, SeatSchema, TimestampSchema, assertType } from './common.js';
import { GameResultSchema, Hex64Schema, MatchEndSchema, NextGameSchema, RatingSchema, ResignLevelSchema, StepInputSchema } from './game-view.js';

/**
 * The numbered events of a live game: the game's one event history, numbered 1, 2, 3 … without gaps within an
 * `epoch` (a new epoch begins when the server rebuilds the game, e.g. after a restart). A client that reconnects
 * names the epoch and the last number it saw and gets exactly the events after it, or a snapshot (resync) when
 * they are gone or the epoch is another.
 */

/** Which numbering an event number belongs to (changes whenever the server rebuilds the game). */
export const EpochSchema = z
  .string()
  .min(1)
  .max(LIMITS.idLength)
  .regex(/^[A-Za-z0-9_-]+$/);

/** A point in a game's event history: event `n` of `epoch` (0: before the first). */
export const EventRefSchema = z.strictObject({ epoch: EpochSchema, n: z.int().min(0) });

/** An engine `Action` as applied (the server fills in the seat and the dice it threw). */
export const EngineActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('opening'), dice: BySeatSchema(DieSchema) }),
  z.strictObject({ type: z.literal('roll'), seat: SeatSchema, dice: DiceSchema }),
  z.strictObject({ type: z.literal('move'), seat: SeatSchema, steps: z.array(StepInputSchema).max(4) }),
  z.strictObject({ type: z.literal('resign'), seat: SeatSchema, level: ResignLevelSchema }),
  z.strictObject({ type: z.enum(SEAT_ACTION_TYPES), seat: SeatSchema }),
]);
type DeepMutable<T> = T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
assertType<[z.output<typeof EngineActionSchema>] extends [DeepMutable<Action>] ? true : false>();
assertType<[DeepMutable<Action>] extends [z.output<typeof EngineActionSchema>] ? true : false>();

/** Every action of the match so far, in order: its move list (the engine's `replay(settings, actions)` rebuilds it). */
export const MatchActionsSchema = z.array(EngineActionSchema).max(LIMITS.actionsLength);

/** What happened, for the move list and animation; the view after it comes with it. */
export const GameEventSchema = z.discriminatedUnion('kind', [
  /** An engine action was applied (a `roll` or `opening` carries the dice the server threw). */
  z.strictObject({ kind: z.literal('action'), action: EngineActionSchema }),
  /** A game of the match ended (unless the match is over, the next one starts after a pause: `nextGame`). */
  z.strictObject({ kind: z.literal('gameEnded'), result: GameResultSchema }),
  /** The match or session ended; the server seed is revealed (G10). */
  z.strictObject({ kind: z.literal('matchEnded'), end: MatchEndSchema, serverSeed: Hex64Schema }),
  /** A player connected or left; `graceUntil` is when the opponent may claim the game. */
  z.strictObject({
    kind: z.literal('presence'),
    seat: SeatSchema,
    online: z.boolean(),
    graceUntil: TimestampSchema.nullable(),
  }),
  /** The absent `seat`'s grace ran out: its opponent may now claim the game (`game.claim`). */
  z.strictObject({ kind: z.literal('claimable'), seat: SeatSchema }),
  /** Between games: the pause before the next game began, or a player is ready (the view's `nextGame`; gone once it starts). */
  z.strictObject({ kind: z.literal('nextGame'), ...NextGameSchema.shape }),
  /** After a rated match: the players' new ratings are stored (the view's `ratings`). */
  z.strictObject({ kind: z.literal('rated'), ratings: BySeatSchema(RatingSchema) }),
  /** After the match: a rematch offer, its decline or withdrawal, or the new game both players were moved to. */
  /** `commitment`: the rematch's dice commitment (G10), to see before accepting with one's seed. */
  z.strictObject({ kind: z.literal('rematchOffered'), by: SeatSchema, commitment: z.exactOptional(Hex64Schema) }),
  z.strictObject({ kind: z.literal('rematchDeclined'), by: SeatSchema }),
  /** The offerer took the offer back (`rematch.cancel`) or left. */
  z.strictObject({ kind: z.literal('rematchWithdrawn'), by: SeatSchema }),
  z.strictObject({ kind: z.literal('rematchStarted'), gameId: GameIdSchema }),
]);
export type GameEvent = z.infer<typeof GameEventSchema>;
