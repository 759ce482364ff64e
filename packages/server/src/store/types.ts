import type { Action, BySeat, MatchSettings, Result, Seat, VariantId } from '@nardy/engine';
import type { AnalysisState, GameStatus, VariantStats } from '@nardy/protocol';
import type { ClusterStore, Fence } from '../cluster/leases.js';

/**
 * The storage interface of the server (CONVENTIONS §6.5: async only, errors as values), implemented once by
 * `KyselyStore` on SQLite or PostgreSQL; both dialects pass the same suite (`store.suite.ts`). Tests use SQLite's
 * `:memory:` database where they need speed, so what they run is what production runs.
 *
 * Times are integer milliseconds since the epoch, passed in by the caller (so tests control the clock).
 */

/**
 * `NOT_FOUND` — no such row; `DUPLICATE` — a unique name or key is taken; `CONFLICT` — an optimistic check failed
 * (a taken action seq, a game already finished, a rated result already recorded); `BAD_INPUT` — a value the store
 * cannot hold (not JSON-serialisable, a bad URL); `INSUFFICIENT_CHIPS` — a hold (G9) is more than a player's free
 * chips (nothing was written); `FENCED` — a write fenced by a lease (issue 43) that the writer no longer holds:
 * another instance took the game over (nothing was written; the writer must drop the game, not retry);
 * `DB_UNAVAILABLE` — the database cannot be reached or is closed (nothing was written: the caller may retry, and
 * must not publish anything); `DB_ERROR` — anything else the database refused.
 */
export const STORE_ERROR_CODES = ['NOT_FOUND', 'DUPLICATE', 'CONFLICT', 'BAD_INPUT', 'INSUFFICIENT_CHIPS', 'FENCED', 'DB_UNAVAILABLE', 'DB_ERROR'] as const;
export type StoreErrorCode = (typeof STORE_ERROR_CODES)[number];

export interface StoreError {
  readonly code: StoreErrorCode;
  readonly message: string;
}

export type StoreResult<T> = Result<T, StoreError>;

export const storeOk = <T>(value: T): StoreResult<T> => ({ ok: true, value });
export const storeErr = (code: StoreErrorCode, message: string): StoreResult<never> => ({ ok: false, error: { code, message } });

/** JSON values as stored (text columns on every dialect). */
export type Json = null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };

// ---------------------------------------------------------------- users and sessions

export interface UserRecord {
  readonly id: string;
  /** As typed at sign-up; unique ignoring case (`usernameKey`). */
  readonly username: string;
  readonly displayName: string;
  /** `scrypt$…` string from the accounts module; null for guests. */
  readonly passwordHash: string | null;
  readonly language: string;
  readonly preferredSettings: Json;
  readonly isGuest: boolean;
  readonly createdAt: number;
}

/** What a guest signs up with (`Store.registerGuest`). */
export interface GuestSignUp {
  readonly username: string;
  readonly passwordHash: string;
  readonly language: string;
}

export interface NewUser {
  /** A fresh URL-safe id when absent. */
  readonly id?: string;
  readonly username: string;
  readonly displayName?: string;
  readonly passwordHash: string | null;
  readonly language?: string;
  readonly preferredSettings?: Json;
  readonly isGuest?: boolean;
  readonly createdAt: number;
}

export interface UserPatch {
  readonly displayName?: string;
  readonly passwordHash?: string | null;
  readonly language?: string;
  readonly preferredSettings?: Json;
}

export interface SessionRecord {
  /** A hash of the cookie token (the token itself is never stored). */
  readonly tokenHash: string;
  readonly userId: string;
  readonly createdAt: number;
  readonly expiresAt: number;
}

// ---------------------------------------------------------------- games

/** A game's status is the records' (`GET /api/games/:id` shows it as stored). */
export type { GameStatus };

/** Who sits in a seat: a user, a bot (its id, e.g. a name with its level), or nobody yet. */
export type SeatOccupant = { readonly userId: string } | { readonly bot: string } | null;

