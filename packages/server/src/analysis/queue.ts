import type { AnalysisRecord, Json, SeatOccupant, Store } from '../store/index.js';
import type { TimeSource } from '../game/time.js';
import { botLevelOf, botName } from '../games/bots.js';
import type { Log } from '../games/manager.js';
import type { Analyser } from './analyser.js';

/** What the queue tells as jobs go (the module pushes it to the watchers). */
interface QueueEvents {
  progress(gameId: string, ply: number, done: number, total: number): void;
  ended(gameId: string, ply: number, error: string | null): void;
}

export interface QueueOptions {
  readonly store: Store;
  readonly analyser: Analyser;
  /** Jobs run at once on this instance (`ANALYSIS_WORKERS`). */
  readonly concurrency: number;
  readonly time: TimeSource;
  readonly log: Log;
  readonly events: QueueEvents;
}

/**
 * The analysis queue as the module sees it (issue 43): the store's, run by this process (`memoryQueue`, one
 * instance), or BullMQ's on Redis, run by every instance's workers (`bullQueue`, bull-queue.ts). Either way the
 * store holds each job's row (the truth the limits count and the HTTP read shows) and `events` hears of every job
 * that anyone watching here may care about.
 */
export interface JobQueue {
  /** Starts taking jobs (and, for the memory queue, takes back those a dead process left running). */
  start(): Promise<void>;
  /** Whether a new job can be handed over now (false: Redis is down, `CLUSTER_UNAVAILABLE`). */
  readonly up: boolean;
  /** The store has just queued `job`: run it, here or on another instance. false: it could not be handed over. */
  add(job: AnalysisRecord): Promise<boolean>;
  /** A person now asks for `job`, queued automatically: it goes before the automatic ones (best effort). */
  promote(job: AnalysisRecord): Promise<void>;
  /** The freshest progress known here of a running job, or null. */
  progressOf(gameId: string, ply: number): { readonly done: number; readonly total: number } | null;
  /** Stops: jobs running here go back to the queue (the next start, or another instance, runs them). */
  close(): Promise<void>;
}

/** How the app picks the queue: `memoryQueue` (the default) or `bullQueue({ connection, prefix })`. */
export type QueueFactory = (opts: QueueOptions) => JobQueue;

export const memoryQueue: QueueFactory = (opts) => new AnalysisQueue(opts);

interface Running {
  readonly controller: AbortController;
  done: number;
  total: number;
  /** Settles when the job has ended and its end is stored. */
  finished?: Promise<void>;
}

const keyOf = (gameId: string, ply: number): string => `${ply}:${gameId}`;

/** Progress is written to the store at most this often (the watchers hear every step). */
const SAVE_EVERY_MS = 1000;

/** How a job ended: stored as its result or its error; `aborted`: stopped with its server, nothing stored. */
export type JobEnd = { readonly result: Json } | { readonly error: string } | 'aborted';

/**
 * Runs one job the store has marked running, the same for both queues: reads the game, runs the analyser (its
 * progress to `onProgress` at every step, to the store once a second), and stores its end — but not when `signal`
 * aborted it (then the caller puts it back in the queue). null: the end could not be stored.
 */
export async function runJob(
  opts: Omit<QueueOptions, 'concurrency' | 'events'>,
  gameId: string,
  ply: number,
  onProgress: (done: number, total: number) => void,
  signal: AbortSignal,
): Promise<JobEnd | null> {
  const { store, time, log } = opts;
  let end: JobEnd;
  let total = 0;
  try {
    const loaded = await store.loadGame(gameId);
    if (!loaded.ok) throw new Error(`the game could not be read: ${loaded.error.message}`);
    const { game, actions } = loaded.value;
    const names = game.imported?.names ?? { p1: await nameOf(store, game.p1), p2: await nameOf(store, game.p2) };
    let savedAt = time.now();
    const progress = (done: number, of: number): void => {
      total = of;
      onProgress(done, of);
      if (time.now() - savedAt >= SAVE_EVERY_MS) {
        savedAt = time.now();
        void store.analyses.progressAnalysis(gameId, ply, done, of);
      }
    };
    end = { result: await opts.analyser({ settings: game.settings, actions: actions.map((a) => a.action), ply, names }, progress, signal) };
    if (total > 0) await store.analyses.progressAnalysis(gameId, ply, total, total);
  } catch (e) {
    if (signal.aborted) return 'aborted';
    end = { error: e instanceof Error ? e.message : String(e) };
    log.warn({ gameId, ply, err: e }, 'an analysis failed');
  }
  const stored = await store.analyses.endAnalysis(gameId, ply, end, time.now());
  if (!stored.ok) {
    log.error({ gameId, ply, code: stored.error.code }, 'an analysis could not be stored');
    return null;
  }
  return end;
}

