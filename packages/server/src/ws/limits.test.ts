import { PROTOCOL_VERSION, type ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { ConfigError, loadConfig } from '../config.js';
import { connect, world, type World } from '../games/kit.suite.js';
import { WireClient } from '../testing/built-server.suite.js';

/** The caps on sockets, guests, seeks and bot games, and the flood limit (docs/security.md), through createApp. */

const SETTINGS = { match: { variant: 'short', matchLength: 1 }, rated: false, stake: 0 } as const;
const BOT = { match: { variant: 'short', matchLength: 3 }, rated: false, stake: 0 } as const;

let w: World | null = null;
afterEach(async () => {
  await w?.close();
  w = null;
});

/** Listens on a free loopback port; the URL of the server. */
async function listen(x: World): Promise<string> {
  return x.app.http.listen({ port: 0, host: '127.0.0.1' });
}

/** A raw WebSocket (any cookie); resolves with what the server sent and how it closed, once it closed. */
function refused(url: string, cookie = ''): Promise<{ messages: ServerToClient[]; code: number }> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + '/ws', { headers: cookie ? { cookie } : {} });
  const messages: ServerToClient[] = [];
  ws.on('message', (d: Buffer) => messages.push(JSON.parse(d.toString()) as ServerToClient));
  return new Promise((resolve) => ws.on('close', (code) => resolve({ messages, code })));
}

const closed = (c: WireClient): Promise<number> =>
  c.ws.readyState === c.ws.CLOSED ? Promise.resolve(-1) : new Promise((r) => c.ws.once('close', (code: number) => r(code)));

it('each limit is a setting with a default; a bad value is reported with its name', () => {
  expect(loadConfig({}).limits).toEqual({
    socketsPerIp: 50,
    socketsPerSession: 10,
    commandsPerSecond: 20,
    commandBurst: 60,
    floodCloseAfter: 100,
    seeksPerUser: 5,
    seeksPerIp: 10,
    botGamesPerUser: 3,
    analysesPerUser: 3,
    analysisQueue: 100,
    analysisAutoQueue: 5,
  });
  expect(loadConfig({ SOCKETS_PER_IP: '500', BOT_GAMES_PER_USER: '1' }).limits).toMatchObject({ socketsPerIp: 500, botGamesPerUser: 1 });
  expect(() => loadConfig({ SEEKS_PER_IP: '0', COMMAND_BURST: 'lots' })).toThrow(ConfigError);
  expect(() => loadConfig({ SEEKS_PER_IP: '0' })).toThrow(/SEEKS_PER_IP must be a whole number/);
});