export interface GameRecord {
  readonly id: string;
  readonly variant: VariantId;
  readonly settings: MatchSettings;
  readonly p1: SeatOccupant;
  readonly p2: SeatOccupant;
  readonly status: GameStatus;
  /** The hash of the server seed, shown from the start (verifiable dice). */
  readonly seedCommitment: string;
  /** Secret until `seedRevealed` (the server needs it to roll after a restart; views must hide it). */
  readonly serverSeed: string;
  readonly seedRevealed: boolean;
  readonly clientSeeds: Json;
  readonly rated: boolean;
  /** Chips per point (G9); 0 = no stake. */
  readonly stake: number;
  /** A private table's game: the token its players share to let others watch; null for a public game. */
  readonly watchToken: string | null;
  /** The number of actions in the log (= the engine's `MatchState.version` after replaying it). */
  readonly lastSeq: number;
  readonly result: Json;
  readonly createdAt: number;
  readonly finishedAt: number | null;
  /** A match uploaded as a `.mat` file (migration 0007): who uploaded it and what the file said; absent for games played here. */
  readonly imported?: ImportedMatch;
  /** A tournament's match (migration 0010); absent otherwise. */
  readonly tournament?: GameTournament;
}

/** The tournament a game is a match of: shown in its room (a link back), and it has no rematch. */
export interface GameTournament {
  readonly id: string;
  readonly name: string;
  readonly round?: number;
  readonly pairingId?: string;
}

/** What an imported match keeps of its upload: its seats are empty, its players are the file's names. */
export interface ImportedMatch {
  /** The uploader: he (and whoever he gives the game's watch token) may read it. */
  readonly by: string;
  readonly names: BySeat<string>;
  readonly fileName: string;
  /** When the file says the match was played (null: it does not say). */
  readonly playedAt: number | null;
}

/**
 * An uploaded match, stored whole in one transaction (`importGame`): a finished, unrated, private game with its
 * action log, so that the records and the analysis read it as any other.
 */
export interface NewImport {
  readonly settings: MatchSettings;
  readonly actions: readonly NewActionEntry[];
  readonly result: Json;
  readonly imported: ImportedMatch;
  readonly watchToken: string;
  readonly createdAt: number;
}

export interface NewGame {
  /** A fresh URL-safe id when absent. */
  readonly id?: string;
  readonly settings: MatchSettings;
  readonly p1: SeatOccupant;
  readonly p2: SeatOccupant;
  /** `waiting` by default. */
  readonly status?: 'waiting' | 'active';
  readonly seedCommitment: string;
  readonly serverSeed: string;
  readonly clientSeeds?: Json;
  readonly rated: boolean;
  /** Chips per point (G9); 0 by default. */
  readonly stake?: number;
  /**
   * G9: chips to hold from each player's free balance, placed in the same transaction as the game row:
   * INSUFFICIENT_CHIPS (and no game) when a player has not enough free chips or no chips account.
   */
  readonly holds?: readonly ChipHold[];
  /** A private game's invitation to watch (null or absent: a public game). */
  readonly watchToken?: string | null;
  /** A tournament's match (absent: none). */
  readonly tournament?: GameTournament;
  readonly createdAt: number;
}

export interface GamePatch {
  readonly p1?: SeatOccupant;
  readonly p2?: SeatOccupant;
  readonly status?: 'waiting' | 'active';
  readonly clientSeeds?: Json;
}

/** One accepted action. `seq` is 1-based: the action at `seq` n takes the match from version n-1 to n. */
export interface ActionEntry {
  readonly seq: number;
  readonly action: Action;
  /** The acting seat (null for the table's opening throw). */
  readonly seat: Seat | null;
  /** Time the actor used on this action, if clocks run. */
  readonly timeUsedMs: number | null;
  readonly createdAt: number;
  /** What the game layer keeps with the action (e.g. the clock after it); JSON, null when nothing. */
  readonly meta: Json;
}

export type NewActionEntry = Omit<ActionEntry, 'seq' | 'meta'> & { readonly meta?: Json };

export interface LoadedGame {
  readonly game: GameRecord;
  /** The whole log, in seq order: `replay(game.settings, actions.map(a => a.action))` rebuilds the state. */
  readonly actions: readonly ActionEntry[];
}

export interface GameFinish {
  readonly status: 'finished' | 'aborted';
  readonly result: Json;
  readonly finishedAt: number;
  /**
   * G9: chips the result moves (from the loser's hold at this game to the winner's free balance, capped by that
   * hold). Whatever is still held for the game is released in the same transaction as the status change, so a
   * game is settled exactly once.
   */
  readonly payout?: ChipPayout | null;
  /** A rated match's ratings, moved in the same transaction (once, as the status change is); only with `finished`. */
  readonly rating?: RatingPlan | null;
}

export interface PageCursor {
  readonly finishedAt: number;
  readonly id: string;
}

