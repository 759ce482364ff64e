/**
 * Issue 42's durability through a real crash: the built server (`node packages/server/dist/main.js`) on a temporary
 * SQLite file (and a fresh PostgreSQL database when NARDY_TEST_PG_URL is set); eight registered players over WebSockets in an 8-player knockout with a buy-in; the server is killed
 * with SIGKILL in the middle of the first round and started again on the same database. The tournament resumes, is played
 * to the end, the prizes are paid and the books balance. Needs the build (`npm test` builds first).
 */
import { existsSync } from 'node:fs';
import type { ServerToClient, TournamentDetail } from '@nardy/protocol';
import { afterAll, expect, it } from 'vitest';
import { openStore } from '../store/kysely-store.js';
import { SERVER_MAIN, type WireClient, killServers, startBuiltServer } from '../testing/built-server.suite.js';
import { CRASH_KINDS, dropDatabases, freshDatabase, hello, signUp } from '../testing/crash.suite.js';
import { terms } from './kit.suite.js';

const SEED = 'c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00';

afterAll(async () => {
  killServers();
  await dropDatabases();
});

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

it.skipIf(!existsSync(SERVER_MAIN)).each(CRASH_KINDS)(
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
    for (const p of players) clients.set(p.userId, await hello(first.url, p.cookie));
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
    for (const u of order) clients.set(u, await hello(second.url, cookieOf.get(u)!));
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