async function nameOf(store: Store, o: SeatOccupant): Promise<string> {
  if (o === null) return '?';
  if ('bot' in o) {
    const level = botLevelOf(o.bot);
    return level === null ? o.bot : botName(level);
  }
  const u = await store.findUserById(o.userId);
  return u.ok ? u.value.displayName : '?';
}

/**
 * The analysis queue. The store is the queue (table `analyses`): a free slot takes the next queued job (a person's
 * before automatic ones, oldest first), marks it running and runs it; the result or the error is stored. Jobs left
 * `running` by a process that died go back to the queue when the next one starts; a stop (`close`) puts its running
 * jobs back too. At most `concurrency` jobs run at once, each on its own analysis worker, so the bots' pool is
 * never waited on.
 */
class AnalysisQueue implements JobQueue {
  readonly up = true;
  readonly #running = new Map<string, Running>();
  #filling: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(private readonly opts: QueueOptions) {}

  /** Takes back the jobs a dead process left running, then starts the queue. */
  async start(): Promise<void> {
    const r = await this.opts.store.analyses.requeueAnalyses();
    if (!r.ok) this.opts.log.error({ code: r.error.code }, 'the analysis queue could not be resumed');
    else if (r.value > 0) this.opts.log.info({ requeued: r.value }, 'analyses resumed');
    this.kick();
  }

  async add(): Promise<boolean> {
    this.kick();
    return true;
  }

  /** The store's order is the queue's: nothing more to do. */
  async promote(): Promise<void> {}

  /** A job was queued: run it when a slot is free. */
  kick(): void {
    this.#filling = this.#filling.then(() => this.#fill());
  }

  /** Progress of a job running here (fresher than the store's). */
  progressOf(gameId: string, ply: number): { readonly done: number; readonly total: number } | null {
    const r = this.#running.get(keyOf(gameId, ply));
    return r ? { done: r.done, total: r.total } : null;
  }

  /** Stops: running jobs are aborted and go back to the queue (the next start runs them). */
  async close(): Promise<void> {
    this.#closed = true;
    await this.#filling;
    for (const r of this.#running.values()) r.controller.abort();
    await Promise.all([...this.#running.values()].map((r) => r.finished));
  }

  async #fill(): Promise<void> {
    const { store } = this.opts;
    while (!this.#closed && this.#running.size < this.opts.concurrency) {
      const next = await store.analyses.nextQueuedAnalysis();
      if (!next.ok || next.value === null) return;
      const job = next.value;
      const started = await store.analyses.startAnalysis(job.gameId, job.ply, this.opts.time.now());
      if (!started.ok) {
        // Another process took it (CONFLICT: look again), or the database is gone (stop until the next kick).
        if (started.error.code === 'CONFLICT') continue;
        return;
      }
      const controller = new AbortController();
      const entry: Running = { controller, done: 0, total: 0 };
      this.#running.set(keyOf(job.gameId, job.ply), entry);
      entry.finished = this.#run(job, entry).finally(() => {
        this.#running.delete(keyOf(job.gameId, job.ply));
        this.kick();
      });
    }
  }

  async #run(job: AnalysisRecord, entry: Running): Promise<void> {
    const { gameId, ply } = job;
    const onProgress = (done: number, total: number): void => {
      entry.done = done;
      entry.total = total;
      this.opts.events.progress(gameId, ply, done, total);
    };
    const end = await runJob(this.opts, gameId, ply, onProgress, entry.controller.signal);
    // Stopped with the server: back to the queue, to run again at the next start.
    if (end === 'aborted') await this.opts.store.analyses.requeueAnalyses({ gameId, ply });
    else if (end !== null) this.opts.events.ended(gameId, ply, 'error' in end ? end.error : null);
  }
}
