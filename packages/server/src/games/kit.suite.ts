import { matchSettings } from '@nardy/engine';
import { PROTOCOL_VERSION, type GameView, type ServerToClient, type TableSettings, type TableSettingsInput } from '@nardy/protocol';
import { expect } from 'vitest';
import type { Analyser } from '../analysis/index.js';
import { createApp, type App, type AppOptions } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import type { Viewer } from '../contracts.js';
import { FakeTime } from '../game/time.js';
import { PG_URL, pgSchema } from '../store/pg.suite.js';
import type { Store } from '../store/types.js';
import type { RateLimit } from '../ws/limiters.js';
import type { ConnectionHub } from '../ws/hub.js';
import { MemoryTransport, type MemoryClient } from '../ws/memory.js';
import { inProcessBots, type BotFactory } from './bots.js';
import type { GameManager } from './manager.js';

/**
 * Scenario test support: the whole server as `createApp` wires it for production, over the in-process transport
 * (the socket layer's `Connection`, as a WebSocket gets it), with a fixed dice seed, a hand-moved clock, fast
 * in-process bots and cheap password hashes.
 */
export const TEST_SEED = '5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed5eed';

export type StoreKind = 'sqlite' | 'postgres';

/** The stores the scenario tests run on: SQLite in memory always, PostgreSQL when `NARDY_TEST_PG_URL` is set. */
export const STORE_KINDS: readonly StoreKind[] = PG_URL !== undefined ? ['sqlite', 'postgres'] : ['sqlite'];

export interface World {
  readonly app: App;
  readonly store: Store;
  readonly games: GameManager;
  readonly hub: ConnectionHub;
  readonly transport: MemoryTransport;
  readonly time: FakeTime;
  /** The configuration the app was built with (a restart builds another on the same store with it). */
  readonly config: Config;
  /** The options the app was built with (the test doubles), for a restart. */
  readonly options: AppOptions;
  /** Users with a session ('alice', 'bob', 'carol', 'dave'). */
  readonly users: Readonly<Record<string, Viewer>>;
  /** Their session tokens, by name. */
  readonly tokens: Readonly<Record<string, string>>;
  /** Socket-layer faults (a module threw): tests expect none. */
  readonly faults: string[];
  close(): Promise<void>;
}

export interface WorldOptions {
  readonly bots?: BotFactory;
  readonly rateLimit?: RateLimit;
  readonly time?: FakeTime;
  /** The analyser (default the app's: an analysis worker thread per job). */
  readonly analyser?: Analyser;
  /** More configuration (as environment variables: CHIPS_GRANT …). */
  readonly env?: Readonly<Record<string, string>>;
}

/** The database for a store kind: SQLite in memory; PostgreSQL in a fresh schema on `NARDY_TEST_PG_URL`. */
async function testDatabase(kind: StoreKind): Promise<{ url: string; database?: AppOptions['database'] }> {
  if (kind === 'sqlite') return { url: ':memory:' };
  if (PG_URL === undefined) throw new Error("world('postgres') needs NARDY_TEST_PG_URL");
  const { schema } = await pgSchema(PG_URL);
  return { url: PG_URL, database: { schema, poolSize: 4 } };
}

export async function world(kind: StoreKind = 'sqlite', o: WorldOptions = {}): Promise<World> {
  const db = await testDatabase(kind);
  // Rated matches are not analysed by themselves here unless a test asks (ANALYSIS_AUTO in `env`).
  const config = loadConfig({ DATABASE_URL: db.url, NARDY_DICE_SEED: TEST_SEED, WEB_DIST: '/nonexistent', ANALYSIS_AUTO: 'off', ...o.env });
  const time = o.time ?? new FakeTime(1_700_000_000_000);
  const faults: string[] = [];
  const options: AppOptions = {
    time,
    bots: o.bots ?? inProcessBots(),
    // The owner of a seek, challenge or table sits at p1.
    coin: () => 0.25,
    scrypt: { N: 1024, r: 8, p: 1 },
    logger: { level: 'error' },
    onFault: (what, err) => faults.push(`${what}: ${String(err)}`),
    ...(db.database ? { database: db.database } : {}),
    ...(o.rateLimit ? { rateLimit: o.rateLimit } : {}),
    ...(o.analyser ? { analyser: o.analyser } : {}),
  };
  const app = await createApp(config, options);
  const users: Record<string, Viewer> = {};
  const tokens: Record<string, string> = {};
  for (const name of ['alice', 'bob', 'carol', 'dave']) {
    const u = await app.store.createUser({
      username: name,
      displayName: name[0]!.toUpperCase() + name.slice(1),
      passwordHash: null,
      language: 'en',
      createdAt: time.now(),
    });
    const session = u.ok ? await app.accounts.openSession(u.value.id) : null;
    if (!u.ok || !session?.ok) {
      await app.close();
      throw new Error(`cannot sign up ${name}`);
    }
    users[name] = { userId: u.value.id, username: name, displayName: u.value.displayName, guest: false, language: 'en' };
    tokens[name] = session.value;
  }
  return {
    app,
    store: app.store,
    games: app.games,
    hub: app.hub,
    transport: new MemoryTransport(app.hub),
    time,
    config,
    options,
    users,
    tokens,
    faults,
    close: () => app.close(),
  };
}

