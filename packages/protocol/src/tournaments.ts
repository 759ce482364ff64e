import { z } from 'zod';
import { EntityIdSchema, GameIdSchema, LIMITS, SeatSchema, TimestampSchema, UserIdSchema, UserRefSchema, textSchema } from './common.js';
import { MatchSettingsInputSchema, MatchSettingsSchema } from './settings.js';

/**
 * Tournaments (issue 42): knockout, Swiss, round robin and arena, run by the server's tournament director
 * (docs/tournaments.md). A registered user creates one (`tournament.create`) or the site's schedule does; players
 * register (a buy-in, if any, is held) and leave; at the start the director pairs them into ordinary live games and
 * pushes the state, pairings, standings and each player's next match to those who subscribed.
 */

export const TOURNAMENT_FORMATS = ['knockout', 'swiss', 'roundRobin', 'arena'] as const;
export const TournamentFormatSchema = z.enum(TOURNAMENT_FORMATS);
export type TournamentFormat = z.infer<typeof TournamentFormatSchema>;

export const TOURNAMENT_STATUSES = ['registering', 'running', 'finished', 'cancelled'] as const;
export const TournamentStatusSchema = z.enum(TOURNAMENT_STATUSES);
export type TournamentStatus = z.infer<typeof TournamentStatusSchema>;

export const TournamentIdSchema = EntityIdSchema;

/** The most players any tournament takes (the arena's limit). */
export const TOURNAMENT_MAX_PLAYERS = 1000;

/** When it starts: at a set time (if at least `minPlayers` registered, else it is cancelled), or as soon as the field is full (sit-and-go). */
export const TournamentStartSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('at'), at: TimestampSchema }),
  z.strictObject({ kind: z.literal('full') }),
]);

/** The format's own options: Swiss rounds; knockout consolation bracket and third-place match; arena length in minutes. */
export const TournamentOptionsSchema = z.strictObject({
  rounds: z.exactOptional(z.int().min(1).max(20)),
  consolation: z.exactOptional(z.boolean()),
  thirdPlace: z.exactOptional(z.boolean()),
  minutes: z.exactOptional(
    z
      .int()
      .min(1)
      .max(24 * 60),
  ),
});

/** Shares (whole per cent) of the payout to places 1, 2, 3 …; they add up to 100. */
const prizeSharesSchema = z
  .array(z.int().min(1).max(100))
  .min(1)
  .max(32)
  .refine((s) => s.reduce((a, b) => a + b, 0) === 100, { message: 'the prize shares must add up to 100', params: { code: 'BAD_OPTIONS' } });

/** The terms shared by what a creator asks for and what the server shows. */
const termsShape = {
  name: textSchema(64).min(1),
  format: TournamentFormatSchema,
  rated: z.boolean(),
  /** Chips each player pays in (0: free); held at registration, paid out at the end. */
  buyIn: z.int().min(0).max(LIMITS.maxStake),
  minPlayers: z.int().min(2).max(TOURNAMENT_MAX_PLAYERS),
  maxPlayers: z.int().min(2).max(TOURNAMENT_MAX_PLAYERS),
  start: TournamentStartSchema,
  /** Casual sit-and-go only: bots fill the empty seats when the field has waited `botFillMs` (docs/tournaments.md). */
  bots: z.boolean(),
  options: TournamentOptionsSchema,
};

/** What a creator asks for: `payoutPercent` (default 80) of the pool is paid out, split by `prizeShares` (default 50/30/20). */
export const TournamentTermsInputSchema = z.strictObject({
  ...termsShape,
  match: MatchSettingsInputSchema,
  payoutPercent: z.exactOptional(z.int().min(0).max(100)),
  prizeShares: z.exactOptional(prizeSharesSchema),
});
export type TournamentTermsInput = z.infer<typeof TournamentTermsInputSchema>;

/** The complete terms the server shows. */
export const TournamentTermsSchema = z.strictObject({
  ...termsShape,
  match: MatchSettingsSchema,
  payoutPercent: z.int().min(0).max(100),
  prizeShares: prizeSharesSchema,
});
export type TournamentTerms = z.infer<typeof TournamentTermsSchema>;

/** A tournament in a list: its terms, where it stands and how many are in. */
export const TournamentSummarySchema = z.strictObject({
  tournamentId: TournamentIdSchema,
  terms: TournamentTermsSchema,
  status: TournamentStatusSchema,
  /** Null: made by the site's schedule. */
  createdBy: UserRefSchema.nullable(),
  players: z.int().min(0),
  /** The chips in the pool (buy-ins of those registered). */
  pool: z.int().min(0),
  createdAt: TimestampSchema,
  /** When it starts (a set time), or null (sit-and-go, until full). */
  startsAt: TimestampSchema.nullable(),
  startedAt: TimestampSchema.nullable(),
  finishedAt: TimestampSchema.nullable(),
});
export type TournamentSummary = z.infer<typeof TournamentSummarySchema>;

