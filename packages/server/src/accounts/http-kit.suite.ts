import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { FakeTime } from '../game/time.js';
import { inProcessBots } from '../games/bots.js';
import type { Store } from '../store/index.js';
import type { Accounts } from './accounts.js';
import { SESSION_COOKIE } from './accounts.js';

/** What the accounts tests share: the server as `createApp` wires it, and requests to it. */

/** Cheap scrypt for the route tests (the hash format and verify are tested at the default cost in accounts.test.ts). */
const FAST = { N: 1024, r: 8, p: 1 } as const;

export interface Kit {
  server: App;
  app: FastifyInstance;
  store: Store;
  accounts: Accounts;
  clock: FakeTime;
}

/** The server as `createApp` wires it, on SQLite in memory, with a hand-moved clock. */
export async function kit(): Promise<Kit> {
  const clock = new FakeTime(1_767_225_600_000);
  const server = await createApp(loadConfig({ DATABASE_URL: ':memory:', WEB_DIST: '/nonexistent' }), {
    time: clock,
    scrypt: FAST,
    bots: inProcessBots(),
    logger: false,
  });
  return { server, app: server.http, store: server.store, accounts: server.accounts, clock };
}

export const cookieOf = (res: LightMyRequestResponse): string => {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  if (!c) throw new Error(`no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return `${SESSION_COOKIE}=${c.value}`;
};

export const post = (app: FastifyInstance, url: string, payload?: unknown, cookie?: string, ip = '10.0.0.1') =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: ip,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(cookie ? { headers: { cookie } } : {}),
  });

export const get = (app: FastifyInstance, url: string, cookie?: string) => app.inject({ method: 'GET', url, ...(cookie ? { headers: { cookie } } : {}) });

export function expectError(res: LightMyRequestResponse, status: number, code: string, message?: RegExp): void {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
  if (message) expect(body.error.message).toMatch(message);
}
