import { randomBytes } from 'node:crypto';

/** Redis is down, or the instance asked did not answer in time: the caller answers `CLUSTER_UNAVAILABLE`. */
export class ClusterUnavailable extends Error {
  override readonly name = 'ClusterUnavailable';
}

interface Waiter {
  readonly to: string;
  readonly resolve: (v: unknown) => void;
  readonly reject: (e: Error) => void;
  readonly timer: NodeJS.Timeout;
}

/**
 * Requests waiting for their `reply` frame, by rpc id. Each settles exactly once: by its reply, its timeout, the
 * death of the instance asked, or Redis going down (a reply may then never come).
 */
export class Rpcs {
  private readonly waiting = new Map<string, Waiter>();

  /** A fresh rpc id and the promise of its reply; `send` publishes the request (false: not sent, rejects at once). */
  open(to: string, timeoutMs: number, send: (rpc: string) => boolean): Promise<unknown> {
    const rpc = randomBytes(8).toString('hex');
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(rpc, new ClusterUnavailable(`no answer from instance ${to} in ${timeoutMs} ms`)), timeoutMs);
      this.waiting.set(rpc, { to, resolve, reject, timer });
      if (!send(rpc)) this.fail(rpc, new ClusterUnavailable('Redis is down'));
    });
  }

  /** A reply came: false when it is not one of ours (another waiter's, or one that timed out). */
  settle(rpc: string, value: unknown): boolean {
    const w = this.waiting.get(rpc);
    if (!w) return false;
    this.waiting.delete(rpc);
    clearTimeout(w.timer);
    w.resolve(value);
    return true;
  }

  /** Every request to `to` (every request when absent) fails at once. */
  failAll(err: Error, to?: string): void {
    for (const [rpc, w] of [...this.waiting]) if (to === undefined || w.to === to) this.fail(rpc, err);
  }

  private fail(rpc: string, err: Error): void {
    const w = this.waiting.get(rpc);
    if (!w) return;
    this.waiting.delete(rpc);
    clearTimeout(w.timer);
    w.reject(err);
  }
}
