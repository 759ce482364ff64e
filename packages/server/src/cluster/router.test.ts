import type { ClientToServer, ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientLink, CommandModule, Reply } from '../contracts.js';
import { RedisBus } from './bus.js';
import { PrivateRedis, REDIS_URL, randomPrefix } from './redis.suite.js';
import { ClusterRouter, type HelloHook } from './router.js';
import { shardOf } from './shards.js';
import type { Frame, Holder, OwnerDirectory, ShardKey } from './types.js';

const ok: Reply = { ok: true, value: undefined };
const viewer = { userId: 'u', username: 'u', displayName: 'U', guest: false, language: 'en' as const };
const msg = (m: Record<string, unknown>): ClientToServer => ({ id: 'x', ...m }) as unknown as ClientToServer;
const note = (n: number): ServerToClient => ({ type: 'pong', n }) as unknown as ServerToClient;

/** A game module: subscribers per game; `game.action` sends three messages, each one object to every subscriber. */
class FakeGames implements CommandModule {
  readonly types = ['game.subscribe', 'game.action'] as const;
  readonly handled: { link: ClientLink; msg: ClientToServer }[] = [];
  readonly gone: string[] = [];
  private readonly subs = new Set<ClientLink>();

  handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    this.handled.push({ link, msg });
    if (msg.type === 'game.subscribe') this.subs.add(link);
    else
      for (const n of [1, 2, 3]) {
        const m = note(n);
        for (const s of this.subs) s.send(m);
      }
    return Promise.resolve(ok);
  }

  disconnected(link: ClientLink): void {
    this.gone.push(link.id);
    this.subs.delete(link);
  }
}

/** A lobby module: records what it ran (and the seed it found held, for `quickPair.join`). */
class FakeLobby implements CommandModule {
  readonly types = ['lobby.subscribe', 'quickPair.join'] as const;
  readonly handled: string[] = [];
  readonly gone: string[] = [];
  constructor(private readonly held: Map<string, string>) {}

  handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    this.handled.push(msg.type === 'quickPair.join' ? `join ${this.held.get(`${link.id}/${msg.commitment ?? ''}`) ?? 'no seed'}` : msg.type);
    return Promise.resolve(ok);
  }

  disconnected(link: ClientLink): void {
    this.gone.push(link.id);
  }
}

interface Instance {
  readonly id: string;
  readonly bus: RedisBus;
  readonly cluster: ClusterRouter;
  readonly games: FakeGames;
  readonly lobby: FakeLobby;
  readonly owned: Set<ShardKey>;
  readonly closed: string[];
  readonly frames: Frame[];
  readonly hellos: string[];
  readonly held: Map<string, string>;
}

const opened: RedisBus[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((b) => b.close()));
});

/** Owners by key, shared by the instances (each sees `mine` for itself); `next` overrides A's answers once each. */
class Directory {
  readonly owners = new Map<ShardKey, string>();
  readonly next: string[] = [];
  asked = 0;
  for(me: string): OwnerDirectory {
    return {
      ownerFor: (key) => {
        this.asked++;
        const owner = (me === 'A' ? this.next.shift() : undefined) ?? this.owners.get(key);
        return Promise.resolve(owner === undefined ? null : ({ owner, fence: 1, mine: owner === me } satisfies Holder));
      },
    };
  }
}

const instance = async (url: string, prefix: string, id: string, dir: Directory, timeoutMs = 2000): Promise<Instance> => {
  const bus = new RedisBus({ url, instanceId: id, prefix, maxBackoffMs: 200 });
  opened.push(bus);
  const held = new Map<string, string>();
  const games = new FakeGames();
  const lobby = new FakeLobby(held);
  const owned = new Set<ShardKey>();
  const closed: string[] = [];
  const hellos: string[] = [];
  const frames: Frame[] = [];
  bus.onFrame((f) => frames.push(f));
  const hello: HelloHook[] = [
    { key: 'lobby', onHello: (l) => hellos.push(`lobby ${l.id}`) },
    { key: null, onHello: (l) => hellos.push(`local ${l.id}`) },
  ];
  const cluster = new ClusterRouter({
    bus,
    directory: dir.for(id),
    modules: [games, lobby],
    shardOf,
    isMine: (key) => owned.has(key),
    close: (linkId) => closed.push(linkId),
    hello,
    carry: {
      peek: (linkId, c) => held.get(`${linkId}/${c}`) ?? null,
      put: (linkId, c, seed) => void held.set(`${linkId}/${c}`, seed),
    },
    timeoutMs,
  });
  await bus.whenUp();
  return { id, bus, cluster, games, lobby, owned, closed, frames, hellos, held };
};

