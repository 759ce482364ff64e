import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, connect } from 'node:net';

/**
 * Redis test support. `NARDY_TEST_REDIS_URL` (e.g. redis://127.0.0.1:6379) turns the Redis runs on; without it
 * they are skipped. Each test takes a random channel prefix, so runs never hear each other; a test that needs an
 * outage starts a redis-server of its own (never the machine's).
 */
export const REDIS_URL: string | undefined = process.env['NARDY_TEST_REDIS_URL'] || undefined;

export const randomPrefix = (): string => `nardy_test_${randomBytes(4).toString('hex')}:`;

/** A loopback port nobody listens on now (the OS's pick, given back at once). */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => (typeof a === 'object' && a ? resolve(a.port) : reject(new Error('no port'))));
    });
  });

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const c = connect(port, '127.0.0.1');
    c.once('connect', () => (c.destroy(), resolve(true)));
    c.once('error', () => resolve(false));
  });

/** A redis-server of the test's own on a free port (never the machine's): stopped (SIGKILL, as a crash) and started again, empty. */
export class PrivateRedis {
  private proc: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const r = new PrivateRedis(await freePort());
    await r.start();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.proc = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await accepts(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server on ${this.port} did not start`);
  }

  /** Kills it (as a crash would) and waits until it is gone. */
  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = null;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGKILL');
    });
  }
}