export interface Page<T> {
  readonly items: readonly T[];
  /** Pass back as `before` for the next page; null on the last page. */
  readonly next: PageCursor | null;
}

// ---------------------------------------------------------------- chat, blocks, ratings

/** `lobby`, `table:<gameId>`, `spectators:<gameId>` or `pm:<userA>:<userB>` (ids sorted). */
export type ChatChannel = string;

export interface ChatMessage {
  /** Increasing in insertion order. */
  readonly id: number;
  readonly channel: ChatChannel;
  readonly userId: string;
  readonly text: string;
  readonly createdAt: number;
}

export type NewChatMessage = Omit<ChatMessage, 'id'>;

export type Outcome = 'win' | 'loss' | 'draw';

/** A user's rating row: the profile's per-variant record, whose and when. */
export interface RatingRecord extends VariantStats {
  readonly userId: string;
  /** The sum of the lengths of his rated matches in the variant, a money session counting 1 (games/rating.ts). */
  readonly experience: number;
  readonly updatedAt: number;
}

/** A player's rating and the experience behind it, as the formula reads and writes them. */
export interface RatingState {
  readonly rating: number;
  readonly experience: number;
}

/**
 * A rated match's effect on its players, applied by `finishGame` in the finish's own transaction: the store reads
 * both players' current states there (a player without one starts at `start`) and writes what `rate` returns, the
 * counters and a history row each.
 */
export interface RatingPlan {
  readonly players: readonly [{ readonly userId: string; readonly outcome: Outcome }, { readonly userId: string; readonly outcome: Outcome }];
  readonly start: RatingState;
  /** The formula (games/rating.ts): the new states from the current ones, in `players` order. A throw undoes the finish. */
  readonly rate: (current: readonly [RatingState, RatingState]) => readonly [RatingState, RatingState];
}

/** One player's rating before and after one rated game: a `rating_history` row. */
export interface RatingChange {
  readonly gameId: string;
  readonly userId: string;
  readonly variant: VariantId;
  readonly outcome: Outcome;
  readonly before: number;
  readonly after: number;
  /** His experience after the game. */
  readonly experience: number;
  readonly at: number;
}

/** What `finishGame` wrote: the game row, and each player's rating change when it was a rated match (else none). */
export interface FinishedGame extends GameRecord {
  readonly ratingChanges: readonly RatingChange[];
}

