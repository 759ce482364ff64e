/**
 * The WAL checkpointer's thread (see checkpointer.ts): its own connection to the SQLite file copies committed
 * WAL pages into the database every `everyMs` (PASSIVE: it never waits for, nor blocks, the server's writes).
 * 'close' from the parent: one last checkpoint, then the thread ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';

const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new BetterSqlite3(file, { timeout: 5000 });
const checkpoint = (): void => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (e) {
    parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) });
  }
};
const timer = setInterval(checkpoint, everyMs);
parentPort?.on('message', (m: unknown) => {
  if (m !== 'close') return;
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort?.close();
});
