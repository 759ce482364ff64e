import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';

/** How often the checkpointer thread copies the WAL into the database file. */
export const CHECKPOINT_EVERY_MS = 1000;

/** SQLite's own automatic checkpoint threshold (pages), restored when the thread is gone. */
const AUTO_CHECKPOINT_PAGES = 1000;

/**
 * The built worker entry: `checkpoint-worker.js` beside this module in dist/; from source (vitest) the package's
 * built copy, as the AI's worker pool does.
 */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/store/checkpoint-worker.js', here) : new URL('./checkpoint-worker.js', here);
}

export interface Checkpointer {
  /** Whether checkpoints run on the thread (false: SQLite's automatic ones on the server's connection). */
  readonly threaded: boolean;
  /** Last checkpoint and end of the thread; idempotent. */
  close(): Promise<void>;
}

/**
 * SQLite's automatic WAL checkpoint runs inside whichever commit crosses the threshold, on the server's one
 * thread: it copies ~1000 pages and syncs the file while every game waits (measured: p99.9 of a commit 20 ms
 * instead of 7, 40 % of all commit time). So the server's connection turns it off and a worker thread with its own
 * connection checkpoints every second. Should the thread fail or be missing (no build), the automatic checkpoint
 * comes back, so the WAL never grows without bound.
 */
export function startCheckpointer(sqlite: BetterSqlite3.Database, file: string, onError: (message: string) => void = () => {}): Checkpointer {
  const url = workerUrl();
  if (!existsSync(fileURLToPath(url))) return { threaded: false, close: async () => {} };
  const worker = new Worker(url, { workerData: { file, everyMs: CHECKPOINT_EVERY_MS } });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let closing = false;
  const fallBack = (why: string): void => {
    if (closing) return;
    closing = true;
    onError(why);
    try {
      sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
    } catch {
      // The connection is already closed: nothing to restore.
    }
  };
  worker.on('message', (m: { error?: string }) => m.error && onError(`WAL checkpoint: ${m.error}`));
  worker.on('error', (e) => fallBack(`the WAL checkpointer failed: ${e.message}`));
  worker.on('exit', (code) => fallBack(`the WAL checkpointer stopped (${code})`));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    threaded: true,
    close: async () => {
      if (!closing) {
        closing = true;
        worker.postMessage('close');
      }
      await exited;
    },
  };
}
