import { randomBytes } from 'node:crypto';
import { PROTOCOL_VERSION, type ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.js';
import { loadConfig } from '../config.js';
import { inProcessBots } from '../games/bots.js';
import { lastView, pick } from '../games/kit.suite.js';
import { pgSchema, PG_URL } from '../store/pg.suite.js';
import { MemoryTransport, type MemoryClient } from '../ws/memory.js';
import { REDIS_URL } from './redis.suite.js';

/**
 * Three apps built as `main.ts` builds them (`createApp` with REDIS_URL and a PostgreSQL DATABASE_URL), in one
 * process, on one database schema and one Redis prefix: the cluster's wiring end to end with in-memory sockets.
 * The built servers, real sockets and `kill -9` are the multi-instance suite's (cluster.e2e.test.ts).
 */
const ON = PG_URL !== undefined && REDIS_URL !== undefined;

interface Node {
  readonly app: App;
  readonly transport: MemoryTransport;
}

const running: App[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((a) => a.close().catch(() => {})));
});

async function cluster(n: number): Promise<Node[]> {
  const { schema } = await pgSchema(PG_URL!);
  const prefix = `t${randomBytes(4).toString('hex')}:`;
  const nodes: Node[] = [];
  for (let i = 0; i < n; i++) {
    const config = loadConfig({
      DATABASE_URL: PG_URL!,
      REDIS_URL: REDIS_URL!,
      REDIS_PREFIX: prefix,
      INSTANCE_ID: `n${i + 1}`,
      CLUSTER_LAPSE_MS: '1000',
      WEB_DIST: '/nonexistent',
      ANALYSIS_AUTO: 'off',
      ANALYSIS_WORKERS: '0',
    });
    const app = await createApp(config, {
      database: { schema, poolSize: 4 },
      bots: inProcessBots(),
      scrypt: { N: 1024, r: 8, p: 1 },
      logger: { level: 'error' },
      coin: () => 0.25,
    });
    running.push(app);
    nodes.push({ app, transport: new MemoryTransport(app.hub) });
  }
  return nodes;
}

async function person(node: Node, name: string): Promise<MemoryClient & { token: string; userId: string }> {
  const u = await node.app.store.createUser({ username: name, displayName: name, passwordHash: null, language: 'en', createdAt: Date.now() });
  if (!u.ok) throw new Error(u.error.message);
  const s = await node.app.accounts.openSession(u.value.id);
  if (!s.ok) throw new Error(s.error.message);
  return hello(node, s.value);
}

async function hello(node: Node, token: string): Promise<MemoryClient & { token: string; userId: string }> {
  const c = await node.transport.connect(token);
  const r = ok(await c.command({ type: 'hello', protocol: PROTOCOL_VERSION }));
  return Object.assign(c, { token, userId: r.result?.kind === 'welcome' ? r.result.user.userId : '' });
}

function ok(r: ServerToClient): Extract<ServerToClient, { type: 'ack' }> {
  if (r.type === 'error') throw new Error(`refused: ${r.code} ${r.message}`);
  if (r.type !== 'ack') throw new Error(`not an ack: ${r.type}`);
  return r;
}

