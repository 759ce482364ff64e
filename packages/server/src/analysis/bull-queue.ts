import { Queue, QueueEvents, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { AnalysisRecord } from '../store/index.js';
import { runJob, type JobQueue, type QueueFactory, type QueueOptions } from './queue.js';

export interface BullQueueOptions {
  /** Redis (`REDIS_URL`). */
  readonly connection: string;
  /** The prefix of the queue's Redis keys (default `nardy`); tests give each their own. */
  readonly prefix?: string;
  /** How long a job's lock lasts without renewal (ms, default 10 s); its worker renews it every half of it. */
  readonly lockDurationMs?: number;
  /** How often each worker looks for jobs whose worker died (ms, default 5 s). */
  readonly stalledIntervalMs?: number;
}

/** The queue's name in Redis. */
const NAME = 'analysis';
/** A person's request runs before automatic ones (BullMQ: the lower the sooner). */
const PERSON = 1;
const AUTOMATIC = 2;
/** How long `start` waits for Redis before going on without it, and `close` for BullMQ's goodbyes. */
const READY_WAIT_MS = 2_000;
const CLOSE_WAIT_MS = 5_000;
/** Progress goes over Redis at most this often per job (and always its last step; wall clock: it paces traffic). */
const PROGRESS_EVERY_MS = 200;
/** Times a job whose worker died is taken over; after that it fails. */
const MAX_STALLED = 2;
/** How often the store's queue is compared with BullMQ's (`#sweep`). */
const SWEEP_MS = 60_000;
/** Tries of a job whose processor could not reach the store (the analyser's own failures are stored, not retried). */
const ATTEMPTS = 3;

/**
 * A job's BullMQ id is its natural key, so that the same game and ply is never queued twice whichever instance asks;
 * BullMQ refuses `:` in ids, which game ids may hold (`~` they may not).
 */
const jobIdOf = (gameId: string, ply: number): string => `${ply}~${gameId.replaceAll(':', '~')}`;
const keyOfJobId = (id: string): { readonly gameId: string; readonly ply: number } => ({ ply: Number(id[0]), gameId: id.slice(2).replaceAll('~', ':') });

/** What a job's processor returns (the `completed` event carries it to every instance). */
interface Outcome {
  readonly error: string | null;
}

/**
 * The analysis queue on BullMQ (issue 43), for several instances sharing Redis and the store: `add` puts the job in
 * a BullMQ queue under its natural key (a second add of it is nothing), and every instance's Worker (`concurrency`
 * = `ANALYSIS_WORKERS`) takes jobs from it and runs them as the memory queue does (`runJob`: the store's row marked
 * running, the analyser on a thread, the end stored). Progress and ends come back through BullMQ's QueueEvents, which
 * every instance reads: each tells its own watchers, whichever instance ran the job.
 *
 * A worker's instance killed mid-job: its lock (`lockDurationMs`, 10 s) is no longer renewed, and another instance's
 * stalled check (every `stalledIntervalMs`, 5 s) puts the job back in the queue — 10 to 20 s after the kill — for
 * any worker to run from the start (the store's row, still `running`, is taken over); after `MAX_STALLED` such
 * takeovers it fails. A graceful stop puts its jobs back at once. Redis down: `up` is false and new jobs are refused
 * (`CLUSTER_UNAVAILABLE`); BullMQ's connections come back by themselves, and the jobs with them.
 */
export function bullQueue(o: BullQueueOptions): QueueFactory {
  return (opts) => new BullQueue(o, opts);
}

class BullQueue implements JobQueue {
  /** Commands fail at once while Redis is down (no offline queue), so a request is answered, not held. */
  readonly #client: Redis;
  readonly #queue: Queue;
  readonly #events: QueueEvents;
  #worker: Worker | null = null;
  #sweeper: NodeJS.Timeout | undefined;
  /** The latest progress heard of each running job (from any instance). */
  readonly #progress = new Map<string, { done: number; total: number }>();
  /** Jobs running here: stopped (and put back) by `close`. */
  readonly #running = new Set<AbortController>();
  /** The blocking connections made for BullMQ, closed with the queue. */
  readonly #blockers: Redis[] = [];

  constructor(
    private readonly o: BullQueueOptions,
    private readonly opts: QueueOptions,
  ) {
    const prefix = o.prefix ?? 'nardy';
    this.#client = new Redis(o.connection, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
    this.#client.on('error', () => {}); // told through `up`; ioredis reconnects by itself
    this.#queue = new Queue(NAME, { connection: this.#client, prefix });
    this.#queue.on('error', () => {});
    this.#events = new QueueEvents(NAME, { connection: this.#blocking(), prefix });
    this.#events.on('error', (e) => opts.log.warn({ err: e }, 'analysis queue events'));
    this.#events.on('progress', ({ jobId, data }) => {
      const { gameId, ply } = keyOfJobId(jobId);
      const p = data as { done?: unknown; total?: unknown };
      if (typeof p.done !== 'number' || typeof p.total !== 'number') return;
      this.#progress.set(jobId, { done: p.done, total: p.total });
      opts.events.progress(gameId, ply, p.done, p.total);
    });
    this.#events.on('completed', ({ jobId, returnvalue }) => {
      const { gameId, ply } = keyOfJobId(jobId);
      this.#progress.delete(jobId);
      opts.events.ended(gameId, ply, (returnvalue as Outcome | null)?.error ?? null);
    });
    this.#events.on('failed', ({ jobId, failedReason }) => {
      const { gameId, ply } = keyOfJobId(jobId);
      this.#progress.delete(jobId);
      // Only when BullMQ gives up (its retries go back to the queue without this event).
      void this.#markFailed(gameId, ply, failedReason)
        .catch((e: unknown) => opts.log.error({ gameId, ply, err: e }, 'a failed analysis could not be stored'))
        .then(() => opts.events.ended(gameId, ply, failedReason));
    });
  }

  get up(): boolean {
    return this.#client.status === 'ready';
  }

  async start(): Promise<void> {
    // Listening before working, so that no progress is missed; but a Redis down at start does not hold the server.
    const ready = Promise.all([this.#events.waitUntilReady(), this.#queue.waitUntilReady()]).catch(() => undefined);
    await Promise.race([ready, new Promise((r) => setTimeout(r, READY_WAIT_MS))]);
    if (this.opts.concurrency === 0) return;
    this.#worker = new Worker(NAME, (job, token) => this.#process(job, token), {
      connection: this.#blocking(),
      prefix: this.o.prefix ?? 'nardy',
      concurrency: this.opts.concurrency,
      lockDuration: this.o.lockDurationMs ?? 10_000,
      stalledInterval: this.o.stalledIntervalMs ?? 5_000,
      maxStalledCount: MAX_STALLED,
    });
    this.#worker.on('error', (e) => this.opts.log.warn({ err: e }, 'analysis worker'));
    this.#client.on('ready', () => void this.#sweep());
    this.#sweeper = setInterval(() => void this.#sweep(), SWEEP_MS);
    this.#sweeper.unref();
    await this.#sweep();
  }

  /**
   * The store's next queued job, handed to BullMQ again if BullMQ has no such job: one whose hand-over failed with
   * the database, or lost with a Redis that came back empty. Its natural key makes this harmless when BullMQ has
   * it. One a pass (the store shows its head only), at start, when Redis comes back and every minute.
   */
  async #sweep(): Promise<void> {
    if (!this.up) return;
    const next = await this.opts.store.analyses.nextQueuedAnalysis();
    if (!next.ok || next.value === null) return;
    const known = await this.#queue.getJob(jobIdOf(next.value.gameId, next.value.ply)).catch(() => null);
    if (known === undefined && (await this.add(next.value))) this.opts.log.info({ gameId: next.value.gameId, ply: next.value.ply }, 'an analysis queued again');
  }

  async add(job: AnalysisRecord): Promise<boolean> {
    try {
      await this.#queue.add(
        'analysis',
        { gameId: job.gameId, ply: job.ply },
        {
          jobId: jobIdOf(job.gameId, job.ply),
          priority: job.requestedBy === null ? AUTOMATIC : PERSON,
          attempts: ATTEMPTS,
          backoff: { type: 'exponential', delay: 5_000 },
          // Gone once ended: the store keeps the result, and a failed job asked again is a new one.
          removeOnComplete: true,
          removeOnFail: true,
        },
      );
      return true;
    } catch (e) {
      this.opts.log.warn({ gameId: job.gameId, ply: job.ply, err: e }, 'an analysis could not be queued');
      return false;
    }
  }

  async promote(job: AnalysisRecord): Promise<void> {
    try {
      await (await this.#queue.getJob(jobIdOf(job.gameId, job.ply)))?.changePriority({ priority: PERSON });
    } catch {
      // Gone meanwhile, started, or Redis down: it runs at its old place.
    }
  }

  progressOf(gameId: string, ply: number): { readonly done: number; readonly total: number } | null {
    return this.#progress.get(jobIdOf(gameId, ply)) ?? null;
  }

  async close(): Promise<void> {
    clearInterval(this.#sweeper);
    const closing = Promise.all([this.#worker?.close(), this.#events.close(), this.#queue.close()]).catch(() => undefined);
    for (const c of this.#running) c.abort();
    // BullMQ's goodbyes wait for Redis: with Redis down, the connections are cut after a while instead.
    await Promise.race([closing, new Promise((r) => setTimeout(r, this.up ? CLOSE_WAIT_MS : 0))]);
    for (const c of [this.#client, ...this.#blockers]) c.disconnect();
  }

  /** A connection for BullMQ's blocking reads (which must wait for Redis, not fail). */
  #blocking(): Redis {
    const c = new Redis(this.o.connection, { maxRetriesPerRequest: null });
    c.on('error', () => {});
    this.#blockers.push(c);
    return c;
  }

  async #process(job: Job, token: string | undefined): Promise<Outcome> {
    const { store, time } = this.opts;
    const { gameId, ply } = keyOfJobId(job.id!);
    const row = await store.analyses.getAnalysis(gameId, ply);
    if (!row.ok) {
      if (row.error.code === 'NOT_FOUND') return { error: null };
      throw new Error('the database is unavailable');
    }
    // Already ended (a stale copy of the job): its end again, nothing run.
    if (row.value.status === 'done' || row.value.status === 'failed') return { error: row.value.status === 'failed' ? (row.value.error ?? 'failed') : null };
    // Still `running`: its worker died and BullMQ's lock makes this one its runner now.
    if (row.value.status === 'running') await store.analyses.requeueAnalyses({ gameId, ply });
    const started = await store.analyses.startAnalysis(gameId, ply, time.now());
    if (!started.ok) throw new Error(started.error.code === 'CONFLICT' ? 'the job was taken by another runner' : 'the database is unavailable');

    const controller = new AbortController();
    this.#running.add(controller);
    let sentAt = 0;
    const onProgress = (done: number, total: number): void => {
      if (done < total && Date.now() - sentAt < PROGRESS_EVERY_MS) return;
      sentAt = Date.now();
      job.updateProgress({ done, total }).catch(() => undefined);
    };
    try {
      const end = await runJob(this.opts, gameId, ply, onProgress, controller.signal);
      if (end === 'aborted') {
        // Stopped with this instance: back to the queue at once, for any worker.
        await store.analyses.requeueAnalyses({ gameId, ply });
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (end === null) throw new Error('the analysis could not be stored');
      return { error: 'error' in end ? end.error : null };
    } finally {
      this.#running.delete(controller);
    }
  }

  /**
   * A job BullMQ gave up on (its workers died too often, or the store stayed unreachable): its row marked failed so
   * that it can be asked again. Every instance hears of it and tries; the store's checks let one do it.
   */
  async #markFailed(gameId: string, ply: number, error: string): Promise<void> {
    const { store, time } = this.opts;
    const ended = await store.analyses.endAnalysis(gameId, ply, { error }, time.now());
    if (ended.ok || ended.error.code !== 'CONFLICT') return;
    const started = await store.analyses.startAnalysis(gameId, ply, time.now());
    if (started.ok) await store.analyses.endAnalysis(gameId, ply, { error }, time.now());
  }
}
