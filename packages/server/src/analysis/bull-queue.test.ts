import { randomBytes } from 'node:crypto';
import { freePort, PrivateRedis } from '../cluster/redis.suite.js';
import type { ServerToClient } from '@nardy/protocol';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientLink, Reply } from '../contracts.js';
import { recorded, settle, world, type World } from '../games/kit.suite.js';
import type { Analyser } from './analyser.js';
import { bullQueue } from './bull-queue.js';
import { fakeAnalyser } from './fake-analyser.suite.js';
import { AnalysisModule } from './module.js';

/**
 * The analysis queue on BullMQ (issue 43), as several instances use it: two modules on one store and one Redis
 * queue — a job asked for on A runs once, on whichever worker, and its progress and end reach B's watcher too; the
 * same job asked on B is joined, not queued again; a job whose worker dies is taken over by another, and one whose
 * instance stops goes back at once; Redis unreachable: CLUSTER_UNAVAILABLE, nothing stored.
 */

const REDIS = process.env['NARDY_TEST_REDIS_URL'];
const silent = { info() {}, warn() {}, error() {} };
const TIMINGS = { lockDurationMs: 1000, stalledIntervalMs: 300 };

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const c of closing.splice(0).reverse()) await c();
});

/** A connection to the test's Redis, closed after the test. */
function redis(): Redis {
  const c = new Redis(REDIS!, { maxRetriesPerRequest: null });
  closing.unshift(async () => c.disconnect());
  return c;
}

interface Link extends ClientLink {
  readonly got: ServerToClient[];
  waitFor(f: (m: ServerToClient) => boolean): Promise<ServerToClient>;
}

function link(w: World, name: string): Link {
  const got: ServerToClient[] = [];
  return {
    id: `${name}-${randomBytes(3).toString('hex')}`,
    viewer: w.users[name]!,
    got,
    send: (m) => void got.push(m),
    async waitFor(f) {
      for (let i = 0; i < 500; i++) {
        const m = got.find(f);
        if (m) return m;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`never got it; got ${JSON.stringify(got)}`);
    },
  };
}

async function setup(): Promise<{ w: World; prefix: string; gameId: string }> {
  // The app's own analysis is off: the modules under test are the two instances.
  const w = await world('sqlite', { env: { ANALYSIS_WORKERS: '0' } });
  closing.push(() => w.close());
  const prefix = `test-${randomBytes(6).toString('hex')}`;
  closing.push(async () => {
    const q = new Queue('analysis', { connection: redis(), prefix });
    await q.obliterate({ force: true });
    await q.close();
  });
  const r = await w.games.startGame({
    settings: { match: { variant: 'short', matchLength: 1, cube: { enabled: false }, rules: undefined } as never, rated: false, stake: 0 },
    seats: { p1: { kind: 'user', userId: w.users['alice']!.userId }, p2: { kind: 'user', userId: w.users['bob']!.userId } },
    clientSeeds: { p1: 'a', p2: 'b' },
    rated: false,
  });
  if (!r.ok) throw new Error(r.error.message);
  const gameId = r.value.gameId;
  await settle(w, gameId);
  expect((await w.games.actorOf(gameId)!.handle({ by: { user: w.users['bob']!.userId }, type: 'resignMatch' })).ok).toBe(true);
  await settle(w, gameId);
  await recorded(w, gameId);
  return { w, prefix, gameId };
}

/** An instance's analysis module on the shared queue; unstarted, it queues and listens but runs nothing. */
async function instance(w: World, prefix: string, analyser: Analyser, o: { start?: boolean; connection?: string } = {}): Promise<AnalysisModule> {
  const m = new AnalysisModule({
    store: w.store,
    analyser,
    workers: 1,
    auto: 'off',
    limits: { perUser: 3, queue: 100, autoQueue: 5 },
    time: w.time,
    log: silent,
    queue: bullQueue({ connection: o.connection ?? REDIS!, prefix, ...TIMINGS }),
  });
  closing.push(() => m.close());
  if (o.start !== false) await m.start();
  return m;
}

const ask = (m: AnalysisModule, l: Link, gameId: string): Promise<Reply> => m.handle(l, { type: 'analysis.request', id: 'r1', gameId });
const jobs = async (prefix: string): Promise<number> => {
  const q = new Queue('analysis', { connection: redis(), prefix });
  const c = await q.getJobCounts('waiting', 'active', 'prioritized', 'delayed');
  await q.close();
  return Object.values(c).reduce((a, b) => a + b, 0);
};

