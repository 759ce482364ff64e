import { Migrator, sql, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import { nameKey } from './common.js';
import { classifyError } from './errors.js';
import type { Dialect } from './database.js';
import { storeErr, storeOk, type StoreResult } from './types.js';

/**
 * One set of migrations for SQLite and PostgreSQL (DESIGN §4). Only portable column types: `text`, `integer`
 * (booleans as 0/1), `bigint` (millisecond times), `double precision` (ratings); JSON as text. The one
 * dialect-dependent spelling is the auto-increment key of `chat_messages` (`serial` / `integer … autoincrement`).
 * Never edit a migration that has shipped: add a new one.
 *
 * Schema (v1):
 * - users (id PK, username, username_key UNIQUE, display_name, password_hash NULL, language, preferred_settings JSON,
 *   is_guest 0/1, created_at)
 * - sessions (token_hash PK, user_id → users, created_at, expires_at; index on expires_at)
 * - games (id PK, variant, settings JSON, p1_user_id/p1_bot, p2_user_id/p2_bot (a user or a bot id), status
 *   'waiting'|'active'|'finished'|'aborted', seed_commitment, server_seed, seed_revealed 0/1, client_seeds JSON,
 *   rated 0/1, rating_recorded 0/1, last_seq, result JSON, created_at, finished_at NULL; indexes on status,
 *   seats + finished_at)
 * - game_actions (game_id → games, seq, action JSON, seat NULL, time_used_ms NULL, created_at, meta JSON; PK (game_id, seq)):
 *   the append-only log
 * - chat_messages (id auto, channel, user_id → users, text, created_at; index (channel, id))
 * - blocks (user_id → users, blocked_id → users, created_at; PK (user_id, blocked_id))
 * - ratings (user_id → users, variant, rating, games, wins, losses, draws, updated_at; PK (user_id, variant);
 *   index (variant, rating))
 *
 * v2 (`0002_chips`, G9):
 * - games.stake (chips per point, default 0)
 * - chip_accounts (id PK: 'house' | 'u:<userId>' free chips | 'h:<userId>' chips on hold, user_id → users NULL for
 *   the house, balance): the running balance, updated in the same transaction as each leg
 * - chip_entries (id auto, movement, account → chip_accounts, amount (signed), kind 'grant'|'hold'|'release'|'settle',
 *   game_id → games NULL, created_at; indexes (account, id), (game_id), (movement)): the double-entry ledger
 *
 * v3 (`0003_display_key`, issue 40 item 21):
 * - users.display_key (`nameKey(display_name)`, filled for the users there; index): names that look alike share it
 *
 * v4 (`0004_private_games`, issue 40 item 17):
 * - games.watch_token NULL: set for a private table's game (only its players and those holding the token watch it)
 *
 * v5 (`0005_analyses`, issue 41 item 4):
 * - analyses (game_id → games, ply, status 'queued'|'running'|'done'|'failed', priority (0 a person's, 1 automatic),
 *   requested_by → users NULL, done, total, result JSON NULL, error NULL, requested_at, started_at NULL,
 *   finished_at NULL; PK (game_id, ply); index (status, priority, requested_at)): the analysis jobs and their results
 *
 * v6 (`0006_name_keys`, issue 40 item 21): `nameKey` is now Unicode's confusables skeleton too (Cyrillic 'а' is 'a')
 * - users.display_key recomputed, and UNIQUE among registered users (guests' generated names may repeat): where old
 *   names share a key, the oldest account keeps it and each later one gets `<key>\u0001<id>` (its name unchanged)
 * - users.username_display_key (`nameKey(username)`; index): a display name may not look like anyone's username
 *
 * v7 (`0007_imports`, issue 41 item 3): a `.mat` file uploaded is stored as a finished game with empty seats
 * - games.imported_by NULL (the uploader's user id; index (imported_by, created_at)), games.import_info JSON NULL
 *   (the file's player names, its file name and date)
 *
 * v8 (`0008_rating_history`, issue 42 item 7):
 * - ratings.experience (the sum of the lengths of his rated matches, a money session counting 1: the FIBS
 *   experience that marks a rating provisional and speeds up its moves; filled from the rated games there)
 * - rating_history (game_id → games, user_id → users, variant, outcome 'win'|'loss'|'draw', rating_before, rating_after,
 *   experience (his, after the game), at; PK (game_id, user_id);
 *   indexes (user_id, variant, at) and (variant, at)): one row per player per rated game, written in the game's finish
 *
 * v9 (`0009_tournaments`, issue 42 items 2–5):
 * - tournaments (id PK, name, format, terms JSON, status 'registering'|'running'|'finished'|'cancelled', created_by →
 *   users NULL (the schedule's), schedule_key NULL UNIQUE (one per scheduled occurrence), state JSON NULL (the
 *   format's), starts_at NULL, created_at, started_at NULL, finished_at NULL; index (status, starts_at))
 * - tournament_players (tournament_id → tournaments, user_id (a user, or a bot entrant's id: no foreign key), bot NULL
 *   (the bot's id), rating, status 'registered'|'withdrew', paid (the buy-in held), prize, registered_at;
 *   PK (tournament_id, user_id); index (user_id))
 * - tournament_games (tournament_id → tournaments, pairing_id, game_id → games UNIQUE, result JSON NULL (set once:
 *   a double submission counts once), created_at; PK (tournament_id, pairing_id))
 *
 * v10 (`0010_game_tournament`, issue 42): games.tournament JSON NULL: a tournament's match keeps its tournament
 *   (id, name, round, pairing), so its room links back and refuses a rematch after a restart too
 *
 * v11 (`0011_cluster`, issue 43): the leases of several instances (store/cluster.ts)
 * - games.owner NULL (the instance that holds the live game), games.fence (default 0; up by one at each takeover):
 *   a live game's lease is its own row, and its appends are fenced by them; indexes (owner, status): an instance's
 *   games; (created_at) of the active games of nobody: the orphans' scan reads neither the live games of live instances
 *   nor the finished games
 * - cluster_instances (id PK, started_at, heartbeat_at): one row per instance, its heartbeat renewing its leases
 * - cluster_leases (key PK, owner, fence): the other keys (`lobby`, `tournament:<id>`, `schedule`)
 */
function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_initial': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .createTable('users')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('username', 'text', (c) => c.notNull())
          .addColumn('username_key', 'text', (c) => c.notNull().unique())
          .addColumn('display_name', 'text', (c) => c.notNull())
          .addColumn('password_hash', 'text')
          .addColumn('language', 'text', (c) => c.notNull())
          .addColumn('preferred_settings', 'text', (c) => c.notNull())
          .addColumn('is_guest', 'integer', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();

        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('expires_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();
        await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

        await db.schema
          .createTable('games')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('settings', 'text', (c) => c.notNull())
          .addColumn('p1_user_id', 'text', (c) => c.references('users.id'))
          .addColumn('p1_bot', 'text')
          .addColumn('p2_user_id', 'text', (c) => c.references('users.id'))
          .addColumn('p2_bot', 'text')
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('seed_commitment', 'text', (c) => c.notNull())
          .addColumn('server_seed', 'text', (c) => c.notNull())
          .addColumn('seed_revealed', 'integer', (c) => c.notNull())
          .addColumn('client_seeds', 'text', (c) => c.notNull())
          .addColumn('rated', 'integer', (c) => c.notNull())
          .addColumn('rating_recorded', 'integer', (c) => c.notNull())
          .addColumn('last_seq', 'integer', (c) => c.notNull())
          .addColumn('result', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('finished_at', 'bigint')
          .addCheckConstraint('games_status', sql`status in ('waiting', 'active', 'finished', 'aborted')`)
          .execute();
        await db.schema.createIndex('games_status').on('games').column('status').execute();
        await db.schema.createIndex('games_p1_finished').on('games').columns(['p1_user_id', 'finished_at']).execute();
        await db.schema.createIndex('games_p2_finished').on('games').columns(['p2_user_id', 'finished_at']).execute();

        await db.schema
          .createTable('game_actions')
          .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
          .addColumn('seq', 'integer', (c) => c.notNull())
          .addColumn('action', 'text', (c) => c.notNull())
          .addColumn('seat', 'text')
          .addColumn('time_used_ms', 'integer')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('meta', 'text', (c) => c.notNull())
          .addPrimaryKeyConstraint('game_actions_pk', ['game_id', 'seq'])
          .execute();

        await db.schema
          .createTable('chat_messages')
          .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('channel', 'text', (c) => c.notNull())
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
          .addColumn('text', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('chat_messages_channel').on('chat_messages').columns(['channel', 'id']).execute();

        await db.schema
          .createTable('blocks')
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('blocked_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('blocks_pk', ['user_id', 'blocked_id'])
          .execute();

        await db.schema
          .createTable('ratings')
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('rating', 'double precision', (c) => c.notNull())
          .addColumn('games', 'integer', (c) => c.notNull())
          .addColumn('wins', 'integer', (c) => c.notNull())
          .addColumn('losses', 'integer', (c) => c.notNull())
          .addColumn('draws', 'integer', (c) => c.notNull())
          .addColumn('updated_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('ratings_pk', ['user_id', 'variant'])
          .execute();
        await db.schema.createIndex('ratings_variant_rating').on('ratings').columns(['variant', 'rating']).execute();
      },
    },
    '0002_chips': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .alterTable('games')
          .addColumn('stake', 'bigint', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema
          .createTable('chip_accounts')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.references('users.id'))
          .addColumn('balance', 'bigint', (c) => c.notNull())
          .execute();
        await db.insertInto('chip_accounts').values({ id: 'house', user_id: null, balance: 0 }).execute();
        await db.schema
          .createTable('chip_entries')
          .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
          .addColumn('movement', 'text', (c) => c.notNull())
          .addColumn('account', 'text', (c) => c.notNull().references('chip_accounts.id'))
          .addColumn('amount', 'bigint', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('game_id', 'text', (c) => c.references('games.id'))
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addCheckConstraint('chip_entries_kind', sql`kind in ('grant', 'hold', 'release', 'settle')`)
          .execute();
        await db.schema.createIndex('chip_entries_account').on('chip_entries').columns(['account', 'id']).execute();
        await db.schema.createIndex('chip_entries_game').on('chip_entries').column('game_id').execute();
        await db.schema.createIndex('chip_entries_movement').on('chip_entries').column('movement').execute();
      },
    },
    '0003_display_key': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .alterTable('users')
          .addColumn('display_key', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        // The key is Unicode work SQL cannot do: computed here, row by row.
        const users = (await db.selectFrom('users').select(['id', 'display_name']).execute()) as { id: string; display_name: string }[];
        for (const u of users)
          await db
            .updateTable('users')
            .set({ display_key: nameKey(u.display_name) })
            .where('id', '=', u.id)
            .execute();
        await db.schema.createIndex('users_display_key').on('users').column('display_key').execute();
      },
    },
    '0004_private_games': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema.alterTable('games').addColumn('watch_token', 'text').execute();
      },
    },
    '0005_analyses': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .createTable('analyses')
          .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
          .addColumn('ply', 'integer', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('priority', 'integer', (c) => c.notNull())
          .addColumn('requested_by', 'text', (c) => c.references('users.id'))
          .addColumn('done', 'integer', (c) => c.notNull())
          .addColumn('total', 'integer', (c) => c.notNull())
          .addColumn('result', 'text')
          .addColumn('error', 'text')
          .addColumn('requested_at', 'bigint', (c) => c.notNull())
          .addColumn('started_at', 'bigint')
          .addColumn('finished_at', 'bigint')
          .addPrimaryKeyConstraint('analyses_pk', ['game_id', 'ply'])
          .addCheckConstraint('analyses_status', sql`status in ('queued', 'running', 'done', 'failed')`)
          .execute();
        await db.schema.createIndex('analyses_queue').on('analyses').columns(['status', 'priority', 'requested_at']).execute();
      },
    },
    '0006_name_keys': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .alterTable('users')
          .addColumn('username_display_key', 'text', (c) => c.notNull().defaultTo(''))
          .execute();
        // The keys are Unicode work SQL cannot do: computed here, row by row, oldest account first.
        const users = (await db.selectFrom('users').select(['id', 'username', 'display_name', 'is_guest']).orderBy('created_at').orderBy('id').execute()) as {
          id: string;
          username: string;
          display_name: string;
          is_guest: number;
        }[];
        const held = new Set<string>();
        for (const u of users) {
          let key = nameKey(u.display_name);
          // Old look-alike names stay as they are; the oldest holds the key, a later one a key of its own (a control
          // character no name holds, and the id) until he renames — to a name whose key is free.
          if (u.is_guest === 0 && held.has(key)) key = `${key}\u0001${u.id}`;
          if (u.is_guest === 0) held.add(key);
          await db
            .updateTable('users')
            .set({ display_key: key, username_display_key: nameKey(u.username) })
            .where('id', '=', u.id)
            .execute();
        }
        await db.schema.createIndex('users_username_display_key').on('users').column('username_display_key').execute();
        await db.schema.createIndex('users_display_key_unique').on('users').column('display_key').unique().where(sql.ref('is_guest'), '=', 0).execute();
      },
    },
    '0007_imports': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        // No foreign key: SQLite cannot drop a column that has one, and users are never deleted.
        await db.schema.alterTable('games').addColumn('imported_by', 'text').execute();
        await db.schema.alterTable('games').addColumn('import_info', 'text').execute();
        await db.schema.createIndex('games_imported_by').on('games').columns(['imported_by', 'created_at']).execute();
      },
    },
    '0008_rating_history': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .alterTable('ratings')
          .addColumn('experience', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await fillExperience(db);
        await db.schema
          .createTable('rating_history')
          .addColumn('game_id', 'text', (c) => c.notNull().references('games.id'))
          .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
          .addColumn('variant', 'text', (c) => c.notNull())
          .addColumn('outcome', 'text', (c) => c.notNull())
          .addColumn('rating_before', 'double precision', (c) => c.notNull())
          .addColumn('rating_after', 'double precision', (c) => c.notNull())
          .addColumn('experience', 'integer', (c) => c.notNull())
          .addColumn('at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('rating_history_pk', ['game_id', 'user_id'])
          .addCheckConstraint('rating_history_outcome', sql`outcome in ('win', 'loss', 'draw')`)
          .execute();
        await db.schema.createIndex('rating_history_user').on('rating_history').columns(['user_id', 'variant', 'at']).execute();
        await db.schema.createIndex('rating_history_variant').on('rating_history').columns(['variant', 'at']).execute();
      },
    },
    '0009_tournaments': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema
          .createTable('tournaments')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('name', 'text', (c) => c.notNull())
          .addColumn('format', 'text', (c) => c.notNull())
          .addColumn('terms', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('created_by', 'text', (c) => c.references('users.id'))
          .addColumn('schedule_key', 'text', (c) => c.unique())
          .addColumn('state', 'text')
          .addColumn('starts_at', 'bigint')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('started_at', 'bigint')
          .addColumn('finished_at', 'bigint')
          .addCheckConstraint('tournaments_status', sql`status in ('registering', 'running', 'finished', 'cancelled')`)
          .execute();
        await db.schema.createIndex('tournaments_status').on('tournaments').columns(['status', 'starts_at']).execute();
        await db.schema
          .createTable('tournament_players')
          .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id'))
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('bot', 'text')
          .addColumn('rating', 'double precision', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('paid', 'bigint', (c) => c.notNull())
          .addColumn('prize', 'bigint', (c) => c.notNull())
          .addColumn('registered_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('tournament_players_pk', ['tournament_id', 'user_id'])
          .addCheckConstraint('tournament_players_status', sql`status in ('registered', 'withdrew')`)
          .execute();
        await db.schema.createIndex('tournament_players_user').on('tournament_players').column('user_id').execute();
        await db.schema
          .createTable('tournament_games')
          .addColumn('tournament_id', 'text', (c) => c.notNull().references('tournaments.id'))
          .addColumn('pairing_id', 'text', (c) => c.notNull())
          .addColumn('game_id', 'text', (c) => c.notNull().unique().references('games.id'))
          .addColumn('result', 'text')
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addPrimaryKeyConstraint('tournament_games_pk', ['tournament_id', 'pairing_id'])
          .execute();
      },
    },
    '0010_game_tournament': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema.alterTable('games').addColumn('tournament', 'text').execute();
      },
    },
    '0011_cluster': {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
      async up(db: Kysely<any>): Promise<void> {
        await db.schema.alterTable('games').addColumn('owner', 'text').execute();
        await db.schema
          .alterTable('games')
          .addColumn('fence', 'integer', (c) => c.notNull().defaultTo(0))
          .execute();
        await db.schema.createIndex('games_owner').on('games').columns(['owner', 'status']).execute();
        // The orphans' scan of the live games of nobody: a look-up of its own (the planner, seeing the finished games
        // of nobody, would otherwise read every active game to find the few without an owner).
        await db.schema
          .createIndex('games_unowned')
          .on('games')
          .column('created_at')
          .where(sql<boolean>`status = 'active' and owner is null`)
          .execute();
        await db.schema
          .createTable('cluster_instances')
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('started_at', 'bigint', (c) => c.notNull())
          .addColumn('heartbeat_at', 'bigint', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('cluster_instances_heartbeat').on('cluster_instances').column('heartbeat_at').execute();
        await db.schema
          .createTable('cluster_leases')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('owner', 'text', (c) => c.notNull())
          .addColumn('fence', 'integer', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('cluster_leases_owner').on('cluster_leases').column('owner').execute();
      },
    },
  };
}

