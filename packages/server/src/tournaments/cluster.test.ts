/**
 * Issue 43: tournaments on several instances. Two (or three) `TournamentsModule`s share one store and one game manager
 * (the kit's world); the leases are a fake the test hands over, the games' feed is cast to every module by hand, and
 * each module's `UserPush` records what it tells users.
 */
import type { ClientToServer, ServerToClient, TournamentDetail } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClientLink } from '../contracts.js';
import { world, type World } from '../games/kit.suite.js';
import type { DirectorGames } from './director.js';
import { FORMATS } from './formats/index.js';
import { terms, until } from './kit.suite.js';
import { TournamentsModule, tournamentKey, type TournamentsCluster } from './module.js';

/** The leases: a key is held by one instance until the test hands it over (or it is released). */
class Leases {
  readonly owners = new Map<string, string>();
  private fence = 0;

  of(me: string): TournamentsCluster {
    return {
      claim: async (key) => {
        const owner = this.owners.get(key);
        if (owner === undefined) this.owners.set(key, me);
        if (owner === undefined) this.fence++;
        return { owner: owner ?? me, fence: this.fence, mine: owner === undefined || owner === me };
      },
      release: async (key) => {
        if (this.owners.get(key) === me) this.owners.delete(key);
      },
    };
  }

  /** `to` takes `key` over (its old holder died or was cut off): the fence it adopts with. */
  handOver(key: string, to: string) {
    this.owners.set(key, to);
    return { owner: to, token: ++this.fence };
  }
}

interface Node {
  readonly module: TournamentsModule;
  /** What it told users through its UserPush: [user, message]. */
  readonly pushed: [string, ServerToClient][];
}

const silent = { info() {}, warn() {}, error() {} };

function node(w: World, leases: Leases, name: string, games: DirectorGames = w.games): Node {
  const pushed: [string, ServerToClient][] = [];
  const module = new TournamentsModule({
    store: w.store,
    games,
    chips: w.app.chips,
    time: w.time,
    formats: FORMATS,
    perUser: 5,
    noShowMs: 10 * 60_000,
    botFillMs: 60_000,
    botLevel: 4,
    chat: { join: async () => ({ ok: true, value: undefined }), leave: () => {} },
    log: silent,
    push: { toUser: (userId, msg) => pushed.push([userId, msg]) },
    cluster: leases.of(name),
  });
  return { module, pushed };
}

function link(w: World, name: string): ClientLink & { readonly got: ServerToClient[] } {
  const got: ServerToClient[] = [];
  return { id: `${name}-link`, viewer: w.users[name]!, got, send: (m) => got.push(m) };
}

let n = 0;
const cmd = (msg: Record<string, unknown>) => ({ id: `c${++n}`, ...msg }) as unknown as ClientToServer;
const matches = (x: Node) => x.pushed.filter(([, m]) => m.type === 'tournament.match').map(([u, m]) => [u, m.type === 'tournament.match' && m.gameId]);

async function detailOn(x: TournamentsModule, id: string): Promise<TournamentDetail> {
  const d = await x.detail(id);
  if (!d) throw new Error(`no tournament ${id}`);
  return d;
}

/** A 4-player knockout created on `on` and filled there (its holder): its two semi-finals start. */
async function started(w: World, on: Node): Promise<{ id: string; semis: TournamentDetail['pairings'] }> {
  const made = await on.module.handle(link(w, 'alice'), cmd({ type: 'tournament.create', terms: terms() }));
  if (!made.ok || made.value?.kind !== 'tournament') throw new Error(JSON.stringify(made));
  const id = made.value.tournamentId;
  for (const name of ['alice', 'bob', 'carol', 'dave']) {
    const r = await on.module.handle(link(w, name), cmd({ type: 'tournament.register', tournamentId: id }));
    expect(r.ok, JSON.stringify(r)).toBe(true);
  }
  const semis = (await detailOn(on.module, id)).pairings.filter((p) => p.gameId !== null);
  expect(semis).toHaveLength(2);
  return { id, semis };
}

/** `b` of the pairing resigns its match (the game's owner runs it; its end is stored by the game manager). */
async function resignB(w: World, p: TournamentDetail['pairings'][number]): Promise<void> {
  const actor = w.games.actorOf(p.gameId!)!;
  const r = await actor.handle({ by: { user: p.b! }, type: 'resignMatch' });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  await until(async () => {
    const g = await w.store.getGame(p.gameId!);
    return g.ok && g.value.status === 'finished';
  }, 'the game stored as finished');
}

/** The games' feed, cast to every instance. */
const cast = (gameId: string, ...to: Node[]) => to.forEach((x) => x.module.ended(gameId));

const resultOf = async (x: TournamentsModule, id: string, pairingId: string) => (await detailOn(x, id)).pairings.find((p) => p.pairingId === pairingId)!.result;

