import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import { startCheckpointer } from './checkpointer.js';
import { classifyError } from './errors.js';
import type { DB } from './schema.js';
import { storeErr, storeOk, type StoreResult } from './types.js';

export type Dialect = 'sqlite' | 'postgres';

/** The default `DATABASE_URL`: an SQLite file under the working directory. */
export const DEFAULT_DATABASE_URL = 'data/nardy.db';

export interface Database {
  readonly db: Kysely<DB>;
  readonly dialect: Dialect;
  /** PostgreSQL: the schema in use when not `public` (tests). */
  readonly schema?: string;
  /** A description for logs, without any password. */
  readonly description: string;
  /** Closes the pool or file; idempotent. */
  close(): Promise<void>;
}

export interface OpenOptions {
  /** PostgreSQL only: use this schema (it must exist) instead of `public`, e.g. one per test run. */
  readonly schema?: string;
  /** PostgreSQL only: pool size (default 10). */
  readonly poolSize?: number;
  /** PostgreSQL: how long to wait for a connection; SQLite: the busy timeout (default 5000 ms). */
  readonly timeoutMs?: number;
}

const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** How many prepared SQLite statements are kept: the server's queries are a few dozen shapes. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Kysely prepares every query anew; on the server's hot path (an action append is BEGIN, UPDATE, INSERT, COMMIT)
 * preparing cost as much as running (bench/RESULTS.md, server profile). Statements are reusable, so the same
 * SQL text gets the same statement, least recently used first out. Kysely runs one query at a time on its single
 * SQLite connection, so a cached statement is never in use twice.
 */
function withStatementCache(sqlite: BetterSqlite3.Database): { prepare(sql: string): BetterSqlite3.Statement; close(): void } {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql) {
      let stmt = cache.get(sql);
      if (stmt) cache.delete(sql);
      else {
        stmt = sqlite.prepare(sql);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, stmt);
      return stmt;
    },
    close: () => sqlite.close(),
  };
}

/**
 * The pg Pool as Kysely sees it, made safe against dead connections. pg hands a client back to the pool after a
 * failed query unless told otherwise, so a connection killed under a query (a database restart) was handed out
 * again and failed the next call too; and the client's own 'error' event, emitted while it is checked out, has no
 * listener and killed the process. Here a client whose query failed for want of a connection is destroyed on
 * release, and client and pool errors are absorbed: the query that met them has already been rejected.
 */
function evictingPool(pool: pg.Pool): PostgresPool {
  // An idle client losing its connection emits 'error' on the pool (pg then drops it); unhandled, that would kill the process.
  pool.on('error', () => {});
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let dead = false;
    client.on('error', () => {
      dead = true;
    });
    const query = (...args: unknown[]): unknown => {
      const r = (client.query as (...a: unknown[]) => unknown)(...args);
      if (!(r instanceof Promise)) return r;
      return r.catch((e: unknown) => {
        if (classifyError(e).code === 'DB_UNAVAILABLE') dead = true;
        throw e;
      });
    };
    return { query: query as PostgresPoolClient['query'], release: (destroy) => client.release(destroy === true || dead) };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let w = wrappers.get(client);
      if (!w) wrappers.set(client, (w = wrap(client)));
      return w;
    },
    end: () => pool.end(),
  };
}

/**
 * Opens `DATABASE_URL`: a `postgres://` or `postgresql://` URL gives a pg Pool; anything else is an SQLite file path
 * (its folder is created) or `:memory:`. Nothing is migrated here (see `migrateToLatest`).
 *
 * SQLite runs in WAL mode with `synchronous=NORMAL`: a commit has reached the OS (the WAL write) before it
 * returns, so an acknowledged append survives a SIGKILL of the process (the crash test checks it); only an OS
 * crash or power cut could lose the last commits before the next checkpoint. FULL (an fsync per commit) would
 * cover that too, but on the server's single thread it queued every game behind the disk: at 2,000 concurrent
 * games the move→ack p99 was 1.8 s (bench/RESULTS.md). Deployments that need power-loss durability use
 * PostgreSQL. Foreign keys are on; a busy timeout makes a second process wait instead of failing at once.
 *
 * PostgreSQL connects lazily: a bad host or port shows up as DB_UNAVAILABLE from the first query, not here.
 * A connection that dies (a database restart, a network cut) never crashes the process and is never reused
 * (`evictingPool`).
 */
export async function openDatabase(url: string, opts: OpenOptions = {}): Promise<StoreResult<Database>> {
  const timeoutMs = opts.timeoutMs ?? 5000;
  if (isPostgresUrl(url)) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return storeErr('BAD_INPUT', 'DATABASE_URL is not a valid postgres:// URL');
    }
    if (opts.schema !== undefined && !SCHEMA_NAME.test(opts.schema)) {
      return storeErr('BAD_INPUT', `bad schema name '${opts.schema}'`);
    }
    const pool = new pg.Pool({
      connectionString: url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: timeoutMs,
      ...(opts.schema !== undefined ? { options: `-c search_path=${opts.schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: evictingPool(pool) }) });
    let closed = false;
    parsed.password = parsed.password ? '***' : '';
    return storeOk({
      db,
      dialect: 'postgres',
      ...(opts.schema !== undefined ? { schema: opts.schema } : {}),
      description: `PostgreSQL ${parsed.host}${parsed.pathname}${opts.schema !== undefined ? ` (schema ${opts.schema})` : ''}`,
      close: async () => {
        if (closed) return;
        closed = true;
        await db.destroy().catch(() => {});
      },
    });
  }

  const memory = url === ':memory:';
  const file = memory ? url : resolve(url.replace(/^(sqlite|file):(\/\/)?/i, ''));
  let sqlite: BetterSqlite3.Database;
  try {
    if (!memory) mkdirSync(dirname(file), { recursive: true });
    sqlite = new BetterSqlite3(file, { timeout: timeoutMs });
    if (!memory) {
      const mode = sqlite.pragma('journal_mode = WAL', { simple: true });
      if (String(mode).toLowerCase() !== 'wal') throw new Error(`could not switch ${file} to WAL mode (got ${String(mode)})`);
    }
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma(`busy_timeout = ${Math.max(0, Math.floor(timeoutMs))}`);
    sqlite.pragma('foreign_keys = ON');
  } catch (e) {
    const c = classifyError(e);
    return storeErr(c.code === 'DB_ERROR' ? 'DB_UNAVAILABLE' : c.code, `cannot open SQLite database '${file}': ${c.message}`);
  }
  // A file's WAL is checkpointed on a thread of its own (checkpointer.ts); `:memory:` has no WAL.
  const checkpointer = memory ? null : startCheckpointer(sqlite, file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  let closed = false;
  return storeOk({
    db,
    dialect: 'sqlite',
    description: memory ? 'SQLite in memory' : `SQLite ${file}`,
    close: async () => {
      if (closed) return;
      closed = true;
      await checkpointer?.close();
      await db.destroy().catch(() => {});
    },
  });
}
