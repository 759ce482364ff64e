import type { UserGames } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_KINDS, acked, connect, world, type World } from '../games/kit.suite.js';
import type { MemoryClient } from '../ws/memory.js';
import { knockout } from './formats/knockout.js';
import { clientsOf, code, create, detail, morePlayers, playOut, terms, until } from './kit.suite.js';

/**
 * A 10-minute arena for every player of `order` (the first creates it), started a minute on. Its clock is longer
 * than the arena, so the games running at its end are played out, not lost on time.
 */
async function startArena(x: World, clients: ReadonlyMap<string, MemoryClient>, order: readonly string[]): Promise<string> {
  const id = await create(
    clients.get(order[0]!)!,
    terms({
      format: 'arena',
      maxPlayers: order.length,
      start: { kind: 'at', at: x.time.now() + 60_000 },
      options: { minutes: 10 },
      match: { variant: 'long', matchLength: 1, timeControl: { kind: 'matchReserve', perPointMs: 3_600_000, delayMs: 0 } },
    }),
  );
  for (const u of order) acked(await clients.get(u)!.command({ type: 'tournament.register', tournamentId: id }));
  x.time.advance(60_000);
  await until(async () => (await detail(x, id)).tournament.status === 'running', 'the arena start');
  return id;
}

/** Issue 42 items 2–5: tournaments run by the server, played as ordinary live games, through the real wiring. */
describe('tournaments', () => {
  let w: World | null = null;
  afterEach(async () => {
    await w?.close();
    w = null;
  });

  const books = async (x: World) => {
    const audit = await x.store.auditChips();
    expect(audit.ok && audit.value).toEqual([]);
  };
  const chips = async (x: World, name: string) => {
    const b = await x.app.chips.balance(x.users[name]!.userId);
    if (!b.ok) throw new Error('no balance');
    return { free: b.value.free, held: b.value.held };
  };

  it.each(STORE_KINDS)(
    'a 4-player knockout with a buy-in: a sit-and-go starts when full, plays out, pays 50/30/20 of 80 per cent of the pool (%s)',
    async (kind) => {
      w = await world(kind, { env: { CHIPS_GRANT: '1000' } });
      const x = w;
      const names = ['alice', 'bob', 'carol', 'dave'];
      const clients = await clientsOf(x, names);
      const alice = clients.get(x.users['alice']!.userId)!;
      const id = await create(alice, terms({ buyIn: 100, options: { thirdPlace: true } }));
      acked(await alice.command({ type: 'tournament.subscribe', tournamentId: id }));
      await alice.waitFor((m) => m.type === 'tournament.snapshot');
      for (const n of names) acked(await clients.get(x.users[n]!.userId)!.command({ type: 'tournament.register', tournamentId: id }));
      await until(async () => (await detail(x, id)).tournament.status === 'running', 'the start');
      await books(x);
      expect(await chips(x, 'bob')).toEqual({ free: 900, held: 100 });
      // Each player hears of his match; the better name (alphabetically first) wins every match.
      await until(() => [...clients.values()].every((c) => c.received.some((m) => m.type === 'tournament.match')), 'every player told of his match');
      const order = names.map((n) => x.users[n]!.userId);
      const loser = (a: string, b: string) => (order.indexOf(a) > order.indexOf(b) ? a : b);
      const better = (a: string, b: string) => (loser(a, b) === a ? b : a);
      // The books balance after every game.
      const played = await playOut(x, id, clients, loser, { onRound: () => books(x) });
      expect(played).toBe(4); // two semi-finals, the final, the match for third place
      const d = await detail(x, id);
      expect(d.tournament.status).toBe('finished');
      // The draw is by lot (equal ratings): the places follow the final and the match for third.
      const final = d.pairings.find((p) => p.round === 2 && p.bracket === 'main')!;
      const third = d.pairings.find((p) => p.bracket === 'third')!;
      const places = [
        order[0]!,
        final.a === order[0] ? final.b! : final.a,
        better(third.a, third.b!),
        third.a === better(third.a, third.b!) ? third.b! : third.a,
      ];
      expect(d.standings.map((s) => s.userId)).toEqual(places);
      // Pool 400, paid out 320: 160, 96, 64; the house keeps 80.
      expect(d.standings.map((s) => s.prize ?? 0)).toEqual([160, 96, 64, 0]);
      const name = (id: string) => names[order.indexOf(id)]!;
      for (const [i, won] of [160, 96, 64, 0].entries()) expect(await chips(x, name(places[i]!))).toEqual({ free: 900 + won, held: 0 });
      await books(x);
      // The subscriber saw the field fill (a snapshot with every entrant), the state, the pairings and the standings go by.
      expect(alice.received.some((m) => m.type === 'tournament.snapshot' && m.detail.entrants.length === 4)).toBe(true);
      for (const t of ['tournament.state', 'tournament.pairings', 'tournament.standings'] as const) expect(alice.received.some((m) => m.type === t)).toBe(true);
      const listed = await x.app.http.inject({ method: 'GET', url: '/api/tournaments?status=finished' });
      expect((listed.json() as { tournaments: { tournamentId: string }[] }).tournaments.map((t) => t.tournamentId)).toEqual([id]);
      const one = await x.app.http.inject({ method: 'GET', url: `/api/tournaments/${id}` });
      expect(one.statusCode).toBe(200);
      expect((one.json() as { standings: unknown[] }).standings).toHaveLength(4);
      // The profiles count the tournament: played by all four, won by the first place only.
      for (const [i, won] of [1, 0, 0, 0].entries()) {
        const profile = await x.app.http.inject({ method: 'GET', url: `/api/users/${places[i]!}/games` });
        expect((profile.json() as UserGames).tournaments).toEqual({ played: 1, won });
      }
      expect(x.faults).toEqual([]);
    },
  );

  it.each(STORE_KINDS)('refuses with clear codes; leaving before the start and cancelling give the buy-ins back (%s)', async (kind) => {
    w = await world(kind, { env: { CHIPS_GRANT: '150' } });
    const x = w;
    const [alice, bob, carol, dave] = await Promise.all(['alice', 'bob', 'carol', 'dave'].map((n) => connect(x, n)));
    const guest = await connect(x);
    expect(code(await guest.command({ type: 'tournament.create', terms: terms() }))).toBe('UNAUTHORIZED');
    expect(code(await alice!.command({ type: 'tournament.create', terms: terms({ match: { variant: 'long', matchLength: 1 } }) }))).toBe('BAD_OPTIONS');
    const id = await create(alice!, terms({ buyIn: 100, maxPlayers: 3, minPlayers: 3 }));
    expect(code(await guest.command({ type: 'tournament.register', tournamentId: id }))).toBe('UNAUTHORIZED');
    expect(code(await alice!.command({ type: 'tournament.register', tournamentId: 'nope' }))).toBe('NOT_FOUND');
    acked(await alice!.command({ type: 'tournament.register', tournamentId: id }));
    expect(code(await alice!.command({ type: 'tournament.register', tournamentId: id }))).toBe('ALREADY_REGISTERED');
    // Leaving before the start: the buy-in comes back.
    acked(await bob!.command({ type: 'tournament.register', tournamentId: id }));
    expect(await chips(x, 'bob')).toEqual({ free: 50, held: 100 });
    acked(await bob!.command({ type: 'tournament.leave', tournamentId: id }));
    expect(await chips(x, 'bob')).toEqual({ free: 150, held: 0 });
    expect(code(await bob!.command({ type: 'tournament.leave', tournamentId: id }))).toBe('CONFLICT');
    // Without the chips: a second tournament's buy-in is more than Alice has left.
    const second = await create(alice!, terms({ buyIn: 100 }));
    expect(code(await alice!.command({ type: 'tournament.register', tournamentId: second }))).toBe('INSUFFICIENT_CHIPS');
    // At most two upcoming tournaments of one's own.
    expect(code(await alice!.command({ type: 'tournament.create', terms: terms() }))).toBe('LIMIT_REACHED');
    // Cancelling: the creator only, before the start; every buy-in comes back.
    expect(code(await bob!.command({ type: 'tournament.cancel', tournamentId: second }))).toBe('FORBIDDEN');
    acked(await alice!.command({ type: 'tournament.cancel', tournamentId: second }));
    expect(code(await bob!.command({ type: 'tournament.register', tournamentId: second }))).toBe('TOURNAMENT_STARTED');
    // A full field, then registration after the start, then cancelling a running tournament.
    acked(await bob!.command({ type: 'tournament.register', tournamentId: id }));
    acked(await carol!.command({ type: 'tournament.register', tournamentId: id }));
    await until(async () => (await detail(x, id)).tournament.status === 'running', 'the start');
    const late = await dave!.command({ type: 'tournament.register', tournamentId: id });
    expect(code(late)).toBe('TOURNAMENT_STARTED');
    expect(code(await alice!.command({ type: 'tournament.cancel', tournamentId: id }))).toBe('TOURNAMENT_STARTED');
    const third = await create(bob!, terms({ maxPlayers: 2 }));
    acked(await bob!.command({ type: 'tournament.register', tournamentId: third }));
    // Registration as full as it gets: the sit-and-go started with Bob and Carol … so Dave finds it started.
    acked(await carol!.command({ type: 'tournament.register', tournamentId: third }));
    expect(code(await dave!.command({ type: 'tournament.register', tournamentId: third }))).toBe('TOURNAMENT_STARTED');
    const fourth = await create(dave!, terms({ maxPlayers: 2, start: { kind: 'at', at: x.time.now() + 60_000 } }));
    acked(await dave!.command({ type: 'tournament.register', tournamentId: fourth }));
    acked(await alice!.command({ type: 'tournament.register', tournamentId: fourth }));
    expect(code(await bob!.command({ type: 'tournament.register', tournamentId: fourth }))).toBe('TOURNAMENT_FULL');
    await books(x);
    expect(x.faults).toEqual([]);
  });

  it("a 3-player knockout's bye is in the stored standings right after the start", async () => {
    w = await world('sqlite');
    const x = w;
    const names = ['alice', 'bob', 'carol'];
    const clients = await clientsOf(x, names);
    const order = names.map((n) => x.users[n]!.userId);
    const id = await create(clients.get(order[0]!)!, terms({ maxPlayers: 3 }));
    for (const u of order) acked(await clients.get(u)!.command({ type: 'tournament.register', tournamentId: id }));
    await until(async () => (await detail(x, id)).pairings.some((p) => p.gameId !== null), 'the first game');
    // Read as a restarted server would: from the stored state, not the director's.
    const stored = await x.store.tournaments.get(id);
    if (!stored.ok) throw new Error('no tournament');
    const bye = knockout.pairings(stored.value.state as never).find((v) => v.pairing.b === null)!;
    expect(bye.result).toMatchObject({ winner: 'a' });
    // The REST view shows the same: the bye decided, its player waiting for the final.
    expect((await detail(x, id)).pairings.find((p) => p.b === null)!.result).toMatchObject({ winner: 'a', forfeit: false });
  });

  it('entrants and standings carry the provisional mark; a rename reaches the subscribers at once', async () => {
    w = await world('sqlite');
    const x = w;
    const names = ['alice', 'bob'];
    const clients = await clientsOf(x, names);
    const [alice, bob] = names.map((n) => x.users[n]!.userId) as [string, string];
    const id = await create(clients.get(alice)!, terms({ start: { kind: 'at', at: x.time.now() + 60_000 } }));
    acked(await clients.get(alice)!.command({ type: 'tournament.register', tournamentId: id }));
    const watcher = clients.get(bob)!;
    acked(await watcher.command({ type: 'tournament.subscribe', tournamentId: id }));
    const first = await watcher.waitFor((m) => m.type === 'tournament.snapshot');
    expect(first.type === 'tournament.snapshot' && first.detail.entrants[0]!.user).toMatchObject({ userId: alice, provisional: true });
    // Alice renames herself: the subscriber gets a snapshot with her new name without asking.
    const from = watcher.received.length;
    const r = await x.app.http.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie: `nardy_session=${x.tokens['alice']}` },
      payload: { displayName: 'Alisa' },
    });
    expect(r.statusCode).toBe(200);
    await until(
      () => watcher.received.slice(from).some((m) => m.type === 'tournament.snapshot' && m.detail.entrants.some((e) => e.user.name === 'Alisa')),
      'the renamed entrant pushed',
    );
    // The field as it changes comes with the push (no REST read needed): in, out, in again.
    const entrants = (n: number, after: number) => () =>
      watcher.received.slice(after).some((m) => m.type === 'tournament.snapshot' && m.detail.entrants.length === n);
    for (const [type, n] of [
      ['tournament.register', 2],
      ['tournament.leave', 1],
      ['tournament.register', 2],
    ] as const) {
      const after = watcher.received.length;
      acked(await watcher.command({ type, tournamentId: id }));
      await until(entrants(n, after), `a snapshot with ${n} entrants`);
    }
    x.time.advance(60_000);
    await until(async () => (await detail(x, id)).standings.length === 2, 'the start');
    expect((await detail(x, id)).standings.every((s) => s.provisional === true)).toBe(true);
  });

  it('a tournament at a set time with too few players is cancelled at its start, the buy-ins back', async () => {
    w = await world('sqlite');
    const x = w;
    const alice = await connect(x, 'alice');
    const id = await create(alice, terms({ buyIn: 10, minPlayers: 3, start: { kind: 'at', at: x.time.now() + 60_000 } }));
    acked(await alice.command({ type: 'tournament.register', tournamentId: id }));
    expect(await chips(x, 'alice')).toEqual({ free: 990, held: 10 });
    x.time.advance(60_000);
    await until(async () => (await detail(x, id)).tournament.status === 'cancelled', 'the cancellation');
    expect(await chips(x, 'alice')).toEqual({ free: 1000, held: 0 });
    await books(x);
  });

  it('an 8-player Swiss and a round robin of 4 play out with the standings their results give', async () => {
    w = await world('sqlite');
    const x = w;
    const more = ['erin', 'fred', 'gina', 'hugo'];
    await morePlayers(x, more);
    const names = ['alice', 'bob', 'carol', 'dave', ...more];
    const clients = await clientsOf(x, names);
    const order = names.map((n) => x.users[n]!.userId);
    const better = (a: string, b: string) => (order.indexOf(a) > order.indexOf(b) ? a : b);
    const alice = clients.get(order[0]!)!;
    const swiss = await create(alice, terms({ format: 'swiss', maxPlayers: 8, options: { rounds: 3 } }));
    for (const id of order) acked(await clients.get(id)!.command({ type: 'tournament.register', tournamentId: swiss }));
    await until(async () => (await detail(x, swiss)).tournament.status === 'running', 'the Swiss start');
    expect(await playOut(x, swiss, clients, better)).toBe(12);
    const s = await detail(x, swiss);
    expect(s.standings[0]!.userId).toBe(order[0]);
    expect(s.standings[0]!.points).toBe(3);
    const rr = await create(alice, terms({ format: 'roundRobin', minPlayers: 3, maxPlayers: 4 }));
    for (const id of order.slice(0, 4)) acked(await clients.get(id)!.command({ type: 'tournament.register', tournamentId: rr }));
    await until(async () => (await detail(x, rr)).tournament.status === 'running', 'the round robin start');
    expect(await playOut(x, rr, clients, better)).toBe(6);
    expect((await detail(x, rr)).standings.map((t) => [t.userId, t.points])).toEqual(order.slice(0, 4).map((id, i) => [id, 3 - i]));
    expect(x.faults).toEqual([]);
  });

  it('an arena pairs players again as they finish, until its time is up; the games running then still count', async () => {
    // No-shows are another test's: here the games just made when the clock jumps are not opened yet.
    w = await world('sqlite', { env: { TOURNAMENT_NO_SHOW_S: '3600' } });
    const x = w;
    const names = ['alice', 'bob', 'carol', 'dave'];
    const clients = await clientsOf(x, names);
    const order = names.map((n) => x.users[n]!.userId);
    const id = await startArena(x, clients, order);
    let rounds = 0;
    const played = await playOut(x, id, clients, (a, b) => (order.indexOf(a) > order.indexOf(b) ? a : b), {
      onRound: async (n) => {
        // After six games, the ten minutes run out (a game is still being played then).
        if (n === 6 && rounds++ === 0) x.time.advance(10 * 60_000);
      },
    });
    expect(played).toBeGreaterThanOrEqual(6);
    const d = await detail(x, id);
    expect(d.tournament.status).toBe('finished');
    // Alice wins every match she plays; every match made has a result.
    const hers = d.standings.find((t) => t.userId === order[0])!;
    expect(hers.won).toBe(hers.played);
    expect(d.pairings.every((p) => p.result !== null)).toBe(true);
    expect(x.faults).toEqual([]);
  });

  it('a player who leaves a running tournament withdraws: his game is resigned, his match forfeited, his buy-in stays in the pool', async () => {
    w = await world('sqlite');
    const x = w;
    const names = ['alice', 'bob', 'carol', 'dave'];
    const clients = await clientsOf(x, names);
    const order = names.map((n) => x.users[n]!.userId);
    const id = await create(clients.get(order[0]!)!, terms({ buyIn: 10 }));
    for (const u of order) acked(await clients.get(u)!.command({ type: 'tournament.register', tournamentId: id }));
    await until(async () => (await detail(x, id)).pairings.filter((p) => p.gameId !== null).length === 2, 'round 1 started');
    const dave = clients.get(order[3]!)!;
    const his = (await detail(x, id)).pairings.find((p) => p.a === order[3] || p.b === order[3])!;
    acked(await dave.command({ type: 'tournament.leave', tournamentId: id }));
    expect(code(await dave.command({ type: 'tournament.leave', tournamentId: id }))).toBe('CONFLICT');
    await until(async () => {
      const g = await x.store.getGame(his.gameId!);
      return g.ok && g.value.status === 'finished';
    }, 'his game resigned');
    const d = await detail(x, id);
    expect(d.pairings.find((p) => p.pairingId === his.pairingId)!.result).toMatchObject({ forfeit: true });
    expect(d.entrants.find((e) => e.user.userId === order[3])!.status).toBe('withdrew');
    expect(await playOut(x, id, clients, (a, b) => (order.indexOf(a) > order.indexOf(b) ? a : b))).toBe(2);
    expect((await detail(x, id)).standings[0]!.userId).toBe(order[0]);
    // He wins nothing, though the format ranks him: the places paid are the others'.
    expect(await chips(x, 'dave')).toEqual({ free: 990, held: 0 });
    await books(x);
  });

  it('a 10-minute arena of 40 players: paired again as they finish, standings live, everything decided at the end', async () => {
    w = await world('sqlite', { env: { TOURNAMENT_NO_SHOW_S: '3600', TOURNAMENTS_PER_USER: '5' } });
    const x = w;
    const more = Array.from({ length: 36 }, (_, i) => `arena${i + 5}`);
    await morePlayers(x, more);
    const names = ['alice', 'bob', 'carol', 'dave', ...more];
    const clients = await clientsOf(x, names);
    const order = names.map((n) => x.users[n]!.userId);
    const id = await startArena(x, clients, order);
    // A minute of the arena passes with every 20 games played; the higher on the list wins.
    const played = await playOut(x, id, clients, (a, b) => (order.indexOf(a) > order.indexOf(b) ? a : b), {
      onRound: async (n) => {
        if (n % 20 === 0) x.time.advance(60_000);
      },
    });
    expect(played).toBeGreaterThanOrEqual(200);
    const d = await detail(x, id);
    expect(d.tournament.status).toBe('finished');
    expect(d.pairings.every((p) => p.result !== null)).toBe(true);
    expect(d.standings).toHaveLength(40);
    // Alice, first on the list, never loses.
    const hers = d.standings.find((t) => t.userId === order[0])!;
    expect(hers.won).toBe(hers.played);
    expect(x.faults).toEqual([]);
  }, 120_000);
});
