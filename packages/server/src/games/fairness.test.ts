import { commitment, type ServerToClient } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { MemoryClient } from '../ws/memory.js';
import { acked, connect, lastView, playOut, recorded, settle, STORE_KINDS, world, type World } from './kit.suite.js';

/**
 * Fairness in every mode (issue 40 item 20, RULES G10): before a quick pairing, a bot game or a rematch the player
 * asks `dice.commit`, sees the commitment, and names it with his client seed; the game is played with that seed.
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

    // A quick pairing: the one who waited named his commitment; the game is played with it.
    const cA = await commit(alice);
    acked(await alice.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'a-seed', commitment: cA }));
    acked(await bob.command({ type: 'quickPair.join', pool: POOL, clientSeed: 'b-seed', commitment: await commit(bob) }));
    await settle(w, '');
    const gameId = started(bob)!;
    expect(started(alice)).toBe(gameId);
    for (const c of [alice, bob]) acked(await c.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    expect(lastView(bob, gameId).diceProof.commitment).toBe(cA);
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
});
