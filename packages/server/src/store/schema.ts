import type { Generated } from 'kysely';

/**
 * The tables as Kysely sees them (created by `migrations.ts`). Portable choices, the same on SQLite and
 * PostgreSQL: ids are URL-safe random text (chat messages: an auto-increment integer); booleans are integers
 * 0/1; JSON is text; times are integer milliseconds (`bigint`, which PostgreSQL's driver returns as a string —
 * hence `number | string` on read, converted by the store).
 */
type Ms = number | string;

interface UsersTable {
  id: string;
  username: string;
  /** `username` normalised (NFKC, lower case): the unique key. */
  username_key: string;
  display_name: string;
  /** `nameKey(display_name)`: display names that look alike share it (v3); unique among registered users (v6). */
  display_key: string;
  /** `nameKey(username)` (v6): a display name may not look like another user's username either. */
  username_display_key: string;
  password_hash: string | null;
  language: string;
  preferred_settings: string;
  is_guest: number;
  created_at: Ms;
}

interface SessionsTable {
  token_hash: string;
  user_id: string;
  created_at: Ms;
  expires_at: Ms;
}

export interface GamesTable {
  id: string;
  variant: string;
  settings: string;
  p1_user_id: string | null;
  p1_bot: string | null;
  p2_user_id: string | null;
  p2_bot: string | null;
  status: string;
  seed_commitment: string;
  server_seed: string;
  seed_revealed: number;
  client_seeds: string;
  rated: number;
  /** 1 once the game's finish has moved its players' ratings. */
  rating_recorded: number;
  /** Chips per point (G9; migration 0002). */
  stake: Ms;
  /** Set for a private table's game: the invitation to watch it (migration 0004). */
  watch_token: string | null;
  last_seq: number;
  result: string;
  created_at: Ms;
  finished_at: Ms | null;
  /** An uploaded match's uploader (migration 0007), null for a game played here. */
  imported_by: string | null;
  /** An uploaded match's names, file name and date (`ImportedMatch` less `by`, JSON). */
  import_info: string | null;
  /** A tournament's match: its `GameTournament` (JSON; migration 0010), null otherwise. */
  tournament: string | null;
  /** The instance that holds the live game (migration 0011; store/cluster.ts), null for none. */
  owner: string | null;
  /** Up by one at each change of owner: with `owner`, what every append of a cluster's game is fenced by. */
  fence: Generated<number>;
}

interface GameActionsTable {
  game_id: string;
  seq: number;
  action: string;
  seat: string | null;
  time_used_ms: number | null;
  created_at: Ms;
  meta: string;
}

interface ChatMessagesTable {
  id: Generated<number>;
  channel: string;
  user_id: string;
  text: string;
  created_at: Ms;
}

interface BlocksTable {
  user_id: string;
  blocked_id: string;
  created_at: Ms;
}

interface RatingsTable {
  user_id: string;
  variant: string;
  rating: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  updated_at: Ms;
  /** The sum of the lengths of his rated matches, a money session counting 1 (migration 0008). */
  experience: number;
}

/** One player's rating before and after one rated game (migration 0008). */
interface RatingHistoryTable {
  game_id: string;
  user_id: string;
  variant: string;
  outcome: string;
  rating_before: number;
  rating_after: number;
  /** His experience after the game. */
  experience: number;
  at: Ms;
}

/** G9 (migration 0002): `house`, `u:<userId>` (free chips), `h:<userId>` (chips on hold); the balance is kept with each leg. */
interface ChipAccountsTable {
  id: string;
  user_id: string | null;
  balance: Ms;
}

/** One leg of a chip movement (double entry: a movement's legs sum to zero). */
interface ChipEntriesTable {
  id: Generated<number>;
  movement: string;
  account: string;
  amount: Ms;
  kind: string;
  game_id: string | null;
  created_at: Ms;
}

/** Analysis jobs and their results (issue 41; migration 0005): one per game and ply. */
interface AnalysesTable {
  game_id: string;
  ply: number;
  status: string;
  priority: number;
  requested_by: string | null;
  done: number;
  total: number;
  result: string | null;
  error: string | null;
  requested_at: Ms;
  started_at: Ms | null;
  finished_at: Ms | null;
}

/** Tournaments (issue 42; migration 0009): the terms and the format's state as JSON. */
interface TournamentsTable {
  id: string;
  name: string;
  format: string;
  terms: string;
  status: string;
  created_by: string | null;
  schedule_key: string | null;
  state: string | null;
  starts_at: Ms | null;
  created_at: Ms;
  started_at: Ms | null;
  finished_at: Ms | null;
}

interface TournamentPlayersTable {
  tournament_id: string;
  user_id: string;
  bot: string | null;
  rating: number;
  status: string;
  paid: Ms;
  prize: Ms;
  registered_at: Ms;
}

interface TournamentGamesTable {
  tournament_id: string;
  pairing_id: string;
  game_id: string;
  result: string | null;
  created_at: Ms;
}

/** One instance of a cluster (migration 0011): its leases live while its heartbeat is fresh. */
interface ClusterInstancesTable {
  id: string;
  started_at: Ms;
  heartbeat_at: Ms;
}

/** The leases of the keys that are not games (`lobby`, `tournament:<id>`, `schedule`). */
interface ClusterLeasesTable {
  key: string;
  owner: string;
  fence: number;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  games: GamesTable;
  game_actions: GameActionsTable;
  chat_messages: ChatMessagesTable;
  blocks: BlocksTable;
  ratings: RatingsTable;
  rating_history: RatingHistoryTable;
  chip_accounts: ChipAccountsTable;
  chip_entries: ChipEntriesTable;
  analyses: AnalysesTable;
  tournaments: TournamentsTable;
  tournament_players: TournamentPlayersTable;
  tournament_games: TournamentGamesTable;
  cluster_instances: ClusterInstancesTable;
  cluster_leases: ClusterLeasesTable;
}
