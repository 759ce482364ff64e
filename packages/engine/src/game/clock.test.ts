import { describe, expect, it } from 'vitest';
import {
  chargeMove,
  flagAt,
  isFlagged,
  NO_CLOCK,
  remaining,
  runClock,
  startClock,
  stopClock,
  timeControl,
  TOURNAMENT_CLOCK,
  US_CLOCK,
  type ClockState,
  type TimeControl,
} from './clock.js';

const start = (tc: TimeControl, n = 0): ClockState => {
  const r = startClock(tc, n);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('G8 clocks', () => {
  it('G8 match reserve: 3 min per point + 15 s delay (tournament), 2 min + 12 s (US)', () => {
    const c = start(TOURNAMENT_CLOCK, 7);
    expect(c.left).toEqual({ p1: 21 * 60_000, p2: 21 * 60_000 });
    expect(start(US_CLOCK, 5).left.p1).toBe(10 * 60_000);
    // A 10 s move costs nothing (inside the delay); a 40 s move costs 25 s.
    const a = chargeMove(c, 'p1', 1000, 11_000);
    expect(a.left.p1).toBe(21 * 60_000);
    const b = chargeMove(a, 'p1', 0, 40_000);
    expect(b.left.p1).toBe(21 * 60_000 - 25_000);
    expect(b.left.p2).toBe(21 * 60_000);
  });

  it('G8 match reserve needs a match (not a money session)', () => {
    const r = startClock(TOURNAMENT_CLOCK, 0);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('BAD_OPTIONS');
  });

  it('G8 simple delay: remaining shows the reserve until the delay is used, then counts down; flag time', () => {
    const c = runClock(start(US_CLOCK, 1), 'p1', 1_000);
    expect(remaining(c, 'p1', 1_000 + 12_000)).toBe(120_000);
    expect(remaining(c, 'p1', 1_000 + 22_000)).toBe(110_000);
    expect(remaining(c, 'p2', 1_000 + 22_000)).toBe(120_000);
    expect(flagAt(c)).toBe(1_000 + 12_000 + 120_000);
    expect(isFlagged(c, 'p1', 1_000 + 131_999)).toBe(false);
    expect(isFlagged(c, 'p1', 1_000 + 132_000)).toBe(true);
  });

  it('G8 Fischer increment: time used is charged, then the increment added', () => {
    const c = start({ kind: 'fischer', initialMs: 60_000, incrementMs: 5_000 });
    expect(chargeMove(c, 'p2', 0, 20_000).left.p2).toBe(45_000);
  });

  it('G8 Bronstein delay: gives back the time used up to the delay; the clock runs from the first moment', () => {
    const c = start({ kind: 'bronstein', initialMs: 60_000, delayMs: 10_000 });
    expect(chargeMove(c, 'p1', 0, 4_000).left.p1).toBe(60_000);
    expect(chargeMove(c, 'p1', 0, 25_000).left.p1).toBe(45_000);
    // Unlike simple delay, a reserve shorter than the move flags even inside the delay.
    const low = { ...c, left: { p1: 3_000, p2: 60_000 } };
    expect(chargeMove(low, 'p1', 0, 5_000).flagged).toBe('p1');
    const simple = { ...start(US_CLOCK, 1), left: { p1: 3_000, p2: 60_000 } };
    expect(chargeMove(simple, 'p1', 0, 5_000).flagged).toBe(null);
    expect(flagAt(runClock(low, 'p1', 100))).toBe(3_100);
  });

  it('G8 per-move limit (casual): each move within the limit, nothing carries over', () => {
    const c = start({ kind: 'perMove', limitMs: 30_000 });
    const a = chargeMove(c, 'p1', 0, 29_000);
    expect(a.left.p1).toBe(30_000);
    expect(a.flagged).toBe(null);
    const b = chargeMove(a, 'p1', 0, 31_000);
    expect(b.flagged).toBe('p1');
    expect(remaining(b, 'p1', 0)).toBe(0);
  });

  it('G8 none: no time limit, never flags', () => {
    const c = runClock(start(NO_CLOCK), 'p1', 0);
    expect(remaining(c, 'p1', 1e12)).toBe(Infinity);
    expect(isFlagged(c, 'p1', 1e12)).toBe(false);
    expect(flagAt(c)).toBe(null);
    expect(chargeMove(c, 'p1', 0, 1e12)).toBe(c);
  });

  it('G8 pressing the clock charges the running side and starts the other', () => {
    let c = start({ kind: 'fischer', initialMs: 60_000, incrementMs: 2_000 });
    c = runClock(c, 'p1', 0);
    c = runClock(c, 'p2', 10_000);
    expect(c.left.p1).toBe(52_000);
    expect(c.running).toEqual({ seat: 'p2', since: 10_000 });
    expect(remaining(c, 'p2', 15_000)).toBe(55_000);
    c = stopClock(c, 20_000);
    expect(c.left.p2).toBe(52_000);
    expect(c.running).toBe(null);
    expect(stopClock(c, 30_000)).toBe(c);
  });

  it('G8 bad time controls and timestamps are values, not exceptions', () => {
    expect(timeControl({ kind: 'hourglass' }).ok).toBe(false);
    expect(timeControl({ kind: 'fischer', initialMs: -1, incrementMs: 0 }).ok).toBe(false);
    expect(timeControl({ kind: 'fischer', initialMs: 1, incrementMs: 0, extra: 1 }).ok).toBe(false);
    expect(timeControl({ kind: 'perMove', limitMs: 0 }).ok).toBe(false);
    const c = start({ kind: 'fischer', initialMs: 60_000, incrementMs: 0 });
    expect(chargeMove(c, 'p1', 10, 5).left.p1).toBe(60_000); // a clock going backwards charges nothing
    expect(chargeMove(c, 'p1', NaN, 5).left.p1).toBe(60_000);
  });
});