/** 0008: each rating's experience from the rated games counted so far (each match's length, a money session 1; settings are JSON). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
export async function fillExperience(db: Kysely<any>): Promise<void> {
  const games = (await db
    .selectFrom('games')
    .select(['variant', 'settings', 'p1_user_id', 'p2_user_id'])
    .where('rated', '=', 1)
    .where('rating_recorded', '=', 1)
    .execute()) as { variant: string; settings: string; p1_user_id: string | null; p2_user_id: string | null }[];
  const experience = new Map<string, { userId: string; variant: string; points: number }>();
  for (const g of games) {
    const length = Math.max(1, Number((JSON.parse(g.settings) as { matchLength?: unknown }).matchLength) || 0);
    for (const userId of [g.p1_user_id, g.p2_user_id]) {
      if (userId === null) continue;
      const key = JSON.stringify([userId, g.variant]);
      const e = experience.get(key) ?? { userId, variant: g.variant, points: 0 };
      e.points += length;
      experience.set(key, e);
    }
  }
  for (const e of experience.values()) {
    await db.updateTable('ratings').set({ experience: e.points }).where('user_id', '=', e.userId).where('variant', '=', e.variant).execute();
  }
}

export interface MigrateOptions {
  readonly dialect: Dialect;
  /** PostgreSQL: the schema the tables (and Kysely's migration bookkeeping) live in, when not `public`. */
  readonly schema?: string;
}