const own = (dir: Directory, i: Instance, key: ShardKey): void => {
  dir.owners.set(key, i.id);
  i.owned.add(key);
};

/** A client on `i`: what it was sent; `run` goes through the instance's router as a connection would. */
const client = (i: Instance, id: string) => {
  const got: ServerToClient[] = [];
  const link: ClientLink = { id, viewer, address: '10.0.0.1', send: (m) => got.push(m) };
  return {
    link,
    got,
    run: (m: ClientToServer) => i.cluster.router.moduleFor(m.type)!.handle(link, m),
    close: () => {
      for (const m of i.cluster.router.modules) m.disconnected?.(link);
    },
  };
};

const until = async (p: () => boolean, ms = 5000): Promise<void> => {
  const end = Date.now() + ms;
  while (!p()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!REDIS_URL)('ClusterRouter', () => {
  const url = REDIS_URL!;

  const three = async (timeoutMs?: number) => {
    const prefix = randomPrefix();
    const dir = new Directory();
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((id) => instance(url, prefix, id, dir, timeoutMs)));
    return { dir, a: a!, b: b!, c: c! };
  };

  it("runs a command at the key's owner, once, for a stand-in of the link; keyless ones stay here", async () => {
    const { dir, a, b } = await three();
    own(dir, b, 'game:g1');
    const x = client(a, 'a1');
    expect(await x.run(msg({ type: 'game.subscribe', gameId: 'g1' }))).toEqual(ok);
    expect(a.games.handled).toEqual([]);
    expect(b.games.handled).toHaveLength(1);
    const standIn = b.games.handled[0]!.link;
    expect({ id: standIn.id, viewer: standIn.viewer, address: standIn.address }).toEqual({ id: 'a1', viewer, address: '10.0.0.1' });
    expect(a.frames.filter((f) => f.t === 'reply')).toHaveLength(1);
    own(dir, a, 'game:g2');
    await x.run(msg({ type: 'game.subscribe', gameId: 'g2' }));
    expect(a.games.handled.map((h) => h.link)).toEqual([x.link]);
  });

  it("answers NOT_FOUND for a key nobody holds (no such game), CLUSTER_UNAVAILABLE for an owner that doesn't answer", async () => {
    const { dir, a } = await three(300);
    const x = client(a, 'a1');
    expect(await x.run(msg({ type: 'game.action', gameId: 'nope' }))).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    dir.owners.set('game:g1', 'Z');
    const r = await x.run(msg({ type: 'game.action', gameId: 'g1' }));
    expect(r).toMatchObject({ ok: false, error: { code: 'CLUSTER_UNAVAILABLE' } });
    expect(!r.ok && r.error.message).toMatch(/retry/);
  });

  it("brings the owner's pushes to the origin's links in order, one push frame per tick with shared messages", async () => {
    const { dir, a, b, c } = await three();
    own(dir, b, 'game:g1');
    const [x, y, z] = [client(a, 'a1'), client(a, 'a2'), client(c, 'c1')];
    for (const k of [x, y, z]) await k.run(msg({ type: 'game.subscribe', gameId: 'g1' }));
    await z.run(msg({ type: 'game.action', gameId: 'g1' }));
    // The pushes a command made come before its reply, as on one instance.
    expect(z.got).toEqual([note(1), note(2), note(3)]);
    await until(() => x.got.length === 3 && y.got.length === 3 && z.got.length === 3);
    for (const k of [x, y, z]) expect(k.got).toEqual([note(1), note(2), note(3)]);
    const pushes = a.frames.filter((f) => f.t === 'push');
    expect(pushes).toEqual([
      {
        t: 'push',
        from: 'B',
        msgs: [note(1), note(2), note(3)],
        to: [
          ['a1', 'a2'],
          ['a1', 'a2'],
          ['a1', 'a2'],
        ],
      },
    ]);
  });

  it("tells each owner of a link's state once when it closes; its modules forget the stand-in", async () => {
    const { dir, a, b } = await three();
    own(dir, b, 'game:g1');
    own(dir, b, 'lobby');
    const x = client(a, 'a1');
    await x.run(msg({ type: 'game.subscribe', gameId: 'g1' }));
    await x.run(msg({ type: 'lobby.subscribe' }));
    x.close();
    await until(() => b.games.gone.length > 0 && b.lobby.gone.length > 0);
    await sleep(50);
    expect(b.games.gone).toEqual(['a1']);
    expect(b.lobby.gone).toEqual(['a1']);
    expect(a.games.gone).toEqual(['a1']);
    expect(b.frames.filter((f) => f.t === 'gone')).toHaveLength(1);
    expect(b.cluster.counts.standIns).toBe(0);
    expect(a.cluster.counts.remoteLinks).toBe(0);
  });

  it('answers a push for a link not open here with gone', async () => {
    const { b } = await three();
    b.bus.send('A', { t: 'push', from: 'B', msgs: [note(1)], to: [['nope']] });
    await until(() => b.frames.some((f) => f.t === 'gone'));
    expect(b.frames.filter((f) => f.t === 'gone')).toEqual([{ t: 'gone', from: 'A', linkIds: ['nope'] }]);
  });

  it("on an instance's death, drops its links' stand-ins and closes the links that had state there", async () => {
    const { dir, a, b, c } = await three();
    own(dir, b, 'game:g1');
    const [x, y] = [client(a, 'a1'), client(a, 'a2')];
    await x.run(msg({ type: 'game.subscribe', gameId: 'g1' }));
    own(dir, c, 'game:g3');
    await y.run(msg({ type: 'game.subscribe', gameId: 'g3' }));
    b.cluster.instanceDied('A');
    await until(() => b.games.gone.length > 0);
    expect(b.games.gone).toEqual(['a1']);
    expect(b.lobby.gone).toEqual(['a1']);
    a.cluster.instanceDied('B');
    expect(a.closed).toEqual(['a1']);
  });

  it('closes the links whose stand-ins an owner dropped after it lost Redis for a while', async () => {
    const { dir, a, b } = await three();
    own(dir, b, 'game:g1');
    await client(a, 'a1').run(msg({ type: 'game.subscribe', gameId: 'g1' }));
    b.cluster.busRecovered();
    await until(() => a.closed.length > 0);
    expect(a.closed).toEqual(['a1']);
    expect(b.games.gone).toEqual(['a1']);
  });

  it('asks the directory again when the owner answers MOVED', async () => {
    const { dir, a, b, c } = await three();
    own(dir, c, 'game:g1');
    dir.next.push('B');
    const x = client(a, 'a1');
    expect(await x.run(msg({ type: 'game.subscribe', gameId: 'g1' }))).toEqual(ok);
    expect(b.games.handled).toHaveLength(0);
    expect(c.games.handled).toHaveLength(1);
    // A asks, B finds it does not hold the key after all, A asks again.
    expect(dir.asked).toBe(3);
    dir.next.push('B', 'B');
    expect(await x.run(msg({ type: 'game.subscribe', gameId: 'g1' }))).toMatchObject({ ok: false, error: { code: 'CLUSTER_UNAVAILABLE' } });
  });

  it("carries the link's held server seed with a forwarded command", async () => {
    const { dir, a, b } = await three();
    own(dir, b, 'lobby');
    a.held.set('a1/c0ffee', 'seed1');
    await client(a, 'a1').run(msg({ type: 'quickPair.join', pool: 'x', commitment: 'c0ffee' }));
    expect(b.lobby.handled).toEqual(['join seed1']);
  });

  it("runs hello hooks at their key's owner, keyless ones here", async () => {
    const { dir, a, b } = await three();
    own(dir, b, 'lobby');
    a.cluster.onHello(client(a, 'a1').link);
    await until(() => b.hellos.length > 0);
    expect(b.hellos).toEqual(['lobby a1']);
    expect(a.hellos).toEqual(['local a1']);
    own(dir, a, 'lobby');
    a.cluster.onHello(client(a, 'a2').link);
    await until(() => a.hellos.length === 3);
    expect(a.hellos).toEqual(['local a1', 'local a2', 'lobby a2']);
  });

  it('when Redis comes back after an outage, closes the links with state elsewhere and drops the stand-ins', async () => {
    const redis = await PrivateRedis.start();
    try {
      const prefix = randomPrefix();
      const dir = new Directory();
      const [a, b] = await Promise.all([instance(redis.url, prefix, 'A', dir), instance(redis.url, prefix, 'B', dir)]);
      own(dir, b!, 'game:g1');
      const x = client(a!, 'a1');
      await x.run(msg({ type: 'game.subscribe', gameId: 'g1' }));
      await redis.stop();
      await until(() => !a!.bus.up && !b!.bus.up);
      expect(await x.run(msg({ type: 'game.action', gameId: 'g1' }))).toMatchObject({ ok: false, error: { code: 'CLUSTER_UNAVAILABLE' } });
      await redis.start();
      await until(() => a!.bus.up && b!.bus.up && a!.closed.length > 0 && b!.games.gone.length > 0, 10_000);
      expect(a!.closed).toEqual(['a1']);
      expect(b!.games.gone).toEqual(['a1']);
    } finally {
      await redis.stop();
    }
  }, 20_000);
});
