import { PROTOCOL_VERSION, type ChatRoom, type ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieOf, kit, post, type Kit } from '../accounts/http-kit.suite.js';
import { WireClient } from '../testing/built-server.suite.js';
import { terms } from '../tournaments/kit.suite.js';

/** Issue 42: a tournament's chat room, for those who follow it, through the real server and sockets. */

let k: Kit;
const sockets: WireClient[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.close();
  await k.server.close();
});

async function connect(url: string, cookie: string): Promise<WireClient> {
  const c = await WireClient.open(url, cookie);
  sockets.push(c);
  expect(await c.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
  return c;
}

type Line = ServerToClient & { type: 'chat.message' };
const line =
  (text: string) =>
  (m: ServerToClient): m is Line =>
    m.type === 'chat.message' && m.room.kind === 'tournament' && m.text === text;

describe('tournament chat', () => {
  it('its followers read and write (guests too, as in the lobby); others may not write; history on subscribing', { timeout: 30_000 }, async () => {
    k = await kit();
    const url = await k.server.http.listen({ port: 0, host: '127.0.0.1' });
    const annaCookie = cookieOf(await post(k.app, '/api/register', { name: 'anna', password: 'board-game-42' }));
    const guestCookie = cookieOf(await post(k.app, '/api/guest', { lang: 'ru' }, undefined, '10.0.0.2'));
    const anna = await connect(url, annaCookie);
    const guest = await connect(url, guestCookie);
    const created = await anna.command({ type: 'tournament.create', terms: terms({ name: 'Chat cup' }) });
    expect(created).toMatchObject({ type: 'ack' });
    const tournamentId = (created as { result: { tournamentId: string } }).result.tournamentId;
    const room: ChatRoom = { kind: 'tournament', tournamentId };

    // Not following yet: refused.
    expect(await guest.command({ type: 'chat.send', room, text: 'привет' })).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    for (const c of [anna, guest]) expect(await c.command({ type: 'tournament.subscribe', tournamentId })).toMatchObject({ type: 'ack' });
    await guest.until((m): m is ServerToClient => m.type === 'tournament.snapshot');
    expect(await anna.command({ type: 'chat.send', room, text: 'Good luck, everyone' })).toMatchObject({ type: 'ack' });
    expect((await guest.until(line('Good luck, everyone'))).from).toMatchObject({ name: 'anna', guest: false });
    expect(await guest.command({ type: 'chat.send', room, text: 'Спасибо!' })).toMatchObject({ type: 'ack' });
    await anna.until(line('Спасибо!'));

    // A later follower gets the history, oldest first.
    const late = await connect(url, guestCookie);
    expect(await late.command({ type: 'tournament.subscribe', tournamentId })).toMatchObject({ type: 'ack' });
    await late.until(line('Спасибо!'));
    expect(late.received.filter((m) => m.type === 'chat.message').map((m) => (m as Line).text)).toEqual(['Good luck, everyone', 'Спасибо!']);

    // Unsubscribed: no more lines, no more writing.
    expect(await guest.command({ type: 'tournament.unsubscribe', tournamentId })).toMatchObject({ type: 'ack' });
    expect(await guest.command({ type: 'chat.send', room, text: 'ещё' })).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    const from = guest.received.length;
    expect(await anna.command({ type: 'chat.send', room, text: 'Round one is on' })).toMatchObject({ type: 'ack' });
    await late.until(line('Round one is on'));
    expect(guest.received.slice(from).some(line('Round one is on'))).toBe(false);
  });
});
