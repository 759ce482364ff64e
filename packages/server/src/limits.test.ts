import { randomBytes } from 'node:crypto';
import { PrivateRedis } from './cluster/redis.suite.js';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOCKOUT } from './accounts/lockout.js';
import { limitStores } from './limits.js';

/**
 * The limits shared by the instances (issue 43): two instances' stores on one Redis share each budget; with Redis
 * gone each instance's memory answers (insurance), and without Redis it is the memory tables of old.
 */

const REDIS = process.env['NARDY_TEST_REDIS_URL'];
const clients: Redis[] = [];
const servers: PrivateRedis[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0)) await s.stop();
});

const client = (url: string): Redis => {
  const c = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => 200, lazyConnect: false });
  c.on('error', () => {});
  clients.push(c);
  return c;
};
const ready = (c: Redis): Promise<void> => (c.status === 'ready' ? Promise.resolve() : new Promise((res) => c.once('ready', () => res())));
const prefix = (): string => `test:${randomBytes(6).toString('hex')}`;

it('without Redis: the memory tables, on the injected clock', async () => {
  let now = 0;
  const { buckets, lockout } = limitStores();
  const b = buckets('x', { capacity: 2, refillMs: 1000, now: () => now });
  expect([await b.take('k'), await b.take('k'), await b.take('k')].map((r) => r.ok)).toEqual([true, true, false]);
  now += 1000;
  expect((await b.take('k')).ok).toBe(true);
  const l = lockout({ ...DEFAULT_LOCKOUT, freeFailures: 1 }, () => now);
  await l.failed('acc');
  expect(await l.check('acc', 'ip')).toMatchObject({ ok: false });
});

describe.skipIf(!REDIS)('on Redis', () => {
  it('two instances share a budget: a user, an address, an account lock', async () => {
    const p = prefix();
    const [a, b] = [limitStores(client(REDIS!), p), limitStores(client(REDIS!), p)];
    const opts = { capacity: 3, refillMs: 60_000 };
    const [chatA, chatB] = [a.buckets('chat', opts), b.buckets('chat', opts)];
    await Promise.all(clients.map(ready));
    const taken = [await chatA.take('u1'), await chatB.take('u1'), await chatA.take('u1'), await chatB.take('u1')];
    expect(taken.map((r) => r.ok)).toEqual([true, true, true, false]);
    expect(taken[3]).toMatchObject({ ok: false });
    expect((taken[3] as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(100_000);
    // Another key, another table: their own budgets.
    expect((await chatB.take('u2')).ok).toBe(true);
    expect((await b.buckets('signup', opts).take('u1')).ok).toBe(true);
    // A reset on one instance is seen by the other.
    await chatB.reset('u1');
    expect((await chatA.take('u1')).ok).toBe(true);

    // The account lock: failures on A lock the account on B; a success on B frees it on A.
    const lockA = a.lockout({ ...DEFAULT_LOCKOUT, freeFailures: 2 }, Date.now);
    const lockB = b.lockout({ ...DEFAULT_LOCKOUT, freeFailures: 2 }, Date.now);
    await lockA.failed('acc');
    expect((await lockB.check('acc', 'ip1')).ok).toBe(true);
    await lockA.failed('acc');
    const locked = await lockB.check('acc', 'ip1');
    expect(locked).toMatchObject({ ok: false });
    expect((locked as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(50_000);
    await lockB.succeeded('acc', 'ip2');
    expect((await lockA.check('acc', 'ip1')).ok).toBe(true);
    // A known address passes a lock.
    await lockA.failed('acc');
    await lockA.failed('acc');
    expect((await lockB.check('acc', 'ip1')).ok).toBe(false);
    expect((await lockB.check('acc', 'ip2')).ok).toBe(true);
    // The known address is kept for a month: the test's keys go.
    const keys = await clients[0]!.keys(`${p}:*`);
    if (keys.length > 0) await clients[0]!.del(...keys);
  });

  it('Redis down: each instance answers from its memory (insurance), at once; back up: shared again', async () => {
    const server = await PrivateRedis.start();
    servers.push(server);
    const url = server.url;
    const [ca, cb] = [client(url), client(url)];
    await Promise.all([ready(ca), ready(cb)]);
    const p = prefix();
    const opts = { capacity: 2, refillMs: 60_000 };
    const [a, b] = [limitStores(ca, p).buckets('chat', opts), limitStores(cb, p).buckets('chat', opts)];
    expect([(await a.take('u')).ok, (await b.take('u')).ok, (await a.take('u')).ok]).toEqual([true, true, false]);

    await server.stop();
    await until(() => ca.status !== 'ready' && cb.status !== 'ready');
    // Each instance counts alone: two each, then refused, without waiting on Redis.
    const t0 = Date.now();
    expect([(await a.take('u')).ok, (await a.take('u')).ok, (await a.take('u')).ok]).toEqual([true, true, false]);
    expect([(await b.take('u')).ok, (await b.take('u')).ok, (await b.take('u')).ok]).toEqual([true, true, false]);
    expect(Date.now() - t0).toBeLessThan(500);

    await server.start();
    await Promise.all([ready(ca), ready(cb)]);
    // A fresh Redis (nothing saved): one budget for both again.
    expect([(await a.take('v')).ok, (await b.take('v')).ok, (await a.take('v')).ok]).toEqual([true, true, false]);
  }, 20_000);
});

async function until(f: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !f(); i++) await new Promise((r) => setTimeout(r, 25));
  if (!f()) throw new Error('timed out');
}