async function until(what: string, f: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!f()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const views = (c: MemoryClient, gameId: string): number =>
  c.received.filter((m) => (m.type === 'game.event' || m.type === 'game.snapshot') && m.gameId === gameId).length;

/** Plays the clients' turns until the match is over. */
async function playOut(gameId: string, clients: readonly MemoryClient[]): Promise<number> {
  let sent = 0;
  for (let i = 0; i < 5_000; i++) {
    const vs = clients.map((c) => lastView(c, gameId));
    if (vs.every((v) => v.phase === 'matchOver')) return sent;
    const k = vs.findIndex((v) => pick(v) !== null);
    if (k < 0) {
      await new Promise((r) => setTimeout(r, 5));
      continue;
    }
    const v = vs[k]!;
    const seen = views(clients[k]!, gameId);
    const r = await clients[k]!.command({ type: 'game.action', gameId, version: v.version, action: pick(v)! });
    if (r.type === 'error' && r.code === 'STALE_VERSION') continue;
    ok(r);
    sent++;
    await until('the action’s event', () => views(clients[k]!, gameId) > seen);
  }
  throw new Error('the match did not end');
}

describe.skipIf(!ON)('a cluster of apps in one process (PostgreSQL + Redis)', () => {
  it('a seek on one instance, accepted on another, watched from a third: played out, chat and the lobby cross over', async () => {
    const [a, b, c] = await cluster(3);
    const alice = await person(a!, `alice${randomBytes(3).toString('hex')}`);
    const bob = await person(b!, `bob${randomBytes(3).toString('hex')}`);
    const carol = await person(c!, `carol${randomBytes(3).toString('hex')}`);
    for (const p of [alice, bob, carol]) ok(await p.command({ type: 'lobby.subscribe' }));
    const seek = ok(await alice.command({ type: 'seek.create', settings: { match: { variant: 'short', matchLength: 1 }, rated: false, stake: 0 } }));
    const seekId = seek.result?.kind === 'seek' ? seek.result.seekId : '';
    // The lobby (on whichever instance holds it) tells everyone of the seek.
    await until('the seek in Carol’s lobby', () => carol.received.some((m) => JSON.stringify(m).includes(seekId)));
    const accepted = ok(await bob.command({ type: 'seek.accept', seekId }));
    const gameId = accepted.result?.kind === 'game' ? accepted.result.gameId : '';
    for (const p of [alice, bob, carol]) ok(await p.command({ type: 'game.subscribe', gameId }));
    await until('views', () => [alice, bob, carol].every((p) => views(p, gameId) > 0));
    ok(await alice.command({ type: 'chat.send', room: { kind: 'table', gameId }, text: 'удачи' }));
    await until('the table line at Bob and Carol', () =>
      [bob, carol].every((p) => p.received.some((m) => m.type === 'chat.message' && JSON.stringify(m).includes('удачи'))),
    );
    // A private message from Alice (on a) to Carol (on c): sent where Alice is, cast to Carol's instance.
    ok(await alice.command({ type: 'pm.send', to: carol.userId, text: 'привет' }));
    await until('the private message at Carol', () => carol.received.some((m) => m.type === 'pm.message' && JSON.stringify(m).includes('привет')));
    await playOut(gameId, [alice, bob]);
    await until('the spectator’s end', () => lastView(carol, gameId).phase === 'matchOver');
    expect(lastView(carol, gameId).version).toBe(lastView(alice, gameId).version);
    // The spectator saw every event in order.
    let n: number | null = null;
    for (const m of carol.received) {
      if (m.type === 'game.snapshot' && m.gameId === gameId) n = m.lastEvent;
      else if (m.type === 'game.event' && m.gameId === gameId) {
        expect(m.n).toBe(n! + 1);
        n = m.n;
      }
    }
    const held = [a, b, c].filter((x) => x!.app.games.actorOf(gameId) !== undefined);
    expect(held).toHaveLength(1);
  }, 60_000);

  it('an instance that leaves hands its games over: the players reconnect elsewhere, resync and finish', async () => {
    const [a, b] = await cluster(2);
    const alice = await person(a!, `al${randomBytes(3).toString('hex')}`);
    const botGame = ok(await alice.command({ type: 'bot.play', level: 1, settings: { match: { variant: 'short', matchLength: 1 }, rated: false, stake: 0 } }));
    const gameId = botGame.result?.kind === 'game' ? botGame.result.gameId : '';
    ok(await alice.command({ type: 'game.subscribe', gameId }));
    await until('a view', () => views(alice, gameId) > 0);
    expect(a!.app.games.actorOf(gameId)).toBeDefined();
    const before = lastView(alice, gameId).version;
    // a stops (gracefully: its leases go back at once); Alice comes back on b and resubscribes from where she was.
    const token = alice.token;
    await a!.app.close();
    running.splice(running.indexOf(a!.app), 1);
    const again = await hello(b!, token);
    ok(await again.command({ type: 'game.subscribe', gameId }));
    await until('a view on b', () => views(again, gameId) > 0);
    expect(lastView(again, gameId).version).toBeGreaterThanOrEqual(before);
    expect(b!.app.games.actorOf(gameId)).toBeDefined();
    await playOut(gameId, [again]);
    expect(lastView(again, gameId).phase).toBe('matchOver');
  }, 60_000);
});
