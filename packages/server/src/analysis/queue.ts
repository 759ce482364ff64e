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
  /** Jobs run at once (`ANALYSIS_WORKERS`). */
  readonly concurrency: number;
  readonly time: TimeSource;
  readonly log: Log;
  readonly events: QueueEvents;
}

interface Running {
  readonly controller: AbortController;
  done: number;
  total: number;
  /** When the progress was last written (it is written at most once a second). */
  savedAt: number;
  /** Settles when the job has ended and its end is stored. */
  finished?: Promise<void>;
}

const keyOf = (gameId: string, ply: number): string => `${ply}:${gameId}`;

/** Progress is written to the store at most this often (the watchers hear every step). */
const SAVE_EVERY_MS = 1000;

/**
 * The analysis queue. The store is the queue (table `analyses`): a free slot takes the next queued job (a person's
 * before automatic ones, oldest first), marks it running and runs it; the result or the error is stored. Jobs left
 * `running` by a process that died go back to the queue when the next one starts; a stop (`close`) puts its running
 * jobs back too. At most `concurrency` jobs run at once, each on its own analysis worker, so the bots' pool is
 * never waited on.
 */
export class AnalysisQueue {
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
      const entry: Running = { controller, done: 0, total: 0, savedAt: this.opts.time.now() };
      this.#running.set(keyOf(job.gameId, job.ply), entry);
      entry.finished = this.#run(job, entry).finally(() => {
        this.#running.delete(keyOf(job.gameId, job.ply));
        this.kick();
      });
    }
  }

  async #run(job: AnalysisRecord, entry: Running): Promise<void> {
    const { store, time, log, events } = this.opts;
    const { gameId, ply } = job;
    let end: { readonly result: Json } | { readonly error: string };
    try {
      const loaded = await store.loadGame(gameId);
      if (!loaded.ok) throw new Error(`the game could not be read: ${loaded.error.message}`);
      const { game, actions } = loaded.value;
      const names = game.imported?.names ?? { p1: await this.#nameOf(game.p1), p2: await this.#nameOf(game.p2) };
      const onProgress = (done: number, total: number): void => {
        entry.done = done;
        entry.total = total;
        events.progress(gameId, ply, done, total);
        if (time.now() - entry.savedAt >= SAVE_EVERY_MS) {
          entry.savedAt = time.now();
          void store.analyses.progressAnalysis(gameId, ply, done, total);
        }
      };
      end = {
        result: await this.opts.analyser({ settings: game.settings, actions: actions.map((a) => a.action), ply, names }, onProgress, entry.controller.signal),
      };
      if (entry.total > 0) await store.analyses.progressAnalysis(gameId, ply, entry.total, entry.total);
    } catch (e) {
      if (entry.controller.signal.aborted) {
        // Stopped with the server: back to the queue, to run again at the next start.
        await store.analyses.requeueAnalyses({ gameId, ply });
        return;
      }
      end = { error: e instanceof Error ? e.message : String(e) };
      log.warn({ gameId, ply, err: e }, 'an analysis failed');
    }
    const stored = await store.analyses.endAnalysis(gameId, ply, end, time.now());
    if (!stored.ok) {
      log.error({ gameId, ply, code: stored.error.code }, 'an analysis could not be stored');
      return;
    }
    events.ended(gameId, ply, 'error' in end ? end.error : null);
  }

  async #nameOf(o: SeatOccupant): Promise<string> {
    if (o === null) return '?';
    if ('bot' in o) {
      const level = botLevelOf(o.bot);
      return level === null ? o.bot : botName(level);
    }
    const u = await this.opts.store.findUserById(o.userId);
    return u.ok ? u.value.displayName : '?';
  }
}
