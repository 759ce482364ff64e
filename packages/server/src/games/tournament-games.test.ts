import { matchSettings } from '@nardy/engine';
import type { ServerToClient, TableSettings } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { create, resign, terms, until } from '../tournaments/kit.suite.js';
import { acked, connect, lastView, playOut, recorded, settle, STORE_KINDS, world, type World } from './kit.suite.js';

/**
 * A tournament's match (issue 42), through the production wiring: the game started with its tournament keeps it in
 * its row, every view names it (also once the finished game is loaded again from the store), and it has no rematch;
 * a match the tournament director starts is such a game.
 */

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

const TOURNAMENT = { id: 't_daily', name: 'Daily knockout', round: 1, pairingId: 'r1-1' };
const errorOf = (r: ServerToClient) => (r.type === 'error' ? { code: r.code, message: r.message } : { code: r.type, message: '' });

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('names its tournament in every view, keeps it in its record and refuses a rematch', async () => {
    w = await world(kind);
    const alice = await connect(w, 'alice');
    const bob = await connect(w, 'bob');
    const match = matchSettings({ variant: 'short', matchLength: 1 });
    if (!match.ok) throw new Error(match.error.message);
    const started = await w.games.startGame({
      settings: { match: match.value as TableSettings['match'], rated: false, stake: 0 },
      seats: { p1: { kind: 'user', userId: w.users['alice']!.userId }, p2: { kind: 'user', userId: w.users['bob']!.userId } },
      clientSeeds: { p1: 'alice-seed', p2: 'bob-seed' },
      rated: false,
      tournament: TOURNAMENT,
    });
    if (!started.ok) throw new Error(started.error.message);
    const gameId = started.value.gameId;
    for (const c of [alice, bob]) acked(await c.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    expect(lastView(alice, gameId).tournament).toEqual({ id: TOURNAMENT.id, name: TOURNAMENT.name });

    await playOut(w, gameId, [alice, bob]);
    await recorded(w, gameId);
    expect(lastView(bob, gameId).tournament).toEqual({ id: TOURNAMENT.id, name: TOURNAMENT.name });
    const stored = await w.store.getGame(gameId);
    expect(stored.ok && stored.value.tournament).toEqual(TOURNAMENT);
    // Its record (the replay's) names the tournament too.
    const record = await w.app.http.inject({ method: 'GET', url: `/api/games/${gameId}` });
    expect(record.json().game.tournament).toEqual({ id: TOURNAMENT.id, name: TOURNAMENT.name });

    for (const c of [alice, bob]) {
      const refused = errorOf(await c.command({ type: 'rematch.offer', gameId }));
      expect(refused.code).toBe('CONFLICT');
      expect(refused.message).toContain('tournament game has no rematch');
    }

    // Unloaded once nobody has it open; a watcher who opens it later gets it from the store, its tournament with it.
    for (const c of [alice, bob]) acked(await c.command({ type: 'game.unsubscribe', gameId }));
    w.time.advance(10 * 60_000);
    await settle(w, gameId);
    expect(w.games.actorOf(gameId)).toBeUndefined();
    const carol = await connect(w, 'carol');
    acked(await carol.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    expect(lastView(carol, gameId).tournament).toEqual({ id: TOURNAMENT.id, name: TOURNAMENT.name });
  });

  it('a match the director starts names its tournament; after it, the players are refused a rematch', async () => {
    w = await world(kind);
    const x = w;
    const alice = await connect(x, 'alice');
    const bob = await connect(x, 'bob');
    const id = await create(alice, terms({ name: 'Friday final', maxPlayers: 2 }));
    for (const c of [alice, bob]) acked(await c.command({ type: 'tournament.register', tournamentId: id }));
    await until(() => alice.received.some((m) => m.type === 'tournament.match'), 'the match');
    const ready = alice.received.find((m) => m.type === 'tournament.match');
    const gameId = ready?.type === 'tournament.match' ? ready.gameId : '';
    acked(await bob.command({ type: 'game.subscribe', gameId }));
    await resign(x, alice, gameId);
    await recorded(x, gameId);
    for (const c of [alice, bob]) expect(lastView(c, gameId).tournament).toEqual({ id, name: 'Friday final' });
    expect(errorOf(await bob.command({ type: 'rematch.offer', gameId })).code).toBe('CONFLICT');
  });

  it('leaves an ordinary game without a tournament', async () => {
    w = await world(kind);
    const alice = await connect(w, 'alice');
    const match = matchSettings({ variant: 'long', matchLength: 1 });
    if (!match.ok) throw new Error(match.error.message);
    const started = await w.games.startGame({
      settings: { match: match.value as TableSettings['match'], rated: false, stake: 0 },
      seats: { p1: { kind: 'user', userId: w.users['alice']!.userId }, p2: { kind: 'user', userId: w.users['bob']!.userId } },
      clientSeeds: {},
      rated: false,
    });
    if (!started.ok) throw new Error(started.error.message);
    acked(await alice.command({ type: 'game.subscribe', gameId: started.value.gameId }));
    await settle(w, started.value.gameId);
    expect('tournament' in lastView(alice, started.value.gameId)).toBe(false);
    const stored = await w.store.getGame(started.value.gameId);
    expect(stored.ok && stored.value.tournament).toBeUndefined();
  });
});
