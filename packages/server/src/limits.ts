import type { Redis } from 'ioredis';
import { memoryBuckets, redisBuckets, type BucketFactory } from './accounts/rate-limit.js';
import { memoryLockout, redisLockout, type LockoutFactory } from './accounts/lockout.js';

/**
 * Where the per-user and per-address limits live (issue 43), chosen here once for the whole app: the log-in,
 * sign-up and guest limits and the account lock (accounts/), chat lines and private messages (chat/), `.mat`
 * uploads (records/imports.ts). One instance: this process's memory, as always. Several: Redis, so that a user or
 * an address has one budget whichever instance it reaches; each falls back to this instance's memory while Redis
 * is unreachable (degraded to per-instance limits, never refusing everyone).
 *
 * Not here, and local on purpose: the socket layer's counters (ws/limiters.ts) — frames and refusals are one
 * socket's, which lives on one instance, and the open sockets per address or session are given back when a socket
 * closes, which a killed instance never does (held in Redis they would lock its users out); the lobby's seeks per
 * address, kept by the lobby, which has one owner in a cluster.
 */
export interface LimitStores {
  readonly buckets: BucketFactory;
  readonly lockout: LockoutFactory;
}

/** The limits' stores: in memory without `redis`, else in Redis under `<prefix>:` (the app's own ioredis client). */
export function limitStores(redis?: Redis, prefix = 'nardy:limits'): LimitStores {
  return redis ? { buckets: redisBuckets(redis, prefix), lockout: redisLockout(redis, prefix) } : { buckets: memoryBuckets, lockout: memoryLockout };
}
