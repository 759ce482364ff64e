import type { ChipsReport } from '@nardy/protocol';
import { expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/index.js';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { FakeTime } from '../game/time.js';
import { inProcessBots } from '../games/bots.js';

it("GET /api/me/chips: a registered user's balance and ledger rows (opened with the grant); a guest has none; signed out is 401", async () => {
  const time = new FakeTime(1_767_225_600_000);
  const now = () => time.now();
  const server = await createApp(loadConfig({ DATABASE_URL: ':memory:', WEB_DIST: '/nonexistent', CHIPS_GRANT: '2500' }), {
    time,
    scrypt: { N: 1024, r: 8, p: 1 },
    bots: inProcessBots(),
    logger: false,
  });
  const { http: app, store } = server;
  const cookie = (res: { cookies: { name: string; value: string }[] }) => `${SESSION_COOKIE}=${res.cookies.find((c) => c.name === SESSION_COOKIE)!.value}`;

  const reg = await app.inject({ method: 'POST', url: '/api/register', payload: { name: 'anna', password: 'correct horse battery' } });
  expect(reg.statusCode, reg.body).toBe(201);
  const anna = cookie(reg);
  const r = await app.inject({ method: 'GET', url: '/api/me/chips', headers: { cookie: anna } });
  expect(r.statusCode).toBe(200);
  const report = r.json() as ChipsReport;
  expect(report).toMatchObject({ balance: { free: 2500, held: 0 }, grant: 2500 });
  expect(report.entries).toEqual([{ id: expect.any(Number), kind: 'grant', account: 'free', amount: 2500, gameId: null, at: now() }]);
  // Looking again grants nothing more.
  expect((await app.inject({ method: 'GET', url: '/api/me/chips', headers: { cookie: anna } })).json()).toEqual(report);

  const guest = await app.inject({ method: 'POST', url: '/api/guest' });
  expect((await app.inject({ method: 'GET', url: '/api/me/chips', headers: { cookie: cookie(guest) } })).json()).toEqual({
    balance: null,
    grant: 2500,
    entries: [],
  });
  expect((await app.inject({ method: 'GET', url: '/api/me/chips' })).statusCode).toBe(401);
  const bad = await app.inject({ method: 'GET', url: '/api/me/chips?limit=500', headers: { cookie: anna } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json()).toMatchObject({ error: { code: 'BAD_MESSAGE' } });
  expect(await store.auditChips()).toEqual({ ok: true, value: [] });
  await server.close();
});
