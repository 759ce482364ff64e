import { replay, type Action } from '@nardy/engine';
import { PROTOCOL_VERSION, type ServerMessage } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { acked, checkNumbering, connect, lastView, pick, seenOf, settle, startTwoPlayerGame, STORE_KINDS, world, type World } from './kit.suite.js';
import { createApp } from '../app.js';
import { MemoryTransport, type MemoryClient } from '../ws/memory.js';

/**
 * The game's one event history on the wire: whoever opens a game under way — a spectator who comes late, a player
 * after a reload, a client whose number is too old or from before a restart — gets the whole move list of the match
 * in the snapshot, and then every move as an event; a client that kept up gets exactly what it missed.
 */

const SHORT_3 = { match: { variant: 'short' as const, matchLength: 3, cube: { enabled: false } }, rated: false, stake: 0 };

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

/** The actions a client knows of: its last snapshot's move list, then the actions of the events after it. */
function movesSeen(c: MemoryClient, gameId: string): Action[] {
  let moves: Action[] = [];
  for (const m of c.received) {
    if (m.type === 'game.snapshot' && m.gameId === gameId) moves = [...(m.actions as readonly Action[])];
    else if (m.type === 'game.event' && m.gameId === gameId && m.event.kind === 'action') moves.push(m.event.action as Action);
  }
  return moves;
}

const snapshots = (c: MemoryClient, gameId: string) =>
  c.received.filter((m): m is ServerMessage<'game.snapshot'> => m.type === 'game.snapshot' && m.gameId === gameId);

/** Plays `k` decisions from the players' views. */
async function play(world: World, gameId: string, players: readonly MemoryClient[], k: number): Promise<void> {
  for (let i = 0; i < k; i++) {
    await settle(world, gameId);
    const c = players.find((p) => pick(lastView(p, gameId)) !== null);
    if (!c) return;
    const v = lastView(c, gameId);
    acked(await c.command({ type: 'game.action', gameId, version: v.version, action: pick(v)! }));
  }
  await settle(world, gameId);
}

describe.each(STORE_KINDS)('%s store: the move list', (kind) => {
  async function game() {
    w = await world(kind);
    return { w, ...(await startTwoPlayerGame(w, SHORT_3)) };
  }

  /** The match's actions as stored: the record every client's list must equal. */
  async function stored(world: World, gameId: string): Promise<Action[]> {
    const loaded = await world.store.loadGame(gameId);
    if (!loaded.ok) throw new Error(loaded.error.message);
    return loaded.value.actions.map((a) => a.action);
  }

  it('a spectator who comes late sees every move of the match so far, then every move after', async () => {
    const { w, alice, bob, gameId, settings } = await game();
    await play(w, gameId, [alice, bob], 40);
    const carol = await connect(w, 'carol');
    expect(await carol.command({ type: 'game.subscribe', gameId })).toMatchObject({ result: { seat: null, catchUp: 'snapshot' } });
    await settle(w, gameId);
    const [snap] = snapshots(carol, gameId);
    const before = await stored(w, gameId);
    expect(before.length).toBeGreaterThan(40);
    expect(snap!.actions).toEqual(before);
    // The list is the match: replayed by the engine it is the view's state.
    const replayed = replay(settings, snap!.actions as readonly Action[]);
    expect(replayed.ok && replayed.value.version).toBe(snap!.view.version);
    expect(replayed.ok && replayed.value.game.position).toEqual(snap!.view.position);
    await play(w, gameId, [alice, bob], 20);
    expect(movesSeen(carol, gameId)).toEqual(await stored(w, gameId));
    expect(movesSeen(alice, gameId)).toEqual(await stored(w, gameId));
    checkNumbering(carol, gameId);
  });

  it('a player after a reload, or back with a number too old or from another epoch, gets a snapshot with every move', async () => {
    const { w, alice, bob, gameId } = await game();
    const early = seenOf(alice, gameId);
    alice.close();
    // Bob's presence view of her changes, and the match goes on on her second tab, past the history kept for catch-up.
    const tab = await connect(w, 'alice');
    acked(await tab.command({ type: 'game.subscribe', gameId }));
    await play(w, gameId, [tab, bob], 80);
    expect(seenOf(bob, gameId).n - early.n).toBeGreaterThan(64);
    const all = await stored(w, gameId);
    for (const since of [undefined, early, { epoch: 'before-a-restart', n: seenOf(bob, gameId).n }]) {
      const back = await connect(w, 'alice');
      const sub = await back.command(since ? { type: 'game.subscribe', gameId, since } : { type: 'game.subscribe', gameId });
      expect(sub).toMatchObject({ result: { seat: 'p1', epoch: early.epoch, lastEvent: seenOf(bob, gameId).n, catchUp: 'snapshot' } });
      await settle(w, gameId);
      expect(snapshots(back, gameId).map((m) => m.actions)).toEqual([all]);
      expect(lastView(back, gameId).version).toBe(all.length);
      back.close();
      await settle(w, gameId);
    }
  });

  it('after a restart the game is in a new epoch: a number from before it gets a snapshot with every move', async () => {
    const { w, alice, bob, gameId } = await game();
    await play(w, gameId, [alice, bob], 12);
    const seen = seenOf(alice, gameId);
    await w.games.shutdown();
    // Another instance on the same database rebuilds the game from its log, with a numbering of its own.
    const next = await createApp(w.config, { ...w.options, store: w.store });
    try {
      expect(next.restored).toBe(1);
      const c = await new MemoryTransport(next.hub).connect(w.tokens['alice']);
      acked(await c.command({ type: 'hello', protocol: PROTOCOL_VERSION }));
      const sub = await c.command({ type: 'game.subscribe', gameId, since: seen });
      expect(sub).toMatchObject({ result: { seat: 'p1', catchUp: 'snapshot' } });
      expect(sub.type === 'ack' && sub.result?.kind === 'subscribed' && sub.result.epoch).not.toBe(seen.epoch);
      await next.games.actorOf(gameId)!.settled();
      await new Promise<void>((r) => setImmediate(r));
      expect(snapshots(c, gameId).map((m) => m.actions)).toEqual([await stored(w, gameId)]);
      c.close();
    } finally {
      await next.close();
    }
  });
});