/** A player's games in a period (`RatingStore.topOfPeriod`): his rating at his last game in it and what he gained. */
export interface PeriodEntry {
  readonly userId: string;
  readonly username: string;
  readonly displayName: string;
  readonly rating: number;
  readonly experience: number;
  /** The sum of his changes over the period's games. */
  readonly gained: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

/** Ratings over time (store/ratings.ts): the history a profile draws, and the top of a period. */
export interface RatingStore {
  /** A user's latest `limit` (1..1000) rating changes in a variant, oldest first. */
  history(userId: string, variant: VariantId, limit: number): Promise<StoreResult<readonly RatingChange[]>>;
  /**
   * The `limit` (1..100) non-guest players with rated games in [from, to) of a variant, by the rating after their
   * last game in it (then games, then id).
   */
  topOfPeriod(variant: VariantId, from: number, to: number, limit: number): Promise<StoreResult<readonly PeriodEntry[]>>;
}

export interface LeaderboardEntry extends RatingRecord {
  readonly username: string;
  readonly displayName: string;
}

// ---------------------------------------------------------------- chips (G9)

/** What a ledger movement does: chips from the house to a new account, onto a hold, back off it, to the winner. */
export const CHIP_KINDS = ['grant', 'hold', 'release', 'settle'] as const;
export type ChipKind = (typeof CHIP_KINDS)[number];

/**
 * The chip accounts: `house` (grants come from it: its balance is minus every chip in circulation), `u:<userId>`
 * (a user's free chips) and `h:<userId>` (his chips on hold at tables). Double entry: every movement is two legs
 * (rows) of opposite sign, so the legs of a movement, and of the whole ledger, sum to zero.
 */
export const HOUSE_ACCOUNT = 'house';
export const freeAccount = (userId: string): string => `u:${userId}`;
export const heldAccount = (userId: string): string => `h:${userId}`;

export interface ChipBalance {
  readonly userId: string;
  /** Chips the user may stake. */
  readonly free: number;
  /** Chips on hold at his tables in play. */
  readonly held: number;
}

/** One leg of a movement, as stored. */
export interface ChipEntry {
  /** Increasing in insertion order. */
  readonly id: number;
  /** The movement the leg belongs to (its two legs share it). */
  readonly movement: string;
  readonly account: string;
  /** Signed: + into the account, − out of it. */
  readonly amount: number;
  readonly kind: ChipKind;
  readonly gameId: string | null;
  readonly createdAt: number;
}

export interface ChipHold {
  readonly userId: string;
  readonly amount: number;
}

export interface ChipPayout {
  readonly from: string;
  readonly to: string;
  readonly amount: number;
}

// ---------------------------------------------------------------- tournaments (issue 42)

export type TournamentStatus = 'registering' | 'running' | 'finished' | 'cancelled';

export interface TournamentRecord {
  readonly id: string;
  readonly name: string;
  readonly format: string;
  readonly terms: Json;
  readonly status: TournamentStatus;
  readonly createdBy: string | null;
  readonly scheduleKey: string | null;
  readonly state: Json;
  readonly startsAt: number | null;
  readonly createdAt: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
}

export interface NewTournament {
  readonly name: string;
  readonly format: string;
  readonly terms: Json;
  readonly createdBy: string | null;
  readonly scheduleKey?: string;
  readonly startsAt: number | null;
  readonly createdAt: number;
}

export interface TournamentEntry {
  readonly userId: string;
  /** A bot entrant's bot id (its `userId` is made up for the tournament). */
  readonly bot: string | null;
  readonly rating: number;
  readonly status: 'registered' | 'withdrew';
  /** The buy-in held. */
  readonly paid: number;
  readonly prize: number;
  readonly registeredAt: number;
}

export interface TournamentGame {
  readonly pairingId: string;
  readonly gameId: string;
  readonly result: Json;
}

/** Why a registration was refused (nothing written), or `registered`. */
export type Registration = 'registered' | 'already' | 'started' | 'full' | 'chips';

/** Tournaments, their players and games (store/tournaments.ts; issue 42). */
export interface TournamentStore {
  /** DUPLICATE when the schedule already made this occurrence (`scheduleKey`). */
  create(t: NewTournament): Promise<StoreResult<TournamentRecord>>;
  get(id: string): Promise<StoreResult<TournamentRecord>>;
  /** Upcoming soonest first (sit-and-go last), the others newest first. */
  list(statuses: readonly TournamentStatus[], limit: number): Promise<StoreResult<readonly TournamentRecord[]>>;
  /** How many tournaments the user made that have not started yet. */
  countUpcomingBy(userId: string): Promise<StoreResult<number>>;
  /** The finished tournaments the user played in, newest first. */
  finishedOf(userId: string): Promise<StoreResult<readonly TournamentRecord[]>>;
  players(id: string): Promise<StoreResult<readonly TournamentEntry[]>>;
  games(id: string): Promise<StoreResult<readonly TournamentGame[]>>;
  /** Registers a player while it takes registrations and has room, holding the buy-in (bots pay none). */
  register(
    id: string,
    p: { readonly userId: string; readonly bot?: string; readonly rating: number; readonly buyIn: number; readonly maxPlayers: number; readonly at: number },
  ): Promise<StoreResult<Registration>>;
  /** Before the start: leaves, the buy-in back. False when not in or started. */
  leave(id: string, userId: string, at: number): Promise<StoreResult<boolean>>;
  /** Running: withdraws (the buy-in stays in the pool), with the format's state. */
  withdraw(id: string, userId: string, state: Json): Promise<StoreResult<boolean>>;
  /** Before the start: cancelled, every buy-in back. */
  cancel(id: string, at: number): Promise<StoreResult<boolean>>;
  /** `registering` → `running` with the format's first state. */
  start(id: string, state: Json, at: number): Promise<StoreResult<boolean>>;
  saveState(id: string, state: Json): Promise<StoreResult<boolean>>;
  /** A pairing's game, with the state. DUPLICATE for a second game of a pairing. */
  addGame(id: string, pairingId: string, gameId: string, state: Json, at: number): Promise<StoreResult<true>>;
  /** A result with the state after it, once: false (nothing written) for a second submission. */
  recordResult(id: string, pairingId: string, result: Json, state: Json): Promise<StoreResult<boolean>>;
  /** `running` → `finished`: buy-ins to the house, prizes from it, in one transaction; false when not running. */
  finish(id: string, state: Json, prizes: readonly { readonly userId: string; readonly amount: number }[], at: number): Promise<StoreResult<boolean>>;
}

// ---------------------------------------------------------------- analyses

/**
 * The analysis jobs (issue 41 item 4; migration 0005): one row per game and ply, the queue and the stored result
 * at once. A job is `queued`, then `running`, then `done` (its result kept) or `failed` (its error kept, and it may
 * be requested again). `priority` 0 is a person's request, 1 an automatic one; the queue takes the lowest
 * priority, then the oldest request.
 */
export type AnalysisStatus = AnalysisState;

export interface AnalysisRecord {
  readonly gameId: string;
  readonly ply: number;
  readonly status: AnalysisStatus;
  readonly priority: number;
  /** Who asked first (null: automatic); the per-user limit counts his unfinished jobs. */
  readonly requestedBy: string | null;
  /** Decisions analysed of `total` (0 of 0 before the job starts). */
  readonly done: number;
  readonly total: number;
  readonly result: Json | null;
  readonly error: string | null;
  readonly requestedAt: number;
  readonly startedAt: number | null;
  readonly finishedAt: number | null;
}

export interface AnalysisRequest {
  readonly gameId: string;
  readonly ply: number;
  readonly requestedBy: string | null;
  readonly at: number;
}

export interface AnalysisStore {
  /**
   * Queues the analysis of a game at a ply, or joins the job there: a failed one is queued again, an automatic one
   * a person asks for moves up to a person's priority. `created`: whether this call queued it (new or again).
   */
  requestAnalysis(req: AnalysisRequest): Promise<StoreResult<{ readonly job: AnalysisRecord; readonly created: boolean }>>;
  getAnalysis(gameId: string, ply: number): Promise<StoreResult<AnalysisRecord>>;
  /** The queued job to run next (a person's before automatic ones, oldest first), or null. */
  nextQueuedAnalysis(): Promise<StoreResult<AnalysisRecord | null>>;
  /** Marks a queued job running; CONFLICT when it is no longer queued (another taker). */
  startAnalysis(gameId: string, ply: number, at: number): Promise<StoreResult<void>>;
  progressAnalysis(gameId: string, ply: number, done: number, total: number): Promise<StoreResult<void>>;
  /** Ends a running job: done with its result, or failed with its error. CONFLICT when it is not running. */
  endAnalysis(gameId: string, ply: number, end: { readonly result: Json } | { readonly error: string }, at: number): Promise<StoreResult<void>>;
  /** Puts running jobs back in the queue (all of them at a start: their process is gone; or one that was stopped). */
  requeueAnalyses(only?: { readonly gameId: string; readonly ply: number }): Promise<StoreResult<number>>;
  /** Unfinished (queued or running) jobs: all of them, or those `userId` asked for. */
  countPendingAnalyses(userId?: string): Promise<StoreResult<number>>;
}

// ---------------------------------------------------------------- the interface

export interface Store {
  // users
  createUser(user: NewUser): Promise<StoreResult<UserRecord>>;
  findUserById(id: string): Promise<StoreResult<UserRecord>>;
  /** Ignores case. */
  findUserByName(username: string): Promise<StoreResult<UserRecord>>;
  /** The ids (up to 10) of users whose username or display name looks like `name` (the same `nameKey`). */
  findUsersNamedLike(name: string): Promise<StoreResult<readonly string[]>>;
  updateUser(id: string, patch: UserPatch): Promise<StoreResult<UserRecord>>;
  /**
   * Makes guest `id` a registered account under a name and password, keeping its id and so its games and
   * settings; DUPLICATE when the name is taken, NOT_FOUND when `id` is not a guest.
   */
  registerGuest(id: string, account: GuestSignUp): Promise<StoreResult<UserRecord>>;

