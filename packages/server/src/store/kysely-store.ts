import type { VariantId } from '@nardy/engine';
import { sql, type Transaction, type UpdateQueryBuilder, type UpdateResult } from 'kysely';
import {
  actionFromJson,
  appendRefusal,
  auditLedger,
  checkChipGrant,
  checkPayout,
  chipEntryFromRow,
  grantMove,
  holdMove,
  insufficientChips,
  settlementMoves,
  type ChipMove,
  checkLimit,
  checkNewGame,
  checkOccupant,
  checkSeq,
  checkTime,
  fromJson,
  gameFromRow,
  nameKey,
  num,
  occupantColumns,
  randomId,
  toJson,
  userFromRow,
  usernameKey,
} from './common.js';
import { KyselyAnalyses } from './analyses.js';
import { KyselyCluster } from './cluster.js';
import { KyselyTournaments } from './tournaments.js';
import { applyRatingPlan, KyselyRatings } from './ratings.js';
import { openDatabase, type Database, type OpenOptions } from './database.js';
import { classifyError, isForeignKeyViolation, isUniqueViolation } from './errors.js';
import { migrateToLatest } from './migrations.js';
import type { DB } from './schema.js';
import type { Fence } from '../cluster/leases.js';
import {
  HOUSE_ACCOUNT,
  freeAccount,
  heldAccount,
  storeErr,
  storeOk,
  type ActionEntry,
  type ChipBalance,
  type ChipEntry,
  type ChatMessage,
  type FinishedGame,
  type GameFinish,
  type RatingChange,
  type GamePatch,
  type GameRecord,
  type GuestSignUp,
  type LeaderboardEntry,
  type LoadedGame,
  type NewActionEntry,
  type NewChatMessage,
  type NewGame,
  type NewImport,
  type NewUser,
  type Page,
  type PageCursor,
  type RatingRecord,
  type SessionRecord,
  type Store,
  type StoreResult,
  type UserPatch,
  type UserRecord,
} from './types.js';

const ratingFromRow = (r: {
  user_id: string;
  variant: string;
  rating: number | string;
  games: number | string;
  wins: number | string;
  losses: number | string;
  draws: number | string;
  updated_at: number | string;
  experience: number | string;
}): RatingRecord => ({
  userId: r.user_id,
  variant: r.variant as VariantId,
  rating: num(r.rating),
  games: num(r.games),
  wins: num(r.wins),
  losses: num(r.losses),
  draws: num(r.draws),
  experience: num(r.experience),
  updatedAt: num(r.updated_at),
});

/** Thrown inside a transaction to roll it back with a coded answer (a refused hold after the game row was written). */
class Rollback {
  constructor(readonly result: StoreResult<never>) {}
}

/**
 * One chip movement inside `trx`: the source's balance goes down (only if it stays ≥ 0, unless it is the house),
 * the destination's up, and the two legs are written. False when the source cannot pay (nothing written).
 */
async function move(trx: Transaction<DB>, m: ChipMove, gameId: string | null, at: number): Promise<boolean> {
  let debit = trx
    .updateTable('chip_accounts')
    .set({ balance: sql<number>`balance - ${m.amount}` })
    .where('id', '=', m.from);
  if (m.from !== HOUSE_ACCOUNT) debit = debit.where('balance', '>=', m.amount);
  const paid = await debit.executeTakeFirst();
  if (Number(paid.numUpdatedRows) === 0) return false;
  await trx
    .updateTable('chip_accounts')
    .set({ balance: sql<number>`balance + ${m.amount}` })
    .where('id', '=', m.to)
    .executeTakeFirstOrThrow();
  const movement = randomId();
  await trx
    .insertInto('chip_entries')
    .values([
      { movement, account: m.from, amount: -m.amount, kind: m.kind, game_id: gameId, created_at: at },
      { movement, account: m.to, amount: m.amount, kind: m.kind, game_id: gameId, created_at: at },
    ])
    .execute();
  return true;
}

/** A conditional update of a game's row, also on its lease when the writer names one (issue 43). */
function fenced<Q extends UpdateQueryBuilder<DB, 'games', 'games', UpdateResult>>(q: Q, fence: Fence | undefined): Q {
  return fence === undefined ? q : (q.where('owner', '=', fence.owner).where('fence', '=', fence.token) as Q);
}