export const TOURNAMENT_PLAYER_STATUSES = ['registered', 'playing', 'out', 'withdrew'] as const;

export const TournamentPlayerSchema = z.strictObject({
  user: UserRefSchema,
  /** His rating in the tournament's variant when he registered (seeds and pairings go by it). */
  rating: z.int().min(0).max(10000),
  status: z.enum(TOURNAMENT_PLAYER_STATUSES),
});
export type TournamentPlayer = z.infer<typeof TournamentPlayerSchema>;

/** One match of the tournament: `b` null is a bye; `gameId` once its game started; `result` once it ended. */
export const TournamentPairingSchema = z.strictObject({
  pairingId: z.string().min(1).max(LIMITS.idLength),
  round: z.int().min(0),
  a: UserIdSchema,
  b: UserIdSchema.nullable(),
  bracket: z.exactOptional(z.enum(['main', 'consolation', 'third'])),
  slot: z.exactOptional(z.int().min(0)),
  gameId: GameIdSchema.nullable(),
  result: z
    .strictObject({
      winner: z.enum(['a', 'b', 'draw']),
      scoreA: z.number().min(0),
      scoreB: z.number().min(0),
      forfeit: z.boolean(),
    })
    .nullable(),
});
export type TournamentPairing = z.infer<typeof TournamentPairingSchema>;

export const TournamentStandingSchema = z.strictObject({
  rank: z.int().min(1),
  userId: UserIdSchema,
  points: z.number(),
  played: z.int().min(0),
  won: z.int().min(0),
  tieBreaks: z.record(z.string().max(32), z.number()),
  note: z.exactOptional(textSchema(64)),
  /** His rating in the tournament's variant is provisional (as `UserRef.provisional`). */
  provisional: z.exactOptional(z.literal(true)),
  /** Chips won (once finished, for the places paid). */
  prize: z.exactOptional(z.int().min(0)),
});
export type TournamentStanding = z.infer<typeof TournamentStandingSchema>;

/** Everything about one tournament: `GET /api/tournaments/:id` and the `tournament.snapshot` push. */
export const TournamentDetailSchema = z.strictObject({
  tournament: TournamentSummarySchema,
  entrants: z.array(TournamentPlayerSchema).max(TOURNAMENT_MAX_PLAYERS),
  pairings: z.array(TournamentPairingSchema).max(4 * TOURNAMENT_MAX_PLAYERS),
  standings: z.array(TournamentStandingSchema).max(TOURNAMENT_MAX_PLAYERS),
});
export type TournamentDetail = z.infer<typeof TournamentDetailSchema>;

/** `GET /api/tournaments?status=upcoming|running|finished`. */
export interface TournamentList {
  readonly tournaments: readonly TournamentSummary[];
}

/** The `tournament.create` ack. */
export const TournamentAckSchema = z.strictObject({ kind: z.literal('tournament'), tournamentId: TournamentIdSchema });

export const TOURNAMENT_SERVER_SCHEMAS = {
  /** After `tournament.subscribe`, and whenever the field or the status changes: the whole tournament. */
  'tournament.snapshot': z.strictObject({ type: z.literal('tournament.snapshot'), detail: TournamentDetailSchema }),
  /** The status or the field changed (registrations, the start, the end, a cancellation). */
  'tournament.state': z.strictObject({ type: z.literal('tournament.state'), tournament: TournamentSummarySchema }),
  /** New pairings, or pairings whose game started or ended. */
  'tournament.pairings': z.strictObject({
    type: z.literal('tournament.pairings'),
    tournamentId: TournamentIdSchema,
    pairings: z.array(TournamentPairingSchema).max(4 * TOURNAMENT_MAX_PLAYERS),
  }),
  /** The standings after a result. */
  'tournament.standings': z.strictObject({
    type: z.literal('tournament.standings'),
    tournamentId: TournamentIdSchema,
    standings: z.array(TournamentStandingSchema).max(TOURNAMENT_MAX_PLAYERS),
  }),
  /** To the player, on every connection of his: his next match's game is ready (open it with `game.subscribe`). */
  'tournament.match': z.strictObject({
    type: z.literal('tournament.match'),
    tournamentId: TournamentIdSchema,
    pairingId: z.string().min(1).max(LIMITS.idLength),
    gameId: GameIdSchema,
    seat: SeatSchema,
    opponent: UserRefSchema,
  }),
} as const;
