import type { GameView, ServerToClient } from '@nardy/protocol';
import { expect } from 'vitest';
import type { CommandModule, SessionResolver, Viewer } from '../contracts.js';
import { FakeTime } from '../game/time.js';
import { openStore } from '../store/kysely-store.js';
import { MemoryStore } from '../store/memory-store.js';
import { PG_URL, pgSchema } from '../store/pg.suite.js';
import type { Store } from '../store/types.js';
import { Router, type RateLimit } from '../ws/connection.js';
import { ConnectionHub, viewerSource } from '../ws/hub.js';
import { MemoryTransport, type MemoryClient } from '../ws/memory.js';
import { inProcessBots, type BotFactory } from './bots.js';
import { GameManager, type GameManagerOptions } from './manager.js';

/** Scenario test support: a GameManager behind the real socket layer, over the in-memory transport. */
export const TEST_SEED = '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed';

export type StoreKind = 'memory' | 'sqlite' | 'postgres';

/** The stores the scenario tests run on: memory and SQLite always, PostgreSQL when `NARDY_TEST_PG_URL` is set. */
export const STORE_KINDS: readonly StoreKind[] = PG_URL !== undefined ? ['memory', 'sqlite', 'postgres'] : ['memory', 'sqlite'];

export interface World {
  readonly store: Store;
  readonly games: GameManager;
  readonly hub: ConnectionHub;
  readonly transport: MemoryTransport;
  readonly time: FakeTime;
  /** Users by session token ('alice', 'bob', 'carol', 'dave'). */
  readonly users: Readonly<Record<string, Viewer>>;
  /** Socket-layer faults (a module threw): tests expect none. */
  readonly faults: string[];
  close(): Promise<void>;
}

export interface WorldOptions {
  readonly bots?: BotFactory;
  readonly rateLimit?: RateLimit;
  readonly time?: FakeTime;
  /** More command modules behind the socket layer (the lobby…), made once the games exist. */
  readonly modules?: (games: GameManager, store: Store) => readonly CommandModule[];
  readonly feed?: GameManagerOptions['feed'];
}

/** A store of the kind: SQLite in memory; PostgreSQL in a fresh schema on `NARDY_TEST_PG_URL`, dropped by `drop`. */
async function openTestStore(kind: StoreKind): Promise<{ store: Store; drop?: () => Promise<void> }> {
  if (kind === 'memory') return { store: new MemoryStore() };
  if (kind === 'sqlite') {
    const r = await openStore(':memory:');
    if (!r.ok) throw new Error(r.error.message);
    return { store: r.value };
  }
  if (PG_URL === undefined) throw new Error("world('postgres') needs NARDY_TEST_PG_URL");
  const { schema, drop } = await pgSchema(PG_URL);
  const r = await openStore(PG_URL, { schema, poolSize: 4 });
  if (!r.ok) {
    await drop();
    throw new Error(r.error.message);
  }
  return { store: r.value, drop };
}

export async function world(kind: StoreKind = 'memory', o: WorldOptions = {}): Promise<World> {
  const { store, drop } = await openTestStore(kind);
  const time = o.time ?? new FakeTime(1_700_000_000_000);
  const users: Record<string, Viewer> = {};
  for (const name of ['alice', 'bob', 'carol', 'dave']) {
    const u = await store.createUser({ username: name, displayName: name[0]!.toUpperCase() + name.slice(1), passwordHash: null, createdAt: time.now() });
    if (!u.ok) {
      await store.close();
      await drop?.();
      throw new Error(u.error.message);
    }
    users[name] = { userId: u.value.id, username: name, displayName: u.value.displayName, guest: false, language: 'en' };
  }
  const resolver: SessionResolver = { viewerForToken: async (t) => (t !== undefined ? (users[t] ?? null) : null) };
  const faults: string[] = [];
  const games = new GameManager({ store, bots: o.bots ?? inProcessBots(), time, diceSeed: TEST_SEED, ...(o.feed ? { feed: o.feed } : {}) });
  const hub = new ConnectionHub({
    router: new Router([games, ...(o.modules?.(games, store) ?? [])]),
    viewerFor: viewerSource(store, resolver),
    ...(o.rateLimit ? { rateLimit: o.rateLimit } : {}),
    onFault: (what, err) => faults.push(`${what}: ${String(err)}`),
  });
  return {
    store,
    games,
    hub,
    transport: new MemoryTransport(hub),
    time,
    users,
    faults,
    close: async () => {
      await hub.drain();
      await games.shutdown();
      await store.close();
      await drop?.();
    },
  };
}

/** Connects and says hello. */
export async function connect(w: World, token?: string): Promise<MemoryClient> {
  const c = await w.transport.connect(token);
  const r = await c.command({ type: 'hello', protocol: 1 });
  expect(r.type).toBe('ack');
  return c;
}

export function acked(r: ServerToClient): void {
  if (r.type === 'error') throw new Error(`refused: ${r.code} ${r.message}`);
  expect(r.type).toBe('ack');
}

/** Lets every queued actor step, bot answer and deferred send run. */
export async function settle(w: World, gameId: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await w.games.actorOf(gameId)?.settled();
    await new Promise<void>((r) => setImmediate(r));
  }
}

/** The latest view a client holds of a game (from its last snapshot or event). */
export function lastView(c: MemoryClient, gameId: string): GameView {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const m = c.received[i]!;
    if ((m.type === 'game.event' || m.type === 'game.snapshot') && m.gameId === gameId) return m.view;
  }
  throw new Error('no view yet');
}

/** The game messages a client received, checked: numbered without gaps after its snapshot. */
export function checkNumbering(c: MemoryClient, gameId: string): number {
  let last: number | null = null;
  for (const m of c.received) {
    if (m.type === 'game.snapshot' && m.gameId === gameId) last = m.lastEvent;
    else if (m.type === 'game.event' && m.gameId === gameId) {
      expect(last, 'an event before any snapshot').not.toBeNull();
      expect(m.n).toBe(last! + 1);
      last = m.n;
    }
  }
  return last ?? 0;
}

/** The action a simple client picks from its view: the first legal turn, roll, take, decline. */
export function pick(v: GameView): { type: string; steps?: { from: number; to: number }[] } | null {
  const l = v.legal;
  if (!l || v.toAct !== v.you) return null;
  if (l.actions.includes('move')) return { type: 'move', steps: (l.turns[0] ?? []).map((s) => ({ from: s.from, to: s.to })) };
  for (const t of ['roll', 'take', 'declineResign'] as const) if (l.actions.includes(t)) return { type: t };
  return null;
}

/** Plays from the clients' views until the match is over (bots answer on their own); returns the actions sent. */
export async function playOut(w: World, gameId: string, clients: readonly MemoryClient[], max = 5_000): Promise<number> {
  let sent = 0;
  for (let i = 0; i < max; i++) {
    await settle(w, gameId);
    const views = clients.map((c) => lastView(c, gameId));
    if (views[0]!.phase === 'matchOver') return sent;
    const k = views.findIndex((v) => pick(v) !== null);
    if (k < 0) {
      w.time.advance(100);
      continue;
    }
    const v = views[k]!;
    acked(await clients[k]!.command({ type: 'game.action', gameId, version: v.version, action: pick(v)! }));
    sent++;
  }
  throw new Error('the match did not end');
}
