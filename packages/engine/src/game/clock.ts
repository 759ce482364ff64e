import { err, ok, type Result } from '../result.js';
import { bySeat, type BySeat, type Seat } from './seats.js';
import { isRecord } from '../guards.js';

/**
 * Clock arithmetic for G8, as pure functions of timestamps (milliseconds, passed in by the caller — the
 * engine has no clock). The clock of the seat that must act runs, also while it decides on a cube offer
 * (`toAct` in legal.ts says whose). A player whose time runs out has flagged: see `flagLoses` in the match
 * settings (the match by default, or the game valued as a surrender).
 */
export type TimeControl =
  /** No clock. */
  | { readonly kind: 'none' }
  /** G8 match reserve: `perPointMs` × match length for the whole match, plus a simple delay per move
   *  (the first `delayMs` of each move are free; unused delay is lost). */
  | { readonly kind: 'matchReserve'; readonly perPointMs: number; readonly delayMs: number }
  /** Fischer: `initialMs`, and `incrementMs` added after each completed move. */
  | { readonly kind: 'fischer'; readonly initialMs: number; readonly incrementMs: number }
  /** Bronstein: `initialMs`; the clock runs at once and afterwards gives back the time used, up to `delayMs`. */
  | { readonly kind: 'bronstein'; readonly initialMs: number; readonly delayMs: number }
  /** Casual play: each move within `limitMs`; nothing carries over. */
  | { readonly kind: 'perMove'; readonly limitMs: number };

export type TimeControlKind = TimeControl['kind'];

export const NO_CLOCK: TimeControl = Object.freeze({ kind: 'none' });
/** G8 tournament default: 3 minutes per match point and a 15-second delay. */
export const TOURNAMENT_CLOCK: TimeControl = Object.freeze({ kind: 'matchReserve', perPointMs: 180_000, delayMs: 15_000 });
/** G8 US federation: 2 minutes per match point and a 12-second delay. */
export const US_CLOCK: TimeControl = Object.freeze({ kind: 'matchReserve', perPointMs: 120_000, delayMs: 12_000 });

/** One seat's clock running since `since`. */
export interface RunningClock {
  readonly seat: Seat;
  readonly since: number;
}

export interface ClockState {
  readonly control: TimeControl;
  /** Each seat's time left in ms, not counting a move in progress (Infinity without a clock). */
  readonly left: BySeat<number>;
  /** The seat whose clock runs, and since when; null when stopped. */
  readonly running: RunningClock | null;
  /** The seat whose time ran out, once a charge found it. */
  readonly flagged: Seat | null;
}

const isMs = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

const FIELDS: { readonly [K in TimeControlKind]: readonly string[] } = {
  none: [],
  matchReserve: ['perPointMs', 'delayMs'],
  fischer: ['initialMs', 'incrementMs'],
  bronstein: ['initialMs', 'delayMs'],
  perMove: ['limitMs'],
};

/** Checks a time control read from outside (G8): a known kind, its fields as non-negative ms, positive time. */
export function timeControl(input: unknown): Result<TimeControl> {
  if (!isRecord(input) || typeof input['kind'] !== 'string' || !Object.hasOwn(FIELDS, input['kind'])) {
    return err('BAD_OPTIONS', `time control must be an object with kind ${Object.keys(FIELDS).join(' | ')}`);
  }
  const kind = input['kind'] as TimeControlKind;
  const fields = FIELDS[kind];
  const out: Record<string, unknown> = { kind };
  for (const k of Object.keys(input)) {
    if (k === 'kind') continue;
    if (!fields.includes(k)) return err('BAD_OPTIONS', `time control '${kind}' has no field '${k}'`);
  }
  for (const f of fields) {
    const v = input[f];
    if (!isMs(v)) return err('BAD_OPTIONS', `time control '${kind}': ${f} must be a non-negative number of ms`);
    out[f] = v;
  }
  const tc = out as unknown as TimeControl;
  const main = tc.kind === 'matchReserve' ? tc.perPointMs : tc.kind === 'perMove' ? tc.limitMs : tc.kind === 'none' ? 1 : tc.initialMs;
  if (main <= 0) return err('BAD_OPTIONS', `time control '${kind}' gives no time`);
  return ok(Object.freeze(tc));
}