describe('sockets', () => {
  it('one IP address holds at most SOCKETS_PER_IP sockets: the next is refused with LIMIT_REACHED; a closed one frees its place', async () => {
    w = await world('sqlite', { env: { SOCKETS_PER_IP: '3' } });
    const url = await listen(w);
    const open = await Promise.all([1, 2, 3].map(() => WireClient.open(url, '')));
    for (const c of open) expect(await c.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
    const fourth = await refused(url);
    expect(fourth.code).toBe(1008);
    expect(fourth.messages).toEqual([expect.objectContaining({ type: 'error', id: null, code: 'LIMIT_REACHED' })]);
    open[0]!.ws.close();
    await closed(open[0]!);
    await expect.poll(() => w!.hub.size).toBe(2);
    const again = await WireClient.open(url, '');
    expect(await again.command({ type: 'ping' })).toMatchObject({ type: 'error', code: 'HELLO_REQUIRED' });
    for (const c of [...open, again]) c.ws.close();
  });

  it('one session holds at most SOCKETS_PER_SESSION sockets', async () => {
    w = await world('sqlite', { env: { SOCKETS_PER_SESSION: '2' } });
    const url = await listen(w);
    const cookie = `nardy_session=${w.tokens['alice']}`;
    const open = [await WireClient.open(url, cookie), await WireClient.open(url, cookie)];
    expect((await refused(url, cookie)).messages).toEqual([expect.objectContaining({ code: 'LIMIT_REACHED' })]);
    // Another session from the same address is not affected.
    const bob = await WireClient.open(url, `nardy_session=${w.tokens['bob']}`);
    expect(await bob.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack', result: { user: { name: 'Bob' } } });
    for (const c of [...open, bob]) c.ws.close();
  });

  it('a socket without a session makes no user: it may watch, but playing needs a guest session', async () => {
    w = await world();
    const url = await listen(w);
    const anon = await WireClient.open(url, '');
    const hello = await anon.command({ type: 'hello', protocol: PROTOCOL_VERSION });
    expect(hello).toMatchObject({ type: 'ack', result: { kind: 'welcome', user: { guest: true } } });
    const userId = hello.type === 'ack' && hello.result?.kind === 'welcome' ? hello.result.user.userId : '';
    expect((await w.store.findUserById(userId)).ok).toBe(false);
    expect(await anon.command({ type: 'lobby.subscribe' })).toMatchObject({ type: 'ack' });
    // Nobody to challenge, and not counted online.
    expect(anon.received.find((m) => m.type === 'lobby.snapshot')).toMatchObject({ online: 0 });
    const alice = await connect(w, 'alice');
    expect(await alice.command({ type: 'challenge.send', to: userId, settings: SETTINGS })).toMatchObject({ type: 'error', code: 'NOT_FOUND' });
    for (const cmd of [
      { type: 'seek.create', settings: SETTINGS },
      { type: 'bot.play', level: 1, settings: BOT },
      { type: 'chat.send', room: { kind: 'lobby' }, text: 'hi' },
    ]) {
      expect(await anon.command(cmd)).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    }
    // The web app's way in: a guest from the rate-limited endpoint, then the socket with its cookie.
    const guest = await fetch(`${url}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(guest.status).toBe(201);
    const player = await WireClient.open(url, (guest.headers.get('set-cookie') ?? '').split(';')[0]!);
    expect(await player.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ result: { user: { guest: true } } });
    expect(await player.command({ type: 'seek.create', settings: SETTINGS })).toMatchObject({ type: 'ack' });
    for (const c of [anon, player]) c.ws.close();
  });
});

describe('seeks and bot games', () => {
  it('open seeks are capped per user and per IP address', async () => {
    w = await world('sqlite', { env: { SEEKS_PER_USER: '2', SEEKS_PER_IP: '3' } });
    const alice = await w.transport.connect(w.tokens['alice'], '203.0.113.1');
    const bob = await w.transport.connect(w.tokens['bob'], '203.0.113.1');
    const carol = await w.transport.connect(w.tokens['carol'], '203.0.113.2');
    for (const c of [alice, bob, carol]) await c.command({ type: 'hello', protocol: PROTOCOL_VERSION });
    const seek = { type: 'seek.create', settings: SETTINGS } as const;
    expect(await alice.command(seek)).toMatchObject({ type: 'ack' });
    expect(await alice.command(seek)).toMatchObject({ type: 'ack' });
    expect(await alice.command(seek)).toMatchObject({ type: 'error', code: 'LIMIT_REACHED', message: expect.stringMatching(/per player/) });
    expect(await bob.command(seek)).toMatchObject({ type: 'ack' });
    expect(await bob.command(seek)).toMatchObject({ type: 'error', code: 'LIMIT_REACHED', message: expect.stringMatching(/address/) });
    expect(await carol.command(seek)).toMatchObject({ type: 'ack' });
    // A seek withdrawn frees its place.
    const s = await alice.command({ type: 'lobby.subscribe' });
    expect(s.type).toBe('ack');
    const snapshot = alice.received.find((m) => m.type === 'lobby.snapshot');
    const bobs = snapshot?.type === 'lobby.snapshot' ? snapshot.seeks.find((x) => x.by.userId === w!.users['bob']!.userId) : undefined;
    expect(await bob.command({ type: 'seek.cancel', seekId: bobs!.seekId })).toMatchObject({ type: 'ack' });
    expect(await bob.command(seek)).toMatchObject({ type: 'ack' });
  });

  it('running games against the computer are capped per user, parallel starts included; a finished one frees its place', async () => {
    w = await world('sqlite', { env: { BOT_GAMES_PER_USER: '2' } });
    const a = await connect(w, 'alice');
    const a2 = await connect(w, 'alice');
    const play = { type: 'bot.play', level: 1, settings: BOT } as const;
    const replies = await Promise.all([a.command(play), a2.command(play), a.command(play), a2.command(play)]);
    expect(replies.filter((r) => r.type === 'ack')).toHaveLength(2);
    expect(replies.filter((r) => r.type === 'error' && r.code === 'LIMIT_REACHED')).toHaveLength(2);
    // Bob is not affected.
    expect(await (await connect(w, 'bob')).command(play)).toMatchObject({ type: 'ack' });
    const first = replies.find((r) => r.type === 'ack');
    const gameId = first?.type === 'ack' && first.result?.kind === 'game' ? first.result.gameId : '';
    expect(await a.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
    const snap = await a.waitFor((m) => m.type === 'game.snapshot' && m.gameId === gameId);
    const version = snap.type === 'game.snapshot' ? snap.view.version : 0;
    expect(await a.command({ type: 'game.action', gameId, version, action: { type: 'resignMatch' } })).toMatchObject({ type: 'ack' });
    expect(await a.command(play)).toMatchObject({ type: 'ack' });
  });
});

describe('floods', () => {
  it('malformed and unknown frames count against the frame limit; a socket that keeps flooding is closed', async () => {
    w = await world('sqlite', { env: { COMMAND_BURST: '30', COMMANDS_PER_SECOND: '10', FLOOD_CLOSE_AFTER: '40' } });
    const c = await connect(w, 'alice');
    const before = c.received.length;
    for (let i = 0; i < 20_000; i++) c.sendRaw(i % 2 === 0 ? 'not json' : JSON.stringify({ type: 'no.such', id: `x${i}` }));
    await c.connection.settled();
    const answers = c.received.slice(before);
    // The rest of the burst (hello took one), 40 refusals, and the closing notice.
    expect(answers.length).toBeLessThanOrEqual(30 + 40 + 1);
    expect(answers.filter((m) => m.type === 'error' && m.code === 'RATE_LIMITED')).toHaveLength(41);
    expect(answers.at(-1)).toMatchObject({ type: 'error', id: null, code: 'RATE_LIMITED', message: expect.stringMatching(/closed/) });
    expect(c.connection.isOpen).toBe(false);
    expect(w.hub.size).toBe(0);
    // Another socket of the same user plays on.
    const b = await connect(w, 'alice');
    expect(await b.command({ type: 'ping' })).toMatchObject({ type: 'ack' });
  });

  it('over a real socket, the flood ends with close code 1008', async () => {
    w = await world('sqlite', { env: { COMMAND_BURST: '10', COMMANDS_PER_SECOND: '5', FLOOD_CLOSE_AFTER: '10' } });
    const url = await listen(w);
    const c = await WireClient.open(url, '');
    const code = closed(c);
    for (let i = 0; i < 1000; i++) c.ws.send('{');
    expect(await code).toBe(1008);
    expect(c.received.length).toBeLessThanOrEqual(10 + 10 + 1);
  });
});
