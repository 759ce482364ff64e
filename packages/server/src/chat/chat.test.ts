import type { ClientToServer, ServerToClient } from '@nardy/protocol';
import { parseServerMessage } from '@nardy/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClientLink, Reply } from '../contracts.js';
import { openStore, type Store } from '../store/index.js';
import { ChatModule, pmChannel, type RoomMembership } from './chat.js';

interface TestLink extends ClientLink {
  readonly got: ServerToClient[];
}

let linkSeq = 0;
function link(userId: string, displayName = userId[0]!.toUpperCase() + userId.slice(1), guest = false): TestLink {
  const got: ServerToClient[] = [];
  return {
    id: `l${++linkSeq}`,
    viewer: { userId, username: userId, displayName, guest, language: 'en' },
    got,
    send: (m) => {
      // Every pushed message is a valid protocol message.
      const parsed = parseServerMessage(JSON.stringify(m));
      if (!parsed.ok) throw new Error(`invalid server message: ${parsed.error.message}`);
      got.push(m);
    },
  };
}

const texts = (l: TestLink) => l.got.map((m) => (m.type === 'chat.message' || m.type === 'pm.message' ? m.text : m.type));

class Tables implements RoomMembership {
  readonly roles = new Map<string, 'player' | 'spectator'>();
  roleIn(gameId: string, userId: string) {
    return this.roles.get(`${gameId}/${userId}`) ?? null;
  }
  set(gameId: string, userId: string, role: 'player' | 'spectator' | null) {
    if (role) this.roles.set(`${gameId}/${userId}`, role);
    else this.roles.delete(`${gameId}/${userId}`);
  }
}

let n = 0;
const cmd = <T extends ClientToServer['type']>(type: T, rest: Omit<Extract<ClientToServer, { type: T }>, 'type' | 'id'>) =>
  ({ type, id: `c${++n}`, ...rest }) as unknown as ClientToServer;

function expectFail(r: Reply, code: string, message?: RegExp): void {
  expect(r.ok, JSON.stringify(r)).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    if (message) expect(r.error.message).toMatch(message);
  }
}
const expectOk = (r: Reply) => expect(r, JSON.stringify(r)).toEqual({ ok: true, value: undefined });