describe.skipIf(!REDIS)('on Redis', () => {
  it('asked on A, run once by any worker; B joins it; progress and end reach both', async () => {
    const { w, prefix, gameId } = await setup();
    const [fa, fb] = [fakeAnalyser(), fakeAnalyser()];
    const a = await instance(w, prefix, fa.analyser);
    const b = await instance(w, prefix, fb.analyser);
    const [la, lb] = [link(w, 'alice'), link(w, 'carol')];
    expect(await ask(a, la, gameId)).toMatchObject({ ok: true, value: { status: 'queued' } });
    expect(await jobs(prefix)).toBe(1);
    // Carol on B asks for the same: joined, not queued again.
    expect(await ask(b, lb, gameId)).toMatchObject({ ok: true });
    expect(await jobs(prefix)).toBe(1);
    for (let i = 0; i < 300 && fa.calls.length + fb.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    const call = fa.calls[0] ?? fb.calls[0]!;
    call.progress(3, 10);
    for (const l of [la, lb]) await l.waitFor((m) => m.type === 'analysis.progress' && m.done === 3 && m.total === 10);
    // Either instance reads the live progress.
    const row = await w.store.analyses.getAnalysis(gameId, 2);
    expect(row.ok && b.statusOf(row.value)).toMatchObject({ status: 'running', done: 3, total: 10 });
    call.finish({ ok: 1 });
    for (const l of [la, lb]) await l.waitFor((m) => m.type === 'analysis.done' && m.gameId === gameId);
    expect(await w.store.analyses.getAnalysis(gameId, 2)).toMatchObject({ ok: true, value: { status: 'done', result: { ok: 1 } } });
    expect(fa.calls.length + fb.calls.length).toBe(1);
    expect(await jobs(prefix)).toBe(0);
  });

  it('a worker that dies mid-job (its lock lapses): another instance takes the job over and ends it', async () => {
    const { w, prefix, gameId } = await setup();
    // A queues but does not work; a bare worker takes the job and hangs, as a killed instance's would.
    const a = await instance(w, prefix, fakeAnalyser().analyser, { start: false });
    const la = link(w, 'alice');
    let taken = false;
    const doomed = new Worker(
      'analysis',
      async () => {
        taken = true;
        await w.store.analyses.startAnalysis(gameId, 2, w.time.now());
        await new Promise(() => {});
      },
      { connection: redis(), prefix, ...{ lockDuration: TIMINGS.lockDurationMs, stalledInterval: TIMINGS.stalledIntervalMs } },
    );
    doomed.on('error', () => {});
    // Unstarted, A's Redis may not be ready yet (refused, nothing stored): asked until it is.
    let asked = await ask(a, la, gameId);
    for (let i = 0; i < 100 && !asked.ok; i++) asked = await new Promise((r) => setTimeout(r, 20)).then(() => ask(a, la, gameId));
    expect(asked).toMatchObject({ ok: true });
    for (let i = 0; i < 300 && !taken; i++) await new Promise((r) => setTimeout(r, 10));
    expect(taken).toBe(true);
    const killedAt = Date.now();
    await doomed.close(true);

    const fb = fakeAnalyser();
    await instance(w, prefix, fb.analyser);
    const call = await fb.call(0);
    // Its lock (1 s) lapsed, then a stalled check (every 0.3 s) put it back.
    expect(Date.now() - killedAt).toBeGreaterThanOrEqual(TIMINGS.lockDurationMs - 100);
    call.progress(1, 2);
    await la.waitFor((m) => m.type === 'analysis.progress' && m.done === 1);
    call.finish({ again: true });
    await la.waitFor((m) => m.type === 'analysis.done');
    expect(await w.store.analyses.getAnalysis(gameId, 2)).toMatchObject({ ok: true, value: { status: 'done', result: { again: true } } });
  });

  it('an instance that stops puts its job back at once: another runs it', async () => {
    const { w, prefix, gameId } = await setup();
    const fa = fakeAnalyser();
    const a = await instance(w, prefix, fa.analyser);
    const la = link(w, 'alice');
    expect(await ask(a, la, gameId)).toMatchObject({ ok: true });
    await fa.call(0);
    const fb = fakeAnalyser();
    const b = await instance(w, prefix, fb.analyser);
    const stoppedAt = Date.now();
    await a.close();
    const call = await fb.call(0);
    expect(Date.now() - stoppedAt).toBeLessThan(TIMINGS.lockDurationMs);
    const lb = link(w, 'carol');
    expect(await ask(b, lb, gameId)).toMatchObject({ ok: true, value: { status: 'running' } });
    call.finish({});
    await lb.waitFor((m) => m.type === 'analysis.done');
  });

  it('a queued automatic job a person asks for goes before the other automatic ones', async () => {
    const { w, prefix } = await setup();
    const queue = bullQueue({ connection: REDIS!, prefix, ...TIMINGS })({
      store: w.store,
      analyser: fakeAnalyser().analyser,
      concurrency: 1,
      time: w.time,
      log: silent,
      events: { progress() {}, ended() {} },
    });
    closing.push(() => queue.close());
    const job = (gameId: string, requestedBy: string | null) =>
      ({
        gameId,
        ply: 2,
        requestedBy,
        status: 'queued',
        priority: 0,
        done: 0,
        total: 0,
        result: null,
        error: null,
        requestedAt: 0,
        startedAt: null,
        finishedAt: null,
      }) as const;
    // Not started: no worker takes the job (asked until the queue's Redis is ready).
    let added = await queue.add(job('g:auto', null));
    for (let i = 0; i < 100 && !added; i++) added = await new Promise((r) => setTimeout(r, 20)).then(() => queue.add(job('g:auto', null)));
    const q = new Queue('analysis', { connection: redis(), prefix });
    closing.unshift(() => q.close());
    expect((await q.getJob('2~g~auto'))?.priority).toBe(2);
    await queue.promote(job('g:auto', 'alice'));
    expect((await q.getJob('2~g~auto'))?.priority).toBe(1);
  });

  it('a job the store has queued but BullMQ lost (an empty Redis, a failed hand-over) is queued again at start', async () => {
    const { w, prefix, gameId } = await setup();
    expect(await w.store.analyses.requestAnalysis({ gameId, ply: 2, requestedBy: w.users['alice']!.userId, at: w.time.now() })).toMatchObject({ ok: true });
    const fa = fakeAnalyser();
    await instance(w, prefix, fa.analyser);
    (await fa.call(0)).finish({ swept: true });
    for (
      let i = 0;
      i < 300 && (await w.store.analyses.getAnalysis(gameId, 2)).ok && !JSON.stringify(await w.store.analyses.getAnalysis(gameId, 2)).includes('swept');
      i++
    )
      await new Promise((r) => setTimeout(r, 10));
    expect(await w.store.analyses.getAnalysis(gameId, 2)).toMatchObject({ ok: true, value: { status: 'done', result: { swept: true } } });
  });

  it('Redis down and back (its data lost): refused meanwhile, then asked again it runs', async () => {
    const { w, prefix, gameId } = await setup();
    const server = await PrivateRedis.start();
    closing.unshift(() => server.stop());
    const fa = fakeAnalyser();
    const a = await instance(w, prefix, fa.analyser, { connection: server.url });
    const la = link(w, 'alice');
    await server.stop();
    let r = await ask(a, la, gameId);
    for (let i = 0; i < 100 && r.ok; i++) r = await new Promise((res) => setTimeout(res, 20)).then(() => ask(a, la, gameId));
    expect(r).toMatchObject({ ok: false, error: { code: 'CLUSTER_UNAVAILABLE' } });
    expect(fa.calls).toHaveLength(0);
    await server.start();
    for (let i = 0; i < 300 && !r.ok; i++) r = await new Promise((res) => setTimeout(res, 20)).then(() => ask(a, la, gameId));
    expect(r).toMatchObject({ ok: true, value: { status: 'queued' } });
    const call = await fa.call(0);
    call.progress(1, 1);
    call.finish({ back: true });
    await la.waitFor((m) => m.type === 'analysis.done');
  }, 20_000);

  it('Redis unreachable: a new job is refused CLUSTER_UNAVAILABLE and nothing is stored', async () => {
    const { w, prefix, gameId } = await setup();
    const port = await freePort();
    const a = await instance(w, prefix, fakeAnalyser().analyser, { connection: `redis://127.0.0.1:${port}` });
    expect(await ask(a, link(w, 'alice'), gameId)).toMatchObject({ ok: false, error: { code: 'CLUSTER_UNAVAILABLE' } });
    expect(await w.store.analyses.getAnalysis(gameId, 2)).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
