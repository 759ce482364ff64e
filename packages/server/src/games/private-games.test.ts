import type { ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../accounts/index.js';
import type { MemoryClient } from '../ws/memory.js';
import { acked, connect, lastView, playOut, recorded, settle, STORE_KINDS, world, type World } from './kit.suite.js';

/**
 * Private tables (issue 40 item 17), through the production wiring: a private table's game is not among the lobby's
 * live games, and only its players and those holding its watch token (in the players' views) may watch it, read
 * its chat rooms or its record; its players' game lists show it to them only. A rematch stays private.
 */

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

const SETTINGS = { match: { variant: 'short' as const, matchLength: 1 }, rated: false, stake: 0 };

/** Alice's private table, taken by Bob; both open the game. */
async function privateGame(w: World) {
  const alice = await connect(w, 'alice');
  const bob = await connect(w, 'bob');
  const created = await alice.command({ type: 'table.create', settings: SETTINGS });
  const token = created.type === 'ack' && created.result?.kind === 'table' ? created.result.token : '';
  const joined = await bob.command({ type: 'table.join', token });
  const gameId = joined.type === 'ack' && joined.result?.kind === 'game' ? joined.result.gameId : '';
  expect(gameId).not.toBe('');
  for (const c of [alice, bob]) acked(await c.command({ type: 'game.subscribe', gameId }));
  await settle(w, gameId);
  return { alice, bob, gameId };
}

const codeOf = (r: ServerToClient): string => (r.type === 'error' ? r.code : r.type);
const chatLines = (c: MemoryClient): string[] => c.received.flatMap((m) => (m.type === 'chat.message' && m.room.kind !== 'lobby' ? [m.text] : []));
const cookie = (w: World, name: string) => ({ cookie: `${SESSION_COOKIE}=${w.tokens[name]}` });

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('is not listed, refuses the uninvited (sockets, chat, records) and lets in those with the watch token', async () => {
    w = await world(kind);
    const carol = await connect(w, 'carol');
    acked(await carol.command({ type: 'lobby.subscribe' }));
    const { alice, bob, gameId } = await privateGame(w);
    expect(carol.received.some((m) => m.type === 'lobby.gameAdded')).toBe(false);
    const fresh = await connect(w, 'dave');
    const lobby = await fresh.command({ type: 'lobby.subscribe' });
    acked(lobby);
    await settle(w, gameId);
    const snapshot = fresh.received.find((m) => m.type === 'lobby.snapshot');
    expect(JSON.stringify(snapshot ?? lobby)).not.toContain(gameId);

    // The players hold the invitation; nobody else gets in without it, not even a socket with no session.
    const token = lastView(alice, gameId).watchToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
    expect(lastView(bob, gameId).watchToken).toBe(token);
    expect(codeOf(await carol.command({ type: 'game.subscribe', gameId }))).toBe('PRIVATE_GAME');
    expect(codeOf(await carol.command({ type: 'game.subscribe', gameId, watch: 'x'.repeat(24) }))).toBe('PRIVATE_GAME');
    const anonymous = await connect(w);
    expect(codeOf(await anonymous.command({ type: 'game.subscribe', gameId }))).toBe('PRIVATE_GAME');
    expect(codeOf(await carol.command({ type: 'chat.send', room: { kind: 'spectators', gameId }, text: 'let me in' }))).toBe('FORBIDDEN');
    acked(await alice.command({ type: 'chat.send', room: { kind: 'table', gameId }, text: 'between us' }));
    expect(chatLines(carol)).toEqual([]);
    expect(carol.received.some((m) => (m.type === 'game.snapshot' || m.type === 'game.event') && m.gameId === gameId)).toBe(false);

    // Dave was sent the watch link: he watches, reads the table chat and talks with the spectators; no token for him.
    const dave = await connect(w, 'dave');
    expect(await dave.command({ type: 'game.subscribe', gameId, watch: token })).toMatchObject({ type: 'ack', result: { seat: null } });
    await settle(w, gameId);
    expect(lastView(dave, gameId).watchToken).toBeUndefined();
    // The chat rooms are joined after the subscription's ack, their history read from the store.
    await dave.waitFor((m) => m.type === 'chat.message' && m.text === 'between us');
    expect(chatLines(dave)).toEqual(['between us']);
    acked(await dave.command({ type: 'chat.send', room: { kind: 'spectators', gameId }, text: 'invited' }));
    expect(chatLines(dave)).toEqual(['between us', 'invited']);
    expect(chatLines(carol)).toEqual([]);

    // The record: its players, or the token; others are refused.
    const record = (headers: Record<string, string>, query = '') => w!.app.http.inject({ method: 'GET', url: `/api/games/${gameId}${query}`, headers });
    for (const r of [await record({}), await record(cookie(w, 'carol')), await record(cookie(w, 'carol'), '?watch=wrong')]) {
      expect(r.statusCode).toBe(403);
      expect(r.json()).toMatchObject({ error: { code: 'PRIVATE_GAME' } });
    }
    expect((await record(cookie(w, 'alice'))).statusCode).toBe(200);
    expect((await record({}, `?watch=${token}`)).statusCode).toBe(200);
    expect((await w.app.http.inject({ method: 'GET', url: `/api/games/${gameId}/dice`, headers: cookie(w, 'carol') })).statusCode).toBe(403);

    // Finished: in the players' own lists, not in what others see of them.
    await playOut(w, gameId, [alice, bob]);
    await recorded(w, gameId);
    const list = async (as: string) => {
      const r = await w!.app.http.inject({ method: 'GET', url: `/api/users/${w!.users['alice']!.userId}/games`, headers: cookie(w!, as) });
      return (r.json() as { games: { id: string }[] }).games.map((g) => g.id);
    };
    expect(await list('alice')).toEqual([gameId]);
    expect(await list('carol')).toEqual([]);

    // Its rematch is private too, with its own invitation.
    acked(await alice.command({ type: 'rematch.offer', gameId }));
    const accepted = await bob.command({ type: 'rematch.accept', gameId });
    const next = accepted.type === 'ack' && accepted.result?.kind === 'game' ? accepted.result.gameId : '';
    expect(next).not.toBe('');
    expect(codeOf(await carol.command({ type: 'game.subscribe', gameId: next }))).toBe('PRIVATE_GAME');
    expect(carol.received.some((m) => m.type === 'lobby.gameAdded')).toBe(false);
  });
});
