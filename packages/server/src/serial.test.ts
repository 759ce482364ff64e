import { describe, expect, it } from 'vitest';
import { SerialQueue } from './serial.js';

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('SerialQueue', () => {
  it('runs jobs one at a time, in order, across their awaits', async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    const job = (name: string) => async () => {
      log.push(`${name}:start`);
      await tick();
      log.push(`${name}:end`);
    };
    await Promise.all([q.run(job('a')), q.run(job('b')), q.runLetting(job('c'))]);
    expect(log).toEqual(['a:start', 'a:end', 'b:start', 'b:end', 'c:start', 'c:end']);
  });

  it('a job that steps out lets the jobs behind it run, then goes on in a turn of its own', async () => {
    const q = new SerialQueue();
    const log: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const a = q.runLetting(async (outside) => {
      log.push('a:before');
      await outside(() => slow);
      log.push('a:after');
      await tick();
      log.push('a:end');
    });
    const b = q.run(async () => {
      log.push('b:start');
      await tick();
      log.push('b:end');
    });
    await b;
    expect(log).toEqual(['a:before', 'b:start', 'b:end']);
    // Back in line: a job queued before `a` asked for its turn again runs first.
    release();
    const c = q.run(() => void log.push('c'));
    await Promise.all([a, c]);
    expect(log).toEqual(['a:before', 'b:start', 'b:end', 'c', 'a:after', 'a:end']);
  });

  it('a job that fails or steps out and fails gives its turn back', async () => {
    const q = new SerialQueue();
    await expect(q.runLetting(async (outside) => outside(() => Promise.reject(new Error('slow work failed'))))).rejects.toThrow('slow work failed');
    await expect(q.run(() => 1)).resolves.toBe(1);
    await q.settled();
  });
});
