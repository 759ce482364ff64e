import { PROTOCOL_VERSION, type ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WireClient } from '../testing/built-server.suite.js';
import { cookieOf, expectError, get, kit, post, type Kit } from './http-kit.suite.js';

/** Issue 40 item 8: a guest who signs up keeps his finished games, running games and settings. */

let k: Kit;
const sockets: WireClient[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.close();
  await k.server.close();
});

const BOT = { match: { variant: 'long', matchLength: 3 }, rated: false, stake: 0 } as const;

async function connect(url: string, cookie: string): Promise<WireClient> {
  const c = await WireClient.open(url, cookie);
  sockets.push(c);
  expect(await c.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
  return c;
}

async function botGame(c: WireClient): Promise<string> {
  const started = await c.command({ type: 'bot.play', level: 1, settings: BOT });
  expect(started).toMatchObject({ type: 'ack', result: { kind: 'game' } });
  const gameId = (started as { result: { gameId: string } }).result.gameId;
  expect(await c.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
  await c.until((m): m is ServerToClient => m.type === 'game.snapshot' && m.gameId === gameId);
  return gameId;
}

describe('signing up from a guest session', () => {
  it('turns the guest into the account: finished and running games, seats and settings stay', { timeout: 30_000 }, async () => {
    k = await kit();
    const url = await k.server.http.listen({ port: 0, host: '127.0.0.1' });
    const g = await post(k.app, '/api/guest', { lang: 'ru' });
    const guestCookie = cookieOf(g);
    const guestId = (g.json() as { user: { id: string } }).user.id;
    const settings = { match: { variant: 'short', matchLength: 5 }, rated: false, stake: 0 };
    expect(
      (await k.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie: guestCookie }, payload: { preferredSettings: settings } })).statusCode,
    ).toBe(200);

    const asGuest = await connect(url, guestCookie);
    const finished = await botGame(asGuest);
    const v = asGuest.view(finished)!;
    expect(await asGuest.command({ type: 'game.action', gameId: finished, version: v.version, action: { type: 'resignMatch' } })).toMatchObject({
      type: 'ack',
    });
    const running = await botGame(asGuest);
    await asGuest.playOne(running);

    const reg = await post(k.app, '/api/register', { name: 'Galina', password: 'board-game-42', lang: 'ru' }, guestCookie);
    expect(reg.statusCode, reg.body).toBe(201);
    const cookie = cookieOf(reg);
    expect(reg.json()).toMatchObject({
      user: { id: guestId, username: 'Galina', displayName: 'Galina', guest: false, lang: 'ru', preferredSettings: settings },
    });
    // The guest session ended, and its socket with it; the new cookie is the same player.
    expectError(await get(k.app, '/api/me', guestCookie), 401, 'UNAUTHORIZED');
    await new Promise<void>((resolve) => (asGuest.ws.readyState === asGuest.ws.CLOSED ? resolve() : asGuest.ws.once('close', () => resolve())));

    const games = (await get(k.app, `/api/users/${guestId}/games`, cookie)).json() as { games: { id: string }[] };
    expect(games.games.map((x) => x.id)).toContain(finished);

    // The running game's seat is his: he goes on playing it as the account.
    const me = await connect(url, cookie);
    const sub = await me.command({ type: 'game.subscribe', gameId: running });
    expect(sub).toMatchObject({ type: 'ack', result: { kind: 'subscribed', seat: 'p1' } });
    const snap = await me.until((m): m is ServerToClient & { type: 'game.snapshot' } => m.type === 'game.snapshot' && m.gameId === running);
    // Under his new name, no longer a guest.
    expect(snap.view.players.p1.user).toMatchObject({ userId: guestId, name: 'Galina', guest: false });
    // playOne throws unless the server acks his move.
    expect(await me.playOne(running)).toBeGreaterThan(0);
    expect((await get(k.app, '/api/me', cookie)).json()).toMatchObject({ user: { id: guestId, guest: false } });
    expect((await post(k.app, '/api/login', { name: 'Galina', password: 'board-game-42' })).statusCode).toBe(200);
  });

  it('a taken name leaves the guest as he was; a signed-in account signing up makes a new one', async () => {
    k = await kit();
    expect((await post(k.app, '/api/register', { name: 'Galina', password: 'board-game-42' })).statusCode).toBe(201);
    const g = await post(k.app, '/api/guest', {});
    const guestCookie = cookieOf(g);
    expectError(await post(k.app, '/api/register', { name: 'galina', password: 'another-board-77' }, guestCookie), 409, 'CONFLICT');
    expect((await get(k.app, '/api/me', guestCookie)).json()).toMatchObject({ user: { guest: true } });

    const boris = cookieOf(await post(k.app, '/api/register', { name: 'Boris', password: 'another-board-77' }));
    const borisId = ((await get(k.app, '/api/me', boris)).json() as { user: { id: string } }).user.id;
    const second = await post(k.app, '/api/register', { name: 'Boris2', password: 'another-board-77' }, boris);
    expect(second.statusCode).toBe(201);
    expect((second.json() as { user: { id: string } }).user.id).not.toBe(borisId);
    expect((await post(k.app, '/api/login', { name: 'Boris', password: 'another-board-77' }, undefined, '10.0.0.5')).statusCode).toBe(200);
  });
});
