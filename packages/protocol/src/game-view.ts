import {
  COLORS,
  GAME_ENDS,
  MATCH_END_REASONS,
  MAX_AUTOMATIC_DOUBLES,
  MAX_CUBE_VALUE,
  PHASES,
  RESIGN_LEVELS,
  VARIANT_IDS,
  WIN_KINDS,
  positionFromSetup,
  type Phase,
  type ResignLevel,
} from '@nardy/engine';
import { z } from 'zod';
import { TournamentIdSchema } from './tournaments.js';
import {
  BySeatSchema,
  DiceSchema,
  DieSchema,
  GameIdSchema,
  LIMITS,
  MsSchema,
  SeatSchema,
  TimestampSchema,
  UserRefSchema,
  WatchTokenSchema,
  assertType,
  textSchema,
} from './common.js';
import { TableSettingsSchema, TimeControlSchema } from './settings.js';

/**
 * What a client is shown of a live game: everything a board, a clock and a bot need, with the legal turns for the
 * seat to act, so a thin client needs no rules engine. Views are made per recipient: only the seat to act gets
 * `legal`, and nobody gets the dice seed before the match ends.
 */

/** One side's checkers in its own frame: index 0 = borne off, 1..24 = own points (24 = start), 25 = bar. */
export const CheckersSchema = z.array(z.int().min(0).max(15)).length(26);

/** The board: the engine's `Position` (validated by the engine's `positionFromSetup`). */
export const PositionSchema = z
  .strictObject({
    variant: z.enum(VARIANT_IDS),
    turn: z.enum(COLORS),
    board: z.strictObject({ white: CheckersSchema, black: CheckersSchema }),
    firstTurn: z.strictObject({ white: z.boolean(), black: z.boolean() }),
  })
  .superRefine((value, ctx) => {
    const r = positionFromSetup(value);
    if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error.message, params: { code: r.error.code }, input: value });
  });

/** Own-frame step: `from` 25 = bar, 1..24 points; `to` 0 = off, 1..24 points. */
export const StepInputSchema = z.strictObject({ from: z.int().min(1).max(25), to: z.int().min(0).max(24) });
/** A step of a legal turn as the engine lists it: with the die used and whether it hits. */
export const StepSchema = z.strictObject({
  from: z.int().min(1).max(25),
  to: z.int().min(0).max(24),
  die: DieSchema,
  hit: z.boolean(),
});

export const ResignLevelSchema = z.enum(RESIGN_LEVELS);

export const CubeSchema = z.strictObject({
  value: z.int().min(1).max(MAX_CUBE_VALUE),
  owner: SeatSchema.nullable(),
  turned: z.boolean(),
  automaticDoubles: z.int().min(0).max(MAX_AUTOMATIC_DOUBLES),
});
export const CubeOfferSchema = z.strictObject({ by: SeatSchema, value: z.int().min(2).max(MAX_CUBE_VALUE), beaver: z.boolean() });
export const ResignOfferSchema = z.strictObject({
  by: SeatSchema,
  level: ResignLevelSchema,
  resume: z.enum(['turnStart', 'moving']),
});

/** Clocks at `at` (server time): each seat's time left in ms, or null without a clock. */
export const ClockViewSchema = z.strictObject({
  control: TimeControlSchema,
  left: BySeatSchema(MsSchema.nullable()),
  /** Whose clock runs (and since `at` it keeps running down); null when stopped. */
  running: SeatSchema.nullable(),
  /** When `running`'s clock started, i.e. its move began (server time): how much of a delay is used; null when stopped. */
  since: TimestampSchema.nullable(),
  /** Server time the `left` values were read at. */
  at: TimestampSchema,
  flagged: SeatSchema.nullable(),
});

/** The seat actions a player may send now (see `PlayerActionSchema`). */
export const PLAYER_ACTION_TYPES = [
  'roll',
  'move',
  'double',
  'take',
  'pass',
  'beaver',
  'resign',
  'acceptResign',
  'declineResign',
  'surrender',
  'resignMatch',
  'endSession',
] as const;
export type PlayerActionType = (typeof PLAYER_ACTION_TYPES)[number];

/**
 * What the receiving seat may do now, from the engine's `legalActions`: the action types, the resign levels,
 * and for `move` every legal turn (steps in the order played; `[]` means none — send `move` with `steps: []`).
 */
export const LegalSchema = z.strictObject({
  actions: z.array(z.enum(PLAYER_ACTION_TYPES)).max(PLAYER_ACTION_TYPES.length),
  resignLevels: z.array(ResignLevelSchema).max(RESIGN_LEVELS.length),
  turns: z.array(z.array(StepSchema).max(4)).max(LIMITS.turnsLength),
});

/** Lower-case hex SHA-256 (a commitment) or a 32-byte server seed as 64 lower-case hex characters. */
export const Hex64Schema = z.string().regex(/^[0-9a-f]{64}$/);