/** FENCED when the row's lease is no longer `fence` (another instance took the game over), else undefined. */
function fenceRefusal(gameId: string, g: { owner: string | null; fence: number | string }, fence: Fence | undefined): StoreResult<never> | undefined {
  if (fence === undefined || (g.owner === fence.owner && num(g.fence) === fence.token)) return undefined;
  return storeErr(
    'FENCED',
    `game ${gameId} is held by ${g.owner ?? 'nobody'} (fence ${num(g.fence)}), not by ${fence.owner} (fence ${fence.token}): nothing written`,
  );
}

/** Opens `url`, migrates it to the latest schema and returns a store over it (what the server does on start). */
export async function openStore(url: string, opts: OpenOptions = {}): Promise<StoreResult<KyselyStore>> {
  const opened = await openDatabase(url, opts);
  if (!opened.ok) return opened;
  const database = opened.value;
  const migrated = await migrateToLatest(database.db, {
    dialect: database.dialect,
    ...(database.schema !== undefined ? { schema: database.schema } : {}),
  });
  if (!migrated.ok) {
    await database.close();
    return migrated;
  }
  return storeOk(new KyselyStore(database));
}

/** The Store on SQLite or PostgreSQL through Kysely: the same queries on both. */
export class KyselyStore implements Store {
  #closed = false;
  readonly analyses = new KyselyAnalyses(
    () => this.database.db,
    () => this.#closed,
  );
  readonly ratings = new KyselyRatings(
    () => this.database.db,
    () => this.#closed,
  );
  readonly tournaments = new KyselyTournaments(
    () => this.database.db,
    () => this.#closed,
  );
  readonly cluster = new KyselyCluster(
    () => this.database.db,
    () => this.#closed,
  );

  constructor(readonly database: Database) {}

