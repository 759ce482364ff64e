import { afterEach, describe, expect, it } from 'vitest';
import { CallFailed, ClusterUnavailable, RedisBus } from './bus.js';
import { PrivateRedis, REDIS_URL, randomPrefix } from './redis.suite.js';
import type { Frame } from './types.js';

const opened: RedisBus[] = [];
const bus = async (url: string, instanceId: string, prefix: string, extra: { callTimeoutMs?: number; maxBackoffMs?: number } = {}): Promise<RedisBus> => {
  const b = new RedisBus({ url, instanceId, prefix, ...extra });
  opened.push(b);
  await b.whenUp();
  return b;
};
const until = async (p: () => boolean, ms = 10_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!p()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

describe.skipIf(!REDIS_URL)('RedisBus', () => {
  const url = REDIS_URL!;

  it('sends frames to one instance in order, casts to the others, and answers calls', async () => {
    const prefix = randomPrefix();
    const [a, b, c] = await Promise.all([bus(url, 'A', prefix), bus(url, 'B', prefix), bus(url, 'C', prefix)]);
    const got: Record<string, Frame[]> = { A: [], B: [], C: [] };
    for (const [id, x] of [
      ['A', a],
      ['B', b],
      ['C', c],
    ] as const)
      x.onFrame((f) => got[id]!.push(f));
    for (let i = 0; i < 50; i++) expect(a.send('B', { t: 'gone', from: 'A', linkIds: [String(i)] })).toBe(true);
    expect(a.cast('rename', { n: 1 })).toBe(true);
    b.registerCall('add', (args) => Promise.resolve((args as number[]).reduce((s, n) => s + n, 0)));
    b.registerCall('fail', () => Promise.reject(new Error('boom')));
    expect(await a.call('B', 'add', [1, 2, 3])).toBe(6);
    await expect(a.call('B', 'fail', null)).rejects.toBeInstanceOf(CallFailed);
    await until(() => got['C']!.length === 1 && got['B']!.length === 51);
    expect(got['B']!.filter((f) => f.t === 'gone').map((f) => (f.t === 'gone' ? f.linkIds[0] : ''))).toEqual(Array.from({ length: 50 }, (_, i) => String(i)));
    expect(got['C']).toEqual([{ t: 'cast', from: 'A', topic: 'rename', data: { n: 1 } }]);
    expect(got['A']).toEqual([]);
  });

  it('rejects a call nobody answers with ClusterUnavailable', async () => {
    const a = await bus(url, 'A', randomPrefix(), { callTimeoutMs: 200 });
    const t0 = Date.now();
    await expect(a.call('nobody', 'x', null)).rejects.toBeInstanceOf(ClusterUnavailable);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
  });

  it('survives a Redis restart: refuses while down, comes back by itself', async () => {
    const redis = await PrivateRedis.start();
    try {
      const prefix = randomPrefix();
      const [a, b] = await Promise.all([bus(redis.url, 'A', prefix, { maxBackoffMs: 200 }), bus(redis.url, 'B', prefix, { maxBackoffMs: 200 })]);
      const status: boolean[] = [];
      a.onStatus((up) => status.push(up));
      const got: Frame[] = [];
      b.onFrame((f) => got.push(f));
      await redis.stop();
      await until(() => !a.up);
      expect(status).toEqual([false]);
      expect(a.send('B', { t: 'gone', from: 'A', linkIds: ['lost'] })).toBe(false);
      expect(a.cast('x', null)).toBe(false);
      await expect(a.call('B', 'x', null)).rejects.toBeInstanceOf(ClusterUnavailable);
      await redis.start();
      await until(() => a.up && b.up);
      expect(status).toEqual([false, true]);
      expect(a.send('B', { t: 'gone', from: 'A', linkIds: ['after'] })).toBe(true);
      await until(() => got.length === 1);
      expect(got).toEqual([{ t: 'gone', from: 'A', linkIds: ['after'] }]);
    } finally {
      await redis.stop();
    }
  }, 20_000);
});
