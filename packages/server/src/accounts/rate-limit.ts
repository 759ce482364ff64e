/**
 * A small in-memory token bucket per key (log-in attempts per IP + name, chat lines per user). Each key holds up
 * to `capacity` tokens and regains one every `refillMs`; a take with no token left is refused with the time until
 * the next one. Full buckets are forgotten, and the table is bounded (`maxKeys`), so it cannot grow without end.
 *
 * Hand-written rather than rate-limiter-flexible (which counts the sockets, ws/limiters.ts): these buckets read the
 * injected clock, which the log-in, sign-up and chat tests move by hand; the library reads the wall clock. With
 * several instances (issue 43) the same tables are shared in Redis instead: `redisBuckets`.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

export interface TokenBucketOptions {
  readonly capacity: number;
  readonly refillMs: number;
  /** The most keys kept; the oldest are dropped beyond it (default 10,000). */
  readonly maxKeys?: number;
  readonly now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export type TakeResult = { readonly ok: true } | { readonly ok: false; readonly retryAfterMs: number };

/** A table of buckets as its users see it: in memory (`TokenBucket`) or shared by the instances (`redisBuckets`). */
export interface Buckets {
  /** Takes one token for `key`, or says how long until one is back. */
  take(key: string): TakeResult | Promise<TakeResult>;
  /** Forgets `key` (e.g. after a successful log-in). */
  reset(key: string): void | Promise<void>;
}

/** Builds the tables of a server: `name` tells them apart in a shared store. The app picks one for all of them. */
export type BucketFactory = (name: string, opts: TokenBucketOptions) => Buckets;

/** One instance: each table in this process's memory (the default). */
export const memoryBuckets: BucketFactory = (_name, opts) => new TokenBucket(opts);

/**
 * Several instances: each table in Redis (rate-limiter-flexible's `RateLimiterRedis` on the app's ioredis client,
 * keys `<prefix>:<name>:<key>`), so a user or an address has one budget whichever instance it reaches. The library's
 * window is fixed, not a refilling bucket: `capacity` tokens per `capacity × refillMs`, the same burst and the same
 * sustained rate, on the wall clock. While Redis is unreachable each table falls back at once (not after a timeout:
 * `rejectIfRedisNotReady`) to a memory table of this instance, its `insuranceLimiter`: per-instance limits rather
 * than none or a refusal of everyone.
 */
/** `points` per `duration` seconds in Redis under `keyPrefix`, this instance's memory answering while Redis is not ready. */
export function insuredRedisLimiter(client: Redis, keyPrefix: string, points: number, duration: number): RateLimiterRedis {
  return new RateLimiterRedis({
    storeClient: client,
    keyPrefix,
    points,
    duration,
    rejectIfRedisNotReady: true,
    insuranceLimiter: new RateLimiterMemory({ keyPrefix, points, duration }),
  });
}

export function redisBuckets(client: Redis, prefix: string): BucketFactory {
  return (name, opts) => {
    if (!(opts.capacity >= 1) || !(opts.refillMs > 0)) throw new Error('a token bucket needs capacity >= 1 and refillMs > 0');
    const points = Math.floor(opts.capacity);
    const duration = Math.max(1, Math.ceil((points * opts.refillMs) / 1000));
    const limiter = insuredRedisLimiter(client, `${prefix}:${name}`, points, duration);
    return {
      async take(key) {
        try {
          await limiter.consume(key);
          return { ok: true };
        } catch (e) {
          // Anything but a refusal is both stores failing: let it through (a broken counter must not lock everyone out).
          if (e instanceof RateLimiterRes) return { ok: false, retryAfterMs: Math.max(1, e.msBeforeNext) };
          return { ok: true };
        }
      },
      async reset(key) {
        await limiter.delete(key).catch(() => false);
      },
    };
  };
}

export class TokenBucket implements Buckets {
  readonly #buckets = new Map<string, Bucket>();
  readonly #capacity: number;
  readonly #refillMs: number;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(opts: TokenBucketOptions) {
    if (!(opts.capacity >= 1) || !(opts.refillMs > 0)) throw new Error('a token bucket needs capacity >= 1 and refillMs > 0');
    this.#capacity = opts.capacity;
    this.#refillMs = opts.refillMs;
    this.#maxKeys = opts.maxKeys ?? 10_000;
    this.#now = opts.now ?? Date.now;
  }

  #current(key: string, now: number): Bucket {
    const b = this.#buckets.get(key);
    if (!b) return { tokens: this.#capacity, at: now };
    const gained = Math.floor(Math.max(0, now - b.at) / this.#refillMs);
    if (gained === 0) return b;
    const tokens = Math.min(this.#capacity, b.tokens + gained);
    return { tokens, at: tokens === this.#capacity ? now : b.at + gained * this.#refillMs };
  }

  /** Takes one token for `key`, or says how long until one is back. */
  take(key: string): TakeResult {
    const now = this.#now();
    const b = this.#current(key, now);
    if (b.tokens < 1) return { ok: false, retryAfterMs: Math.max(1, b.at + this.#refillMs - now) };
    this.#buckets.delete(key); // re-insert: the Map's order is then least recently used first
    this.#buckets.set(key, { tokens: b.tokens - 1, at: b.tokens === this.#capacity ? now : b.at });
    while (this.#buckets.size > this.#maxKeys) {
      const oldest = this.#buckets.keys().next().value;
      if (oldest === undefined) break;
      this.#buckets.delete(oldest);
    }
    return { ok: true };
  }

  /** Forgets `key` (e.g. after a successful log-in). */
  reset(key: string): void {
    this.#buckets.delete(key);
  }

  get size(): number {
    return this.#buckets.size;
  }
}
