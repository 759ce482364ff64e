import { Worker } from 'node:worker_threads';
import { staticEvaluator } from '../evaluator.js';
import type { Probabilities } from '../probabilities.js';
import { fallbackTurn, parseBotRequest, parseCubeRequest, type BotRequest, type BotTurn, type CubeRequest } from '../request.js';
import { useNodeData } from './files.js';

/** Why an answer is the fallback rather than the bot's choice. */
export type FallbackReason = 'timeout' | 'crash' | 'error' | 'closed';

export interface BotAnswer {
  readonly turn: BotTurn;
  /** null when the bot chose the turn; otherwise why the first legal turn was played instead. */
  readonly fallback: FallbackReason | null;
  /** Milliseconds from the request to the answer. */
  readonly ms: number;
}

/** The five numbers for a cube decision (`cubeDecision`'s evaluator), with the same bookkeeping. */
export interface CubeAnswer {
  readonly probabilities: Probabilities;
  /** null when the worker answered; otherwise why the static (0-ply) evaluation stands in. */
  readonly fallback: FallbackReason | null;
  readonly ms: number;
}

export interface BotPoolOptions {
  /** Worker threads (default 1). */
  readonly size?: number;
  /** The worker's entry; default `worker.js` next to this module's built code (see `defaultWorkerUrl`). */
  readonly workerUrl?: URL;
  /** Tests only: the workers honour `request.debug` (sleep, crash). */
  readonly allowDebug?: boolean;
}

/**
 * The built worker entry. From `dist/node/pool.js` it is `dist/node/worker.js` beside it; when this module runs
 * from source (`src/node/pool.ts` under vitest or tsx) it is the package's built `dist/node/worker.js`, so tests need
 * `tsc -b packages/ai` first (`npm test` builds).
 */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/node/worker.js', here) : new URL('./worker.js', here);
}

interface Job {
  readonly id: number;
  readonly kind: 'turn' | 'cube';
  readonly request: BotRequest | CubeRequest;
  readonly started: number;
  /** `Date.now()` by which the worker's search should have answered. */
  deadline?: number;
  /** The answer when the worker gives none (computed on this thread: cheap). */
  readonly fallback: () => unknown;
  readonly resolve: (value: unknown, fallback: FallbackReason | null, ms: number) => void;
  timer: ReturnType<typeof setTimeout> | undefined;
  done: boolean;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  /** Crashes since the worker last answered; at `MAX_FAILURES` the slot stops respawning (a broken entry file). */
  failures: number;
}

const MAX_FAILURES = 3;

/**
 * A pool of `worker_threads` bots. `chooseTurn` (and `cubeProbabilities`, whose fallback is the static evaluation)
 * always resolves within its budget: when the worker is
 * late, crashes or fails, the answer is the fallback (the first legal turn) and a late or crashed worker
 * is replaced. Requests wait in a queue while every worker is busy; their budget runs from the call.
 * Only an invalid request rejects (there is no legal turn to fall back on). A worker that crashes
 * `MAX_FAILURES` times in a row without answering is not restarted; with none left, every request gets
 * the fallback at once.
 */
export class BotPool {
  readonly size: number;
  private readonly url: URL;
  private readonly allowDebug: boolean;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers replaced after a timeout or a crash (for monitoring and tests). */
  replaced = 0;

  constructor(options: BotPoolOptions = {}) {
    useNodeData(); // the cube fallback evaluates on this thread
    this.size = Math.max(1, Math.floor(options.size ?? 1));
    this.url = options.workerUrl ?? defaultWorkerUrl();
    this.allowDebug = options.allowDebug ?? false;
    for (let i = 0; i < this.size; i++) {
      const slot: Slot = { worker: undefined as unknown as Worker, job: null, failures: 0 };
      slot.worker = this.spawn(slot);
      this.slots.push(slot);
    }
  }

  chooseTurn(request: BotRequest, budgetMs: number): Promise<BotAnswer> {
    const parsed = parseBotRequest(request);
    if (!parsed.ok) return Promise.reject(new Error(`bad bot request: ${parsed.error.message}`));
    return new Promise<BotAnswer>((resolve) =>
      this.submit(
        'turn',
        request,
        () => fallbackTurn(parsed.value),
        (turn, fallback, ms) => resolve({ turn: turn as BotTurn, fallback, ms }),
        budgetMs,
      ),
    );
  }

