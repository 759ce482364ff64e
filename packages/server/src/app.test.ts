import { BotPool } from '@nardy/ai';
import { afterAll, expect, it } from 'vitest';
import { buildServer, closeServer } from './app.js';
import { loadConfig } from './config.js';
import { poolBots } from './games/bots.js';
import { acked, connect, lastView, playOut, world } from './games/kit.suite.js';
import { GameManager } from './games/manager.js';
import { MemoryStore } from './store/memory-store.js';

const pool = new BotPool({ size: 1 });
afterAll(() => pool.close());

it('config: defaults, and every problem reported by name', () => {
  expect(loadConfig({})).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: 'data/nardy.db', redisUrl: null, logLevel: 'info', diceSeed: null });
  expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud', REDIS_URL: 'nope', NARDY_DICE_SEED: '12' })).toThrow(/PORT[\s\S]*REDIS_URL[\s\S]*LOG_LEVEL[\s\S]*NARDY_DICE_SEED/);
});

it('HTTP: /healthz, the placeholder page without a web build', async () => {
  const store = new MemoryStore();
  const games = new GameManager({ store, bots: poolBots(pool) });
  const app = await buildServer(loadConfig({ WEB_DIST: '/nonexistent' }), { store, games, logger: false });
  const h = await app.inject({ url: '/healthz' });
  expect(h.statusCode).toBe(200);
  expect(h.json()).toMatchObject({ ok: true, db: 'ok' });
  const page = await app.inject({ url: '/' });
  expect(page.body).toContain('web app comes with its own issue');
  await closeServer(app);
  const after = await store.getGame('x');
  expect(after.ok).toBe(false);
});

it('a whole game against the real worker-pool bot (dist built)', { timeout: 30_000 }, async () => {
  const w = await world('memory', { bots: poolBots(pool) });
  const alice = await connect(w, 'alice');
  const r = await alice.command({ type: 'bot.play', level: 10, settings: { match: { variant: 'short', matchLength: 1, cube: { enabled: false } }, rated: false, stake: 0 } });
  expect(r).toMatchObject({ type: 'ack' });
  const gameId = (r as { result: { gameId: string } }).result.gameId;
  acked(await alice.command({ type: 'game.subscribe', gameId }));
  await playOut(w, gameId, [alice]);
  expect(lastView(alice, gameId).phase).toBe('matchOver');
  await w.close();
});
