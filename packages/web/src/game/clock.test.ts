import type { GameView } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { clockFace, formatClock, graceLeft, seatTicking } from './clock';
import { NOW, play, viewOf } from './views.suite';

const base = viewOf(play({ variant: 'short' }, [{ type: 'opening', dice: { p1: 3, p2: 1 } }]), 'p1');
/** A view read at NOW with `running`'s move begun at `since`. */
const withClock = (control: GameView['clock']['control'], running: 'p1' | 'p2' | null = 'p1', since: number | null = running && NOW): GameView => ({
  ...base,
  clock: { control, left: { p1: 300_000, p2: 200_000 }, running, since, at: NOW, flagged: null },
});
const RESERVE = { kind: 'matchReserve', perPointMs: 60_000, delayMs: 15_000 } as const;

describe('clockFace', () => {
  it('match reserve: the delay counts down first, then the reserve (G8)', () => {
    const view = withClock(RESERVE);
    expect(clockFace(view, 'p1', NOW + 5_000)).toEqual({ ms: 300_000, delayMs: 10_000, running: true, flagged: false });
    expect(clockFace(view, 'p1', NOW + 20_000)).toEqual({ ms: 295_000, delayMs: null, running: true, flagged: false });
    expect(clockFace(view, 'p2', NOW + 20_000)).toEqual({ ms: 200_000, delayMs: null, running: false, flagged: false });
  });

  it('a view read mid-move (a snapshot after a reload, too) counts the delay already used', () => {
    const view = withClock(RESERVE, 'p1', NOW - 10_000);
    expect(clockFace(view, 'p1', NOW + 2_000).delayMs).toBe(3_000);
    expect(clockFace(view, 'p1', NOW + 7_000).ms).toBe(298_000);
    expect(clockFace(withClock(RESERVE, 'p1', NOW - 60_000), 'p1', NOW + 5_000)).toEqual({ ms: 295_000, delayMs: null, running: true, flagged: false });
  });

  it('Fischer and Bronstein run from the first moment; never below zero', () => {
    const fischer = withClock({ kind: 'fischer', initialMs: 300_000, incrementMs: 2_000 });
    expect(clockFace(fischer, 'p1', NOW + 1_000).ms).toBe(299_000);
    expect(clockFace(fischer, 'p1', NOW + 400_000).ms).toBe(0);
  });

  it('no clock; a flagged seat shows zero', () => {
    expect(clockFace(base, 'p1', NOW).ms).toBeNull();
    const flagged = { ...withClock(RESERVE, null), clock: { ...withClock(RESERVE, null).clock, flagged: 'p2' as const } };
    expect(clockFace(flagged, 'p2', NOW)).toEqual({ ms: 0, delayMs: null, running: false, flagged: true });
  });
});

describe('formatClock', () => {
  it('rounds up to whole seconds', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(1)).toBe('0:01');
    expect(formatClock(59_001)).toBe('1:00');
    expect(formatClock(754_000)).toBe('12:34');
    expect(formatClock(3_723_000)).toBe('1:02:03');
  });
});

describe('graceLeft and seatTicking', () => {
  it('counts a gone player’s grace down', () => {
    const gone: GameView = { ...base, players: { ...base.players, p2: { ...base.players.p2, online: false, graceUntil: NOW + 30_000 } } };
    expect(graceLeft(gone, 'p2', NOW + 10_000)).toBe(20_000);
    expect(graceLeft(gone, 'p2', NOW + 40_000)).toBe(0);
    expect(graceLeft(gone, 'p1', NOW)).toBeNull();
    expect(seatTicking(gone, 'p2')).toBe(true);
    expect(seatTicking(gone, 'p1')).toBe(false);
    expect(seatTicking(withClock(RESERVE), 'p1')).toBe(true);
    expect(seatTicking(withClock(RESERVE), 'p2')).toBe(false);
  });
});
