import { afterEach, describe, expect, it } from 'vitest';
import { acked, lastView, recorded, seekAccepted, settle, STORE_KINDS, world, type World } from './kit.suite.js';

/** Issue 40: after a rated match the players are told their new ratings in the game room (no need to ask their profiles). */

let w: World | undefined;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = undefined;
});

describe.each(STORE_KINDS)('new ratings pushed to the game room (%s)', (kind) => {
  it('the event rated and the view carry both new ratings, and a reload shows them', async () => {
    w = await world(kind);
    const { alice, bob, gameId } = await seekAccepted(w, {
      match: { variant: 'short', matchLength: 3, timeControl: { kind: 'none' } },
      rated: true,
      stake: 0,
    });
    const before = lastView(alice, gameId).players;
    expect(before.p1.user).toMatchObject({ rating: 1500, provisional: true });
    acked(await alice.command({ type: 'game.action', gameId, version: lastView(alice, gameId).version, action: { type: 'resignMatch' } }));
    await recorded(w, gameId);
    const rated = () => bob.received.find((m) => m.type === 'game.event' && m.gameId === gameId && m.event.kind === 'rated');
    for (let i = 0; i < 200 && !rated(); i++) {
      await settle(w, gameId);
      await new Promise((r) => setTimeout(r, 5));
    }
    // Alice (p1) resigned a 3-point match between newcomers: 4·√3·½ ≈ 3.46 points, × 5 for each (experience 0).
    const ratings = { p1: 1483, p2: 1517 };
    expect(rated()).toMatchObject({ event: { kind: 'rated', ratings } });
    expect(lastView(alice, gameId).ratings).toEqual(ratings);
    acked(await bob.command({ type: 'game.subscribe', gameId }));
    await settle(w, gameId);
    const snap = [...bob.received].reverse().find((m) => m.type === 'game.snapshot');
    expect(snap?.type === 'game.snapshot' && snap.view.ratings).toEqual(ratings);
  });
});
