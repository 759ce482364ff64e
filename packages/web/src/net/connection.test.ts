import { PROTOCOL_VERSION, SERVER_EXAMPLES, type ServerMessage } from '@nardy/protocol';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLink, defaultSocketUrl, type AppLink, type LinkOptions } from './connection';
import { FakeSocket } from './testing/fakeSocket';
import { ServerError, type GameUpdate } from './types';

const view = SERVER_EXAMPLES['game.snapshot'].view;
const actions = SERVER_EXAMPLES['game.snapshot'].actions;
const snapshot = (gameId: string, lastEvent: number): ServerMessage<'game.snapshot'> => ({
  type: 'game.snapshot',
  gameId,
  epoch: 'e1',
  lastEvent,
  actions,
  view,
});
const event = (gameId: string, n: number): ServerMessage<'game.event'> => ({
  type: 'game.event',
  gameId,
  epoch: 'e1',
  n,
  event: { kind: 'presence', seat: 'p2', online: true, graceUntil: null },
  view,
});

let sockets: FakeSocket[];
let logged: unknown[];
let link: AppLink;
let clock: number;

const current = (): FakeSocket => sockets[sockets.length - 1]!;

/** A link on fake sockets; `clock` is the local time the link reads. */
function start(more: Pick<LinkOptions, 'connectAfter' | 'onSessionEnded'> = {}): AppLink {
  link = createLink({
    ...more,
    url: 'ws://test/ws',
    lang: () => 'ru',
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    now: () => clock,
    random: () => 0.5,
    log: (m, d) => logged.push([m, d]),
  });
  return link;
}

/** Opens the current socket and completes the handshake. */
function handshake(serverTime = 0): FakeSocket {
  const s = current();
  s.open();
  s.welcome('u_me', serverTime);
  return s;
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
  logged = [];
  clock = 1_000;
});

afterEach(() => {
  link.close();
  vi.useRealTimers();
});

