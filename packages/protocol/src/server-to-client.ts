import { z } from 'zod';
import {
  ChallengeIdSchema,
  CommandIdSchema,
  ErrorCodeSchema,
  GameIdSchema,
  LIMITS,
  LanguageSchema,
  SeatSchema,
  SeekIdSchema,
  TimestampSchema,
  UserIdSchema,
  UserRefSchema,
  textSchema,
} from './common.js';
import { ANALYSIS_SERVER_SCHEMAS, AnalysisAckSchema } from './analysis.js';
import { ChatRoomSchema, ChatTextSchema } from './chat.js';
import { EpochSchema, GameEventSchema, MatchActionsSchema } from './events.js';
import { GameViewSchema, Hex64Schema } from './game-view.js';
import { CHALLENGE_CLOSE_REASONS, ChallengeSchema, GameSummarySchema, OnlinePlayerSchema, SeekSchema } from './lobby.js';
import { TableSettingsSchema } from './settings.js';
import { TOURNAMENT_SERVER_SCHEMAS, TournamentAckSchema } from './tournaments.js';

/**
 * Every message the server sends. `ack` and `error` answer a command (its `id`); the rest are pushed: lobby
 * updates, challenges, game snapshots and numbered game events, chat.
 */

/** What an `ack` may carry, by `kind`; commands not listed are acked without a result. */
export const AckResultSchema = z.discriminatedUnion('kind', [
  /** `hello`: the handshake's answer. */
  z.strictObject({
    kind: z.literal('welcome'),
    protocol: z.int().min(0),
    serverTime: TimestampSchema,
    /** The account the socket's cookie signed in, or a guest. */
    user: UserRefSchema,
    lang: LanguageSchema,
    /** Users this account has blocked. */
    blocked: z.array(UserIdSchema).max(LIMITS.listLength),
  }),
  /** `ping`. */
  z.strictObject({ kind: z.literal('pong'), serverTime: TimestampSchema }),
  /** `seek.create`. */
  z.strictObject({ kind: z.literal('seek'), seekId: SeekIdSchema }),
  /** `dice.commit`: the commitment of a server seed held for this connection's next table. */
  z.strictObject({ kind: z.literal('commitment'), commitment: Hex64Schema }),
  /** `challenge.send`. */
  z.strictObject({ kind: z.literal('challenge'), challengeId: ChallengeIdSchema }),
  /** `table.create`: the token to share (the link is `/table/<token>`). */
  z.strictObject({ kind: z.literal('table'), token: z.string().min(16).max(LIMITS.idLength), commitment: Hex64Schema }),
  /** `table.show`: what a private table plays and who made it, shown before the visitor sits down. */
  z.strictObject({ kind: z.literal('tableInfo'), settings: TableSettingsSchema, host: UserRefSchema }),
  /** `seek.accept`, `challenge.accept`, `table.join`, `bot.play`, `rematch.accept`: the game you sit at. */
  z.strictObject({ kind: z.literal('game'), gameId: GameIdSchema, seat: SeatSchema }),
  /**
   * `game.subscribe`: your role, the game's epoch and last event number, and how you will be caught up: `events`
   * (the missed events follow) or `snapshot` (a `game.snapshot` follows).
   */
  z.strictObject({
    kind: z.literal('subscribed'),
    gameId: GameIdSchema,
    seat: SeatSchema.nullable(),
    epoch: EpochSchema,
    lastEvent: z.int().min(0),
    catchUp: z.enum(['events', 'snapshot']),
  }),
  /** `analysis.request`: the job's status. */
  AnalysisAckSchema,
  /** `tournament.create`: the new tournament's id. */
  TournamentAckSchema,
]);
export type AckResult = z.infer<typeof AckResultSchema>;