/** G10: the dice commitment. `serverSeed` is null until the match ends. */
export const DiceProofSchema = z.strictObject({
  /** SHA-256 of the server seed's 64-character text, shown before the players sit down. */
  commitment: Hex64Schema,
  clientSeeds: BySeatSchema(
    z
      .string()
      .min(1)
      .max(LIMITS.clientSeedLength)
      .regex(/^[A-Za-z0-9_-]+$/),
  ),
  /** Lower-case hex, revealed when the match is over. */
  serverSeed: Hex64Schema.nullable(),
  /** How many throws have been made from the seed (opening throws included). */
  throws: z.int().min(0),
});

/** A finished game (the engine's `GameResult`, without the final board). */
export const GameResultSchema = z.strictObject({
  number: z.int().min(1),
  winner: SeatSchema.nullable(),
  end: z.enum(GAME_ENDS),
  kind: z.enum([...WIN_KINDS, 'draw']),
  basePoints: z.number().min(0).max(3),
  cubeValue: z.int().min(1).max(MAX_CUBE_VALUE),
  points: BySeatSchema(z.number().min(0)),
  white: SeatSchema,
});

export const MatchEndSchema = z.strictObject({
  winner: SeatSchema.nullable(),
  /** The engine's reasons, and the server's: a player left (`abandoned`), or the game was called off (`aborted`). */
  reason: z.enum([...MATCH_END_REASONS, 'abandoned', 'aborted']),
});
export type MatchEndReason = z.infer<typeof MatchEndSchema>['reason'];

/** A rating as players see it (whole points). */
export const RatingSchema = z.int().min(0).max(10000);

export const PlayerSchema = z.strictObject({
  user: UserRefSchema,
  /** Connected now. */
  online: z.boolean(),
  /** When gone: the server time after which the opponent may claim the game; null when online. */
  graceUntil: TimestampSchema.nullable(),
});

export const PhaseSchema = z.enum(PHASES);

/** The pause before the next game: when it starts (server time) and who is ready for it. */
export const NextGameSchema = z.strictObject({ startsAt: TimestampSchema, ready: z.array(SeatSchema).max(2) });

/** The full state of a live game for one recipient. */
export const GameViewSchema = z.strictObject({
  gameId: GameIdSchema,
  settings: TableSettingsSchema,
  players: BySeatSchema(PlayerSchema),
  /** The recipient's seat, or null for a spectator. */
  you: SeatSchema.nullable(),
  phase: PhaseSchema,
  /** The engine state's version (number of actions applied): send it back with a game action. */
  version: z.int().min(0),
  /** The game number within the match or session (1, 2, …). */
  gameNumber: z.int().min(1),
  /** Which seat plays White in this game. */
  white: SeatSchema,
  position: PositionSchema,
  /** The dice to play in `moving`; null otherwise. */
  dice: DiceSchema.nullable(),
  /** This game's opening throws, ties included (G1). */
  openingThrows: z.array(BySeatSchema(DieSchema)).max(LIMITS.listLength),
  cube: CubeSchema,
  cubeOffer: CubeOfferSchema.nullable(),
  resignOffer: ResignOfferSchema.nullable(),
  score: BySeatSchema(z.number().min(0)),
  crawford: z.boolean(),
  lastThrow: z.boolean(),
  /** Whose decision it is (and whose clock runs); null in the opening throw and after the end. */
  toAct: SeatSchema.nullable(),
  clock: ClockViewSchema,
  /** What the recipient may do now (`legalFor`): the seat to act gets its turns; null for spectators. */
  legal: LegalSchema.nullable(),
  games: z.array(GameResultSchema).max(LIMITS.listLength),
  end: MatchEndSchema.nullable(),
  diceProof: DiceProofSchema,
  /** A private game, in its players' views only: the token to share so that others may watch (`game.subscribe`'s `watch`). */
  watchToken: z.exactOptional(WatchTokenSchema),
  /**
   * Between two games of a match or money session: the pause before the next game (no clock runs in it). `startsAt`
   * is server time (set a client's countdown by the server time, e.g. the `ping` ack's); `ready`: the players who
   * sent `game.next` — once both have (a bot always is), the next game starts at once.
   */
  nextGame: z.exactOptional(NextGameSchema),
  /** After a rated match, once stored: each player's new rating (the one he started with is `players.*.user.rating`). */
  ratings: z.exactOptional(BySeatSchema(RatingSchema)),
  /** After the match: the open rematch offer (its `rematchOffered` event's fields), so a reload still shows it. */
  rematchOffer: z.exactOptional(z.strictObject({ by: SeatSchema, commitment: z.exactOptional(Hex64Schema) })),
  /** A tournament's match: the tournament (its page is /tournament/:id); such a game has no rematch. */
  tournament: z.exactOptional(z.strictObject({ id: TournamentIdSchema, name: textSchema(64).min(1) })),
});
export type GameView = z.infer<typeof GameViewSchema>;

assertType<[z.infer<typeof PhaseSchema>] extends [Phase] ? true : false>();
assertType<[z.infer<typeof ResignLevelSchema>] extends [ResignLevel] ? true : false>();