describe('the link: handshake and commands', () => {
  it('says hello first, then is online with the welcome user and the clock offset', () => {
    start();
    expect(link.status).toBe('connecting');
    expect(link.me).toBeNull();
    const s = current();
    expect(s.url).toBe('ws://test/ws');
    s.open();
    expect(s.sent).toEqual([{ type: 'hello', id: 'c1', protocol: PROTOCOL_VERSION, client: 'nardy-web/0.1', lang: 'ru' }]);
    clock = 1_200;
    s.welcome('u_me', 10_100);
    expect(link.status).toBe('online');
    expect(link.me?.userId).toBe('u_me');
    expect(link.clockOffset).toBe(9_000);
  });

  it('holds commands until the welcome, numbers them, and settles each by its ack or error', async () => {
    start();
    const statuses: string[] = [];
    link.onStatus((st) => statuses.push(st));
    const seek = link.send({ type: 'seek.cancel', seekId: 's_1' });
    const s = handshake();
    expect(s.types()).toEqual(['hello', 'seek.cancel']);
    const create = link.send({ type: 'table.create', settings: { match: { variant: 'long' }, rated: false, stake: 0 } });
    const [, cancel, table] = s.sent;
    expect([cancel?.['id'], table?.['id']]).toEqual(['c2', 'c3']);
    s.receive({ type: 'error', id: 'c2', code: 'NOT_FOUND', message: 'no seek s_1' });
    s.ack(table!, { kind: 'table', token: 'tK9f2LqXv7bN3mZr', commitment: 'a'.repeat(64) });
    await expect(seek).rejects.toEqual(new ServerError('NOT_FOUND', 'no seek s_1'));
    await expect(create).resolves.toMatchObject({ kind: 'table', token: 'tK9f2LqXv7bN3mZr' });
    expect(statuses).toEqual(['online']);
  });

  it('asks for the dice commitment before a bot game, then sends the seed naming it, and remembers it came first', async () => {
    start();
    const s = handshake();
    const played = link.send({ type: 'bot.play', level: 3, settings: { match: { variant: 'long' }, rated: false, stake: 0 } });
    await vi.waitFor(() => expect(s.types()).toEqual(['hello', 'dice.commit']));
    const c = 'c'.repeat(64);
    s.ack(s.sent[1]!, { kind: 'commitment', commitment: c });
    await vi.waitFor(() => expect(s.types()).toEqual(['hello', 'dice.commit', 'bot.play']));
    const bot = s.sent[2]!;
    expect(bot).toMatchObject({ commitment: c });
    expect(typeof bot['clientSeed']).toBe('string');
    s.ack(bot, { kind: 'game', gameId: 'g_1', seat: 'p1' });
    await expect(played).resolves.toMatchObject({ kind: 'game', gameId: 'g_1' });
    expect(link.committedBefore(c)).toBe(true);
    expect(link.committedBefore('d'.repeat(64))).toBe(false);
  });

  it("asks a quick pairing's pool for its commitment, asks again when the pool changed, and marks a rematch offer's as seen", async () => {
    start();
    const s = handshake();
    const pool = { variant: 'short' as const, matchLength: 3, timeControl: { kind: 'none' as const }, rated: false };
    const joined = link.send({ type: 'quickPair.join', pool });
    await vi.waitFor(() => expect(s.types()).toEqual(['hello', 'quickPair.commit']));
    expect(s.sent[1]).toMatchObject({ pool });
    s.ack(s.sent[1]!, { kind: 'commitment', commitment: 'a'.repeat(64) });
    await vi.waitFor(() => expect(s.types()).toHaveLength(3));
    expect(s.sent[2]).toMatchObject({ type: 'quickPair.join', commitment: 'a'.repeat(64) });
    // The one waiting left meanwhile: refused without the seed being used, so once more with the pool's commitment now.
    s.receive({ type: 'error', id: String(s.sent[2]!['id']), code: 'NOT_FOUND', message: 'no such dice commitment' });
    await vi.waitFor(() => expect(s.types()).toHaveLength(4));
    s.ack(s.sent[3]!, { kind: 'commitment', commitment: 'b'.repeat(64) });
    await vi.waitFor(() => expect(s.types()).toHaveLength(5));
    expect(s.sent[4]).toMatchObject({ type: 'quickPair.join', commitment: 'b'.repeat(64) });
    s.ack(s.sent[4]!);
    await expect(joined).resolves.toBeUndefined();
    expect(link.committedBefore('b'.repeat(64))).toBe(true);

    const accepted = link.send({ type: 'rematch.accept', gameId: 'g_1', commitment: 'e'.repeat(64) });
    await vi.waitFor(() => expect(s.types()).toHaveLength(6));
    expect(s.sent[5]).toMatchObject({ type: 'rematch.accept', commitment: 'e'.repeat(64), clientSeed: expect.any(String) });
    s.ack(s.sent[5]!, { kind: 'game', gameId: 'g_2', seat: 'p2' });
    await accepted;
    expect(link.committedBefore('e'.repeat(64))).toBe(true);
  });

  it('logs and ignores a message it cannot read, and leaves the command it cannot match waiting', () => {
    start();
    const s = handshake();
    const seen: unknown[] = [];
    link.on('lobby.seekRemoved', (m) => seen.push(m));
    let settled = false;
    const settle = () => (settled = true);
    void link.send({ type: 'quickPair.leave' }).then(settle, settle);
    s.receive('not json');
    s.receive(JSON.stringify({ seekId: 's_1' }));
    s.receive(JSON.stringify({ type: 'ack', id: 2 }));
    s.receive({ type: 'lobby.seekRemoved', seekId: 's_2' });
    expect(logged).toHaveLength(3);
    expect(seen).toEqual([{ type: 'lobby.seekRemoved', seekId: 's_2' }]);
    expect(settled).toBe(false);
    expect(link.status).toBe('online');
  });

  it('opens its first socket only once connectAfter settles (the guest cookie of a first visit), holding commands meanwhile', async () => {
    let release!: () => void;
    const session = new Promise<void>((r) => (release = r));
    start({ connectAfter: session });
    const cancel = link.send({ type: 'seek.cancel', seekId: 's_1' });
    await Promise.resolve();
    expect(sockets).toHaveLength(0);
    expect(link.status).toBe('connecting');
    release();
    await session;
    await Promise.resolve();
    expect(sockets).toHaveLength(1);
    const s = handshake();
    expect(s.types()).toEqual(['hello', 'seek.cancel']);
    s.ack(s.last('seek.cancel'));
    await expect(cancel).resolves.toBeUndefined();
  });

  it('connects after a failed connectAfter too, and only once when reconnect() came first', async () => {
    const failed = Promise.reject(new Error('no session'));
    start({ connectAfter: failed });
    await failed.catch(() => {});
    await Promise.resolve();
    expect(sockets).toHaveLength(1);
    link.close();

    let release!: () => void;
    const session = new Promise<void>((r) => (release = r));
    start({ connectAfter: session });
    link.reconnect();
    release();
    await session;
    await Promise.resolve();
    expect(sockets).toHaveLength(2);
  });

  it('hands pushed messages to the handlers of their type until they unsubscribe', () => {
    start();
    const s = handshake();
    const got: string[] = [];
    const off = link.on('game.started', (m) => got.push(m.gameId));
    s.receive({ type: 'game.started', gameId: 'g_1', seat: 'p1' });
    off();
    s.receive({ type: 'game.started', gameId: 'g_2', seat: 'p1' });
    expect(got).toEqual(['g_1']);
  });
});

