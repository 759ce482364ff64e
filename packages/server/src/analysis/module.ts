import { DEFAULT_ANALYSIS_PLY, type AckResult, type ClientMessage, type ClientToServer, type ErrorCode, type ServerToClient } from '@nardy/protocol';
import type { ClientLink, CommandModule, Reply, ReplyError } from '../contracts.js';
import type { TimeSource } from '../game/time.js';
import type { Log } from '../games/manager.js';
import { mayRead } from '../records/routes.js';
import type { AnalysisRecord, Store } from '../store/index.js';
import type { Analyser } from './analyser.js';
import { memoryQueue, type JobQueue, type QueueFactory } from './queue.js';

export interface AnalysisOptions {
  readonly store: Store;
  readonly analyser: Analyser;
  /** Jobs run at once (`ANALYSIS_WORKERS`); 0: requests are refused, stored analyses still read. */
  readonly workers: number;
  /** `ANALYSIS_AUTO`: rated matches are queued as they end. */
  readonly auto: 'rated' | 'off';
  /** Unfinished jobs one user may have asked for; all jobs waiting or running; the queue's length below which rated matches are queued by themselves. */
  readonly limits: { readonly perUser: number; readonly queue: number; readonly autoQueue: number };
  readonly time: TimeSource;
  readonly log: Log;
  /** The queue: this process's (`memoryQueue`, the default, one instance) or BullMQ's, shared by the instances (`bullQueue`). */
  readonly queue?: QueueFactory;
}

type Status = Extract<AckResult, { kind: 'analysis' }>;
type Answer = { readonly ok: true; readonly value: Status } | { readonly ok: false; readonly error: ReplyError };

const refuse = (code: ErrorCode, message: string): Answer => ({ ok: false, error: { code, message } });
const keyOf = (gameId: string, ply: number): string => `${ply}:${gameId}`;
/** The queue (Redis) is unreachable: a new job cannot be queued. */
const UNQUEUED = { ok: false, error: { code: 'CLUSTER_UNAVAILABLE', message: 'the analysis queue is unavailable: try again soon' } } as const satisfies Answer;

/**
 * Analysis as a job (issue 41 item 4): `analysis.request` queues a finished game's or match's analysis at a ply, or
 * joins the job there (one per game and ply); whoever asked or joined hears its progress and its end. Rated matches
 * are queued as they end (`auto`), while the queue is short. The same access rule as the game's record: a private
 * game's analysis is its players' and their invited watchers'.
 */
export class AnalysisModule implements CommandModule {
  readonly types = ['analysis.request', 'analysis.unsubscribe'] as const;
  readonly #queue: JobQueue;
  /** Links told of a job's progress, by job. */
  readonly #watchers = new Map<string, Set<ClientLink>>();
  readonly #pending = new Set<Promise<unknown>>();

