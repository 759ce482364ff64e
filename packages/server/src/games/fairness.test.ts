import { commitment, type ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryClient } from '../ws/memory.js';
import { acked, connect, lastView, playOut, recorded, settle, STORE_KINDS, world, type World } from './kit.suite.js';

/**
 * Fairness in every mode (issue 40 item 20, RULES G10): before a bot game or a rematch offer the player asks
 * `dice.commit`, before a quick pairing `quickPair.commit`; the rematch's opponent sees the offer's. Each names the
 * commitment he saw with his client seed, and the game is played with that seed.
 * These run without a fixed dice seed, so each commitment is a different seed.
 */

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

const POOL = { variant: 'short' as const, matchLength: 1, timeControl: { kind: 'none' as const }, rated: false };

async function commit(c: MemoryClient): Promise<string> {
  const r = await c.command({ type: 'dice.commit' });
  if (r.type !== 'ack' || r.result?.kind !== 'commitment') throw new Error(`no commitment: ${JSON.stringify(r)}`);
  return r.result.commitment;
}

/** The commitment a quick pairing in POOL would be played with, for this player. */
async function poolCommit(c: MemoryClient): Promise<string> {
  const r = await c.command({ type: 'quickPair.commit', pool: POOL });
  if (r.type !== 'ack' || r.result?.kind !== 'commitment') throw new Error(`no pool commitment: ${JSON.stringify(r)}`);
  return r.result.commitment;
}

const codeOf = (r: ServerToClient): string => (r.type === 'error' ? r.code : r.type);
const started = (c: MemoryClient): string | undefined => {
  const m = [...c.received].reverse().find((m) => m.type === 'game.started');
  return m?.type === 'game.started' ? m.gameId : undefined;
};

describe.each(STORE_KINDS)('%s store', (kind) => {
  it('a bot game, a quick pairing and a rematch are played with the seed committed to before the client seed', async () => {
    w = await world(kind, { env: { NARDY_DICE_SEED: '' } });
    const alice = await connect(w, 'alice');
    const bob = await connect(w, 'bob');

    // A bot game: the commitment asked for first is the game's; it is used once, and only by the link it was given to.
    const c1 = await commit(alice);
    expect(await commit(alice)).not.toBe(c1);
    const bot = await alice.command({
      type: 'bot.play',
      level: 1,
      settings: { match: { variant: 'short', matchLength: 1 }, rated: false, stake: 0 },
      clientSeed: 'alice-seed',
      commitment: c1,
    });
    const botGame = bot.type === 'ack' && bot.result?.kind === 'game' ? bot.result.gameId : '';
    acked(await alice.command({ type: 'game.subscribe', gameId: botGame }));
    await settle(w, botGame);
    expect(lastView(alice, botGame).diceProof).toMatchObject({ commitment: c1, clientSeeds: { p1: 'alice-seed' } });
    const again = { type: 'bot.play' as const, level: 1, settings: { match: { variant: 'short' as const, matchLength: 1 }, rated: false, stake: 0 } };
    expect(codeOf(await alice.command({ ...again, commitment: c1 }))).toBe('NOT_FOUND');
    expect(codeOf(await alice.command({ ...again, commitment: await commit(bob) }))).toBe('NOT_FOUND');

    // A quick pairing: each is shown, before his seed goes, the commitment of the seed the game is played with —
    // the one who waits a fresh one, the joiner that of the one waiting; a join naming another is refused.
    const cA = await poolCommit(alice);
    acked(await alice.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'a-seed', commitment: cA }));
    const cB = await poolCommit(bob);
    expect(cB).toBe(cA);
    expect(codeOf(await bob.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'b-seed', commitment: await commit(bob) }))).toBe('CONFLICT');
    await settle(w, '');
    expect(started(bob)).toBeUndefined();
    acked(await bob.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'b-seed', commitment: cB }));
    await settle(w, '');
    const gameId = started(bob)!;
    expect(started(alice)).toBe(gameId);
    for (const c of [alice, bob]) acked(await c.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    expect(lastView(bob, gameId).diceProof).toMatchObject({ commitment: cA, clientSeeds: { p1: expect.any(String), p2: expect.any(String) } });
    expect(Object.values(lastView(bob, gameId).diceProof.clientSeeds).sort()).toEqual(['a-seed', 'b-seed']);
    await playOut(w, gameId, [alice, bob]);
    const over = lastView(bob, gameId).diceProof;
    expect(commitment(over.serverSeed!)).toBe(cA);
    await recorded(w, gameId);

    // A rematch: the offer shows its commitment to the opponent, who accepts naming it; the new game uses it.
    const cR = await commit(alice);
    acked(await alice.command({ type: 'rematch.offer', gameId, clientSeed: 'a-2', commitment: cR }));
    await settle(w, gameId);
    const offer = bob.received.find((m) => m.type === 'game.event' && m.event.kind === 'rematchOffered');
    expect(offer?.type === 'game.event' && offer.event).toMatchObject({ kind: 'rematchOffered', commitment: cR });
    expect(codeOf(await bob.command({ type: 'rematch.accept', gameId, clientSeed: 'b-2', commitment: c1 }))).toBe('CONFLICT');
    const accepted = await bob.command({ type: 'rematch.accept', gameId, clientSeed: 'b-2', commitment: cR });
    const next = accepted.type === 'ack' && accepted.result?.kind === 'game' ? accepted.result.gameId : '';
    acked(await bob.command({ type: 'game.subscribe', gameId: next }));
    await settle(w, next);
    expect(lastView(bob, next).diceProof.commitment).toBe(cR);
  });

  it('a quick pairing whose pool changed after quickPair.commit takes no seed: the joiner asks again', async () => {
    w = await world(kind, { env: { NARDY_DICE_SEED: '' } });
    const [alice, bob, carol] = [await connect(w, 'alice'), await connect(w, 'bob'), await connect(w, 'carol')];
    // Bob is shown Alice's commitment; she leaves before he joins: nobody waits, and his named one is not his own.
    const cA = await poolCommit(alice);
    acked(await alice.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'a', commitment: cA }));
    const seen = await poolCommit(bob);
    expect(seen).toBe(cA);
    acked(await alice.command({ type: 'quickPair.leave' }));
    expect(codeOf(await bob.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'b', commitment: seen }))).toBe('NOT_FOUND');
    // Asked again, he gets a fresh one and waits with it; Carol is shown his.
    const cB = await poolCommit(bob);
    expect(cB).not.toBe(cA);
    acked(await bob.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'b', commitment: cB }));
    expect(await poolCommit(carol)).toBe(cB);
    acked(await carol.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'c', commitment: cB }));
    await settle(w, '');
    const gameId = started(carol)!;
    acked(await carol.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    expect(lastView(carol, gameId).diceProof.commitment).toBe(cB);
  });
});