describe('the link: drops and reconnects', () => {
  it('fails commands in flight with DISCONNECTED, refuses new ones while offline, and retries after the backoff', async () => {
    start();
    const s = handshake();
    const pending = link.send({ type: 'seek.cancel', seekId: 's_1' });
    s.drop();
    await expect(pending).rejects.toMatchObject({ code: 'DISCONNECTED' });
    expect(link.status).toBe('offline');
    await expect(link.send({ type: 'quickPair.leave' })).rejects.toMatchObject({ code: 'DISCONNECTED' });
    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    expect(link.status).toBe('connecting');
    // The new socket fails too: the next wait doubles.
    current().drop();
    vi.advanceTimersByTime(999);
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(3);
    const again = handshake();
    expect(again.types()).toEqual(['hello']);
    expect(link.status).toBe('online');
  });

  it('tells the app when the server ended the socket because its session ended (close code 4001), and reconnects', () => {
    let ended = 0;
    start({ onSessionEnded: () => ended++ });
    handshake().drop();
    expect(ended).toBe(0);
    vi.advanceTimersByTime(600);
    handshake().drop(4001);
    expect(ended).toBe(1);
    expect(link.status).toBe('offline');
    vi.advanceTimersByTime(600);
    expect(sockets).toHaveLength(3);
  });

  it('subscribes the lobby again after a reconnect, and not after unsubscribing', async () => {
    start();
    let s = handshake();
    const subscribed = link.send({ type: 'lobby.subscribe' });
    s.ack(s.last('lobby.subscribe'));
    await expect(subscribed).resolves.toBeUndefined();
    s.drop();
    vi.advanceTimersByTime(600);
    s = handshake();
    expect(s.types()).toEqual(['hello', 'lobby.subscribe']);
    // Unsubscribing while offline is remembered too.
    s.drop();
    await expect(link.send({ type: 'lobby.unsubscribe' })).resolves.toBeUndefined();
    vi.advanceTimersByTime(600);
    s = handshake();
    expect(s.types()).toEqual(['hello']);
  });

  it('reconnect() drops the socket and opens a new one at once (the session cookie changed)', async () => {
    start();
    const s = handshake();
    const pending = link.send({ type: 'quickPair.leave' });
    link.reconnect();
    await expect(pending).rejects.toMatchObject({ code: 'DISCONNECTED' });
    expect(s.closed).toBe(true);
    expect(sockets).toHaveLength(2);
    expect(link.status).toBe('connecting');
    handshake();
    expect(link.status).toBe('online');
  });

  it('pings every 20 s, keeps the offset from the pong, and reconnects when a ping goes unanswered', () => {
    start();
    const s = handshake(1_000);
    vi.advanceTimersByTime(20_000);
    const ping = s.last('ping');
    clock = 1_100;
    s.ack(ping, { kind: 'pong', serverTime: 51_050 });
    expect(link.clockOffset).toBe(50_000);
    vi.advanceTimersByTime(20_000);
    expect(s.types().filter((t) => t === 'ping')).toHaveLength(2);
    vi.advanceTimersByTime(20_000); // the second ping was never answered
    expect(s.closed).toBe(true);
    expect(sockets).toHaveLength(2);
  });

  it('closes for good on close()', () => {
    start();
    const s = handshake();
    link.close();
    expect(s.closed).toBe(true);
    expect(link.status).toBe('offline');
    vi.advanceTimersByTime(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('the link: watching games', () => {
  it('subscribes, delivers the snapshot and each event once, and resubscribes with since after a reconnect', () => {
    start();
    let s = handshake();
    const got: GameUpdate[] = [];
    link.watchGame('g_1', (u) => got.push(u));
    expect(s.last('game.subscribe')).toMatchObject({ gameId: 'g_1' });
    expect(s.last('game.subscribe')).not.toHaveProperty('since');
    s.ack(s.last('game.subscribe'), { kind: 'subscribed', gameId: 'g_1', seat: 'p1', epoch: 'e1', lastEvent: 4, catchUp: 'snapshot' });
    s.receive(snapshot('g_1', 4));
    s.receive(event('g_1', 5));
    s.receive(event('g_1', 5));
    s.receive(event('g_2', 6));
    expect(got.map((u) => [u.n, u.event?.kind ?? null])).toEqual([
      [4, null],
      [5, 'presence'],
    ]);

    s.drop();
    vi.advanceTimersByTime(600);
    s = handshake();
    const sub = s.last('game.subscribe');
    expect(sub).toMatchObject({ gameId: 'g_1', since: { epoch: 'e1', n: 5 } });
    s.ack(sub, { kind: 'subscribed', gameId: 'g_1', seat: 'p1', epoch: 'e1', lastEvent: 7, catchUp: 'events' });
    s.receive(event('g_1', 5));
    s.receive(event('g_1', 6));
    s.receive(event('g_1', 7));
    expect(got.map((u) => u.n)).toEqual([4, 5, 6, 7]);
  });

  it('resubscribes without since on a gap and goes on from the new snapshot', () => {
    start();
    const s = handshake();
    const got: number[] = [];
    link.watchGame('g_1', (u) => got.push(u.n));
    s.receive(snapshot('g_1', 2));
    s.receive(event('g_1', 4));
    const resub = s.last('game.subscribe');
    expect(s.types().filter((t) => t === 'game.subscribe')).toHaveLength(2);
    expect(resub).not.toHaveProperty('since');
    s.receive(event('g_1', 3));
    s.receive(snapshot('g_1', 4));
    s.receive(event('g_1', 5));
    expect(got).toEqual([2, 4, 5]);
  });

  it('gives a second watcher the latest view at once, and unsubscribes when the last one leaves', () => {
    start();
    const s = handshake();
    const first: number[] = [];
    const second: number[] = [];
    const offFirst = link.watchGame('g_1', (u) => first.push(u.n));
    s.receive(snapshot('g_1', 3));
    const offSecond = link.watchGame('g_1', (u) => second.push(u.n));
    expect(second).toEqual([3]);
    expect(s.types().filter((t) => t === 'game.subscribe')).toHaveLength(1);
    offFirst();
    expect(s.types()).not.toContain('game.unsubscribe');
    offSecond();
    expect(s.last('game.unsubscribe')).toMatchObject({ gameId: 'g_1' });
    s.receive(event('g_1', 4));
    expect(first).toEqual([3]);
  });

  it('reports a refused subscription to onError', async () => {
    start();
    const s = handshake();
    const errors: ServerError[] = [];
    link.watchGame(
      'g_404',
      () => {},
      (e) => errors.push(e),
    );
    s.receive({ type: 'error', id: String(s.last('game.subscribe')['id']), code: 'NOT_FOUND', message: "no game 'g_404'" });
    await Promise.resolve();
    await Promise.resolve();
    expect(errors.map((e) => e.code)).toEqual(['NOT_FOUND']);
  });

  it('subscribes games watched before the first welcome once it comes', () => {
    start();
    link.watchGame('g_1', () => {});
    const s = handshake();
    expect(s.types()).toEqual(['hello', 'game.subscribe']);
  });
});

describe('the socket address', () => {
  it('is /ws on the page host, wss under https', () => {
    expect(defaultSocketUrl({ protocol: 'http:', host: 'localhost:3000' })).toBe('ws://localhost:3000/ws');
    expect(defaultSocketUrl({ protocol: 'https:', host: 'nardy.example' })).toBe('wss://nardy.example/ws');
  });
});
