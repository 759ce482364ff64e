import type { TableSettingsInput } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_NEXT_GAME_PAUSE_MS } from '../game/actor.js';
import type { MemoryClient } from '../ws/memory.js';
import { acked, connect, seekAccepted, lastView, settle, world, type World } from './kit.suite.js';

/**
 * Issue 40 items 2 and 10: the players see when the next game starts and may start it at once (`game.next`).
 * Item 10: the next game of a match waits the same pause as a money session's, and no clock runs for
 * either player until the server's first throw of that game (the opening throw, or in long nardy the starter's roll).
 */

let w: World | undefined;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = undefined;
});

const MINUTE = 60_000;

/** Alice's seek for a 5-point match with a Fischer clock, taken by Bob, both subscribed, someone on turn. */
async function match(variant: 'short' | 'long') {
  w = await world('sqlite', { rateLimit: { perSecond: 1e9, burst: 1e9 } });
  const settings: TableSettingsInput = {
    match: { variant, matchLength: 5, timeControl: { kind: 'fischer', initialMs: 5 * MINUTE, incrementMs: 0 } },
    rated: false,
    stake: 0,
  };
  const { alice, bob, gameId } = await seekAccepted(w, settings);
  expect(lastView(alice, gameId).toAct).not.toBeNull();
  return { w, alice, bob, gameId };
}

const surrender = async (c: MemoryClient, gameId: string) =>
  c.command({ type: 'game.action', gameId, version: lastView(c, gameId).version, action: { type: 'surrender' } as never });

/** The first game surrendered by the player on turn; the clocks as that game ended. */
async function firstGameEnds(m: Awaited<ReturnType<typeof match>>) {
  const { w, alice, bob, gameId } = m;
  const loser = lastView(alice, gameId).toAct === 'p1' ? alice : bob;
  acked(await surrender(loser, gameId));
  await settle(w, gameId);
  const v = lastView(alice, gameId);
  expect(v.games).toHaveLength(1);
  expect(v.clock?.running).toBeNull();
  return v.clock!.left;
}

describe('the pause before the next game of a match', () => {
  it('short nardy: the opening throw waits the pause, no clock runs in it; the starter is charged from the throw', async () => {
    const m = await match('short');
    const left = await firstGameEnds(m);
    const { w, alice, gameId } = m;
    w.time.advance(DEFAULT_NEXT_GAME_PAUSE_MS - 1);
    await settle(w, gameId);
    const paused = lastView(alice, gameId);
    expect(paused.phase).toBe('opening');
    expect(paused.toAct).toBeNull();
    expect(paused.clock).toMatchObject({ running: null, left });
    w.time.advance(1);
    await settle(w, gameId);
    const started = lastView(alice, gameId);
    expect(started.phase).toBe('moving');
    expect(started.clock).toMatchObject({ running: started.toAct, since: w.time.now(), left });
  });

  it("long nardy: the server's roll for the starter waits the pause and his clock with it", async () => {
    const m = await match('long');
    const left = await firstGameEnds(m);
    const { w, alice, bob, gameId } = m;
    w.time.advance(DEFAULT_NEXT_GAME_PAUSE_MS - 1);
    await settle(w, gameId);
    for (const c of [alice, bob]) {
      const paused = lastView(c, gameId);
      expect(paused.phase).toBe('turnStart');
      expect(paused.clock).toMatchObject({ running: null, left });
    }
    w.time.advance(1);
    await settle(w, gameId);
    const started = lastView(alice, gameId);
    expect(started.phase).toBe('moving'); // the server threw for him
    expect(started.clock).toMatchObject({ running: started.toAct, since: w.time.now(), left });
  });
});

/** The events of a kind a client received for a game, in order. */
const eventsOf = (c: MemoryClient, gameId: string, kind: string) =>
  c.received.flatMap((m) => (m.type === 'game.event' && m.gameId === gameId && m.event.kind === kind ? [m.event] : []));

describe('the countdown and "Next game"', () => {
  it('both players see when the next game starts; once both are ready it starts at once', async () => {
    const m = await match('short');
    await firstGameEnds(m);
    const { w, alice, bob, gameId } = m;
    const startsAt = w.time.now() + DEFAULT_NEXT_GAME_PAUSE_MS;
    for (const c of [alice, bob]) {
      expect(lastView(c, gameId).nextGame).toEqual({ startsAt, ready: [] });
      expect(eventsOf(c, gameId, 'nextGame')).toEqual([{ kind: 'nextGame', startsAt, ready: [] }]);
    }
    w.time.advance(1_000);
    acked(await alice.command({ type: 'game.next', gameId }));
    await settle(w, gameId);
    // Alice (p1) is ready, Bob not yet: both see it, and the game still waits.
    for (const c of [alice, bob]) {
      expect(lastView(c, gameId)).toMatchObject({ phase: 'opening', nextGame: { startsAt, ready: ['p1'] } });
    }
    acked(await bob.command({ type: 'game.next', gameId }));
    await settle(w, gameId);
    const started = lastView(bob, gameId);
    expect(started.gameNumber).toBe(2);
    expect(started.phase).toBe('moving');
    expect(started.nextGame).toBeUndefined();
    expect(eventsOf(bob, gameId, 'nextGame').at(-1)).toEqual({ kind: 'nextGame', startsAt: w.time.now(), ready: ['p1', 'p2'] });
    // Said again once the game has begun, it changes nothing.
    acked(await alice.command({ type: 'game.next', gameId }));
  });

  it('a snapshot (reload) in the pause carries it', async () => {
    const m = await match('long');
    await firstGameEnds(m);
    const { w, alice, gameId } = m;
    const startsAt = w.time.now() + DEFAULT_NEXT_GAME_PAUSE_MS;
    acked(await alice.command({ type: 'game.next', gameId }));
    acked(await alice.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    const snap = [...alice.received].reverse().find((r) => r.type === 'game.snapshot');
    expect(snap?.type === 'game.snapshot' && snap.view.nextGame).toEqual({ startsAt, ready: ['p1'] });
  });

  it("against a bot, the player's own 'Next game' starts it", async () => {
    w = await world('sqlite', { rateLimit: { perSecond: 1e9, burst: 1e9 } });
    const alice = await connect(w, 'alice');
    const settings: TableSettingsInput = { match: { variant: 'short', matchLength: 7, timeControl: { kind: 'none' } }, rated: false, stake: 0 };
    const started = await alice.command({ type: 'bot.play', level: 1, settings, clientSeed: 'alice-seed' });
    const gameId = started.type === 'ack' && started.result?.kind === 'game' ? started.result.gameId : '';
    acked(await alice.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    for (let i = 0; i < 20 && lastView(alice, gameId).toAct !== 'p1'; i++) await settle(w, gameId);
    acked(await surrender(alice, gameId));
    await settle(w, gameId);
    expect(lastView(alice, gameId)).toMatchObject({ games: [{ number: 1 }], nextGame: { ready: [] } });
    acked(await alice.command({ type: 'game.next', gameId }));
    await settle(w, gameId);
    const v = lastView(alice, gameId);
    expect(v.gameNumber).toBe(2);
    expect(v.nextGame).toBeUndefined();
    expect(v.openingThrows.length).toBeGreaterThan(0);
  });
});
