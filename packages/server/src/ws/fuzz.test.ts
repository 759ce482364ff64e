import { matchSettings } from '@nardy/engine';
import { seededRng } from '@nardy/engine/testing';
import { PROTOCOL_VERSION, type TableSettings } from '@nardy/protocol';
import { afterEach, expect, it } from 'vitest';
import { acked, connect, lastView, settle, STORE_KINDS, world, type World } from '../games/kit.suite.js';

/**
 * 10,000 malformed or hostile messages on one player's connection: random JSON, wrong types, huge payloads,
 * unknown types, prototype keys, deep nesting, binary junk, actions for the other seat, stale versions, other
 * users' games. Every one is answered by an error (its id when it has one), the socket stays open, and no game
 * changes: not the version, not the event numbers, not the stored log. On each store kind (PostgreSQL when
 * NARDY_TEST_PG_URL is set).
 */
let current: World | null = null;
afterEach(async () => {
  await current?.close();
  current = null;
});

it.each(STORE_KINDS)('10,000 hostile messages (%s store): each answered by an error, the socket kept, no state change', { timeout: 60_000 }, async (kind) => {
  const w = (current = await world(kind, { rateLimit: { perSecond: 1e9, burst: 1e9 } }));
  const settings = matchSettings({ variant: 'short', matchLength: 3 });
  if (!settings.ok) throw new Error(settings.error.message);
  const table: TableSettings = { match: settings.value as TableSettings['match'], rated: false, stake: 0 };
  const u = (n: string) => ({ kind: 'user' as const, userId: w.users[n]!.userId });
  const mine = await w.games.startGame({ settings: table, seats: { p1: u('alice'), p2: u('bob') }, clientSeeds: {}, rated: false });
  const theirs = await w.games.startGame({ settings: table, seats: { p1: u('carol'), p2: u('dave') }, clientSeeds: {}, rated: false });
  if (!mine.ok || !theirs.ok) throw new Error('no game');
  const gameId = mine.value.gameId;
  const other = theirs.value.gameId;
  const alice = await connect(w, 'alice');
  const bob = await connect(w, 'bob');
  acked(await alice.command({ type: 'game.subscribe', gameId }));
  acked(await bob.command({ type: 'game.subscribe', gameId }));
  await settle(w, gameId);
  // The hostile client is the player NOT on turn (so no well-formed action of his can apply).
  const toAct = lastView(alice, gameId).toAct;
  const hostile = toAct === 'p1' ? bob : alice;
  const view = lastView(hostile, gameId);
  const before = async () => ({
    mine: w.games.actorOf(gameId)!.match.version,
    theirs: w.games.actorOf(other)!.match.version,
    log: ((await w.store.loadGame(gameId)) as { value: { actions: readonly unknown[] } }).value.actions.length,
  });
  const start = await before();
  const startReceived = hostile.received.length;

  const rng = seededRng(20240611);
  const int = (n: number) => Math.floor(rng() * n);
  const pickOf = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const junkValue = (depth = 0): unknown => {
    switch (int(depth > 3 ? 5 : 8)) {
      case 0:
        return int(1e9) - 5e8;
      case 1:
        return rng() * 1e6;
      case 2:
        return pickOf(['', 'x', 'roll', 'p1', 'move', gameId, other, '💥', '\u0000', 'a'.repeat(int(200))]);
      case 3:
        return null;
      case 4:
        return rng() < 0.5;
      case 5:
        return Array.from({ length: int(5) }, () => junkValue(depth + 1));
      default: {
        const o: Record<string, unknown> = {};
        for (let i = int(5); i > 0; i--) o[pickOf(['type', 'id', 'gameId', 'action', 'version', 'steps', 'since', 'x'])] = junkValue(depth + 1);
        return o;
      }
    }
  };
  const actions = [
    { type: 'roll' },
    { type: 'move', steps: [] },
    { type: 'move', steps: [{ from: 24, to: 20 }] },
    { type: 'double' },
    { type: 'take' },
    { type: 'resign', level: 'single' },
    { type: 'acceptResign' },
  ];
  let withId = 0;
  const ids = new Set<string>();
  const makers: Array<(id: string) => string | Uint8Array> = [
    () => JSON.stringify(junkValue()),
    (id) => JSON.stringify({ ...(junkValue() as object), id }),
    (id) => JSON.stringify({ type: pickOf(['nope', 'game.act', 'GAME.ACTION', '', 'constructor']), id }),
    (id) => JSON.stringify({ type: 'game.action', id, gameId, version: String(view.version), action: { type: 'roll' } }),
    (id) => JSON.stringify({ type: 'game.action', id, gameId, version: view.version, action: { type: 'roll', seat: 'p1' } }),
    (id) => JSON.stringify({ type: 'game.action', id, gameId, version: view.version + 1 + int(50), action: pickOf(actions) }),
    (id) => JSON.stringify({ type: 'game.action', id, gameId, version: view.version, action: pickOf(actions.filter((a) => a.type !== 'resign')) }),
    (id) => JSON.stringify({ type: 'game.action', id, gameId: other, version: w.games.actorOf(other)!.match.version, action: pickOf(actions) }),
    (id) => JSON.stringify({ type: 'game.action', id, gameId: `g${int(1e6)}`, version: 0, action: { type: 'roll' } }),
    (id) => JSON.stringify({ type: 'game.claim', id, gameId: pickOf([gameId, other]), claim: 'win' }),
    (id) => JSON.stringify({ type: 'game.subscribe', id, gameId: pickOf(['', 'bad id!', 'x'.repeat(65)]) }),
    (id) => JSON.stringify({ type: 'bot.play', id, level: pickOf([0, 11, 2.5, '3']), settings: table }),
    (id) => JSON.stringify({ type: 'hello', id, protocol: pickOf([-1, PROTOCOL_VERSION + 1, 'one', 1.5]) }),
    (id) => `{"type":"ping","id":"${id}","__proto__":{"polluted":true}}`,
    (id) => JSON.stringify({ type: 'ping', id, pad: 'x'.repeat(17_000 + int(50_000)) }),
    () => 'x'.repeat(int(100_000)),
    () => `${'['.repeat(40)}${']'.repeat(40)}`,
    () => new Uint8Array(Array.from({ length: 1 + int(64) }, () => int(256))),
    () => pickOf(['', 'null', '[]', '42', '"hi"', '{', '{"type":', 'undefined']),
  ];
  const N = 10_000;
  for (let i = 0; i < N; i += 50) {
    const batch: Promise<unknown>[] = [];
    for (let j = i; j < Math.min(N, i + 50); j++) {
      const id = `f${j}`;
      const raw = pickOf(makers)(id);
      const text = typeof raw === 'string' ? raw : '';
      // Over the size limit the id is not read: the error carries id null.
      if (text.includes(`"${id}"`) && text.length < 16 * 1024) {
        withId++;
        ids.add(id);
        batch.push(hostile.waitFor((m) => (m.type === 'ack' || m.type === 'error') && m.id === id));
      }
      hostile.sendRaw(raw);
    }
    await Promise.all(batch);
  }
  await settle(w, gameId);
  const replies = hostile.received.slice(startReceived).filter((m) => m.type === 'ack' || m.type === 'error');
  expect(replies.length).toBe(N);
  expect(replies.filter((m) => m.type === 'ack')).toEqual([]);
  // Our ids are f0 … f9999 (junk may carry ids of its own, like 'x', repeated): one reply each.
  const answeredIds = replies.map((m) => (m as { id: string | null }).id).filter((x): x is string => x !== null && /^f\d+$/.test(x));
  expect(new Set(answeredIds).size).toBe(answeredIds.length);
  for (const id of ids) expect(answeredIds).toContain(id);
  expect(withId).toBeGreaterThan(N / 3);
  expect(hostile.connection.isOpen).toBe(true);
  expect(await before()).toEqual(start);
  expect({} as Record<string, unknown>).not.toHaveProperty('polluted');
  // Still a working connection.
  expect(await hostile.command({ type: 'ping' })).toMatchObject({ type: 'ack' });
  expect(w.faults).toEqual([]);
});
