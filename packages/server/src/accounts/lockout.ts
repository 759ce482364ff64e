/**
 * Log-in failures per account, whatever the address they come from: after `freeFailures` the account refuses
 * further tries for a while, the wait doubling with each failure up to `maxMs`. It never locks the owner out for
 * good: the failures are forgotten after `forgetMs` without one and on a successful log-in, and an address that
 * signed in to the account within `knownForMs` is not held back by the lock (the per-address limits still apply).
 * In memory for one instance; with several (issue 43), `redisLockout` keeps the same counts in Redis.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { insuredRedisLimiter } from './rate-limit.js';

export interface LockoutOptions {
  readonly freeFailures: number;
  readonly baseMs: number;
  readonly maxMs: number;
  readonly forgetMs: number;
  readonly knownForMs: number;
  /** The most accounts (and account + address pairs) kept; the oldest go beyond it. */
  readonly maxKeys: number;
}

export const DEFAULT_LOCKOUT: LockoutOptions = Object.freeze({
  freeFailures: 5,
  baseMs: 60_000,
  maxMs: 15 * 60_000,
  forgetMs: 60 * 60_000,
  knownForMs: 30 * 24 * 60 * 60_000,
  maxKeys: 10_000,
});

interface Failures {
  count: number;
  last: number;
  until: number;
}

/** Sets `key` as the newest entry of `map`, dropping the oldest beyond `max`. */
function put<V>(map: Map<string, V>, key: string, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) {
    const oldest = map.keys().next().value;
    if (oldest === undefined) break;
    map.delete(oldest);
  }
}

type Checked = { ok: true } | { ok: false; retryAfterMs: number };

/** The lock as the log-in sees it: in memory (`AccountLockout`) or shared by the instances (`redisLockout`). */
export interface Lockout {
  check(account: string, ip: string): Checked | Promise<Checked>;
  failed(account: string): void | Promise<void>;
  succeeded(account: string, ip: string): void | Promise<void>;
}

/** Builds the lock of a server from its options: this process's (`memoryLockout`) or Redis's. */
export type LockoutFactory = (opts: LockoutOptions, now: () => number) => Lockout;

export const memoryLockout: LockoutFactory = (opts, now) => new AccountLockout(opts, now);

/**
 * The lock in Redis (keys `<prefix>:lock-*`), with rate-limiter-flexible's counters: the failures of an account
 * (forgotten `forgetMs` after the first of a run, where the memory one counts from the last), its lock (a block of
 * the doubling length, whole seconds) and the addresses known to it. Each falls back to this instance's memory
 * (`insuranceLimiter`) while Redis is unreachable, so log-ins go on with per-instance locks.
 */
export function redisLockout(client: Redis, prefix: string): LockoutFactory {
  return (opts) => {
    const seconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));
    const counter = (name: string, points: number, duration: number): RateLimiterAbstract =>
      insuredRedisLimiter(client, `${prefix}:lock-${name}`, points, duration);
    const failures = counter('failures', Number.MAX_SAFE_INTEGER, seconds(opts.forgetMs));
    const locks = counter('until', 1, seconds(opts.maxMs));
    const known = counter('known', 1, seconds(opts.knownForMs));
    const pair = (account: string, ip: string): string => `${account}\u0000${ip}`;
    return {
      async check(account, ip) {
        const lock = await locks.get(account).catch(() => null);
        if (lock === null || lock.consumedPoints <= 1 || lock.msBeforeNext <= 0) return { ok: true };
        if ((await known.get(pair(account, ip)).catch(() => null)) !== null) return { ok: true };
        return { ok: false, retryAfterMs: lock.msBeforeNext };
      },
      async failed(account) {
        const count = await failures.penalty(account).then(
          (r) => r.consumedPoints,
          () => 0,
        );
        const over = count - opts.freeFailures;
        if (over >= 0) await locks.block(account, seconds(Math.min(opts.maxMs, opts.baseMs * 2 ** over))).catch(() => undefined);
      },
      async succeeded(account, ip) {
        await Promise.all([failures.delete(account), locks.delete(account), known.set(pair(account, ip), 1, seconds(opts.knownForMs))]).catch(() => undefined);
      },
    };
  };
}

class AccountLockout implements Lockout {
  readonly #failures = new Map<string, Failures>();
  readonly #known = new Map<string, number>();

  constructor(
    readonly opts: LockoutOptions,
    readonly now: () => number,
  ) {}

  /** Whether `account` may be tried from `ip` now, or how long until it may. */
  check(account: string, ip: string): { ok: true } | { ok: false; retryAfterMs: number } {
    const now = this.now();
    const f = this.#current(account, now);
    if (!f || f.until <= now) return { ok: true };
    const knownAt = this.#known.get(`${account}\u0000${ip}`);
    if (knownAt !== undefined && now - knownAt < this.opts.knownForMs) return { ok: true };
    return { ok: false, retryAfterMs: f.until - now };
  }

  /** A wrong password for `account`: counts it, and from the free ones on locks the account for longer each time. */
  failed(account: string): void {
    const now = this.now();
    const count = (this.#current(account, now)?.count ?? 0) + 1;
    const over = count - this.opts.freeFailures;
    const until = over >= 0 ? now + Math.min(this.opts.maxMs, this.opts.baseMs * 2 ** over) : 0;
    put(this.#failures, account, { count, last: now, until }, this.opts.maxKeys);
  }

  /** A successful log-in: the failures are forgotten and the address is known to the account. */
  succeeded(account: string, ip: string): void {
    this.#failures.delete(account);
    put(this.#known, `${account}\u0000${ip}`, this.now(), this.opts.maxKeys);
  }

  #current(account: string, now: number): Failures | undefined {
    const f = this.#failures.get(account);
    if (f && now - f.last >= this.opts.forgetMs) {
      this.#failures.delete(account);
      return undefined;
    }
    return f;
  }
}