  /**
   * The five numbers of `request.position` for its side on roll at the level's cube look-ahead (`cubePlies`),
   * within the budget; the static evaluation when the worker cannot answer in time.
   */
  cubeProbabilities(request: CubeRequest, budgetMs: number): Promise<CubeAnswer> {
    const parsed = parseCubeRequest(request);
    if (!parsed.ok) return Promise.reject(new Error(`bad bot request: ${parsed.error.message}`));
    const { position, scoring } = parsed.value;
    return new Promise<CubeAnswer>((resolve) =>
      this.submit(
        'cube',
        request,
        () => staticEvaluator(position.variant, scoring)(position),
        (probabilities, fallback, ms) => resolve({ probabilities: probabilities as Probabilities, fallback, ms }),
        budgetMs,
      ),
    );
  }

  private submit(kind: Job['kind'], request: Job['request'], fallback: Job['fallback'], resolve: Job['resolve'], budgetMs: number): void {
    const job: Job = { id: this.nextId++, kind, request, started: Date.now(), fallback, resolve, timer: undefined, done: false };
    if (this.closed) return this.fallback(job, 'closed');
    // Leave a margin for computing the fallback and the callback's own latency.
    const budget = Math.max(0, budgetMs);
    const wait = Math.max(0, budget - Math.min(20, budget * 0.1));
    job.deadline = job.started + Math.max(0, wait - Math.min(50, wait * 0.2));
    job.timer = setTimeout(() => this.expire(job), wait);
    this.queue.push(job);
    this.dispatch();
  }

  /** Stops every worker; pending requests resolve with the fallback. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const job of this.queue.splice(0)) this.fallback(job, 'closed');
    await Promise.all(
      this.slots.map(async (slot) => {
        if (slot.job) this.fallback(slot.job, 'closed');
        slot.job = null;
        slot.worker.removeAllListeners();
        await slot.worker.terminate();
      }),
    );
  }

  private spawn(slot: Slot): Worker {
    const worker = new Worker(this.url, { workerData: { allowDebug: this.allowDebug } });
    worker.on('message', (msg: { id: number; ok: boolean; value?: unknown }) => {
      const job = slot.job;
      if (!job || job.id !== msg.id) return;
      slot.job = null;
      slot.failures = 0;
      if (msg.ok && msg.value !== undefined) this.finish(job, msg.value, null);
      else this.fallback(job, 'error');
      this.dispatch();
    });
    const lost = (): void => {
      if (slot.worker !== worker) return;
      const job = slot.job;
      slot.job = null;
      slot.failures++;
      this.replace(slot);
      if (job) this.fallback(job, 'crash');
      this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', lost);
    return worker;
  }

  private replace(slot: Slot): void {
    const old = slot.worker;
    old.removeAllListeners();
    old.on('error', () => {}); // an error while terminating is expected and harmless
    void old.terminate();
    this.replaced++;
    if (!this.closed && slot.failures < MAX_FAILURES) slot.worker = this.spawn(slot);
  }

  private alive(slot: Slot): boolean {
    return slot.failures < MAX_FAILURES;
  }

  private dispatch(): void {
    if (!this.slots.some((slot) => this.alive(slot))) {
      // Every worker keeps crashing (e.g. dist/worker.js missing): answer at once rather than wait out budgets.
      for (const job of this.queue.splice(0)) this.fallback(job, 'crash');
      return;
    }
    for (const slot of this.slots) {
      if (slot.job || this.closed || !this.alive(slot)) continue;
      const job = this.queue.shift();
      if (!job) return;
      slot.job = job;
      // The worker's search stops deepening a little before the pool would give up on it.
      slot.worker.postMessage({ id: job.id, kind: job.kind, request: job.request, deadline: job.deadline });
    }
  }

  /** The budget ran out: answer with the fallback; a worker still busy with the job is replaced. */
  private expire(job: Job): void {
    if (job.done) return;
    const queued = this.queue.indexOf(job);
    if (queued >= 0) this.queue.splice(queued, 1);
    const slot = this.slots.find((s) => s.job === job);
    this.fallback(job, 'timeout');
    if (slot) {
      slot.job = null;
      this.replace(slot);
      this.dispatch();
    }
  }

  private fallback(job: Job, reason: FallbackReason): void {
    this.finish(job, job.fallback(), reason);
  }

  private finish(job: Job, value: unknown, reason: FallbackReason | null): void {
    if (job.done) return;
    job.done = true;
    if (job.timer) clearTimeout(job.timer);
    job.resolve(value, reason, Date.now() - job.started);
  }
}
