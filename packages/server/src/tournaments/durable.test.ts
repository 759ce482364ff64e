import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, type App } from '../app.js';
import { acked, connect, world, type World } from '../games/kit.suite.js';
import { openStore } from '../store/kysely-store.js';
import { MemoryTransport } from '../ws/memory.js';
import type { TournamentDetail } from '@nardy/protocol';
import { clientsOf, create, detail, playOut, resign, terms, until } from './kit.suite.js';

/** Issue 42 item 4 and the no-shows of item 2: a restart mid-round, a double result, forfeits, bots filling a field. */
const final0 = (d: TournamentDetail) => d.pairings.find((p) => p.round === 2)!;

describe('tournaments: durable', () => {
  let w: World | null = null;
  let dir: string | null = null;
  afterEach(async () => {
    await w?.close();
    w = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it('a restart mid-round resumes: a game that ended while the server was down counts, the rest is played, the standings are right', async () => {
    dir = mkdtempSync(join(tmpdir(), 'nardy-tournament-'));
    const file = join(dir, 'nardy.db');
    const first = await world('sqlite', { env: { DATABASE_URL: file } });
    const names = ['alice', 'bob', 'carol', 'dave'];
    const order = names.map((n) => first.users[n]!.userId);
    const better = (a: string, b: string) => (order.indexOf(a) > order.indexOf(b) ? a : b);
    let clients = await clientsOf(first, names);
    const id = await create(clients.get(order[0]!)!, terms({ buyIn: 50 }));
    for (const u of order) acked(await clients.get(u)!.command({ type: 'tournament.register', tournamentId: id }));
    await until(async () => (await detail(first, id)).pairings.filter((p) => p.gameId !== null).length === 2, 'round 1 started');
    const [g1, g2] = (await detail(first, id)).pairings.filter((p) => p.gameId !== null);
    // The first semi-final is played before the restart; the second ends while the server is down.
    await resign(first, clients.get(better(g1!.a, g1!.b!))!, g1!.gameId!);
    await until(async () => (await detail(first, id)).pairings.some((p) => p.pairingId === g1!.pairingId && p.result !== null), 'the first result');
    await first.app.close();
    const between = await openStore(file);
    if (!between.ok) throw new Error(between.error.message);
    const winnerSeat = g2!.a === better(g2!.a, g2!.b!) ? 'p2' : 'p1';
    const finished = await between.value.finishGame(g2!.gameId!, {
      status: 'finished',
      result: {
        end: { winner: winnerSeat, reason: 'resign' },
        score: { p1: winnerSeat === 'p1' ? 1 : 0, p2: winnerSeat === 'p2' ? 1 : 0 },
        games: [],
        abandonedBy: null,
      },
      finishedAt: first.time.now(),
    });
    expect(finished.ok).toBe(true);
    await between.value.close();

    const app: App = await createApp(first.config, first.options);
    w = { ...first, app, store: app.store, games: app.games, hub: app.hub, transport: new MemoryTransport(app.hub), close: () => app.close() };
    const x = w;
    await until(async () => (await detail(x, id)).pairings.some((p) => p.round === 2 && p.gameId !== null), 'the final started after the restart');
    const d = await detail(x, id);
    expect(d.pairings.filter((p) => p.round === 1).every((p) => p.result !== null)).toBe(true);
    // A double submission of a result counts once: the feed's end again, and the store's conditional write.
    x.app.tournaments.ended(g1!.gameId!);
    const again = await x.store.tournaments.recordResult(id, g1!.pairingId, { pairingId: g1!.pairingId, winner: 'b', scoreA: 0, scoreB: 1 }, null);
    expect(again.ok && again.value).toBe(false);
    clients = await clientsOf(x, names);
    // The finalists, connecting after the restart, are told of their match.
    for (const u of [final0(d).a, final0(d).b!]) await clients.get(u)!.waitFor((m) => m.type === 'tournament.match' && m.pairingId === final0(d).pairingId);
    expect(await playOut(x, id, clients, better)).toBe(1);
    const end = await detail(x, id);
    expect(end.tournament.status).toBe('finished');
    const final = end.pairings.find((p) => p.round === 2)!;
    expect(end.standings.slice(0, 2).map((s) => s.userId)).toEqual([order[0], final.a === order[0] ? final.b : final.a]);
    // Pool 200, 160 paid out over three places (no match for third: the semi-final losers rank by the format's tie-break).
    expect(end.standings[0]!.prize).toBe(80);
    const audit = await x.store.auditChips();
    expect(audit.ok && audit.value).toEqual([]);
  });

  it('a player who never comes to his game loses it by forfeit after the no-show wait', async () => {
    w = await world('sqlite', { env: { TOURNAMENT_NO_SHOW_S: '120' } });
    const x = w;
    const [alice, bob] = [await connect(x, 'alice'), await connect(x, 'bob')];
    // A long clock, so the forfeit comes before any flag falls.
    const id = await create(
      alice,
      terms({ maxPlayers: 2, match: { variant: 'long', matchLength: 1, timeControl: { kind: 'matchReserve', perPointMs: 600_000, delayMs: 0 } } }),
    );
    acked(await alice.command({ type: 'tournament.register', tournamentId: id }));
    acked(await bob.command({ type: 'tournament.register', tournamentId: id }));
    const match = await bob.waitFor((m) => m.type === 'tournament.match');
    if (match.type !== 'tournament.match') throw new Error('no match');
    // Bob opens his game; Alice never does.
    acked(await bob.command({ type: 'game.subscribe', gameId: match.gameId }));
    x.time.advance(119_000);
    await new Promise<void>((r) => setTimeout(r, 20));
    expect((await detail(x, id)).tournament.status).toBe('running');
    x.time.advance(1_000);
    await until(async () => (await detail(x, id)).tournament.status === 'finished', 'the forfeit');
    const d = await detail(x, id);
    expect(d.standings[0]!.userId).toBe(x.users['bob']!.userId);
    expect(d.pairings[0]!.result?.forfeit).toBe(true);
  });

  it('bots fill a casual sit-and-go that allows them; they never count for ratings', async () => {
    w = await world('sqlite', { env: { TOURNAMENT_BOT_FILL_S: '30' } });
    const x = w;
    const alice = await connect(x, 'alice');
    const id = await create(alice, terms({ bots: true, maxPlayers: 4 }));
    acked(await alice.command({ type: 'tournament.register', tournamentId: id }));
    x.time.advance(30_000);
    await until(async () => (await detail(x, id)).tournament.status === 'running', 'the start with bots');
    const d = await detail(x, id);
    expect(d.entrants.filter((e) => e.user.bot !== undefined)).toHaveLength(3);
    const mine = d.pairings.find((p) => p.a === x.users['alice']!.userId || p.b === x.users['alice']!.userId)!;
    await resign(x, alice, mine.gameId!);
    // The bots play their games by themselves; time moves for their clocks.
    await until(
      async () => {
        x.time.advance(1_000);
        return (await detail(x, id)).tournament.status === 'finished';
      },
      'the bots finished',
      20_000,
    );
    const games = await x.store.tournaments.games(id);
    for (const g of games.ok ? games.value : []) {
      const rec = await x.store.getGame(g.gameId);
      expect(rec.ok && rec.value.rated).toBe(false);
    }
  });

  /** A casual sit-and-go filled with bots after Alice registers; she resigns her games, the bots play theirs. */
  async function botField(x: World, t: Parameters<typeof terms>[0]): Promise<TournamentDetail> {
    const alice = await connect(x, 'alice');
    const id = await create(alice, terms({ bots: true, ...t }));
    acked(await alice.command({ type: 'tournament.register', tournamentId: id }));
    x.time.advance(30_000);
    await until(async () => (await detail(x, id)).tournament.status === 'running', 'the start with bots');
    const resigned = new Set<string>();
    await until(
      async () => {
        const d = await detail(x, id);
        for (const p of d.pairings) {
          if (p.gameId === null || p.result !== null || resigned.has(p.gameId) || (p.a !== alice.viewer.userId && p.b !== alice.viewer.userId)) continue;
          resigned.add(p.gameId);
          await resign(x, alice, p.gameId);
        }
        x.time.advance(1_000);
        return d.tournament.status === 'finished';
      },
      'the bots finished',
      60_000,
    );
    const d = await detail(x, id);
    expect(d.pairings.every((p) => p.result !== null)).toBe(true);
    expect(x.faults).toEqual([]);
    return d;
  }

  it('a 128-player knockout of bots (and one person) through the real server ends with one winner and every match decided', async () => {
    w = await world('sqlite', { env: { TOURNAMENT_BOT_FILL_S: '30' } });
    const d = await botField(w, { maxPlayers: 128, options: { thirdPlace: true } });
    expect(d.pairings).toHaveLength(128);
    const final = d.pairings.find((p) => p.bracket === 'main' && p.round === 7)!;
    expect(d.standings[0]!.userId).toBe(final.result!.winner === 'a' ? final.a : final.b);
    expect(d.standings).toHaveLength(128);
  }, 120_000);

  it('a 64-player Swiss of 6 rounds and a 10-player round robin of bots play out', async () => {
    w = await world('sqlite', { env: { TOURNAMENT_BOT_FILL_S: '30', TOURNAMENTS_PER_USER: '5' } });
    const swiss = await botField(w, { format: 'swiss', maxPlayers: 64, options: { rounds: 6 } });
    expect(swiss.pairings).toHaveLength(6 * 32);
    // Every round a player scores 0 or 1 (no draws here): the points are the wins, and they sum to the games.
    expect(swiss.standings.reduce((a, s) => a + s.points, 0)).toBe(6 * 32);
    const rr = await botField(w, { format: 'roundRobin', minPlayers: 3, maxPlayers: 10 });
    expect(rr.pairings).toHaveLength(45);
    expect(rr.standings.every((s) => s.played === 9)).toBe(true);
  }, 120_000);
});
