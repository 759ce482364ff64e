/**
 * Issue 42's durability through a real crash: the built server (`node packages/server/dist/main.js`) on a temporary
 * SQLite file (and a fresh PostgreSQL database when NARDY_TEST_PG_URL is set); eight registered players over WebSockets in an 8-player knockout with a buy-in; the server is killed
 * with SIGKILL in the middle of the first round and started again on the same database. The tournament resumes, is played
 * to the end, the prizes are paid and the books balance. Needs the build (`npm test` builds first).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION, type Profile, type ServerToClient, type TournamentDetail } from '@nardy/protocol';
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../store/kysely-store.js';
import { PG_URL, pgDatabase } from '../store/pg.suite.js';
import { SERVER_MAIN, WireClient, killServers, startBuiltServer } from '../testing/built-server.suite.js';
import { terms } from './kit.suite.js';

const SEED = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';
const dir = mkdtempSync(join(tmpdir(), 'nardy-tournament-crash-'));
const drops: (() => Promise<void>)[] = [];

afterAll(async () => {
  killServers();
  rmSync(dir, { recursive: true, force: true });
  for (const drop of drops) await drop();
});

const KINDS = PG_URL !== undefined ? (['SQLite', 'PostgreSQL'] as const) : (['SQLite'] as const);

/** A fresh, empty database of the kind, as a DATABASE_URL. */
async function freshDatabase(kind: (typeof KINDS)[number]): Promise<string> {
  if (kind === 'SQLite') return join(dir, 'nardy.db');
  const d = await pgDatabase(PG_URL!);
  drops.push(d.drop);
  return d.url;
}

async function signUp(url: string, name: string): Promise<{ cookie: string; userId: string }> {
  const r = await fetch(`${url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, password: 'board-game-42' }),
  });
  if (r.status !== 201) throw new Error(`POST /api/register answered ${r.status}: ${await r.text()}`);
  const cookie = (r.headers.get('set-cookie') ?? '').split(';')[0]!;
  const me = (await (await fetch(`${url}/api/me`, { headers: { cookie } })).json()) as { user: Profile };
  return { cookie, userId: me.user.id };
}

async function open(url: string, cookie: string): Promise<WireClient> {
  const c = await WireClient.open(url, cookie);
  const hello = await c.command({ type: 'hello', protocol: PROTOCOL_VERSION });
  if (hello.type !== 'ack') throw new Error(JSON.stringify(hello));
  return c;
}

async function detail(url: string, id: string): Promise<TournamentDetail> {
  return (await (await fetch(`${url}/api/tournaments/${id}`)).json()) as TournamentDetail;
}

/** Both players open the game; the loser resigns the match. */
async function playGame(winner: WireClient, loser: WireClient, gameId: string): Promise<void> {
  for (const c of [winner, loser]) expect(await c.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
  for (;;) {
    const v = loser.view(gameId);
    if (v?.phase === 'matchOver') return;
    if (v) {
      const r = await loser.command({ type: 'game.action', gameId, version: v.version, action: { type: 'resignMatch' } });
      if (r.type === 'ack') return;
      if (r.type === 'error' && r.code !== 'STALE_VERSION') throw new Error(JSON.stringify(r));
    }
    await loser.until((m): m is ServerToClient => m.type === 'game.event' || m.type === 'game.snapshot', loser.received.length, 5_000).catch(() => null);
  }
}

it.skipIf(!existsSync(SERVER_MAIN)).each(KINDS)(
  'SIGKILL mid-round of an 8-player knockout, restart on the same %s database: it resumes, ends, pays, the books balance',
  { timeout: 90_000 },
  async (kind) => {
    const db = await freshDatabase(kind);
    const first = await startBuiltServer(db, { NARDY_DICE_SEED: SEED });
    const names = ['ann', 'ben', 'cat', 'dan', 'eve', 'fay', 'gus', 'hal'].map((n) => `${n}player`);
    const players: { cookie: string; userId: string }[] = [];
    for (const n of names) players.push(await signUp(first.url, n));
    const order = players.map((p) => p.userId);
    const cookieOf = new Map(players.map((p) => [p.userId, p.cookie]));
    let clients = new Map<string, WireClient>();
    for (const p of players) clients.set(p.userId, await open(first.url, p.cookie));
    const made = await clients.get(order[0]!)!.command({ type: 'tournament.create', terms: terms({ buyIn: 100, maxPlayers: 8 }) });
    if (made.type !== 'ack' || made.result?.kind !== 'tournament') throw new Error(JSON.stringify(made));
    const id = made.result.tournamentId;
    for (const u of order) {
      const r = await clients.get(u)!.command({ type: 'tournament.register', tournamentId: id });
      expect(r.type, JSON.stringify(r)).toBe('ack');
    }
    const loser = (a: string, b: string) => (order.indexOf(a) > order.indexOf(b) ? a : b);
    const play = async (p: TournamentDetail['pairings'][number]) => {
      const l = loser(p.a, p.b!);
      await playGame(clients.get(l === p.a ? p.b! : p.a)!, clients.get(l)!, p.gameId!);
    };
    let d = await detail(first.url, id);
    for (let i = 0; d.pairings.filter((p) => p.gameId !== null).length < 4 && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      d = await detail(first.url, id);
    }
    const round1 = d.pairings.filter((p) => p.gameId !== null);
    expect(round1).toHaveLength(4);
    // Two of the four first-round games are played; then the server dies.
    for (const p of round1.slice(0, 2)) await play(p);
    for (let i = 0; (await detail(first.url, id)).pairings.filter((p) => p.result !== null).length < 2 && i < 200; i++)
      await new Promise((r) => setTimeout(r, 25));
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    for (const c of clients.values()) c.close();

    const second = await startBuiltServer(db, { NARDY_DICE_SEED: SEED });
    clients = new Map();
    for (const u of order) clients.set(u, await open(second.url, cookieOf.get(u)!));
    const done = new Set<string>(round1.slice(0, 2).map((p) => p.gameId!));
    for (let i = 0; i < 2000; i++) {
      d = await detail(second.url, id);
      if (d.tournament.status === 'finished') break;
      const ready = d.pairings.filter((p) => p.result === null && p.gameId !== null && !done.has(p.gameId));
      for (const p of ready) {
        done.add(p.gameId!);
        await play(p);
      }
      if (ready.length === 0) await new Promise((r) => setTimeout(r, 25));
    }
    expect(d.tournament.status).toBe('finished');
    expect(d.pairings).toHaveLength(7);
    expect(d.standings[0]!.userId).toBe(order[0]);
    // Pool 800, paid out 640 to three places; the house keeps 160.
    expect(d.standings.reduce((a, s) => a + (s.prize ?? 0), 0)).toBe(640);
    for (const c of clients.values()) c.close();
    second.child.kill('SIGTERM');
    await new Promise((r) => second.child.once('exit', r));
    const store = await openStore(db);
    if (!store.ok) throw new Error(store.error.message);
    const audit = await store.value.auditChips();
    expect(audit.ok && audit.value).toEqual([]);
    let total = 0;
    for (const u of order) {
      const b = await store.value.openChips(u, 1000, Date.now());
      if (b.ok) total += b.value.free + b.value.held;
    }
    expect(total).toBe(8 * 1000 - 160);
    await store.value.close();
  },
);