  // sessions
  createSession(session: SessionRecord): Promise<StoreResult<SessionRecord>>;
  /** NOT_FOUND when absent or expired at `now`. */
  findSession(tokenHash: string, now: number): Promise<StoreResult<SessionRecord>>;
  deleteSession(tokenHash: string): Promise<StoreResult<void>>;
  /** Deletes the sessions of `userId` except the one of `keepTokenHash`; returns how many. */
  deleteUserSessions(userId: string, keepTokenHash?: string): Promise<StoreResult<number>>;
  /** Deletes sessions expired at `now`; returns how many. */
  deleteExpiredSessions(now: number): Promise<StoreResult<number>>;

  // games
  createGame(game: NewGame): Promise<StoreResult<GameRecord>>;
  /** Seats and status while waiting/active; CONFLICT once finished or aborted. */
  updateGame(id: string, patch: GamePatch): Promise<StoreResult<GameRecord>>;
  /**
   * Appends one accepted action as `seq` (1-based) in one transaction that also sets `games.last_seq = seq`.
   * CONFLICT when `seq` is not `lastSeq + 1` (taken, or a gap) or the game is finished/aborted; NOT_FOUND
   * for an unknown game. When this resolves ok the action is durable (it survives a process crash).
   * With a `fence` (a cluster's game, issue 43) the game's row must still name that owner and token: FENCED (nothing
   * written) when another instance has taken it over since.
   */
  appendAction(gameId: string, seq: number, entry: NewActionEntry, fence?: Fence): Promise<StoreResult<ActionEntry>>;
  getGame(id: string): Promise<StoreResult<GameRecord>>;
  /** The game and its whole action log. */
  loadGame(id: string): Promise<StoreResult<LoadedGame>>;
  /** Games with status `active` (to restart their actors after a restart), oldest first. */
  listActiveGames(): Promise<StoreResult<readonly GameRecord[]>>;
  /**
   * Sets the result and reveals the server seed, settles the game's chips (`payout`, then every hold released) and
   * moves a rated match's ratings (`rating`) in the same transaction; CONFLICT (and nothing moved) when already
   * finished or aborted; BAD_INPUT (nothing written) for a rating plan on an unrated game or for other players.
   * With a `fence`, FENCED (nothing written) as for `appendAction`.
   */
  finishGame(id: string, finish: GameFinish, fence?: Fence): Promise<StoreResult<FinishedGame>>;
  /** Stores an uploaded match and its whole log, or nothing (one transaction). */
  importGame(game: NewImport): Promise<StoreResult<GameRecord>>;
  /** The matches `userId` uploaded, newest first (at most `limit`, 1..100). */
  listImports(userId: string, limit: number): Promise<StoreResult<readonly GameRecord[]>>;
  /** A user's finished (and aborted) games, newest first, `limit` per page (1..100). */
  listFinishedGames(userId: string, opts: { readonly limit: number; readonly before?: PageCursor }): Promise<StoreResult<Page<GameRecord>>>;

