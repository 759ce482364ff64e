import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, expect, it, vi } from 'vitest';
import { CHECKPOINT_EVERY_MS, startCheckpointer } from './checkpointer.js';

const dir = mkdtempSync(join(tmpdir(), 'nardy-checkpoint-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh WAL database with one table, as the store opens its file. */
function open(name: string): BetterSqlite3.Database {
  const db = new BetterSqlite3(join(dir, name));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec('create table t (n integer primary key, body text)');
  return db;
}
const commit = (db: BetterSqlite3.Database, n: number): void => {
  const ins = db.prepare('insert into t (body) values (?)');
  for (let i = 0; i < n; i++) db.transaction(() => ins.run('x'.repeat(200)))();
};
const walFrames = (db: BetterSqlite3.Database): number => (db.pragma('wal_checkpoint(NOOP)') as { log: number }[])[0]!.log;

it('checkpoints the WAL on its own thread, with the automatic checkpoint off on the writer (dist built)', async () => {
  const db = open('threaded.db');
  const c = startCheckpointer(db, join(dir, 'threaded.db'));
  expect(c.threaded).toBe(true);
  expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
  commit(db, 3000);
  expect(walFrames(db)).toBeGreaterThan(1000);
  await new Promise((r) => setTimeout(r, CHECKPOINT_EVERY_MS * 2.5));
  // Every frame was copied back, so the next commit starts the WAL over.
  commit(db, 1);
  expect(walFrames(db)).toBeLessThan(10);
  await c.close();
  await c.close();
  expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 3001 });
  db.close();
});

it('leaves the automatic checkpoint on when the thread cannot run', async () => {
  const db = open('fallback.db');
  // A file that is not SQLite: the thread fails at once and the writer's automatic checkpoint comes back.
  const errors: string[] = [];
  const c = startCheckpointer(db, join(dir, 'no-such-dir', 'x.db'), (m) => errors.push(m));
  if (c.threaded) {
    // The thread's start and failure take a moment, longer on a loaded machine: wait for its report.
    await vi.waitFor(() => expect(errors.join()).toMatch(/checkpointer/), { timeout: 15_000, interval: 50 });
    expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  }
  commit(db, 3000);
  expect(walFrames(db)).toBeLessThan(1100);
  await c.close();
  db.close();
});
