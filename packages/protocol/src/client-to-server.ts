import { z } from 'zod';
import {
  ChallengeIdSchema,
  CommandIdSchema,
  DisplayNameSchema,
  GameIdSchema,
  LIMITS,
  LanguageSchema,
  SeekIdSchema,
  UserIdSchema,
  WatchTokenSchema,
  textSchema,
} from './common.js';
import { AnalysisPlySchema } from './analysis.js';
import { ChatRoomSchema, ChatTextSchema } from './chat.js';
import { EventRefSchema } from './events.js';
import { Hex64Schema, ResignLevelSchema, StepInputSchema } from './game-view.js';
import { QuickPairPoolSchema } from './lobby.js';
import { TableSettingsInputSchema } from './settings.js';
import { TournamentIdSchema, TournamentTermsInputSchema } from './tournaments.js';

/**
 * Every message a client (web app, bot) sends. Each is a command with a client-chosen `id` and gets exactly one
 * reply carrying that id: `ack` (perhaps with a result) or `error`.
 */

const command = <T extends string, S extends z.core.$ZodLooseShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), id: CommandIdSchema, ...shape });

/**
 * A game action as a player sends it: the engine's `Action` without the seat (the server knows who you are) and
 * without dice (the server throws them, G10). `timeout` and the opening throw are the server's.
 */
export const PlayerActionSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('roll') }),
  /** The whole turn, own-frame steps in the order played (`[]` when no die can be played). */
  z.strictObject({ type: z.literal('move'), steps: z.array(StepInputSchema).max(4) }),
  z.strictObject({ type: z.literal('resign'), level: ResignLevelSchema }),
  z.strictObject({
    type: z.enum(['double', 'take', 'pass', 'beaver', 'acceptResign', 'declineResign', 'surrender', 'resignMatch', 'endSession']),
  }),
]);
export type PlayerAction = z.infer<typeof PlayerActionSchema>;

/**
 * A client seed for the dice (G10): 1–64 characters of `A–Z a–z 0–9 _ -`, given with every command that sits the
 * player down (optional: the server picks a random one for a player who gives none).
 */
export const ClientSeedSchema = z
  .string()
  .min(1)
  .max(LIMITS.clientSeedLength)
  .regex(/^[A-Za-z0-9_-]+$/);
const SEED = z.exactOptional(ClientSeedSchema);
/** A private table's token, as its link carries it. */
const TABLE_TOKEN = z
  .string()
  .min(16)
  .max(LIMITS.idLength)
  .regex(/^[A-Za-z0-9_-]+$/);
/** A commitment the server gave before the client seed (`dice.commit`, or a rematch offer's). */
const PRECOMMITTED = z.exactOptional(Hex64Schema);