  // chat
  addChatMessage(message: NewChatMessage): Promise<StoreResult<ChatMessage>>;
  /** The latest `limit` messages of a channel (1..500), oldest first. */
  listChatMessages(channel: ChatChannel, limit: number): Promise<StoreResult<readonly ChatMessage[]>>;

  // blocks
  /** Idempotent. */
  addBlock(userId: string, blockedId: string, at: number): Promise<StoreResult<void>>;
  /** Idempotent. */
  removeBlock(userId: string, blockedId: string): Promise<StoreResult<void>>;
  listBlocks(userId: string): Promise<StoreResult<readonly string[]>>;

  // ratings
  getRating(userId: string, variant: VariantId): Promise<StoreResult<RatingRecord>>;
  /** The `limit` (1..100) highest-rated non-guest players of a variant. */
  topPlayers(variant: VariantId, limit: number): Promise<StoreResult<readonly LeaderboardEntry[]>>;

  // chips (G9)
  /**
   * The user's chip balance; the first call opens his account with `grant` chips from the house (a `grant`
   * movement), later ones change nothing. NOT_FOUND for an unknown user.
   */
  openChips(userId: string, grant: number, at: number): Promise<StoreResult<ChipBalance>>;
  /** The latest `limit` (1..100) legs on the user's free and held accounts, newest first. */
  listChipEntries(userId: string, limit: number): Promise<StoreResult<readonly ChipEntry[]>>;
  /**
   * Checks the books: every movement and the whole ledger sum to zero, every account's balance is the sum of its
   * legs, no user account is below zero, nothing is held for a game that has ended. Returns the problems found
   * (none when the books balance).
   */
  auditChips(): Promise<StoreResult<readonly string[]>>;

  /** The analysis jobs and their results (store/analyses.ts). */
  readonly analyses: AnalysisStore;
  /** Rating history and the top of a period (store/ratings.ts). */
  readonly ratings: RatingStore;
  /** Tournaments, their players and games (store/tournaments.ts). */
  readonly tournaments: TournamentStore;
  /** The leases of a cluster's instances (store/cluster.ts; issue 43). */
  readonly cluster: ClusterStore;

  /** Releases the connection(s); later calls give DB_UNAVAILABLE. */
  close(): Promise<void>;
}
