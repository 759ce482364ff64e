import { PROTOCOL_VERSION, type GameEvent, type ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from './accounts/index.js';
import { recorded, STORE_KINDS, world, type World } from './games/kit.suite.js';
import { WireClient } from './testing/built-server.suite.js';

/**
 * The rematch through the production wiring (`createApp`, listening on a real port, WebSocket clients): an offer
 * reaches the opponent as an event of the finished game, a decline reaches both players, and an accepted offer
 * moves both to the new game with the seats swapped. An open offer is in the views of snapshots (a reload shows it),
 * survives its offerer's reload, and goes when he takes it back or leaves the game for good.
 */
const SHORT_1 = { match: { variant: 'short', matchLength: 1, cube: { enabled: false } }, rated: false, stake: 0 };

type Rematch = Extract<GameEvent, { kind: 'rematchOffered' | 'rematchDeclined' | 'rematchWithdrawn' | 'rematchStarted' }>;
type EventOf<K> = Extract<ServerToClient, { type: 'game.event' }> & { event: Extract<GameEvent, { kind: K }> };

/** The next rematch event of `gameId` after message `from`. */
function rematchEvent<K extends Rematch['kind']>(c: WireClient, gameId: string, kind: K, from: number): Promise<EventOf<K>> {
  return c.until((m): m is EventOf<K> => m.type === 'game.event' && m.gameId === gameId && m.event.kind === kind, from);
}

const result = (r: ServerToClient): { gameId: string; seat: string } => {
  if (r.type !== 'ack' || r.result?.kind !== 'game') throw new Error(`not seated: ${JSON.stringify(r)}`);
  return r.result;
};

let w: World | undefined;
const clients: WireClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.close();
  expect(w?.faults).toEqual([]);
  await w?.close();
  w = undefined;
});