export const CLIENT_SCHEMAS = {
  // --- session ---
  /** The first message on a socket: the protocol version the client speaks. */
  hello: command('hello', {
    protocol: z.int().min(0),
    client: z.exactOptional(textSchema(LIMITS.nameLength * 2).min(1)),
    lang: z.exactOptional(LanguageSchema),
  }),
  /** Keep-alive and clock sync: acked with the server time. */
  ping: command('ping', {}),

  // --- lobby ---
  /** Start receiving the lobby: a snapshot, then seeks and games as they come and go. */
  'lobby.subscribe': command('lobby.subscribe', {}),
  'lobby.unsubscribe': command('lobby.unsubscribe', {}),
  /** Open a seek with full table settings (acked with the seek id). */
  'seek.create': command('seek.create', { settings: TableSettingsInputSchema, clientSeed: SEED }),
  'seek.cancel': command('seek.cancel', { seekId: SeekIdSchema }),
  /** Sit down at someone's seek: acked with the new game. */
  'seek.accept': command('seek.accept', { seekId: SeekIdSchema, clientSeed: SEED }),
  /** Quick pairing: wait in a pool until someone asking for the same pool comes. */
  'quickPair.join': command('quickPair.join', { pool: QuickPairPoolSchema, clientSeed: SEED, commitment: PRECOMMITTED }),
  'quickPair.leave': command('quickPair.leave', {}),
  /**
   * G10 before `quickPair.join`: the commitment of the seed the pairing will be played with, to name as the join's
   * `commitment` — the one of the player waiting there whom you would be paired with, else a fresh one held for you.
   */
  'quickPair.commit': command('quickPair.commit', { pool: QuickPairPoolSchema }),
  /** A direct challenge to one user: `to` is his user id, or his name (username or display name, case ignored). */
  'challenge.send': command('challenge.send', {
    to: z.union([UserIdSchema, DisplayNameSchema]),
    settings: TableSettingsInputSchema,
    clientSeed: SEED,
  }),
  'challenge.accept': command('challenge.accept', { challengeId: ChallengeIdSchema, clientSeed: SEED }),
  'challenge.decline': command('challenge.decline', {
    challengeId: ChallengeIdSchema,
    reason: z.exactOptional(textSchema(200)),
  }),
  'challenge.cancel': command('challenge.cancel', { challengeId: ChallengeIdSchema }),
  /** A private table: acked with a token; whoever opens the link sees it (`table.show`) and sits down (`table.join`). */
  'table.create': command('table.create', { settings: TableSettingsInputSchema, clientSeed: SEED }),
  'table.show': command('table.show', { token: TABLE_TOKEN }),
  'table.join': command('table.join', { token: TABLE_TOKEN, clientSeed: SEED }),
  /** Play a bot of the chosen level (1 = weakest). */
  'bot.play': command('bot.play', {
    level: z.int().min(1).max(LIMITS.botLevels),
    settings: TableSettingsInputSchema,
    clientSeed: SEED,
    commitment: PRECOMMITTED,
  }),
  /**
   * G10 before a quick pairing, a bot game or a rematch: a fresh server seed's commitment, held for this connection,
   * to name as `commitment` in the command that then gives the client seed (so the seed was fixed before it).
   */
  'dice.commit': command('dice.commit', {}),

  // --- games ---
  /**
   * Open a game as player or spectator (the server decides which). `since`: the epoch and number of the last event
   * seen, on a reconnect; the server sends exactly the events after it, or a snapshot when it no longer has them
   * (or the epoch is not the game's now). `watch`: a private game's invitation (its players' `watchToken`), without
   * which others may not watch it (`PRIVATE_GAME`).
   */
  'game.subscribe': command('game.subscribe', { gameId: GameIdSchema, since: z.exactOptional(EventRefSchema), watch: z.exactOptional(WatchTokenSchema) }),
  'game.unsubscribe': command('game.unsubscribe', { gameId: GameIdSchema }),
  /** Play: `version` is the view's `version` the action was chosen on (else `STALE_VERSION`). */
  'game.action': command('game.action', {
    gameId: GameIdSchema,
    version: z.int().min(0),
    action: PlayerActionSchema,
  }),
  /** Between games: ready for the next game (the view's `nextGame`); once both players are, it starts at once. */
  'game.next': command('game.next', { gameId: GameIdSchema }),
  /** The opponent has been gone past the grace period: claim the win (`win`) or call the game off (`abort`). */
  'game.claim': command('game.claim', { gameId: GameIdSchema, claim: z.enum(['win', 'abort']) }),
  /** After the match: offer, accept or decline a rematch at the same table settings. */
  'rematch.offer': command('rematch.offer', { gameId: GameIdSchema, clientSeed: SEED, commitment: PRECOMMITTED }),
  /** `commitment`: the offer's (its `rematchOffered` event), so the seed goes only to the game whose commitment was seen. */
  'rematch.accept': command('rematch.accept', { gameId: GameIdSchema, clientSeed: SEED, commitment: PRECOMMITTED }),
  'rematch.decline': command('rematch.decline', { gameId: GameIdSchema }),
  /** The offerer takes his open offer back. */
  'rematch.cancel': command('rematch.cancel', { gameId: GameIdSchema }),

  // --- analysis ---
  /**
   * Analyse a finished game or match at `ply` (default 2), or join the job there: acked with its status; its
   * progress and end are pushed to this connection. `watch`: a private game's token, as for `game.subscribe`.
   */
  'analysis.request': command('analysis.request', { gameId: GameIdSchema, ply: z.exactOptional(AnalysisPlySchema), watch: z.exactOptional(WatchTokenSchema) }),
  /** Stop receiving a job's progress. */
  'analysis.unsubscribe': command('analysis.unsubscribe', { gameId: GameIdSchema, ply: z.exactOptional(AnalysisPlySchema) }),

  // --- tournaments (docs/tournaments.md) ---
  /** Create a tournament (registered users, at most a few upcoming at once): acked with its id. */
  'tournament.create': command('tournament.create', { terms: TournamentTermsInputSchema }),
  /** Join before the start (the buy-in, if any, is held). */
  'tournament.register': command('tournament.register', { tournamentId: TournamentIdSchema }),
  /** Before the start: leave (the buy-in comes back); running: withdraw (unplayed matches are forfeited). */
  'tournament.leave': command('tournament.leave', { tournamentId: TournamentIdSchema }),
  /** The creator calls it off before the start (every buy-in comes back). */
  'tournament.cancel': command('tournament.cancel', { tournamentId: TournamentIdSchema }),
  /** Receive the tournament: a `tournament.snapshot`, then its state, pairings and standings as they change. */
  'tournament.subscribe': command('tournament.subscribe', { tournamentId: TournamentIdSchema }),
  'tournament.unsubscribe': command('tournament.unsubscribe', { tournamentId: TournamentIdSchema }),

  // --- chat and users ---
  'chat.send': command('chat.send', { room: ChatRoomSchema, text: ChatTextSchema }),
  'pm.send': command('pm.send', { to: UserIdSchema, text: ChatTextSchema }),
  'user.block': command('user.block', { userId: UserIdSchema }),
  'user.unblock': command('user.unblock', { userId: UserIdSchema }),
} as const;

export type ClientToServerType = keyof typeof CLIENT_SCHEMAS;
export const CLIENT_TO_SERVER_TYPES = Object.keys(CLIENT_SCHEMAS) as ClientToServerType[];

type Values<T> = T[keyof T];
type ClientSchema = Values<typeof CLIENT_SCHEMAS>;
const clientSchemas = Object.values(CLIENT_SCHEMAS) as [ClientSchema, ...ClientSchema[]];

/** The closed union of client messages (discriminated by `type`). */
export const ClientToServerSchema = z.discriminatedUnion('type', clientSchemas);
export type ClientToServer = z.infer<typeof ClientToServerSchema>;
/** One client message type, e.g. `ClientMessage<'game.action'>`. */
export type ClientMessage<T extends ClientToServerType> = z.infer<(typeof CLIENT_SCHEMAS)[T]>;
