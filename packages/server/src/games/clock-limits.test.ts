import { matchSettings, type MatchSettingsInput } from '@nardy/engine';
import { LIMITS, type GameView } from '@nardy/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.js';
import { MAX_TIMER_MS, realTime } from '../game/time.js';
import { connect, world } from './kit.suite.js';

/**
 * Issue 40 item 15: a clock longer than Node's longest timer (2³¹−1 ms) made the flag timer fire every 1 ms for
 * ever. Commands cannot ask for one any more, and a table stored with one (from before the bounds) is timed in
 * steps that Node can wait for.
 */
const DAYS_40 = 40 * 24 * 3_600_000;

function fullSettings(input: MatchSettingsInput): GameView['settings']['match'] {
  const m = matchSettings(input);
  if (!m.ok) throw new Error(m.error.message);
  return m.value as GameView['settings']['match'];
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('clock bounds', () => {
  it('a seek or a bot game with an absurd clock is refused with BAD_OPTIONS, naming the field', async () => {
    const w = await world();
    try {
      const alice = await connect(w, 'alice');
      const absurd = { kind: 'perMove', limitMs: DAYS_40 };
      const seek = await alice.command({ type: 'seek.create', settings: { match: { variant: 'long', timeControl: absurd }, rated: false, stake: 0 } });
      expect(seek).toMatchObject({ type: 'error', code: 'BAD_OPTIONS', message: expect.stringMatching(/limitMs: must be 1000–86400000 ms/) });
      const bot = await alice.command({
        type: 'bot.play',
        level: 1,
        settings: {
          match: { variant: 'short', matchLength: 1, timeControl: { kind: 'fischer', initialMs: 60_000, incrementMs: 2 ** 31 } },
          rated: false,
          stake: 0,
        },
      });
      expect(bot).toMatchObject({ type: 'error', code: 'BAD_OPTIONS', message: expect.stringMatching(/incrementMs/) });
      // The longest clock allowed is accepted.
      const longest = { kind: 'perMove', limitMs: LIMITS.clockMaxMs };
      expect(
        await alice.command({ type: 'seek.create', settings: { match: { variant: 'long', timeControl: longest }, rated: false, stake: 0 } }),
      ).toMatchObject({
        type: 'ack',
      });
      expect(w.faults).toEqual([]);
    } finally {
      await w.close();
    }
  });

  it('a game stored with a 40-day clock, restored at start, arms its flag timer within the limit and does not spin', async () => {
    const w = await world();
    // A first process on the world's store, then a second one that restores what the first left running.
    const first = await createApp(w.config, { ...w.options, store: w.store });
    const started = await first.games.startGame({
      // Straight to the engine, as a table stored before the protocol bounded clocks.
      settings: { match: fullSettings({ variant: 'short', matchLength: 1, timeControl: { kind: 'perMove', limitMs: DAYS_40 } }), rated: false, stake: 0 },
      seats: { p1: { kind: 'user', userId: w.users['alice']!.userId }, p2: { kind: 'user', userId: w.users['bob']!.userId } },
      clientSeeds: {},
      rated: false,
    });
    if (!started.ok) throw new Error(started.error.message);
    await first.games.actorOf(started.value.gameId)!.settled();
    await first.close();

    // The restart runs on Node's timers (faked: they overflow as Node's do, a delay past the limit fires after 1 ms).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: w.time.now() });
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const next = await createApp(w.config, { ...w.options, store: w.store, time: realTime });
    try {
      expect(next.restored).toBe(1);
      const delays = armed.mock.calls.map((c) => c[1] ?? 0);
      expect(Math.max(...delays)).toBe(MAX_TIMER_MS);
      armed.mockClear();
      await vi.advanceTimersByTimeAsync(10_000);
      // Spinning would re-arm the flag timer ten thousand times in these ten seconds.
      expect(armed.mock.calls.length).toBeLessThan(5);
      expect(next.games.actorOf(started.value.gameId)?.match.phase).not.toBe('matchOver');
    } finally {
      await next.close();
      vi.useRealTimers();
      await w.close();
    }
  });

  it("Node's timer: a time beyond 2³¹−1 ms is reached in steps and fires once, on time", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 0 });
    const armed = vi.spyOn(globalThis, 'setTimeout');
    const fired: number[] = [];
    realTime.setTimer(MAX_TIMER_MS + 5_000, () => fired.push(Date.now()));
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS + 4_999);
    expect(fired).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fired).toEqual([MAX_TIMER_MS + 5_000]);
    expect(armed.mock.calls.map((c) => c[1])).toEqual([MAX_TIMER_MS, 5_000]);
    // Cancelling after a step cancels the re-armed timer.
    const cancel = realTime.setTimer(Date.now() + 2 * MAX_TIMER_MS, () => fired.push(-1));
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS);
    cancel();
    await vi.advanceTimersByTimeAsync(MAX_TIMER_MS);
    expect(fired).toEqual([MAX_TIMER_MS + 5_000]);
  });
});