/** Alice and Bob connected, after a one-point match between them that Bob resigned. */
async function finishedMatch(kind: (typeof STORE_KINDS)[number]) {
  w = await world(kind, { rateLimit: { perSecond: 1e9, burst: 1e9 } });
  const url = await w.app.http.listen({ port: 0, host: '127.0.0.1' });
  const open = async (name: string): Promise<WireClient> => {
    const c = await WireClient.open(url, `${SESSION_COOKIE}=${w!.tokens[name]}`);
    clients.push(c);
    expect(await c.command({ type: 'hello', protocol: PROTOCOL_VERSION })).toMatchObject({ type: 'ack' });
    return c;
  };
  const alice = await open('alice');
  const bob = await open('bob');

  const seek = await alice.command({ type: 'seek.create', settings: SHORT_1 });
  const seekId = seek.type === 'ack' && seek.result?.kind === 'seek' ? seek.result.seekId : '';
  const first = result(await bob.command({ type: 'seek.accept', seekId }));
  const gameId = first.gameId;
  const seats = { bob: first.seat, alice: first.seat === 'p1' ? 'p2' : 'p1' };
  for (const c of [alice, bob]) {
    expect(await c.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
    await c.until((m): m is ServerToClient => m.type === 'game.snapshot' && m.gameId === gameId);
  }
  // Bob gives up the match: it is over, and only then may a rematch be asked for.
  expect(await bob.command({ type: 'game.action', gameId, version: bob.view(gameId)!.version, action: { type: 'resignMatch' } })).toMatchObject({
    type: 'ack',
  });
  for (const c of [alice, bob]) await c.until((m): m is ServerToClient => m.type === 'game.event' && m.gameId === gameId && m.event.kind === 'matchEnded');
  await recorded(w, gameId);
  return { open, alice, bob, gameId, seats };
}

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('an offer reaches the opponent; a decline and an accepted offer reach both players', { timeout: 30_000 }, async () => {
    const { alice, bob, gameId, seats } = await finishedMatch(kind);
    // The offer: the opponent hears of it.
    let mark = bob.received.length;
    expect(await alice.command({ type: 'rematch.offer', gameId })).toMatchObject({ type: 'ack' });
    expect((await rematchEvent(bob, gameId, 'rematchOffered', mark)).event).toEqual({ kind: 'rematchOffered', by: seats.alice });

    // Declined: both see it.
    const marks = [[alice, alice.received.length] as const, [bob, bob.received.length] as const];
    expect(await bob.command({ type: 'rematch.decline', gameId })).toMatchObject({ type: 'ack' });
    for (const [c, from] of marks) expect((await rematchEvent(c, gameId, 'rematchDeclined', from)).event).toEqual({ kind: 'rematchDeclined', by: seats.bob });

    // Bob offers after all, Alice accepts: both are moved to the new game, seats swapped.
    mark = alice.received.length;
    expect(await bob.command({ type: 'rematch.offer', gameId })).toMatchObject({ type: 'ack' });
    expect((await rematchEvent(alice, gameId, 'rematchOffered', mark)).event).toEqual({ kind: 'rematchOffered', by: seats.bob });
    const again = result(await alice.command({ type: 'rematch.accept', gameId }));
    expect(again.seat).toBe(seats.bob);
    for (const c of [alice, bob]) expect((await rematchEvent(c, gameId, 'rematchStarted', 0)).event).toEqual({ kind: 'rematchStarted', gameId: again.gameId });
    // Alice's ack seated her; Bob is told where he sits.
    const seated = await bob.until((m): m is ServerToClient => m.type === 'game.started' && m.gameId === again.gameId);
    expect(seated).toEqual({ type: 'game.started', gameId: again.gameId, seat: seats.alice });
  });

  it('a reload shows the open offer; the offerer may take it back, and leaving takes it back', { timeout: 30_000 }, async () => {
    const { open, alice, bob, gameId, seats } = await finishedMatch(kind);
    const snapshot = async (c: WireClient) => {
      const from = c.received.length;
      expect(await c.command({ type: 'game.subscribe', gameId })).toMatchObject({ type: 'ack' });
      const m = await c.until((x): x is Extract<ServerToClient, { type: 'game.snapshot' }> => x.type === 'game.snapshot' && x.gameId === gameId, from);
      return m.view;
    };
    const commit = await alice.command({ type: 'dice.commit' });
    const commitment = commit.type === 'ack' && commit.result?.kind === 'commitment' ? commit.result.commitment : '';
    expect(await alice.command({ type: 'rematch.offer', gameId, commitment })).toMatchObject({ type: 'ack' });
    const offer = { by: seats.alice, commitment };

    // Bob reloads (a new connection, the old one closed): his snapshot shows the offer; so does Alice's own.
    bob.close();
    const bob2 = await open('bob');
    expect((await snapshot(bob2)).rematchOffer).toEqual(offer);
    expect((await snapshot(alice)).rematchOffer).toEqual(offer);

    // Alice takes it back: both hear it, and a snapshot no longer shows it; Bob can no longer accept it.
    const marks = [[alice, alice.received.length] as const, [bob2, bob2.received.length] as const];
    expect(await alice.command({ type: 'rematch.cancel', gameId })).toMatchObject({ type: 'ack' });
    for (const [c, from] of marks)
      expect((await rematchEvent(c, gameId, 'rematchWithdrawn', from)).event).toEqual({ kind: 'rematchWithdrawn', by: seats.alice });
    expect((await snapshot(bob2)).rematchOffer).toBeUndefined();
    expect(await bob2.command({ type: 'rematch.accept', gameId })).toMatchObject({ type: 'error', code: 'CONFLICT' });
    expect(await alice.command({ type: 'rematch.cancel', gameId })).toMatchObject({ type: 'error', code: 'CONFLICT' });

    // Alice offers again and reloads: the offer is hers, not her connection's: it stays open, both see it, and her
    // new page may take it back.
    expect(await alice.command({ type: 'rematch.offer', gameId })).toMatchObject({ type: 'ack' });
    const mark = bob2.received.length;
    alice.close();
    const alice2 = await open('alice');
    expect((await snapshot(alice2)).rematchOffer).toEqual({ by: seats.alice });
    expect((await snapshot(bob2)).rematchOffer).toEqual({ by: seats.alice });
    expect(await alice2.command({ type: 'rematch.cancel', gameId })).toMatchObject({ type: 'ack' });
    expect((await rematchEvent(bob2, gameId, 'rematchWithdrawn', mark)).event).toEqual({ kind: 'rematchWithdrawn', by: seats.alice });

    // Offered again, she leaves for good: past the grace (20 s away from the game) the offer is withdrawn.
    expect(await alice2.command({ type: 'rematch.offer', gameId })).toMatchObject({ type: 'ack' });
    const left = bob2.received.length;
    alice2.close();
    await new Promise((r) => setTimeout(r, 1_100)); // the lobby's expiry timer sees her gone
    w!.time.advance(20_000);
    expect((await rematchEvent(bob2, gameId, 'rematchWithdrawn', left)).event).toEqual({ kind: 'rematchWithdrawn', by: seats.alice });
    expect((await snapshot(bob2)).rematchOffer).toBeUndefined();
  });
});
