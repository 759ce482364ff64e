import { flagAt, isFlagged, remaining, runClock, startClock, stopClock, bySeat, type ClockState, type MatchSettings, type Seat } from '@nardy/engine';
import type { ClockRecord } from './log.js';

/**
 * The server's use of the engine's clock arithmetic (G8). The policy:
 *
 * - **Server-side timing only.** Every instant is the server's receipt time; the client's own timestamps
 *   are never used.
 * - **One move on the clock = one seat's spell of deciding.** The clock of `toAct` runs; it is charged only
 *   when the decision passes to the other seat (or the game/match stops), so a roll followed by a move is
 *   one move with one delay, and a cube answer is a move of the responder.
 * - **Lag grace.** A move is charged up to `receipt − lagGraceMs` (never before it started): the grace
 *   covers the message's trip to the server and is charged to nobody. The flag timer fires at the flag
 *   time plus the grace, and a command is checked against the flag at `receipt − lagGraceMs`, so both
 *   agree. Each millisecond is charged at most once, to at most one seat: lag is never charged twice.
 * - **Crash-restart.** The time between the last logged action and the restart is not charged: the
 *   running seat resumes with the thinking time it had at that action.
 */

export const DEFAULT_LAG_GRACE_MS = 500;

/** The clock at the start of a match (null without a time control). */
export function newGameClock(settings: MatchSettings): ClockState | null {
  if (settings.timeControl.kind === 'none') return null;
  const c = startClock(settings.timeControl, settings.matchLength);
  if (!c.ok) throw new Error(`settings passed validation but the clock cannot start: ${c.error.message}`);
  return c.value;
}

/** The clock after an action at `t`, with `next` to decide (null: nobody, e.g. the opening throw or the end). */
export function pressClock(clock: ClockState, next: Seat | null, t: number, lagGraceMs: number): ClockState {
  const r = clock.running;
  if (r && r.seat === next) return clock;
  const stopped = r ? stopClock(clock, Math.max(r.since, t - lagGraceMs)) : clock;
  return next ? runClock(stopped, next, t) : stopped;
}

/** Whether the seat thinking now has flagged by server time `t` (judged at `t − lagGraceMs`). */
export function flagDue(clock: ClockState, t: number, lagGraceMs: number): Seat | null {
  const r = clock.running;
  if (!r) return clock.flagged;
  return isFlagged(clock, r.seat, Math.max(r.since, t - lagGraceMs)) ? r.seat : null;
}

/** When the flag timer should fire (flag time + grace), or null. */
export function flagTimerAt(clock: ClockState, lagGraceMs: number): number | null {
  const f = flagAt(clock);
  return f === null ? null : f + lagGraceMs;
}

/** The stored form of the clock after an action at `t`. */
export function clockRecord(clock: ClockState, t: number): ClockRecord {
  const r = clock.running;
  return Object.freeze({
    left: bySeat(clock.left.p1, clock.left.p2),
    running: r ? r.seat : null,
    runningFor: r ? Math.max(0, t - r.since) : 0,
    flagged: clock.flagged,
  });
}

/** The clock rebuilt from the last stored record, resuming at `now` (downtime not charged). */
export function restoreClock(settings: MatchSettings, rec: ClockRecord | null, now: number): ClockState | null {
  const fresh = newGameClock(settings);
  if (!fresh || !rec) return fresh;
  return Object.freeze({
    ...fresh,
    left: bySeat(rec.left.p1, rec.left.p2),
    running: rec.running ? Object.freeze({ seat: rec.running, since: now - rec.runningFor }) : null,
    flagged: rec.flagged,
  });
}

/** What clients see: each seat's time at `now`, whose clock runs and since when (its move's start). */
export interface ClockView {
  readonly left: { readonly p1: number; readonly p2: number };
  readonly running: Seat | null;
  readonly since: number | null;
  readonly at: number;
}

export function clockView(clock: ClockState | null, now: number): ClockView | null {
  if (!clock) return null;
  return Object.freeze({
    left: bySeat(remaining(clock, 'p1', now), remaining(clock, 'p2', now)),
    running: clock.running?.seat ?? null,
    since: clock.running?.since ?? null,
    at: now,
  });
}

/**
 * After a flag fall that does not end the match (flagLoses 'game'): the flagged seat plays on. A per-move
 * clock gives it a fresh limit; other controls leave it what it had (nothing), and it will flag again at
 * its next move unless the control adds time (Fischer increment, delay).
 */
export function afterFlagInMatch(clock: ClockState, seat: Seat): ClockState {
  const c = clock.control;
  const left = c.kind === 'perMove' ? bySeat(seat === 'p1' ? c.limitMs : clock.left.p1, seat === 'p2' ? c.limitMs : clock.left.p2) : clock.left;
  return Object.freeze({ ...clock, left, flagged: null });
}
