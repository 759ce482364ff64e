import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BotPool } from '@nardy/ai/node';
import { afterAll, expect, it, vi } from 'vitest';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { poolBots } from './games/bots.js';
import { acked, connect, lastView, playOut, world } from './games/kit.suite.js';

const pool = new BotPool({ size: 1 });
afterAll(() => pool.close());

it('config: defaults, and every problem reported by name', () => {
  expect(loadConfig({})).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: 'data/nardy.db', redisUrl: null, logLevel: 'info', diceSeed: null });
  expect(loadConfig({}).signupBurst).toBe(10);
  expect(loadConfig({ SIGNUP_BURST: '500' }).signupBurst).toBe(500);
  expect(loadConfig({}).chipsGrant).toBe(1000);
  expect(loadConfig({ CHIPS_GRANT: '0' }).chipsGrant).toBe(0);
  expect(loadConfig({ CHIPS_GRANT: '25000' }).chipsGrant).toBe(25000);
  expect(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud', REDIS_URL: 'nope', NARDY_DICE_SEED: '12', SIGNUP_BURST: '0', CHIPS_GRANT: '-5' })).toThrow(
    /PORT[\s\S]*REDIS_URL[\s\S]*LOG_LEVEL[\s\S]*NARDY_DICE_SEED[\s\S]*SIGNUP_BURST[\s\S]*CHIPS_GRANT/,
  );
});

it('HTTP: /healthz, the placeholder page without a web build', async () => {
  const app = await createApp(loadConfig({ WEB_DIST: '/nonexistent', DATABASE_URL: ':memory:' }), { bots: poolBots(pool), logger: false });
  const h = await app.http.inject({ url: '/healthz' });
  expect(h.statusCode).toBe(200);
  expect(h.json()).toMatchObject({ ok: true, db: 'ok' });
  const page = await app.http.inject({ url: '/' });
  expect(page.body).toContain('web app comes with its own issue');
  await app.close();
  // The store it opened is closed with it.
  const after = await app.store.getGame('x');
  expect(after.ok).toBe(false);
});

it('HTTP: the web build — pages for client routes, long-lived hashed assets, files added after start, JSON 404 under /api', async () => {
  const root = mkdtempSync(join(tmpdir(), 'nardy-web-'));
  mkdirSync(join(root, 'assets'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(root, 'assets', 'index-abc.js'), 'console.log(1)');
  const app = await createApp(loadConfig({ WEB_DIST: root, DATABASE_URL: ':memory:' }), { bots: poolBots(pool), logger: false });
  try {
    for (const url of ['/', '/table/abc123', '/game/g_1']) {
      const page = await app.http.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('id="root"');
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    const asset = await app.http.inject({ url: '/assets/index-abc.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    // A rebuild while the server runs: the new file is served at once.
    writeFileSync(join(root, 'assets', 'index-def.js'), 'console.log(2)');
    expect((await app.http.inject({ url: '/assets/index-def.js' })).body).toBe('console.log(2)');
    const api = await app.http.inject({ url: '/api/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: 'NOT_FOUND' });
  } finally {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  }
});

it(
  'a 3-point match with the cube against the real worker-pool bot at worldclass: its cube decisions come from the pool (2-ply)',
  { timeout: 60_000 },
  async () => {
    const w = await world('sqlite', { bots: poolBots(pool), rateLimit: { perSecond: 1e9, burst: 1e9 } });
    const cube = vi.spyOn(pool, 'cubeProbabilities');
    const turns = vi.spyOn(pool, 'chooseTurn');
    const alice = await connect(w, 'alice');
    const r = await alice.command({ type: 'bot.play', level: 9, settings: { match: { variant: 'short', matchLength: 3 }, rated: false, stake: 0 } });
    expect(r).toMatchObject({ type: 'ack' });
    const gameId = (r as { result: { gameId: string } }).result.gameId;
    acked(await alice.command({ type: 'game.subscribe', gameId }));
    // The bot's 2-ply searches take real time while the loop polls: room for many polls.
    await playOut(w, gameId, [alice], 200_000);
    expect(lastView(alice, gameId).phase).toBe('matchOver');
    expect(cube).toHaveBeenCalled();
    for (const call of cube.mock.results) expect((await call.value).probabilities.win).toBeGreaterThanOrEqual(0);
    // Match play: every turn is scored by match winning chances under the match's cube.
    expect(turns).toHaveBeenCalled();
    for (const [request] of turns.mock.calls)
      expect(request.cube).toMatchObject({ owner: expect.any(String), away: { onRoll: expect.any(Number), opponent: expect.any(Number) } });
    cube.mockRestore();
    turns.mockRestore();
    await w.close();
  },
);

it('a whole game against the real worker-pool bot (dist built)', { timeout: 30_000 }, async () => {
  const w = await world('sqlite', { bots: poolBots(pool) });
  const turns = vi.spyOn(pool, 'chooseTurn');
  const alice = await connect(w, 'alice');
  const r = await alice.command({
    type: 'bot.play',
    level: 10,
    settings: { match: { variant: 'short', matchLength: 1, cube: { enabled: false } }, rated: false, stake: 0 },
  });
  expect(r).toMatchObject({ type: 'ack' });
  const gameId = (r as { result: { gameId: string } }).result.gameId;
  acked(await alice.command({ type: 'game.subscribe', gameId }));
  await playOut(w, gameId, [alice]);
  expect(lastView(alice, gameId).phase).toBe('matchOver');
  // A 1-point match without the cube: match winning chances with the cube held at 1 (mars counts nothing here).
  expect(turns).toHaveBeenCalled();
  for (const [request] of turns.mock.calls)
    expect(request.cube).toEqual({ value: 1, owner: 'centred', maxCube: 1, away: { onRoll: 1, opponent: 1 }, stage: 'postCrawford', crawfordRule: true });
  turns.mockRestore();
  await w.close();
});
