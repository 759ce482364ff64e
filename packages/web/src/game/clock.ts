/**
 * Clocks between views (G8): each view says how much time each seat had at server time `at` and whose clock
 * runs; the room counts the running one down locally, in server time (`Date.now() + link.clockOffset`), and the
 * next view corrects it. Under a match reserve the first `delayMs` of each move are free (simple delay): the
 * delay counts down first, then the reserve, from when the move began (the view's `clock.since`).
 */
import type { Seat } from '@nardy/engine';
import type { GameView } from '@nardy/protocol';

export interface ClockFace {
  /** Time left in ms; null when the table plays without a clock. */
  readonly ms: number | null;
  /** What is left of this move's free delay, while it runs; null otherwise. */
  readonly delayMs: number | null;
  readonly running: boolean;
  readonly flagged: boolean;
}

export function clockFace(view: GameView, seat: Seat, serverNow: number): ClockFace {
  const { control, left, running, since, at, flagged } = view.clock;
  const base = left[seat];
  if (base === null) return { ms: null, delayMs: null, running: false, flagged: false };
  if (flagged === seat) return { ms: 0, delayMs: null, running: false, flagged: true };
  if (running !== seat) return { ms: base, delayMs: null, running: false, flagged: false };
  const elapsed = Math.max(0, serverNow - at);
  const delayAtViewTime = control.kind === 'matchReserve' && since !== null ? Math.max(0, since + control.delayMs - at) : 0;
  const delayLeft = delayAtViewTime - elapsed;
  return {
    ms: Math.max(0, base - Math.max(0, elapsed - delayAtViewTime)),
    delayMs: control.kind === 'matchReserve' && delayLeft > 0 ? delayLeft : null,
    running: true,
    flagged: false,
  };
}

/** `m:ss` (or `h:mm:ss`), rounded up so a clock shows 0:00 only when the time is out. */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** How long a gone player has left to come back before the opponent may claim (ms), or null when he is here. */
export function graceLeft(view: GameView, seat: Seat, serverNow: number): number | null {
  const p = view.players[seat];
  if (p.online || p.graceUntil === null) return null;
  return Math.max(0, p.graceUntil - serverNow);
}

/** Whether something of `seat` counts down on screen: his running clock, or his grace while he is away. */
export const seatTicking = (view: GameView, seat: Seat): boolean => (view.end === null && view.clock.running === seat) || !view.players[seat].online;