let guests = 0;

/** Connects as the named user (without one: a fresh guest, made as the web app makes one, by `POST /api/guest`) and says hello. */
export async function connect(w: World, name?: string): Promise<MemoryClient> {
  let token = name === undefined ? undefined : w.tokens[name];
  if (token === undefined) {
    // Each from an address of its own: guests are limited per address.
    const g = await w.app.accounts.guest('en', `192.0.2.${++guests % 250}`);
    if (!g.ok) throw new Error(`cannot make a guest: ${g.error.message}`);
    token = g.value.token;
  }
  const c = await w.transport.connect(token);
  const r = await c.command({ type: 'hello', protocol: PROTOCOL_VERSION });
  expect(r.type).toBe('ack');
  return c;
}

/**
 * Alice (p1) and Bob (p2), connected, at a new match of `table` (their client seeds fixed), both subscribed to it:
 * the start of a two-player scenario. The match settings as the engine completed them come with it.
 */
export async function startTwoPlayerGame(w: World, table: TableSettingsInput) {
  const alice = await connect(w, 'alice');
  const bob = await connect(w, 'bob');
  const full = matchSettings(table.match);
  if (!full.ok) throw new Error(full.error.message);
  const r = await w.games.startGame({
    settings: { ...table, match: full.value as TableSettings['match'] },
    seats: { p1: { kind: 'user', userId: w.users['alice']!.userId }, p2: { kind: 'user', userId: w.users['bob']!.userId } },
    clientSeeds: { p1: 'alice-seed', p2: 'bob-seed' },
    rated: false,
  });
  if (!r.ok) throw new Error(r.error.message);
  const gameId = r.value.gameId;
  acked(await alice.command({ type: 'game.subscribe', gameId }));
  acked(await bob.command({ type: 'game.subscribe', gameId }));
  await settle(w, gameId);
  return { alice, bob, gameId, settings: full.value };
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

/** Alice's seek at `settings`, accepted by Bob, both client seeds fixed (G10: every run throws the same dice); both subscribed. */
export async function seekAccepted(w: World, settings: TableSettingsInput) {
  const alice = await connect(w, 'alice');
  const bob = await connect(w, 'bob');
  const seek = await alice.command({ type: 'seek.create', settings, clientSeed: 'alice-seed' });
  acked(seek);
  const seekId = seek.type === 'ack' && seek.result?.kind === 'seek' ? seek.result.seekId : '';
  const accepted = await bob.command({ type: 'seek.accept', seekId, clientSeed: 'bob-seed' });
  acked(accepted);
  const gameId = accepted.type === 'ack' && accepted.result?.kind === 'game' ? accepted.result.gameId : '';
  for (const c of [alice, bob]) acked(await c.command({ type: 'game.subscribe', gameId }));
  await settle(w, gameId);
  return { alice, bob, gameId };
}

/** Waits until the store has the match as finished: it is recorded just after its last event goes out (on PostgreSQL a few ms later). */
export async function recorded(w: World, gameId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const stored = await w.store.getGame(gameId);
    if (stored.ok && stored.value.status === 'finished') return;
    await new Promise<void>((r) => setTimeout(r, 10));
  }
  throw new Error(`game ${gameId} was not recorded as finished`);
}

/** The latest view a client holds of a game (from its last snapshot or event). */
export function lastView(c: MemoryClient, gameId: string): GameView {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const m = c.received[i]!;
    if ((m.type === 'game.event' || m.type === 'game.snapshot') && m.gameId === gameId) return m.view;
  }
  throw new Error('no view yet');
}

/** The game messages a client received, checked: numbered without gaps, in its snapshot's epoch. */
export function checkNumbering(c: MemoryClient, gameId: string): number {
  let last: number | null = null;
  let epoch: string | null = null;
  for (const m of c.received) {
    if (m.type === 'game.snapshot' && m.gameId === gameId) {
      last = m.lastEvent;
      epoch = m.epoch;
    } else if (m.type === 'game.event' && m.gameId === gameId) {
      expect(last, 'an event before any snapshot').not.toBeNull();
      expect(m.epoch).toBe(epoch);
      expect(m.n).toBe(last! + 1);
      last = m.n;
    }
  }
  return last ?? 0;
}

/** Where a client stands in a game's events (its last snapshot's or event's epoch and number): `since` on a resubscribe. */
export function seenOf(c: MemoryClient, gameId: string): { readonly epoch: string; readonly n: number } {
  for (let i = c.received.length - 1; i >= 0; i--) {
    const m = c.received[i]!;
    if (m.type === 'game.snapshot' && m.gameId === gameId) return { epoch: m.epoch, n: m.lastEvent };
    if (m.type === 'game.event' && m.gameId === gameId) return { epoch: m.epoch, n: m.n };
  }
  throw new Error('nothing seen yet');
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