describe('ChatModule', () => {
  let store: Store;
  let tables: Tables;
  let chat: ChatModule;
  let clock: { t: number };
  const table = { kind: 'table', gameId: 'g1' } as const;
  const specs = { kind: 'spectators', gameId: 'g1' } as const;
  const lobby = { kind: 'lobby' } as const;

  beforeEach(async () => {
    const opened = await openStore(':memory:');
    if (!opened.ok) throw new Error(opened.error.message);
    store = opened.value;
    for (const id of ['alice', 'bob', 'sam', 'sue', 'troll']) {
      const r = await store.createUser({ id, username: id, displayName: id[0]!.toUpperCase() + id.slice(1), passwordHash: null, createdAt: 1 });
      if (!r.ok) throw new Error(r.error.message);
    }
    tables = new Tables();
    tables.set('g1', 'alice', 'player');
    tables.set('g1', 'bob', 'player');
    tables.set('g1', 'sam', 'spectator');
    tables.set('g1', 'sue', 'spectator');
    clock = { t: 1_000_000 };
    chat = new ChatModule({ store, membership: tables, now: () => clock.t });
  });
  afterEach(() => store.close());

  it('handles the four chat command types', () => {
    expect([...chat.types].sort()).toEqual(['chat.send', 'pm.send', 'user.block', 'user.unblock']);
  });

  it('table chat: players write, spectators read but cannot write', async () => {
    const [a, b, s] = [link('alice'), link('bob'), link('sam')];
    for (const l of [a, b, s]) expectOk(await chat.join(l, table));
    expectOk(await chat.handle(a, cmd('chat.send', { room: table, text: 'Удачи! <b>hi</b>' })));
    for (const l of [a, b, s]) expect(texts(l)).toEqual(['Удачи! <b>hi</b>']);
    expect(a.got[0]).toMatchObject({ type: 'chat.message', room: table, from: { userId: 'alice', name: 'Alice', guest: false }, at: 1_000_000 });
    expectFail(await chat.handle(s, cmd('chat.send', { room: table, text: 'hello players' })), 'FORBIDDEN', /spectators have their own/);
    // Stored as plain text, not escaped.
    const saved = await store.listChatMessages('table:g1', 10);
    expect(saved.ok && saved.value.map((m) => m.text)).toEqual(['Удачи! <b>hi</b>']);
    // Strangers can neither read nor write a table's rooms.
    const t = link('troll');
    expectFail(await chat.join(t, table), 'FORBIDDEN');
    expectFail(await chat.handle(t, cmd('chat.send', { room: table, text: 'x' })), 'FORBIDDEN');
  });

  it('spectator chat: spectators only; players can neither read nor write it', async () => {
    const [a, s, u] = [link('alice'), link('sam'), link('sue')];
    expectFail(await chat.join(a, specs), 'FORBIDDEN', /players do not see/);
    expectOk(await chat.join(s, specs));
    expectOk(await chat.join(u, specs));
    expectFail(await chat.handle(a, cmd('chat.send', { room: specs, text: 'hi' })), 'FORBIDDEN');
    expectOk(await chat.handle(s, cmd('chat.send', { room: specs, text: 'she will lose' })));
    expect(texts(u)).toEqual(['she will lose']);
    expect(texts(a)).toEqual([]);
    // Sue sits down (now a player): she no longer gets the spectators' lines, even though still joined.
    tables.set('g1', 'sue', 'player');
    expectOk(await chat.handle(s, cmd('chat.send', { room: specs, text: 'second' })));
    expect(texts(u)).toEqual(['she will lose']);
  });

  it('recent history on join, without blocked users, in order', async () => {
    const a = link('alice');
    for (const t of ['one', 'two', 'three']) {
      expectOk(await chat.handle(a, cmd('chat.send', { room: lobby, text: t })));
      clock.t += 5000;
    }
    const tr = link('troll');
    expectOk(await chat.handle(tr, cmd('chat.send', { room: lobby, text: 'spam' })));
    const b = link('bob');
    chat.connect(b);
    expectOk(await chat.handle(b, cmd('user.block', { userId: 'troll' })));
    expectOk(await chat.join(b, lobby));
    expect(texts(b)).toEqual(['one', 'two', 'three']);
    const s = link('sam');
    expectOk(await chat.join(s, lobby));
    expect(texts(s)).toEqual(['one', 'two', 'three', 'spam']);
  });

  it("blocking hides the blocked user's lines; unblocking shows them again", async () => {
    const [a, b, tr] = [link('alice'), link('bob'), link('troll')];
    for (const l of [a, b, tr]) expectOk(await chat.join(l, lobby));
    expectOk(await chat.handle(a, cmd('user.block', { userId: 'troll' })));
    expectOk(await chat.handle(tr, cmd('chat.send', { room: lobby, text: 'nonsense' })));
    expect(texts(a)).toEqual([]);
    expect(texts(b)).toEqual(['nonsense']);
    expect(texts(tr)).toEqual(['nonsense']); // the sender sees his own line
    expect([...(await chat.blocksOf('alice'))]).toEqual(['troll']);
    expectOk(await chat.handle(a, cmd('user.unblock', { userId: 'troll' })));
    clock.t += 10_000;
    expectOk(await chat.handle(tr, cmd('chat.send', { room: lobby, text: 'sorry' })));
    expect(texts(a)).toEqual(['sorry']);
    expectFail(await chat.handle(a, cmd('user.block', { userId: 'alice' })), 'BAD_MESSAGE', /yourself/);
    expectFail(await chat.handle(a, cmd('user.block', { userId: 'ghost' })), 'NOT_FOUND');
    // Blocks are stored.
    expectOk(await chat.handle(a, cmd('user.block', { userId: 'troll' })));
    const stored = await store.listBlocks('alice');
    expect(stored.ok && stored.value).toEqual(['troll']);
  });

  it('private messages: to every connection of both users; BLOCKED by a block', async () => {
    const [a1, a2, b, s] = [link('alice'), link('alice'), link('bob'), link('sam')];
    for (const l of [a1, a2, b, s]) chat.connect(l);
    expectOk(await chat.handle(a1, cmd('pm.send', { to: 'bob', text: 'Rematch tomorrow?' })));
    for (const l of [a1, a2, b]) expect(texts(l)).toEqual(['Rematch tomorrow?']);
    expect(texts(s)).toEqual([]);
    expect(b.got[0]).toMatchObject({ type: 'pm.message', from: { userId: 'alice', name: 'Alice' }, to: { userId: 'bob', name: 'Bob' } });
    const saved = await store.listChatMessages(pmChannel('bob', 'alice'), 10);
    expect(saved.ok && saved.value.map((m) => [m.userId, m.text])).toEqual([['alice', 'Rematch tomorrow?']]);

    expectOk(await chat.handle(b, cmd('user.block', { userId: 'alice' })));
    expectFail(await chat.handle(a1, cmd('pm.send', { to: 'bob', text: 'hello?' })), 'BLOCKED');
    expectFail(await chat.handle(b, cmd('pm.send', { to: 'alice', text: 'hi' })), 'FORBIDDEN', /unblock/);
    expectFail(await chat.handle(a1, cmd('pm.send', { to: 'nobody', text: 'hi' })), 'NOT_FOUND');
    expectFail(await chat.handle(a1, cmd('pm.send', { to: 'alice', text: 'me' })), 'BAD_MESSAGE');
    expect(texts(b)).toEqual(['Rematch tomorrow?']);
    // A block made while offline (in the store) counts when the blocker is not connected.
    await store.addBlock('sue', 'alice', 1);
    expectFail(await chat.handle(a1, cmd('pm.send', { to: 'sue', text: 'hi' })), 'BLOCKED');
  });

  it('private messages go through the injected UserPush (in a cluster, every instance of both users)', async () => {
    const pushed: [string, ServerToClient][] = [];
    chat = new ChatModule({ store, membership: tables, now: () => clock.t, push: { toUser: (userId, m) => pushed.push([userId, m]) } });
    const [a, b] = [link('alice'), link('bob')];
    for (const l of [a, b]) chat.connect(l);
    expectOk(await chat.handle(a, cmd('pm.send', { to: 'bob', text: 'hi there' })));
    expect(pushed.map(([u, m]) => [u, m.type === 'pm.message' && m.text])).toEqual([
      ['bob', 'hi there'],
      ['alice', 'hi there'],
    ]);
    // Nothing straight to the local links: the push is the only way.
    expect([a.got, b.got]).toEqual([[], []]);
  });

  it('a block made on another instance: told, this one reads the blocks again (its copy is forgotten)', async () => {
    const changed: string[] = [];
    const here = new ChatModule({ store, membership: tables, now: () => clock.t });
    const there = new ChatModule({ store, membership: tables, now: () => clock.t, blocksChanged: (u) => changed.push(u) });
    const [a, tr] = [link('alice'), link('troll')];
    for (const l of [a, tr]) expectOk(await here.join(l, lobby));
    expect([...(await here.blocksOf('alice'))]).toEqual([]);
    expectOk(await there.handle(link('alice'), cmd('user.block', { userId: 'troll' })));
    expect(changed).toEqual(['alice']);
    here.forgetBlocks('alice');
    expectOk(await here.handle(tr, cmd('chat.send', { room: lobby, text: 'nonsense' })));
    expect(texts(a)).toEqual([]);
  });

  it('length limit: 1–500 characters, not blank, no control characters', async () => {
    const a = link('alice');
    expectOk(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'x'.repeat(500) })));
    clock.t += 10_000;
    expectFail(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'x'.repeat(501) })), 'BAD_MESSAGE', /at most 500/);
    expectFail(await chat.handle(a, cmd('chat.send', { room: lobby, text: '   ' })), 'BAD_MESSAGE');
    expectFail(await chat.handle(a, cmd('chat.send', { room: lobby, text: '' })), 'BAD_MESSAGE');
    expectFail(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'bell\u0007' })), 'BAD_MESSAGE');
    expectFail(await chat.handle(a, cmd('pm.send', { to: 'bob', text: 'y'.repeat(501) })), 'BAD_MESSAGE');
    expectOk(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'two\nlines\tand a tab' })));
  });

  it('rate limit per user: a burst, then RATE_LIMITED until the bucket refills', async () => {
    const [a, b] = [link('alice'), link('bob')];
    for (const l of [a, b]) await chat.join(l, lobby);
    for (let i = 0; i < 5; i++) expectOk(await chat.handle(a, cmd('chat.send', { room: lobby, text: `m${i}` })));
    expectFail(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'too fast' })), 'RATE_LIMITED');
    expectFail(await chat.handle(a, cmd('pm.send', { to: 'bob', text: 'too fast' })), 'RATE_LIMITED');
    expectOk(await chat.handle(b, cmd('chat.send', { room: lobby, text: 'bob is fine' })));
    clock.t += 2000;
    expectOk(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'again' })));
    expect(texts(b)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'bob is fine', 'again']);
  });

  it('leave and disconnect stop delivery', async () => {
    const [a, b, b2] = [link('alice'), link('bob'), link('bob')];
    for (const l of [a, b, b2]) await chat.join(l, lobby);
    chat.leave(b, lobby);
    expectOk(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'one' })));
    chat.disconnected(b2);
    clock.t += 10_000;
    expectOk(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'two' })));
    expectOk(await chat.handle(a, cmd('pm.send', { to: 'bob', text: 'pm' })));
    expect(texts(b)).toEqual(['pm']);
    expect(texts(b2)).toEqual(['one']);
  });

  it('store failures are coded errors', async () => {
    const a = link('alice');
    await store.close();
    expectFail(await chat.handle(a, cmd('chat.send', { room: lobby, text: 'hi' })), 'UNAVAILABLE');
  });
});