/** A fresh clock for a match of `matchLength` points (0 = money session; a match reserve needs a match). */
export function startClock(control: TimeControl, matchLength: number): Result<ClockState> {
  const checked = timeControl(control);
  if (!checked.ok) return checked;
  const tc = checked.value;
  let start: number;
  switch (tc.kind) {
    case 'none':
      start = Infinity;
      break;
    case 'matchReserve':
      if (!Number.isInteger(matchLength) || matchLength < 1) {
        return err('BAD_OPTIONS', 'a match reserve needs a match length of at least 1 point (G8)');
      }
      start = tc.perPointMs * matchLength;
      break;
    case 'fischer':
    case 'bronstein':
      start = tc.initialMs;
      break;
    case 'perMove':
      start = tc.limitMs;
      break;
  }
  return ok(Object.freeze({ control: tc, left: bySeat(start, start), running: null, flagged: null }));
}

/** The time `seat` would show after thinking for `elapsed` ms of one move, starting from `left`. */
function shownAfter(control: TimeControl, left: number, elapsed: number): number {
  switch (control.kind) {
    case 'none':
      return Infinity;
    case 'matchReserve':
      // Simple delay: the first delayMs of the move do not count.
      return left - Math.max(0, elapsed - control.delayMs);
    case 'fischer':
    case 'bronstein':
    case 'perMove':
      // The clock runs from the first moment (Bronstein gives time back only when the move is made).
      return left - elapsed;
  }
}

const span = (startedAt: number, endedAt: number): number => (Number.isFinite(startedAt) && Number.isFinite(endedAt) ? Math.max(0, endedAt - startedAt) : 0);

/**
 * Charges one move of `seat` that took from `startedAt` to `endedAt`: the delay, Bronstein give-back or Fischer
 * increment applied, the per-move limit reset. A move whose time ran out sets `flagged` and leaves 0.
 */
export function chargeMove(clock: ClockState, seat: Seat, startedAt: number, endedAt: number): ClockState {
  const c = clock.control;
  if (c.kind === 'none') return clock;
  const elapsed = span(startedAt, endedAt);
  const shown = shownAfter(c, clock.left[seat], elapsed);
  let next: number;
  let flagged = clock.flagged;
  if (shown <= 0) {
    next = 0;
    flagged ??= seat;
  } else if (c.kind === 'fischer') next = shown + c.incrementMs;
  else if (c.kind === 'bronstein') next = shown + Math.min(elapsed, c.delayMs);
  else if (c.kind === 'perMove') next = c.limitMs;
  else next = shown;
  const left = seat === 'p1' ? bySeat(next, clock.left.p2) : bySeat(clock.left.p1, next);
  return Object.freeze({ ...clock, left, flagged });
}

/** Starts `seat`'s clock at `at` (the clock is "pressed"): a running move of the other seat is charged first. */
export function runClock(clock: ClockState, seat: Seat, at: number): ClockState {
  const stopped = stopClock(clock, at);
  return Object.freeze({ ...stopped, running: Object.freeze({ seat, since: at }) });
}

/** Stops the running clock at `at`, charging the move in progress. */
export function stopClock(clock: ClockState, at: number): ClockState {
  if (!clock.running) return clock;
  const charged = chargeMove(clock, clock.running.seat, clock.running.since, at);
  return Object.freeze({ ...charged, running: null });
}

/** The time `seat`'s clock shows at `now` in ms (never below 0; Infinity without a clock). */
export function remaining(clock: ClockState, seat: Seat, now: number): number {
  if (clock.control.kind === 'none') return Infinity;
  if (clock.flagged === seat) return 0;
  const r = clock.running;
  const shown = r && r.seat === seat ? shownAfter(clock.control, clock.left[seat], span(r.since, now)) : clock.left[seat];
  return Math.max(0, shown);
}

/** Whether `seat`'s time has run out by `now` (its flag has fallen). */
export const isFlagged = (clock: ClockState, seat: Seat, now: number): boolean => clock.flagged === seat || remaining(clock, seat, now) <= 0;

/** When the running seat's flag will fall if it does not move (for a server's timer); null if no clock runs. */
export function flagAt(clock: ClockState): number | null {
  const r = clock.running;
  if (!r || clock.control.kind === 'none') return null;
  const left = clock.left[r.seat];
  return clock.control.kind === 'matchReserve' ? r.since + clock.control.delayMs + left : r.since + left;
}