describe('tournaments in a cluster (issue 43)', () => {
  let w: World | null = null;
  const nodes: Node[] = [];
  afterEach(async () => {
    for (const x of nodes.splice(0)) await x.module.close();
    await w?.close();
    w = null;
  });

  it('a tournament made on A is directed by A alone; A dies, B adopts it, picks up the game that ended in the gap, and finishes it', async () => {
    w = await world('sqlite');
    const leases = new Leases();
    const [a, b] = [node(w, leases, 'A'), node(w, leases, 'B')];
    nodes.push(a, b);
    await a.module.start();
    await b.module.start();
    const { id, semis } = await started(w, a);
    const key = tournamentKey(id);
    expect(leases.owners.get(key)).toBe('A');
    const [s1, s2] = semis as [TournamentDetail['pairings'][number], TournamentDetail['pairings'][number]];
    // The four players are told of their matches by A only.
    expect(matches(a).sort()).toEqual(
      [
        [s1.a, s1.gameId],
        [s1.b, s1.gameId],
        [s2.a, s2.gameId],
        [s2.b, s2.gameId],
      ].sort(),
    );
    expect(b.pushed).toEqual([]);
    // Every instance reads the same tournament (REST): it is all in the store.
    expect(await detailOn(b.module, id)).toEqual(await detailOn(a.module, id));

    await resignB(w, s1);
    cast(s1.gameId!, a, b);
    await until(async () => (await resultOf(b.module, id, s1.pairingId)) !== null, 'the first semi-final recorded');

    // A dies (nothing of it runs any more); the second semi-final ends while nobody directs the tournament.
    nodes.splice(0, 1);
    await a.module.close();
    await resignB(w, s2);
    cast(s2.gameId!, b);
    await new Promise<void>((r) => setTimeout(r, 20));
    expect(await resultOf(b.module, id, s2.pairingId)).toBeNull();

    // B takes the lease over: the gap's result is read from the game's row, and the final starts.
    await b.module.adopt(key, leases.handOver(key, 'B'));
    const d = await detailOn(b.module, id);
    expect(d.pairings.filter((p) => p.round === 1).every((p) => p.result !== null)).toBe(true);
    const final = d.pairings.find((p) => p.round === 2 && p.gameId !== null)!;
    expect([final.a, final.b].sort()).toEqual([s1.a, s2.a].sort());
    await until(() => matches(b).length === 2, 'the finalists told by B');
    expect(matches(b).sort()).toEqual(
      [
        [final.a, final.gameId],
        [final.b, final.gameId],
      ].sort(),
    );

    await resignB(w, final);
    cast(final.gameId!, b);
    await until(async () => (await detailOn(b.module, id)).tournament.status === 'finished', 'the tournament finished');
    expect((await detailOn(b.module, id)).standings[0]!.userId).toBe(final.a);
    // Over: its lease is given back.
    await until(() => !leases.owners.has(key), 'the lease released');
  });

  it('drop: the old holder stops at once (no result, no push); the new one records the game and re-tells the match', async () => {
    w = await world('sqlite');
    const leases = new Leases();
    const [a, b, c] = [node(w, leases, 'A'), node(w, leases, 'B'), node(w, leases, 'C')];
    nodes.push(a, b, c);
    const { id, semis } = await started(w, a);
    const key = tournamentKey(id);
    const [s1, s2] = semis as [TournamentDetail['pairings'][number], TournamentDetail['pairings'][number]];
    const before = await w.store.tournaments.get(id);

    // A was cut off and B took the key: A drops it.
    const fence = leases.handOver(key, 'B');
    a.module.drop(key);
    a.pushed.length = 0;
    await resignB(w, s1);
    cast(s1.gameId!, a);
    a.module.userConnected(s2.a);
    await new Promise<void>((r) => setTimeout(r, 20));
    const after = await w.store.tournaments.get(id);
    expect(after.ok && before.ok && after.value.state).toEqual(before.ok && before.value.state);
    expect(await resultOf(a.module, id, s1.pairingId)).toBeNull();
    expect(a.pushed).toEqual([]);

    // A third instance starting now claims nothing that a live one holds.
    await c.module.start();
    c.module.userConnected(s2.a);

    await b.module.adopt(key, fence);
    expect(await resultOf(b.module, id, s1.pairingId)).not.toBeNull();
    // A player of the semi-final still on connects (on any instance): B, which directs it, tells him again.
    b.module.userConnected(s2.a);
    await until(() => matches(b).length === 1, 'the match re-told');
    expect(matches(b)).toEqual([[s2.a, s2.gameId]]);
    expect(c.pushed).toEqual([]);
    // A connection that says hello on B itself is told on that connection (as on one instance).
    const l = link(
      w,
      Object.keys(w.users).find((name) => w!.users[name]!.userId === s2.a)!,
    );
    b.module.connected(l);
    await until(() => l.got.length === 1, 'the match told on the new connection');
    expect(l.got[0]).toMatchObject({ type: 'tournament.match', gameId: s2.gameId, seat: 'p1' });
    expect(matches(b)).toHaveLength(1);
  });

  it('start in a cluster: a tournament whose lease nobody holds (its holder left) is claimed and resumed by the starting instance', async () => {
    w = await world('sqlite');
    const leases = new Leases();
    const a = node(w, leases, 'A');
    nodes.push(a);
    const { id, semis } = await started(w, a);
    const key = tournamentKey(id);
    nodes.splice(0, 1);
    await a.module.close();
    leases.owners.delete(key);
    const b = node(w, leases, 'B');
    nodes.push(b);
    await b.module.start();
    expect(leases.owners.get(key)).toBe('B');
    const s1 = semis[0]!;
    await resignB(w, s1);
    cast(s1.gameId!, b);
    await until(async () => (await resultOf(b.module, id, s1.pairingId)) !== null, 'B records the result');
  });

  it("a game's end cast before its owner stored it (its actor lives on another instance) is looked at again", async () => {
    w = await world('sqlite');
    const x = w;
    const leases = new Leases();
    // The games run elsewhere: this instance sees none of their actors, only their rows.
    const a = node(w, leases, 'A', { startGame: (g) => x.games.startGame(g), actorOf: () => undefined });
    nodes.push(a);
    const { id, semis } = await started(w, a);
    const s1 = semis[0]!;
    cast(s1.gameId!, a);
    await new Promise<void>((r) => setTimeout(r, 20));
    await resignB(w, s1);
    expect(await resultOf(a.module, id, s1.pairingId)).toBeNull();
    w.time.advance(1_000);
    await until(async () => (await resultOf(a.module, id, s1.pairingId)) !== null, 'the result, a second later');
  });
});