export const SERVER_SCHEMAS = {
  /** The command `id` succeeded. */
  ack: z.strictObject({ type: z.literal('ack'), id: CommandIdSchema, result: z.exactOptional(AckResultSchema) }),
  /** The command `id` failed (id null: the message was unreadable). Engine codes pass through unchanged. */
  error: z.strictObject({
    type: z.literal('error'),
    id: CommandIdSchema.nullable(),
    code: ErrorCodeSchema,
    message: textSchema(LIMITS.textLength),
  }),

  // --- lobby (after lobby.subscribe) ---
  'lobby.snapshot': z.strictObject({
    type: z.literal('lobby.snapshot'),
    seeks: z.array(SeekSchema).max(LIMITS.listLength),
    games: z.array(GameSummarySchema).max(LIMITS.listLength),
    online: z.int().min(0),
    /** Who is online (in the order they came, at most `LIMITS.onlineListed`); then `lobby.userJoined`/`userLeft`. */
    players: z.exactOptional(z.array(OnlinePlayerSchema).max(LIMITS.onlineListed)),
  }),
  'lobby.seekAdded': z.strictObject({ type: z.literal('lobby.seekAdded'), seek: SeekSchema }),
  'lobby.seekRemoved': z.strictObject({ type: z.literal('lobby.seekRemoved'), seekId: SeekIdSchema }),
  'lobby.gameAdded': z.strictObject({ type: z.literal('lobby.gameAdded'), game: GameSummarySchema }),
  'lobby.gameRemoved': z.strictObject({ type: z.literal('lobby.gameRemoved'), gameId: GameIdSchema }),
  /** Someone came online (or his ratings changed): add or replace him in the online list. */
  'lobby.userJoined': z.strictObject({ type: z.literal('lobby.userJoined'), player: OnlinePlayerSchema }),
  /** His last connection closed. */
  'lobby.userLeft': z.strictObject({ type: z.literal('lobby.userLeft'), userId: UserIdSchema }),

  // --- challenges and pairing ---
  'challenge.received': z.strictObject({ type: z.literal('challenge.received'), challenge: ChallengeSchema }),
  'challenge.closed': z.strictObject({
    type: z.literal('challenge.closed'),
    challengeId: ChallengeIdSchema,
    reason: z.enum(CHALLENGE_CLOSE_REASONS),
  }),
  /** You were seated at a new game (your seek was accepted, quick pairing found someone, a rematch began …). */
  'game.started': z.strictObject({ type: z.literal('game.started'), gameId: GameIdSchema, seat: SeatSchema }),

  // --- games (after game.subscribe) ---
  /**
   * The full view with the match's move list (`actions`); `lastEvent` is the number of the last event of `epoch` it
   * includes. Also the answer to a gap (resync).
   */
  'game.snapshot': z.strictObject({
    type: z.literal('game.snapshot'),
    gameId: GameIdSchema,
    epoch: EpochSchema,
    lastEvent: z.int().min(0),
    actions: MatchActionsSchema,
    view: GameViewSchema,
  }),
  /** Event number `n` of `epoch` (1, 2, … no gaps) and the recipient's view after it. */
  'game.event': z.strictObject({
    type: z.literal('game.event'),
    gameId: GameIdSchema,
    epoch: EpochSchema,
    n: z.int().min(1),
    event: GameEventSchema,
    view: GameViewSchema,
  }),

  // --- chat ---
  'chat.message': z.strictObject({
    type: z.literal('chat.message'),
    room: ChatRoomSchema,
    from: UserRefSchema,
    text: ChatTextSchema,
    at: TimestampSchema,
  }),
  'pm.message': z.strictObject({
    type: z.literal('pm.message'),
    from: UserRefSchema,
    to: UserRefSchema,
    text: ChatTextSchema,
    at: TimestampSchema,
  }),

  // --- analysis (after analysis.request) ---
  ...ANALYSIS_SERVER_SCHEMAS,

  // --- tournaments (after tournament.subscribe; tournament.match to the player) ---
  ...TOURNAMENT_SERVER_SCHEMAS,
} as const;

export type ServerToClientType = keyof typeof SERVER_SCHEMAS;
export const SERVER_TO_CLIENT_TYPES = Object.keys(SERVER_SCHEMAS) as ServerToClientType[];

type Values<T> = T[keyof T];
type ServerSchema = Values<typeof SERVER_SCHEMAS>;
const serverSchemas = Object.values(SERVER_SCHEMAS) as [ServerSchema, ...ServerSchema[]];

/** The closed union of server messages (discriminated by `type`). */
export const ServerToClientSchema = z.discriminatedUnion('type', serverSchemas);
export type ServerToClient = z.infer<typeof ServerToClientSchema>;
export type ServerMessage<T extends ServerToClientType> = z.infer<(typeof SERVER_SCHEMAS)[T]>;
