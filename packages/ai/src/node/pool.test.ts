import { afterEach, describe, expect, it } from 'vitest';
import { legalTurns, type Position } from '@nardy/engine';
import { randomPlayPosition } from '@nardy/engine/testing';
import { chooseTurn, cubeEvaluator } from '../choose.js';
import { staticEvaluator } from '../evaluator.js';
import { BotPool } from './pool.js';
import type { BotRequest } from '../request.js';

// The workers run the built dist/node/worker.js: run `tsc -b packages/engine packages/ai` first (`npm test` does).

const position: Position = randomPlayPosition('short', 11, { plies: 6 });
const request = (extra: Partial<BotRequest> = {}): BotRequest => ({ position, dice: [6, 5], level: 'expert', ...extra });

let pool: BotPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

const isLegal = (steps: unknown): boolean => {
  const turns = legalTurns(position, [6, 5]);
  return turns.some((t) => JSON.stringify(t.steps) === JSON.stringify(steps));
};

describe('BotPool', () => {
  it("answers with the bot's legal choice within the budget", async () => {
    pool = new BotPool({ size: 2 });
    const a = await pool.chooseTurn(request(), 5000);
    expect(a.fallback).toBeNull();
    expect(a.ms).toBeLessThan(5000);
    expect(isLegal(a.turn.steps)).toBe(true);
  });

  it('a match cube travels to the worker: the same turn as chosen under it on this thread', async () => {
    pool = new BotPool({ size: 1 });
    const cube = { value: 2, owner: 'opponent', away: { onRoll: 2, opponent: 3 } } as const;
    const a = await pool.chooseTurn(request({ cube }), 5000);
    expect(a.fallback).toBeNull();
    expect(a.turn.steps).toEqual(chooseTurn(position, [6, 5], { level: 'expert', cube }).steps);
  });

  it('queues requests beyond the pool size and answers them all', async () => {
    pool = new BotPool({ size: 1 });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => pool!.chooseTurn(request({ level: 'beginner', seed: i }), 5000)));
    for (const a of answers) {
      expect(a.fallback).toBeNull();
      expect(isLegal(a.turn.steps)).toBe(true);
    }
  });

  it('a hanging worker yields the fallback (the first legal turn) in time and is replaced', async () => {
    pool = new BotPool({ size: 1, allowDebug: true });
    await pool.chooseTurn(request(), 5000); // warm up
    const budget = 300;
    const t0 = Date.now();
    const a = await pool.chooseTurn(request({ debug: { sleepMs: 5000 } }), budget);
    // Long before the hung worker's 5 s; the margin is wide because a loaded 2-core machine delays timers.
    expect(Date.now() - t0).toBeLessThan(budget + 1500);
    expect(a.fallback).toBe('timeout');
    expect(a.turn.steps).toEqual(legalTurns(position, [6, 5])[0]!.steps);
    expect(pool.replaced).toBe(1);
    const next = await pool.chooseTurn(request(), 5000);
    expect(next.fallback).toBeNull();
  });

  it('a request still queued when its budget ends also gets the fallback in time', async () => {
    pool = new BotPool({ size: 1, allowDebug: true });
    const slow = pool.chooseTurn(request({ debug: { sleepMs: 5000 } }), 1000);
    const t0 = Date.now();
    const queued = await pool.chooseTurn(request(), 200);
    expect(Date.now() - t0).toBeLessThanOrEqual(250);
    expect(queued.fallback).toBe('timeout');
    expect((await slow).fallback).toBe('timeout');
  });

  it('a crashed worker is replaced; its request gets the fallback', async () => {
    pool = new BotPool({ size: 1, allowDebug: true });
    const a = await pool.chooseTurn(request({ debug: { crash: true } }), 5000);
    expect(a.fallback).toBe('crash');
    expect(isLegal(a.turn.steps)).toBe(true);
    expect(pool.replaced).toBe(1);
    const next = await pool.chooseTurn(request(), 5000);
    expect(next.fallback).toBeNull();
  });

  it('a worker entry that cannot load: fallbacks at once, no endless respawning', async () => {
    pool = new BotPool({ size: 1, workerUrl: new URL('./no-such-worker.js', import.meta.url) });
    const answers = await Promise.all([pool.chooseTurn(request(), 5000), pool.chooseTurn(request(), 5000)]);
    for (const a of answers) {
      expect(a.fallback).toBe('crash');
      expect(a.ms).toBeLessThan(5000);
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(pool.replaced).toBeLessThanOrEqual(3);
    expect((await pool.chooseTurn(request(), 5000)).fallback).toBe('crash');
  });

  it('ignores debug options unless allowed', async () => {
    pool = new BotPool({ size: 1 });
    const a = await pool.chooseTurn(request({ debug: { crash: true } }), 5000);
    expect(a.fallback).toBeNull();
  });

  it('rejects an invalid request; close() answers pending ones with the fallback', async () => {
    pool = new BotPool({ size: 1, allowDebug: true });
    await expect(pool.chooseTurn({ ...request(), dice: [7, 1] }, 1000)).rejects.toThrow(/dice/);
    await expect(pool.chooseTurn({ ...request(), level: 'godlike' as never }, 1000)).rejects.toThrow(/level/);
    const pending = pool.chooseTurn(request({ debug: { sleepMs: 5000 } }), 10_000);
    await pool.close();
    expect((await pending).fallback).toBe('closed');
    expect((await pool.chooseTurn(request(), 1000)).fallback).toBe('closed');
  });

  it("cube questions: the level's look-ahead from the worker, the same as on this thread; the static evaluation as fallback", async () => {
    pool = new BotPool({ size: 1, allowDebug: true });
    const deep = await pool.cubeProbabilities({ position, level: 'worldclass' }, 10_000);
    expect(deep.fallback).toBeNull();
    expect(deep.probabilities).toEqual(cubeEvaluator('worldclass')(position));
    const flat = staticEvaluator('short')(position);
    expect(deep.probabilities).not.toEqual(flat);
    const late = await pool.cubeProbabilities({ position, level: 'worldclass', debug: { sleepMs: 5000 } }, 200);
    expect(late.fallback).toBe('timeout');
    expect(late.probabilities).toEqual(flat);
    // Both kinds share the queue and the workers.
    const [turn, cube] = await Promise.all([pool.chooseTurn(request(), 5000), pool.cubeProbabilities({ position, level: 'expert' }, 5000)]);
    expect(isLegal(turn.turn.steps)).toBe(true);
    expect(cube.probabilities).toEqual(flat);
    await expect(pool.cubeProbabilities({ position, level: 'godlike' as never }, 1000)).rejects.toThrow(/level/);
  });
});