  get #db() {
    return this.database.db;
  }

  /** Runs `fn`, turning anything thrown into a coded error (a dead connection is DB_UNAVAILABLE). */
  async #run<T>(fn: () => Promise<StoreResult<T>>, onThrow?: (e: unknown) => StoreResult<T> | undefined): Promise<StoreResult<T>> {
    if (this.#closed) return storeErr('DB_UNAVAILABLE', 'the store is closed');
    try {
      return await fn();
    } catch (e) {
      if (e instanceof Rollback) return e.result;
      const mapped = onThrow?.(e);
      if (mapped !== undefined) return mapped;
      const c = classifyError(e);
      return storeErr(c.code, c.message);
    }
  }

  /**
   * A read: on PostgreSQL, run once more when the first try met a dead connection (a database restart): the pool
   * has dropped that connection, and reading twice changes nothing. Writes are not retried: one that failed in its
   * COMMIT may have landed, and the caller decides. SQLite's DB_UNAVAILABLE is a busy or broken file after the
   * whole busy timeout, which a second try would only wait out again.
   */
  async #read<T>(fn: () => Promise<StoreResult<T>>): Promise<StoreResult<T>> {
    const r = await this.#run(fn);
    const retry = !r.ok && r.error.code === 'DB_UNAVAILABLE' && !this.#closed && this.database.dialect === 'postgres';
    return retry ? this.#run(fn) : r;
  }

  // ------------------------------------------------------------ users

  createUser(u: NewUser): Promise<StoreResult<UserRecord>> {
    return this.#run(
      async () => {
        const t = checkTime(u.createdAt, 'createdAt');
        if (!t.ok) return t;
        if (typeof u.username !== 'string' || u.username.trim() === '') return storeErr('BAD_INPUT', 'a username is needed');
        const prefs = toJson(u.preferredSettings ?? {}, 'preferredSettings');
        if (!prefs.ok) return prefs;
        const row = {
          id: u.id ?? randomId(),
          username: u.username,
          username_key: usernameKey(u.username),
          display_name: u.displayName ?? u.username,
          display_key: nameKey(u.displayName ?? u.username),
          username_display_key: nameKey(u.username),
          password_hash: u.passwordHash,
          language: u.language ?? 'en',
          preferred_settings: prefs.value,
          is_guest: u.isGuest === true ? 1 : 0,
          created_at: u.createdAt,
        };
        await this.#db.insertInto('users').values(row).execute();
        return storeOk(userFromRow(row));
      },
      (e) => (isUniqueViolation(e) ? storeErr('DUPLICATE', `the username '${u.username}' (or the id) is taken`) : undefined),
    );
  }

  findUserById(id: string): Promise<StoreResult<UserRecord>> {
    return this.#read(async () => {
      const r = await this.#db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? storeOk(userFromRow(r)) : storeErr('NOT_FOUND', `no user ${id}`);
    });
  }

  findUserByName(username: string): Promise<StoreResult<UserRecord>> {
    return this.#read(async () => {
      const r = await this.#db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
      return r ? storeOk(userFromRow(r)) : storeErr('NOT_FOUND', `no user named '${username}'`);
    });
  }

  findUsersNamedLike(name: string): Promise<StoreResult<readonly string[]>> {
    return this.#read(async () => {
      const key = nameKey(name);
      const rows = await this.#db
        .selectFrom('users')
        .select('id')
        .where((eb) => eb.or([eb('username_display_key', '=', key), eb('display_key', '=', key)]))
        .limit(10)
        .execute();
      return storeOk(rows.map((r) => r.id));
    });
  }

  registerGuest(id: string, a: GuestSignUp): Promise<StoreResult<UserRecord>> {
    return this.#run(
      async () => {
        const r = await this.#db
          .updateTable('users')
          .set({
            username: a.username,
            username_key: usernameKey(a.username),
            display_name: a.username,
            display_key: nameKey(a.username),
            username_display_key: nameKey(a.username),
            password_hash: a.passwordHash,
            language: a.language,
            is_guest: 0,
          })
          .where('id', '=', id)
          .where('is_guest', '=', 1)
          .executeTakeFirst();
        if (Number(r.numUpdatedRows) === 0) return storeErr('NOT_FOUND', `no guest ${id}`);
        const row = await this.#db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        return storeOk(userFromRow(row));
      },
      (e) => (isUniqueViolation(e) ? storeErr('DUPLICATE', `the username '${a.username}' is taken`) : undefined),
    );
  }

  updateUser(id: string, patch: UserPatch): Promise<StoreResult<UserRecord>> {
    return this.#run(
      async () => {
        const set: { display_name?: string; display_key?: string; password_hash?: string | null; language?: string; preferred_settings?: string } = {};
        if (patch.displayName !== undefined) {
          set.display_name = patch.displayName;
          set.display_key = nameKey(patch.displayName);
        }
        if (patch.passwordHash !== undefined) set.password_hash = patch.passwordHash;
        if (patch.language !== undefined) set.language = patch.language;
        if (patch.preferredSettings !== undefined) {
          const j = toJson(patch.preferredSettings, 'preferredSettings');
          if (!j.ok) return j;
          set.preferred_settings = j.value;
        }
        if (Object.keys(set).length > 0) await this.#db.updateTable('users').set(set).where('id', '=', id).execute();
        const r = await this.#db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
        return r ? storeOk(userFromRow(r)) : storeErr('NOT_FOUND', `no user ${id}`);
      },
      // Two renames at once to look-alike names: the unique display key lets one through.
      (e) => (isUniqueViolation(e) ? storeErr('DUPLICATE', `the display name '${patch.displayName ?? ''}' looks like another user's`) : undefined),
    );
  }

  // ------------------------------------------------------------ sessions

  createSession(s: SessionRecord): Promise<StoreResult<SessionRecord>> {
    return this.#run(
      async () => {
        const t1 = checkTime(s.createdAt, 'createdAt');
        if (!t1.ok) return t1;
        const t2 = checkTime(s.expiresAt, 'expiresAt');
        if (!t2.ok) return t2;
        await this.#db
          .insertInto('sessions')
          .values({ token_hash: s.tokenHash, user_id: s.userId, created_at: s.createdAt, expires_at: s.expiresAt })
          .execute();
        return storeOk({ tokenHash: s.tokenHash, userId: s.userId, createdAt: s.createdAt, expiresAt: s.expiresAt });
      },
      (e) =>
        isUniqueViolation(e)
          ? storeErr('DUPLICATE', 'that session token exists')
          : isForeignKeyViolation(e)
            ? storeErr('NOT_FOUND', `no user ${s.userId}`)
            : undefined,
    );
  }

  findSession(tokenHash: string, now: number): Promise<StoreResult<SessionRecord>> {
    return this.#read(async () => {
      const r = await this.#db.selectFrom('sessions').selectAll().where('token_hash', '=', tokenHash).where('expires_at', '>', now).executeTakeFirst();
      return r
        ? storeOk({ tokenHash: r.token_hash, userId: r.user_id, createdAt: num(r.created_at), expiresAt: num(r.expires_at) })
        : storeErr('NOT_FOUND', 'no such session (or it expired)');
    });
  }

  deleteSession(tokenHash: string): Promise<StoreResult<void>> {
    return this.#run(async () => {
      await this.#db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
      return storeOk(undefined);
    });
  }

  deleteUserSessions(userId: string, keepTokenHash?: string): Promise<StoreResult<number>> {
    return this.#run(async () => {
      let q = this.#db.deleteFrom('sessions').where('user_id', '=', userId);
      if (keepTokenHash !== undefined) q = q.where('token_hash', '!=', keepTokenHash);
      const r = await q.executeTakeFirst();
      return storeOk(Number(r.numDeletedRows));
    });
  }

  deleteExpiredSessions(now: number): Promise<StoreResult<number>> {
    return this.#run(async () => {
      const r = await this.#db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
      return storeOk(Number(r.numDeletedRows));
    });
  }

  // ------------------------------------------------------------ games

  #gameRow(id: string) {
    return this.#db.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
  }

  createGame(g: NewGame): Promise<StoreResult<GameRecord>> {
    return this.#run(
      async () => {
        const c = checkNewGame(g);
        if (!c.ok) return c;
        const settings = toJson(g.settings, 'settings');
        if (!settings.ok) return settings;
        const seeds = toJson(g.clientSeeds ?? null, 'clientSeeds');
        if (!seeds.ok) return seeds;
        const p1 = occupantColumns(c.value.p1);
        const p2 = occupantColumns(c.value.p2);
        const row = {
          id: c.value.id,
          variant: g.settings.variant,
          settings: settings.value,
          p1_user_id: p1.user,
          p1_bot: p1.bot,
          p2_user_id: p2.user,
          p2_bot: p2.bot,
          status: c.value.status,
          seed_commitment: g.seedCommitment,
          server_seed: g.serverSeed,
          seed_revealed: 0,
          client_seeds: seeds.value,
          rated: g.rated ? 1 : 0,
          rating_recorded: 0,
          stake: c.value.stake,
          watch_token: g.watchToken ?? null,
          last_seq: 0,
          result: 'null',
          created_at: g.createdAt,
          finished_at: null,
          imported_by: null,
          import_info: null,
          tournament: g.tournament ? JSON.stringify(g.tournament) : null,
        };
        const holds = c.value.holds;
        if (holds.length === 0) {
          await this.#db.insertInto('games').values(row).execute();
          return storeOk(gameFromRow(row));
        }
        // G9: the game and its holds together, or neither.
        return this.#db.transaction().execute(async (trx) => {
          await trx.insertInto('games').values(row).execute();
          for (const h of holds) if (!(await move(trx, holdMove(h), row.id, g.createdAt))) throw new Rollback(insufficientChips(h));
          return storeOk(gameFromRow(row));
        });
      },
      (e) =>
        isUniqueViolation(e)
          ? storeErr('DUPLICATE', `a game ${g.id ?? ''} exists`)
          : isForeignKeyViolation(e)
            ? storeErr('NOT_FOUND', 'a seat names an unknown user')
            : undefined,
    );
  }

  updateGame(id: string, patch: GamePatch): Promise<StoreResult<GameRecord>> {
    return this.#run(
      async () => {
        const set: {
          p1_user_id?: string | null;
          p1_bot?: string | null;
          p2_user_id?: string | null;
          p2_bot?: string | null;
          status?: string;
          client_seeds?: string;
        } = {};
        if (patch.p1 !== undefined) {
          const o = checkOccupant(patch.p1, 'p1');
          if (!o.ok) return o;
          const c = occupantColumns(o.value);
          set.p1_user_id = c.user;
          set.p1_bot = c.bot;
        }
        if (patch.p2 !== undefined) {
          const o = checkOccupant(patch.p2, 'p2');
          if (!o.ok) return o;
          const c = occupantColumns(o.value);
          set.p2_user_id = c.user;
          set.p2_bot = c.bot;
        }
        if (patch.status !== undefined) {
          if (patch.status !== 'waiting' && patch.status !== 'active') return storeErr('BAD_INPUT', 'use finishGame to end a game');
          set.status = patch.status;
        }
        if (patch.clientSeeds !== undefined) {
          const j = toJson(patch.clientSeeds, 'clientSeeds');
          if (!j.ok) return j;
          set.client_seeds = j.value;
        }
        if (Object.keys(set).length > 0) {
          const r = await this.#db.updateTable('games').set(set).where('id', '=', id).where('status', 'in', ['waiting', 'active']).executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) {
            const g = await this.#gameRow(id);
            return g ? storeErr('CONFLICT', `game ${id} is ${g.status}`) : storeErr('NOT_FOUND', `no game ${id}`);
          }
        }
        const g = await this.#gameRow(id);
        return g ? storeOk(gameFromRow(g)) : storeErr('NOT_FOUND', `no game ${id}`);
      },
      (e) => (isForeignKeyViolation(e) ? storeErr('NOT_FOUND', 'a seat names an unknown user') : undefined),
    );
  }

  appendAction(gameId: string, seq: number, entry: NewActionEntry, fence?: Fence): Promise<StoreResult<ActionEntry>> {
    return this.#run(
      async () => {
        const s = checkSeq(seq);
        if (!s.ok) return s;
        const t = checkTime(entry.createdAt, 'createdAt');
        if (!t.ok) return t;
        if (entry.timeUsedMs !== null) {
          const u = checkTime(entry.timeUsedMs, 'timeUsedMs');
          if (!u.ok) return u;
        }
        const action = toJson(entry.action, 'the action');
        if (!action.ok) return action;
        const meta = toJson(entry.meta ?? null, 'the action meta');
        if (!meta.ok) return meta;
        return this.#db.transaction().execute(async (trx): Promise<StoreResult<ActionEntry>> => {
          // The conditional update is the optimistic check and takes the row (PostgreSQL) or database (SQLite)
          // write lock first, so of two concurrent appends of the same seq exactly one matches; a fence makes it
          // the lease check too, so an owner that lost the game cannot write after the new one has read the log.
          const bumped = await fenced(
            trx
              .updateTable('games')
              .set({ last_seq: seq })
              .where('id', '=', gameId)
              .where('last_seq', '=', seq - 1)
              .where('status', 'in', ['waiting', 'active']),
            fence,
          ).executeTakeFirst();
          if (Number(bumped.numUpdatedRows) === 0) {
            const g = await trx.selectFrom('games').select(['status', 'last_seq', 'owner', 'fence']).where('id', '=', gameId).executeTakeFirst();
            if (!g) return storeErr('NOT_FOUND', `no game ${gameId}`);
            return fenceRefusal(gameId, g, fence) ?? appendRefusal(gameId, g.status, num(g.last_seq), seq);
          }
          await trx
            .insertInto('game_actions')
            .values({
              game_id: gameId,
              seq,
              action: action.value,
              seat: entry.seat,
              time_used_ms: entry.timeUsedMs,
              created_at: entry.createdAt,
              meta: meta.value,
            })
            .execute();
          return storeOk({
            seq,
            action: actionFromJson(action.value),
            seat: entry.seat,
            timeUsedMs: entry.timeUsedMs,
            createdAt: entry.createdAt,
            meta: fromJson(meta.value),
          });
        });
      },
      (e) => (isUniqueViolation(e) ? storeErr('CONFLICT', `action ${seq} of game ${gameId} is already taken`) : undefined),
    );
  }

  getGame(id: string): Promise<StoreResult<GameRecord>> {
    return this.#read(async () => {
      const g = await this.#gameRow(id);
      return g ? storeOk(gameFromRow(g)) : storeErr('NOT_FOUND', `no game ${id}`);
    });
  }

  loadGame(id: string): Promise<StoreResult<LoadedGame>> {
    return this.#read(async () => {
      const g = await this.#gameRow(id);
      if (!g) return storeErr('NOT_FOUND', `no game ${id}`);
      const game = gameFromRow(g);
      // Only up to the game's last_seq as read: an append that lands between the two reads is not half-seen.
      const rows = await this.#db.selectFrom('game_actions').selectAll().where('game_id', '=', id).where('seq', '<=', game.lastSeq).orderBy('seq').execute();
      const actions = rows.map((r): ActionEntry => ({
        seq: num(r.seq),
        action: actionFromJson(r.action),
        seat: r.seat as ActionEntry['seat'],
        timeUsedMs: r.time_used_ms === null ? null : num(r.time_used_ms),
        createdAt: num(r.created_at),
        meta: fromJson(r.meta),
      }));
      if (actions.length !== game.lastSeq || actions.some((a, i) => a.seq !== i + 1)) {
        return storeErr('DB_ERROR', `the action log of game ${id} is inconsistent (${actions.length} rows, last_seq ${game.lastSeq})`);
      }
      return storeOk({ game, actions });
    });
  }

  listActiveGames(): Promise<StoreResult<readonly GameRecord[]>> {
    return this.#read(async () => {
      const rows = await this.#db.selectFrom('games').selectAll().where('status', '=', 'active').orderBy('created_at').orderBy('id').execute();
      return storeOk(rows.map(gameFromRow));
    });
  }

  finishGame(id: string, f: GameFinish, fence?: Fence): Promise<StoreResult<FinishedGame>> {
    return this.#run(async () => {
      if (f.status !== 'finished' && f.status !== 'aborted') return storeErr('BAD_INPUT', "a game ends 'finished' or 'aborted'");
      const t = checkTime(f.finishedAt, 'finishedAt');
      if (!t.ok) return t;
      const result = toJson(f.result, 'the result');
      if (!result.ok) return result;
      const payout = checkPayout(f);
      if (!payout.ok) return payout;
      const plan = f.rating ?? null;
      if (plan !== null && f.status !== 'finished') return storeErr('BAD_INPUT', 'only a finished game moves ratings');
      // The conditional status change, the settlement and the ratings in one transaction: each happens exactly once.
      return this.#db.transaction().execute(async (trx): Promise<StoreResult<FinishedGame>> => {
        const r = await fenced(
          trx
            .updateTable('games')
            .set({ status: f.status, result: result.value, finished_at: f.finishedAt, seed_revealed: 1 })
            .where('id', '=', id)
            .where('status', 'in', ['waiting', 'active']),
          fence,
        ).executeTakeFirst();
        const g = await trx.selectFrom('games').selectAll().where('id', '=', id).executeTakeFirst();
        if (!g) return storeErr('NOT_FOUND', `no game ${id}`);
        if (Number(r.numUpdatedRows) === 0) return fenceRefusal(id, g, fence) ?? storeErr('CONFLICT', `game ${id} is already ${g.status}`);
        if (num(g.stake) > 0) {
          const rows = await trx
            .selectFrom('chip_entries')
            .select(['account', (eb) => eb.fn.sum<number | string>('amount').as('held')])
            .where('game_id', '=', id)
            .where('account', 'like', 'h:%')
            .groupBy('account')
            .execute();
          const held = new Map(rows.map((x) => [x.account.slice(2), num(x.held)] as const));
          for (const m of settlementMoves(held, payout.value)) {
            if (!(await move(trx, m, id, f.finishedAt))) throw new Error(`the hold of ${m.from} at game ${id} is short`);
          }
        }
        let ratingChanges: RatingChange[] = [];
        if (plan !== null) {
          const rated = await applyRatingPlan(trx, g, plan, f.finishedAt);
          if (!rated.ok) throw new Rollback(rated);
          ratingChanges = rated.value;
          await trx.updateTable('games').set({ rating_recorded: 1 }).where('id', '=', id).execute();
        }
        return storeOk({ ...gameFromRow(g), ratingChanges });
      });
    });
  }

  importGame(g: NewImport): Promise<StoreResult<GameRecord>> {
    return this.#run(async () => {
      const settings = toJson(g.settings, 'settings');
      if (!settings.ok) return settings;
      const result = toJson(g.result, 'the result');
      if (!result.ok) return result;
      const { by, ...info } = g.imported;
      const importInfo = toJson(info, 'the import');
      if (!importInfo.ok) return importInfo;
      const actions: { action: string; meta: string }[] = [];
      for (const a of g.actions) {
        const action = toJson(a.action, 'an action');
        if (!action.ok) return action;
        actions.push({ action: action.value, meta: 'null' });
      }
      const row = {
        id: randomId(),
        variant: g.settings.variant,
        settings: settings.value,
        p1_user_id: null,
        p1_bot: null,
        p2_user_id: null,
        p2_bot: null,
        status: 'finished',
        // The dice are the file's: there is no seed to check them against.
        seed_commitment: '',
        server_seed: '',
        seed_revealed: 1,
        client_seeds: 'null',
        rated: 0,
        rating_recorded: 0,
        stake: 0,
        watch_token: g.watchToken,
        last_seq: g.actions.length,
        result: result.value,
        created_at: g.createdAt,
        finished_at: g.createdAt,
        imported_by: by,
        import_info: importInfo.value,
        tournament: null,
      };
      // The game and its whole log, or nothing.
      return this.#db.transaction().execute(async (trx) => {
        await trx.insertInto('games').values(row).execute();
        // In chunks: PostgreSQL and SQLite bound the parameters of one statement.
        for (let i = 0; i < actions.length; i += 200) {
          await trx
            .insertInto('game_actions')
            .values(
              actions.slice(i, i + 200).map((a, k) => {
                const e = g.actions[i + k]!;
                return { game_id: row.id, seq: i + k + 1, action: a.action, seat: e.seat, time_used_ms: e.timeUsedMs, created_at: e.createdAt, meta: a.meta };
              }),
            )
            .execute();
        }
        return storeOk(gameFromRow(row));
      });
    });
  }

  listImports(userId: string, limit: number): Promise<StoreResult<readonly GameRecord[]>> {
    return this.#read(async () => {
      const l = checkLimit(limit, 100);
      if (!l.ok) return l;
      const rows = await this.#db
        .selectFrom('games')
        .selectAll()
        .where('imported_by', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(l.value)
        .execute();
      return storeOk(rows.map(gameFromRow));
    });
  }

  listFinishedGames(userId: string, opts: { readonly limit: number; readonly before?: PageCursor }): Promise<StoreResult<Page<GameRecord>>> {
    return this.#read(async () => {
      const l = checkLimit(opts.limit, 100);
      if (!l.ok) return l;
      let q = this.#db
        .selectFrom('games')
        .selectAll()
        .where((eb) => eb.or([eb('p1_user_id', '=', userId), eb('p2_user_id', '=', userId)]))
        .where('status', 'in', ['finished', 'aborted'])
        .where('finished_at', 'is not', null);
      const b = opts.before;
      if (b !== undefined) {
        q = q.where((eb) => eb.or([eb('finished_at', '<', b.finishedAt), eb.and([eb('finished_at', '=', b.finishedAt), eb('id', '<', b.id)])]));
      }
      const rows = await q
        .orderBy('finished_at', 'desc')
        .orderBy('id', 'desc')
        .limit(l.value + 1)
        .execute();
      const items = rows.slice(0, l.value).map(gameFromRow);
      const last = items[items.length - 1];
      return storeOk({
        items,
        next: rows.length > l.value && last !== undefined ? { finishedAt: last.finishedAt ?? 0, id: last.id } : null,
      });
    });
  }

  // ------------------------------------------------------------ chat

  addChatMessage(m: NewChatMessage): Promise<StoreResult<ChatMessage>> {
    return this.#run(
      async () => {
        const t = checkTime(m.createdAt, 'createdAt');
        if (!t.ok) return t;
        if (typeof m.channel !== 'string' || m.channel === '') return storeErr('BAD_INPUT', 'a chat message needs a channel');
        const r = await this.#db
          .insertInto('chat_messages')
          .values({ channel: m.channel, user_id: m.userId, text: m.text, created_at: m.createdAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        return storeOk({ id: num(r.id), channel: m.channel, userId: m.userId, text: m.text, createdAt: m.createdAt });
      },
      (e) => (isForeignKeyViolation(e) ? storeErr('NOT_FOUND', `no user ${m.userId}`) : undefined),
    );
  }

  listChatMessages(channel: string, limit: number): Promise<StoreResult<readonly ChatMessage[]>> {
    return this.#read(async () => {
      const l = checkLimit(limit, 500);
      if (!l.ok) return l;
      const rows = await this.#db.selectFrom('chat_messages').selectAll().where('channel', '=', channel).orderBy('id', 'desc').limit(l.value).execute();
      return storeOk(rows.reverse().map((r) => ({ id: num(r.id), channel: r.channel, userId: r.user_id, text: r.text, createdAt: num(r.created_at) })));
    });
  }

  // ------------------------------------------------------------ blocks

  addBlock(userId: string, blockedId: string, at: number): Promise<StoreResult<void>> {
    return this.#run(
      async () => {
        if (userId === blockedId) return storeErr('BAD_INPUT', 'a user cannot block themselves');
        const t = checkTime(at, 'at');
        if (!t.ok) return t;
        await this.#db
          .insertInto('blocks')
          .values({ user_id: userId, blocked_id: blockedId, created_at: at })
          .onConflict((oc) => oc.columns(['user_id', 'blocked_id']).doNothing())
          .execute();
        return storeOk(undefined);
      },
      (e) => (isForeignKeyViolation(e) ? storeErr('NOT_FOUND', 'no such user') : undefined),
    );
  }

  removeBlock(userId: string, blockedId: string): Promise<StoreResult<void>> {
    return this.#run(async () => {
      await this.#db.deleteFrom('blocks').where('user_id', '=', userId).where('blocked_id', '=', blockedId).execute();
      return storeOk(undefined);
    });
  }

  listBlocks(userId: string): Promise<StoreResult<readonly string[]>> {
    return this.#read(async () => {
      const rows = await this.#db.selectFrom('blocks').select('blocked_id').where('user_id', '=', userId).orderBy('created_at').orderBy('blocked_id').execute();
      return storeOk(rows.map((r) => r.blocked_id));
    });
  }

  // ------------------------------------------------------------ ratings

  getRating(userId: string, variant: VariantId): Promise<StoreResult<RatingRecord>> {
    return this.#read(async () => {
      const r = await this.#db.selectFrom('ratings').selectAll().where('user_id', '=', userId).where('variant', '=', variant).executeTakeFirst();
      return r ? storeOk(ratingFromRow(r)) : storeErr('NOT_FOUND', `user ${userId} has no ${variant} rating`);
    });
  }

  topPlayers(variant: VariantId, limit: number): Promise<StoreResult<readonly LeaderboardEntry[]>> {
    return this.#read(async () => {
      const l = checkLimit(limit, 100);
      if (!l.ok) return l;
      const rows = await this.#db
        .selectFrom('ratings')
        .innerJoin('users', 'users.id', 'ratings.user_id')
        .selectAll('ratings')
        .select(['users.username', 'users.display_name'])
        .where('ratings.variant', '=', variant)
        .where('users.is_guest', '=', 0)
        .orderBy('ratings.rating', 'desc')
        .orderBy('ratings.games', 'desc')
        .orderBy('ratings.user_id')
        .limit(l.value)
        .execute();
      return storeOk(rows.map((r) => ({ ...ratingFromRow(r), username: r.username, displayName: r.display_name })));
    });
  }

  // ------------------------------------------------------------ chips

  openChips(userId: string, grant: number, at: number): Promise<StoreResult<ChipBalance>> {
    return this.#run(
      async () => {
        const g = checkChipGrant(grant);
        if (!g.ok) return g;
        const t = checkTime(at, 'at');
        if (!t.ok) return t;
        return this.#db.transaction().execute(async (trx): Promise<StoreResult<ChipBalance>> => {
          // Of two first calls at once, one inserts the account (and grants), the other waits on the key and does nothing.
          const opened = await trx
            .insertInto('chip_accounts')
            .values([
              { id: freeAccount(userId), user_id: userId, balance: 0 },
              { id: heldAccount(userId), user_id: userId, balance: 0 },
            ])
            .onConflict((oc) => oc.column('id').doNothing())
            .executeTakeFirst();
          if (Number(opened.numInsertedOrUpdatedRows ?? 0n) > 0 && g.value > 0) await move(trx, grantMove(userId, g.value), null, at);
          const rows = await trx
            .selectFrom('chip_accounts')
            .select(['id', 'balance'])
            .where('id', 'in', [freeAccount(userId), heldAccount(userId)])
            .execute();
          const balance = (id: string) => num(rows.find((r) => r.id === id)?.balance ?? 0);
          return storeOk({ userId, free: balance(freeAccount(userId)), held: balance(heldAccount(userId)) });
        });
      },
      (e) => (isForeignKeyViolation(e) ? storeErr('NOT_FOUND', `no user ${userId}`) : undefined),
    );
  }

  listChipEntries(userId: string, limit: number): Promise<StoreResult<readonly ChipEntry[]>> {
    return this.#read(async () => {
      const l = checkLimit(limit, 100);
      if (!l.ok) return l;
      const rows = await this.#db
        .selectFrom('chip_entries')
        .selectAll()
        .where('account', 'in', [freeAccount(userId), heldAccount(userId)])
        .orderBy('id', 'desc')
        .limit(l.value)
        .execute();
      return storeOk(rows.map(chipEntryFromRow));
    });
  }

  auditChips(): Promise<StoreResult<readonly string[]>> {
    return this.#read(async () =>
      // One snapshot of the three tables (SQLite's transaction is one; PostgreSQL needs repeatable read for it).
      this.#db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          const accounts = await trx.selectFrom('chip_accounts').select(['id', 'balance']).execute();
          const entries = await trx.selectFrom('chip_entries').selectAll().orderBy('id').execute();
          const ended = await trx.selectFrom('games').select('id').where('status', 'in', ['finished', 'aborted']).execute();
          return storeOk(
            auditLedger(
              accounts.map((a) => ({ id: a.id, balance: num(a.balance) })),
              entries.map(chipEntryFromRow),
              new Set(ended.map((x) => x.id)),
            ),
          );
        }),
    );
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.database.close();
  }
}
