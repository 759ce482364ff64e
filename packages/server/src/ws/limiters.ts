import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Limits } from '../config.js';
import { hashToken } from '../accounts/accounts.js';

/**
 * The socket layer's counters, built from the configured limits by one factory. They live in rate-limiter-flexible's
 * memory store: right for one instance. With several instances behind a balancer, `counter` builds
 * `RateLimiterRedis` with the same options instead, so that every instance counts the same IP address or session.
 */
export interface Limiters {
  /** Frames per socket (its connection id), malformed and unknown ones included. */
  readonly frames: RateLimiterAbstract;
  /** Frames refused per socket; beyond it the socket is closed. */
  readonly refusals: RateLimiterAbstract;
  /** Open sockets per IP address: taken on open, given back on close. */
  readonly socketsPerIp: RateLimiterAbstract;
  /** Open sockets per session token. */
  readonly socketsPerSession: RateLimiterAbstract;
}

/** At most `points` per `seconds` (0: held until given back, an open-socket count). */
const counter = (keyPrefix: string, points: number, seconds: number): RateLimiterAbstract => new RateLimiterMemory({ keyPrefix, points, duration: seconds });

/** The token-bucket settings the commands' limit is given in: `burst` at once, `perSecond` sustained. */
export interface RateLimit {
  readonly perSecond: number;
  readonly burst: number;
}

export function createLimiters(limits: Limits, commands: RateLimit = { perSecond: limits.commandsPerSecond, burst: limits.commandBurst }): Limiters {
  return {
    // A fixed window that holds the burst and refills at the sustained rate: `burst` frames per burst/rate seconds.
    frames: counter('frames', commands.burst, Math.max(1, Math.round(commands.burst / commands.perSecond))),
    refusals: counter('refusals', limits.floodCloseAfter, 60),
    socketsPerIp: counter('ip', limits.socketsPerIp, 0),
    socketsPerSession: counter('session', limits.socketsPerSession, 0),
  };
}

/**
 * Takes one point of `key`: true when allowed. A refusal is the library's `RateLimiterRes`; anything else is the
 * store failing, and then the frame or socket is let through (a broken counter must not lock everyone out).
 */
export async function take(limiter: RateLimiterAbstract, key: string, onFault?: (what: string, err: unknown) => void): Promise<boolean> {
  try {
    await limiter.consume(key);
    return true;
  } catch (e) {
    if (e instanceof RateLimiterRes) return false;
    onFault?.('rate limiter', e);
    return true;
  }
}

/**
 * Admits a new socket from `ip` with session `token` (if any): takes its place in the open-socket counts, or
 * refuses it (null) when one is full. The admitted socket calls the returned function once, when it closes.
 */
export async function admitSocket(
  l: Limiters,
  ip: string,
  token: string | undefined,
  onFault?: (what: string, err: unknown) => void,
): Promise<(() => void) | null> {
  // The session is counted by its token's hash: a shared store never holds a usable token.
  const places: [RateLimiterAbstract, string][] = [[l.socketsPerIp, ip]];
  if (token !== undefined) places.push([l.socketsPerSession, hashToken(token)]);
  const held: typeof places = [];
  for (const place of places) {
    if (!(await take(place[0], place[1], onFault))) {
      // The refused point was counted too.
      for (const p of [...held, place]) await giveBack(p);
      return null;
    }
    held.push(place);
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    for (const p of held) void giveBack(p).catch((e: unknown) => onFault?.('rate limiter', e));
  };
}

/** Gives one place back; an empty count is deleted, so that the table holds only addresses with open sockets. */
async function giveBack([limiter, key]: [RateLimiterAbstract, string]): Promise<void> {
  const r = await limiter.reward(key);
  if (r.consumedPoints <= 0) await limiter.delete(key);
}
