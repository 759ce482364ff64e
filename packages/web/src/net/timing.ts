/** The connection's arithmetic, kept pure so it is tested without a socket or a clock. */

/** The first reconnect waits this long; each failure doubles it up to `MAX_BACKOFF_MS`. */
const FIRST_BACKOFF_MS = 500;
export const MAX_BACKOFF_MS = 10_000;
/** A ping every 20 s keeps proxies from closing an idle socket and refreshes the clock offset. */
export const PING_INTERVAL_MS = 20_000;

/**
 * How long to wait before reconnect attempt `attempt` (0 = the first after a drop): 0.5 s doubling to 10 s, with
 * ±20 % jitter so a server restart is not met by every tab at the same instant. `random` is in [0, 1).
 */
export function backoffDelay(attempt: number, random: number): number {
  const base = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, attempt));
  return Math.round(base * (0.8 + 0.4 * random));
}

/**
 * Server time minus local time, from one request/reply: the server read its clock about half a round trip after
 * `sentAt` (NTP's assumption of a symmetric path).
 */
export function clockOffset(sentAt: number, receivedAt: number, serverTime: number): number {
  return Math.round(serverTime - (sentAt + (receivedAt - sentAt) / 2));
}
