import { matchSettings } from '@nardy/engine';
import type { TableSettings } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { DEFAULT_RECONNECT_GRACE_MS } from '../game/presence.js';
import { acked, connect, lastView, playOut, settle, STORE_KINDS, world, type World } from './kit.suite.js';

/**
 * Memory (issue 40 item 22): a finished game nobody watches leaves memory after a grace and is served from the
 * store when someone opens it again; a seat stays present while its player's socket is open, subscribed or not.
 */

/** The grace configured for these tests (`FINISHED_GAME_UNLOAD_S=60`; the default is 300). */
const UNLOAD_MS = 60_000;

const SHORT_1 = { match: { variant: 'short' as const, matchLength: 1, cube: { enabled: false } }, rated: false, stake: 0 };

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

async function newGame(w: World): Promise<string> {
  const full = matchSettings(SHORT_1.match);
  if (!full.ok) throw new Error(full.error.message);
  const r = await w.games.startGame({
    settings: { ...SHORT_1, match: full.value as TableSettings['match'] },
    seats: { p1: { kind: 'user', userId: w.users['alice']!.userId }, p2: { kind: 'user', userId: w.users['bob']!.userId } },
    clientSeeds: { p1: 'alice-seed', p2: 'bob-seed' },
    rated: false,
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.gameId;
}

/** Moves the clock and lets the unloads it fires finish. */
async function pass(w: World, ms: number, gameIds: readonly string[]): Promise<void> {
  w.time.advance(ms);
  for (const id of gameIds) await settle(w, id);
}

it('the grace is configured in whole seconds', () => {
  expect(loadConfig({}).unloadAfterMs).toBe(300_000);
  expect(() => loadConfig({ FINISHED_GAME_UNLOAD_S: 'soon' })).toThrow(/FINISHED_GAME_UNLOAD_S must be a whole number of seconds/);
});

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('finished games drop out of memory after the grace; opening one again shows it and does not keep it', async () => {
    w = await world(kind, { env: { FINISHED_GAME_UNLOAD_S: String(UNLOAD_MS / 1000) } });
    const alice = await connect(w, 'alice');
    const bob = await connect(w, 'bob');
    const ids = [await newGame(w), await newGame(w)];
    for (const gameId of ids) {
      acked(await alice.command({ type: 'game.subscribe', gameId }));
      acked(await bob.command({ type: 'game.subscribe', gameId }));
      await playOut(w, gameId, [alice, bob]);
    }
    expect(w.games.size).toBe(2);

    // Watched games stay; the first one, left by both, goes after the grace.
    for (const c of [alice, bob]) acked(await c.command({ type: 'game.unsubscribe', gameId: ids[0]! }));
    await pass(w, UNLOAD_MS - 1, ids);
    expect(w.games.size).toBe(2);
    await pass(w, 1, ids);
    expect(w.games.size).toBe(1);
    expect(w.games.actorOf(ids[0]!)).toBeUndefined();
    // Closing the sockets is leaving too.
    alice.close();
    bob.close();
    await pass(w, UNLOAD_MS, ids);
    expect(w.games.size).toBe(0);

    // Anyone opening a finished game gets it from the store, as it ended; it leaves again once he is gone.
    const carol = await connect(w, 'carol');
    for (const gameId of ids) {
      expect(await carol.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack', result: { seat: null, catchUp: 'snapshot' } });
      await settle(w, gameId);
      expect(lastView(carol, gameId).phase).toBe('matchOver');
    }
    expect(w.games.size).toBe(2);
    for (const gameId of ids) acked(await carol.command({ type: 'game.unsubscribe', gameId }));
    await pass(w, UNLOAD_MS, ids);
    expect(w.games.size).toBe(0);
    // A player opening it again sees his seat and the result.
    const back = await connect(w, 'alice');
    expect(await back.command({ type: 'game.subscribe', gameId: ids[1]! })).toMatchObject({ result: { seat: 'p1' } });
    await settle(w, ids[1]!);
    expect(lastView(back, ids[1]!)).toMatchObject({ phase: 'matchOver', you: 'p1' });
  });

  it('a player who unsubscribes but stays online cannot be claimed against; one whose socket closed can', async () => {
    w = await world(kind);
    const alice = await connect(w, 'alice');
    const bob = await connect(w, 'bob');
    const gameId = await newGame(w);
    acked(await alice.command({ type: 'game.subscribe', gameId }));
    acked(await bob.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);

    // Alice looks at the lobby: her socket is open, so no countdown starts.
    acked(await alice.command({ type: 'game.unsubscribe', gameId }));
    await pass(w, DEFAULT_RECONNECT_GRACE_MS * 2, [gameId]);
    expect(lastView(bob, gameId).players.p1).toMatchObject({ online: true, graceUntil: null });
    expect(await bob.command({ type: 'game.claim', gameId, claim: 'win' })).toMatchObject({ type: 'error', code: 'CONFLICT' });

    // Her socket closes: the grace runs, then bob may claim.
    alice.close();
    await settle(w, gameId);
    expect(lastView(bob, gameId).players.p1).toMatchObject({ online: false, graceUntil: w.time.now() + DEFAULT_RECONNECT_GRACE_MS });
    await pass(w, DEFAULT_RECONNECT_GRACE_MS, [gameId]);
    acked(await bob.command({ type: 'game.claim', gameId, claim: 'win' }));
    await settle(w, gameId);
    expect(lastView(bob, gameId)).toMatchObject({ phase: 'matchOver' });
  });
});