/**
 * Brings the database to the latest migration; a no-op when it is there already. Safe when several processes start
 * together: on PostgreSQL Kysely's migrator holds an advisory lock for the run and copes with the bookkeeping table
 * being created concurrently; on SQLite the run is one transaction (the busy timeout makes a second process wait).
 * Returns the names of the migrations applied now.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs before the schema it builds exists (Kysely's documented signature)
export async function migrateToLatest(db: Kysely<any>, opts: MigrateOptions): Promise<StoreResult<readonly string[]>> {
  return migrate(db, opts, (m) => m.migrateToLatest());
}

/** Brings the database to the migration `name` and no further (tests build an older database with it). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as migrateToLatest
export async function migrateTo(db: Kysely<any>, opts: MigrateOptions, name: string): Promise<StoreResult<readonly string[]>> {
  return migrate(db, opts, (m) => m.migrateTo(name));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as migrateToLatest
async function migrate(db: Kysely<any>, opts: MigrateOptions, run: (m: Migrator) => Promise<MigrationResultSet>): Promise<StoreResult<readonly string[]>> {
  const provider: MigrationProvider = { getMigrations: async () => migrations(opts.dialect) };
  const migrator = new Migrator({
    db,
    provider,
    ...(opts.schema !== undefined ? { migrationTableSchema: opts.schema } : {}),
  });
  try {
    const { error, results } = await run(migrator);
    if (error !== undefined) {
      const e = classifyError(error);
      return storeErr(e.code, `migration failed: ${e.message}`);
    }
    return storeOk((results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName));
  } catch (e) {
    const c = classifyError(e);
    return storeErr(c.code, `migration failed: ${c.message}`);
  }
}
