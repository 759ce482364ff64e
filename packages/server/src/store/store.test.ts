import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { KyselyStore, openStore } from './kysely-store.js';
import { migrateToLatest } from './migrations.js';
import { PG_URL, pgSchema } from './pg.suite.js';
import { chipsSuite } from './chips.suite.js';
import { ratingsSuite } from './ratings.suite.js';
import { expectStoreError, must, newGame, storeSuite, type StoreFactory, type StoreHandle } from './store.suite.js';

const tempDir = (): { dir: string; cleanup: () => Promise<void> } => {
  const dir = mkdtempSync(join(tmpdir(), 'nardy-store-'));
  return { dir, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
};

async function sqliteStore(url: string, cleanup?: () => Promise<void>): Promise<StoreHandle> {
  return { store: must(await openStore(url)), ...(cleanup ? { cleanup } : {}) };
}

async function pgStore(url: string): Promise<StoreHandle> {
  const { schema, drop } = await pgSchema(url);
  return { store: must(await openStore(url, { schema, poolSize: 4 })), cleanup: drop };
}

const sqliteMemory: StoreFactory = () => sqliteStore(':memory:');
storeSuite('SQLite :memory:', sqliteMemory);
storeSuite('SQLite file', () => {
  const t = tempDir();
  return sqliteStore(join(t.dir, 'sub', 'nardy.db'), t.cleanup);
});
chipsSuite('SQLite :memory:', sqliteMemory, { propertyRuns: 100 });
ratingsSuite('SQLite :memory:', sqliteMemory);
if (PG_URL !== undefined) {
  const url = PG_URL;
  storeSuite('PostgreSQL', () => pgStore(url));
  chipsSuite('PostgreSQL', () => pgStore(url), { propertyRuns: 10 });
  ratingsSuite('PostgreSQL', () => pgStore(url));
}

describe('openDatabase and migrations', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups) await c();
  });

  it('SQLite file: WAL, foreign keys; a second migration run is a no-op and keeps the data', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const file = join(t.dir, 'data', 'nardy.db');
    const d = must(await openDatabase(file));
    expect(d.dialect).toBe('sqlite');
    const applied = must(await migrateToLatest(d.db, { dialect: d.dialect }));
    expect(applied.slice(0, 4)).toEqual(['0001_initial', '0002_chips', '0003_display_key', '0004_private_games']);
    expect(applied).toContain('0006_name_keys');
    const store = new KyselyStore(d);
    const u = must(await store.createUser({ username: 'anna', passwordHash: null, createdAt: 1 }));
    expect(must(await migrateToLatest(d.db, { dialect: d.dialect }))).toEqual([]);
    await store.close();
    // Reopen (a restart): migrating again changes nothing and the row is there.
    const again = must(await openStore(file));
    expect(must(await again.findUserByName('ANNA'))).toEqual(u);
    await again.close();
    const Better = (await import('better-sqlite3')).default;
    const raw = new Better(file, { readonly: true });
    expect(raw.pragma('journal_mode', { simple: true })).toBe('wal');
    raw.close();
  });

  it('SQLite: a path that cannot be created is DB_UNAVAILABLE, not a throw', async () => {
    const t = tempDir();
    cleanups.push(t.cleanup);
    const blocker = join(t.dir, 'file');
    (await import('node:fs')).writeFileSync(blocker, 'x');
    expectStoreError(await openDatabase(join(blocker, 'nardy.db')), 'DB_UNAVAILABLE', /cannot open SQLite/);
  });

  it('PostgreSQL: a bad URL is BAD_INPUT', async () => {
    expectStoreError(await openDatabase('postgres://[bad'), 'BAD_INPUT');
  });

  it('PostgreSQL: a dead connection (nothing listening) is DB_UNAVAILABLE, not a throw', async () => {
    const opened = must(await openDatabase('postgres://postgres@127.0.0.1:1/none', { timeoutMs: 2000 }));
    expectStoreError(await migrateToLatest(opened.db, { dialect: 'postgres' }), 'DB_UNAVAILABLE', /migration failed/);
    const store = new KyselyStore(opened);
    expectStoreError(await store.findUserByName('anna'), 'DB_UNAVAILABLE');
    expectStoreError(
      await store.appendAction('g', 1, { action: { type: 'opening', dice: { p1: 1, p2: 2 } }, seat: null, timeUsedMs: null, createdAt: 0 }),
      'DB_UNAVAILABLE',
    );
    expectStoreError(await openStore('postgres://postgres@127.0.0.1:1/none', { timeoutMs: 2000 }), 'DB_UNAVAILABLE');
    await store.close();
  });

  describe.skipIf(PG_URL === undefined)('PostgreSQL (NARDY_TEST_PG_URL)', () => {
    const url = PG_URL ?? '';

    it('migrates once when two processes start together; a second run is a no-op', async () => {
      const { schema, drop } = await pgSchema(url);
      cleanups.push(drop);
      const a = must(await openDatabase(url, { schema }));
      const b = must(await openDatabase(url, { schema }));
      const [ra, rb] = await Promise.all([migrateToLatest(a.db, { dialect: 'postgres', schema }), migrateToLatest(b.db, { dialect: 'postgres', schema })]);
      const applied = [...must(ra), ...must(rb)];
      expect(applied.slice(0, 4)).toEqual(['0001_initial', '0002_chips', '0003_display_key', '0004_private_games']);
      expect(applied.filter((m) => m === '0006_name_keys')).toHaveLength(1);
      expect(must(await migrateToLatest(a.db, { dialect: 'postgres', schema }))).toEqual([]);
      const store = new KyselyStore(a);
      must(await store.createUser({ username: 'anna', passwordHash: null, createdAt: 1 }));
      expect(must(await new KyselyStore(b).findUserByName('Anna')).username).toBe('anna');
      await store.close();
      await b.close();
    });

    /** Terminates a backend from outside (what a database restart or a network cut does) and waits until it is gone. */
    async function killBackend(pid: number): Promise<void> {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        await admin.query('select pg_terminate_backend($1)', [pid]);
        for (let i = 0; i < 200; i++) {
          const { rowCount } = await admin.query('select 1 from pg_stat_activity where pid = $1', [pid]);
          if (rowCount === 0) return;
          await new Promise((r) => setTimeout(r, 10));
        }
        throw new Error(`backend ${pid} did not go`);
      } finally {
        await admin.end();
      }
    }

    const backendPid = async (store: KyselyStore): Promise<number> =>
      (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.database.db)).rows[0]!.pid;

    /** A store on one pooled connection with an active game, and that connection's backend pid. */
    async function oneConnectionStore(): Promise<{ store: KyselyStore; gameId: string; pid: number }> {
      const { schema, drop } = await pgSchema(url);
      cleanups.push(drop);
      const store = must(await openStore(url, { schema, poolSize: 1 }));
      const g = must(await store.createGame(newGame({ status: 'active' })));
      return { store, gameId: g.id, pid: await backendPid(store) };
    }

    /** Appends the opening and reads the log back: both must work. */
    async function appendAndLoad(store: KyselyStore, gameId: string): Promise<void> {
      must(await store.appendAction(gameId, 1, { action: { type: 'opening', dice: { p1: 3, p2: 1 } }, seat: null, timeUsedMs: null, createdAt: 0 }));
      expect(must(await store.loadGame(gameId)).actions.length).toBe(1);
    }

    it('an idle connection killed under a live store is replaced: the next write and read work', async () => {
      const { store, gameId, pid } = await oneConnectionStore();
      await killBackend(pid);
      await appendAndLoad(store, gameId);
      expect(await backendPid(store)).not.toBe(pid);
      await store.close();
    });

    it('a query whose connection dies under it fails alone: the very next calls get a fresh connection, and nothing crashes', async () => {
      const { store, gameId, pid } = await oneConnectionStore();
      // The backend ends itself under the query (57P01, as in a database restart). pg would hand the same client
      // out again before its socket's end is seen, and that client's 'error', emitted while checked out, would
      // crash the process.
      await expect(sql`select pg_terminate_backend(pg_backend_pid())`.execute(store.database.db)).rejects.toThrow(/terminat/);
      await appendAndLoad(store, gameId);
      expect(await backendPid(store)).not.toBe(pid);
      await store.close();
    });

    it('reads right after the connection is killed from outside work (a read meeting the dying connection is retried)', async () => {
      const { store, gameId } = await oneConnectionStore();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      try {
        for (let i = 0; i < 10; i++) {
          await admin.query('select pg_terminate_backend($1)', [await backendPid(store)]);
          expect(must(await store.loadGame(gameId)).game.id).toBe(gameId);
        }
      } finally {
        await admin.end();
      }
      await store.close();
    });
  });
});