  constructor(private readonly opts: AnalysisOptions) {
    this.#queue = (opts.queue ?? memoryQueue)({
      store: opts.store,
      analyser: opts.analyser,
      concurrency: opts.workers,
      time: opts.time,
      log: opts.log,
      events: {
        progress: (gameId, ply, done, total) => this.#tell(gameId, ply, { type: 'analysis.progress', gameId, ply, done, total }, false),
        ended: (gameId, ply, error) =>
          this.#tell(
            gameId,
            ply,
            error === null ? { type: 'analysis.done', gameId, ply } : { type: 'analysis.failed', gameId, ply, error: error.slice(0, 1000) },
            true,
          ),
      },
    });
  }

  /** Resumes the jobs a stopped or dead process left (none run with analysis off). */
  async start(): Promise<void> {
    if (this.opts.workers > 0) await this.#queue.start();
  }

  /** Stops: the running jobs go back to the queue. */
  async close(): Promise<void> {
    while (this.#pending.size > 0) await Promise.all([...this.#pending]);
    await this.#queue.close();
  }

  async handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    switch (msg.type) {
      case 'analysis.request':
        return this.#request(link, msg);
      case 'analysis.unsubscribe':
        this.#watchers.get(keyOf(msg.gameId, msg.ply ?? DEFAULT_ANALYSIS_PLY))?.delete(link);
        return { ok: true, value: undefined };
      default:
        return { ok: false, error: { code: 'UNKNOWN_TYPE', message: `the analysis module does not handle '${msg.type}'` } };
    }
  }

  disconnected(link: ClientLink): void {
    for (const [key, links] of this.#watchers) {
      links.delete(link);
      if (links.size === 0) this.#watchers.delete(key);
    }
  }

  async #request(link: ClientLink, msg: ClientMessage<'analysis.request'>): Promise<Reply> {
    const ply = msg.ply ?? DEFAULT_ANALYSIS_PLY;
    const key = keyOf(msg.gameId, ply);
    let links = this.#watchers.get(key);
    if (!links) this.#watchers.set(key, (links = new Set()));
    // Listening before asking: a job that ends meanwhile is still heard of.
    const added = !links.has(link);
    links.add(link);
    const r = await this.request(link.viewer.userId, msg.gameId, ply, msg.watch);
    if (added && (!r.ok || r.value.status === 'done' || r.value.status === 'failed')) {
      links.delete(link);
      if (links.size === 0 && this.#watchers.get(key) === links) this.#watchers.delete(key);
    }
    return r;
  }

  /**
   * A person asks for an analysis (the socket's command; tools): the job's status, or why not — `UNAVAILABLE`
   * (analysis off), `NOT_FOUND`, `PRIVATE_GAME`, `NOT_FINISHED`, `LIMIT_REACHED` (his or everyone's queue is full),
   * `CLUSTER_UNAVAILABLE` (the shared queue's Redis is down; a job there already is joined all the same).
   */
  async request(userId: string, gameId: string, ply: number, watch: string | undefined): Promise<Answer> {
    const { store, limits } = this.opts;
    if (this.opts.workers === 0) return refuse('UNAVAILABLE', 'analysis is off on this server');
    const game = await store.getGame(gameId);
    if (!game.ok) return game.error.code === 'NOT_FOUND' ? refuse('NOT_FOUND', `no game '${gameId}'`) : refuse('UNAVAILABLE', 'the database is unavailable');
    if (!mayRead(game.value, userId, watch)) return refuse('PRIVATE_GAME', 'a private game: only its players and those they invite may have it analysed');
    if (game.value.status !== 'finished') return refuse('NOT_FINISHED', 'only a finished game or match can be analysed');
    const existing = await store.analyses.getAnalysis(gameId, ply);
    // A new job needs the queue (Redis, in a cluster): refused while it is down, before the store is asked.
    if ((!existing.ok || existing.value.status === 'failed') && !this.#queue.up) return UNQUEUED;
    // Joining a job there (or reading a done one) costs nothing; a new one counts against the limits.
    if (!existing.ok || existing.value.status === 'failed') {
      const mine = await store.analyses.countPendingAnalyses(userId);
      const all = await store.analyses.countPendingAnalyses();
      if (!mine.ok || !all.ok) return refuse('UNAVAILABLE', 'the database is unavailable');
      if (mine.value >= limits.perUser)
        return refuse('LIMIT_REACHED', `you have ${mine.value} analyses waiting (at most ${limits.perUser}): wait for one to finish`);
      if (all.value >= limits.queue) return refuse('LIMIT_REACHED', 'the analysis queue is full: try again later');
    }
    const r = await store.analyses.requestAnalysis({ gameId, ply, requestedBy: userId, at: this.opts.time.now() });
    if (!r.ok) return refuse('UNAVAILABLE', 'the database is unavailable');
    if (r.value.created && !(await this.#hand(r.value.job))) return UNQUEUED;
    // An automatic job still waiting that a person now asks for goes before the other automatic ones.
    if (!r.value.created && existing.ok && existing.value.priority > r.value.job.priority) await this.#queue.promote(r.value.job);
    return { ok: true, value: this.statusOf(r.value.job) };
  }

  /** A job's status as the wire shows it (a running one's progress from here, where it runs, when it does). */
  statusOf(job: AnalysisRecord): Status {
    const live = job.status === 'running' ? this.#queue.progressOf(job.gameId, job.ply) : null;
    return { kind: 'analysis', gameId: job.gameId, ply: job.ply, status: job.status, done: live?.done ?? job.done, total: live?.total ?? job.total };
  }

  /** The games' feed: a match ended. A rated one is queued for analysis when there is room. */
  ended(gameId: string): void {
    if (this.opts.auto === 'off' || this.opts.workers === 0) return;
    const p = this.#auto(gameId).finally(() => this.#pending.delete(p));
    this.#pending.add(p);
  }

  async #auto(gameId: string): Promise<void> {
    const { store } = this.opts;
    const game = await store.getGame(gameId);
    if (!game.ok || !game.value.rated || game.value.status === 'aborted') return;
    const all = await store.analyses.countPendingAnalyses();
    if (!all.ok || all.value >= this.opts.limits.autoQueue || !this.#queue.up) return;
    const r = await store.analyses.requestAnalysis({ gameId, ply: DEFAULT_ANALYSIS_PLY, requestedBy: null, at: this.opts.time.now() });
    if (r.ok && r.value.created) await this.#hand(r.value.job);
  }

  /**
   * Hands a job the store has just queued to the queue. One it could not take (Redis went down meanwhile) is marked
   * failed in the store, so that it neither counts against the limits nor waits for nothing, and may be asked again.
   */
  async #hand(job: AnalysisRecord): Promise<boolean> {
    if (await this.#queue.add(job)) return true;
    const { store, time } = this.opts;
    const started = await store.analyses.startAnalysis(job.gameId, job.ply, time.now());
    if (started.ok) await store.analyses.endAnalysis(job.gameId, job.ply, { error: UNQUEUED.error.message }, time.now());
    return false;
  }

  #tell(gameId: string, ply: number, msg: ServerToClient, last: boolean): void {
    const key = keyOf(gameId, ply);
    for (const link of this.#watchers.get(key) ?? []) link.send(msg);
    if (last) this.#watchers.delete(key);
  }
}
