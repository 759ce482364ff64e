import { PROTOCOL_VERSION } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WireClient } from '../testing/built-server.suite.js';
import { cookieOf, expectError, get, kit, post, type Kit } from './http-kit.suite.js';

/** Ending sessions: log-out, "log out everywhere", a password change; each closes the sockets of what it ended. */

let k: Kit;
const sockets: WireClient[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.close();
  await k.server.close();
});

/** A socket opened with `cookie`, past `hello`; `closed` resolves with the close code the server sent. */
async function socket(url: string, cookie: string): Promise<{ client: WireClient; closed: Promise<number> }> {
  const client = await WireClient.open(url, cookie);
  sockets.push(client);
  const closed = new Promise<number>((resolve) => client.ws.once('close', (code: number) => resolve(code)));
  expect(await client.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
  return { client, closed };
}

const stillOpen = async (s: { client: WireClient }): Promise<void> => {
  expect(await s.client.command({ type: 'lobby.subscribe' })).toMatchObject({ type: 'ack' });
};

async function signUp(name: string, password: string): Promise<string> {
  const r = await post(k.app, '/api/register', { name, password });
  expect(r.statusCode, r.body).toBe(201);
  return cookieOf(r);
}

async function logIn(name: string, password: string, ip = '10.0.0.1'): Promise<string> {
  const r = await post(k.app, '/api/login', { name, password }, undefined, ip);
  expect(r.statusCode, r.body).toBe(200);
  return cookieOf(r);
}

describe('ending sessions', () => {
  it("log-out closes that session's sockets (code 4001) and no other session's", async () => {
    k = await kit();
    const url = await k.server.http.listen({ port: 0, host: '127.0.0.1' });
    const laptop = await signUp('Lena', 'board-game-42');
    const phone = await logIn('Lena', 'board-game-42');
    const [a, b] = [await socket(url, laptop), await socket(url, phone)];
    const out = await post(k.app, '/api/logout', undefined, laptop);
    expect(out.statusCode, out.body).toBe(200);
    expect(await a.closed).toBe(4001);
    await stillOpen(b);
    expectError(await get(k.app, '/api/me', laptop), 401, 'UNAUTHORIZED');
    expect((await get(k.app, '/api/me', phone)).statusCode).toBe(200);
  });

  it('log out everywhere ends every session of the user and closes their sockets; other users keep theirs', async () => {
    k = await kit();
    const url = await k.server.http.listen({ port: 0, host: '127.0.0.1' });
    const laptop = await signUp('Lena', 'board-game-42');
    const phone = await logIn('Lena', 'board-game-42');
    const other = await signUp('Oleg', 'another-board-77');
    const [a, b, o] = [await socket(url, laptop), await socket(url, phone), await socket(url, other)];
    const all = await post(k.app, '/api/logout-all', undefined, phone);
    expect(all.statusCode, all.body).toBe(200);
    expect(String(all.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expect([await a.closed, await b.closed]).toEqual([4001, 4001]);
    await stillOpen(o);
    for (const c of [laptop, phone]) expectError(await get(k.app, '/api/me', c), 401, 'UNAUTHORIZED');
    expect((await get(k.app, '/api/me', other)).statusCode).toBe(200);
    expectError(await post(k.app, '/api/logout-all', undefined, phone), 401, 'UNAUTHORIZED');
  });

  it('a password change needs the current password, refuses weak ones, and ends the other sessions and their sockets', async () => {
    k = await kit();
    const url = await k.server.http.listen({ port: 0, host: '127.0.0.1' });
    const here = await signUp('Lena', 'board-game-42');
    const there = await logIn('Lena', 'board-game-42');
    const [a, b] = [await socket(url, here), await socket(url, there)];
    const change = (body: unknown, cookie = here) => post(k.app, '/api/me/password', body, cookie);
    expectError(await change({ current: 'nope-nope-1', password: 'new horse battery' }), 403, 'WRONG_PASSWORD');
    expectError(await change({ current: 'board-game-42', password: 'iloveyou' }), 400, 'WEAK_PASSWORD');
    expectError(await change({ current: 'board-game-42', password: 'lena' }), 400, 'BAD_MESSAGE', /at least 8/);
    expectError(await change({ current: 'board-game-42', password: 'Lena-Lena-Lena' }), 400, 'PASSWORD_HAS_NAME');
    expectError(await change({ current: 'board-game-42', password: 'new horse battery', admin: true }), 400, 'BAD_MESSAGE', /unknown field/);
    expectError(await change({ current: 'board-game-42', password: 'new horse battery' }, ''), 401, 'UNAUTHORIZED');
    // Nothing was changed by the refusals: both sessions and sockets still work.
    await stillOpen(b);
    expect((await change({ current: 'board-game-42', password: 'new horse battery' })).statusCode).toBe(200);
    expect(await b.closed).toBe(4001);
    await stillOpen(a);
    expect((await get(k.app, '/api/me', here)).statusCode).toBe(200);
    expectError(await get(k.app, '/api/me', there), 401, 'UNAUTHORIZED');
    expectError(await post(k.app, '/api/login', { name: 'Lena', password: 'board-game-42' }, undefined, '10.0.0.9'), 401, 'UNAUTHORIZED');
    await logIn('Lena', 'new horse battery', '10.0.0.9');
  });

  it('a guest has no password to change', async () => {
    k = await kit();
    const guest = cookieOf(await post(k.app, '/api/guest', {}));
    expectError(await post(k.app, '/api/me/password', { current: 'whatever-1', password: 'new horse battery' }, guest), 403, 'FORBIDDEN', /guest/);
  });
});
