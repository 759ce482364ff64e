import type { ChipsReport, GameView, Profile, ServerToClient } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { play, viewOf } from '../game/views.suite';
import { createChipsStore, SETTLE_WAIT_MS } from './chips';

const alice: Profile = { id: 'u_a', username: 'alice', displayName: 'Alice', guest: false, lang: 'en', preferredSettings: null, createdAt: 1 };
const bob: Profile = { ...alice, id: 'u_b', username: 'bob', displayName: 'Bob' };
const guest: Profile = { ...alice, id: 'u_g', username: 'guest-1', displayName: 'Guest 1', guest: true };

const report = (free: number, held = 0): ChipsReport => ({ balance: { free, held }, grant: 1000, entries: [] });

/** The store with a scripted server: each `GET /api/me/chips` waits until the test answers it. */
function setup(start: Profile | null) {
  let profile = start;
  const sessionListeners = new Set<() => void>();
  const handlers = new Map<string, (m: ServerToClient) => void>();
  const asked: { limit: number | undefined; answer: (r: ChipsReport) => void; fail: () => void }[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const store = createChipsStore(
    {
      chips: (limit) => new Promise<ChipsReport>((resolve, reject) => asked.push({ limit, answer: resolve, fail: () => reject(new Error('down')) })),
    },
    {
      on: (type, handler) => {
        handlers.set(type, handler as (m: ServerToClient) => void);
        return () => void handlers.delete(type);
      },
    },
    {
      profile: () => profile,
      subscribe: (l) => {
        sessionListeners.add(l);
        return () => void sessionListeners.delete(l);
      },
    },
    (run, ms) => timers.push({ run, ms }),
  );
  let changes = 0;
  store.subscribe(() => changes++);
  return {
    store,
    asked,
    timers,
    changes: () => changes,
    signIn: (p: Profile | null) => {
      profile = p;
      for (const l of [...sessionListeners]) l();
    },
    push: (m: ServerToClient) => handlers.get(m.type)?.(m),
  };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

const ended = (view: GameView): ServerToClient => ({
  type: 'game.event',
  gameId: view.gameId,
  epoch: 'e1',
  n: 9,
  event: { kind: 'matchEnded', end: { winner: null, reason: 'aborted' }, serverSeed: 'b'.repeat(64) },
  view,
});

describe('the header’s chips (G9)', () => {
  it('asks for a registered account’s balance (one ledger row: only the balance is wanted); a guest has none', async () => {
    const s = setup(alice);
    expect(s.asked.map((a) => a.limit)).toEqual([1]);
    s.asked[0]!.answer(report(1000));
    await settle();
    expect(s.store.get()).toEqual({ free: 1000, held: 0 });
    s.signIn(guest);
    expect(s.store.get()).toBeNull();
    expect(s.asked).toHaveLength(1);
    expect(setup(guest).asked).toEqual([]);
    expect(setup(null).asked).toEqual([]);
  });

  it('drops an answer meant for the account before a change, and one overtaken by a later question', async () => {
    const s = setup(alice);
    s.signIn(bob);
    s.asked[1]!.answer(report(500));
    s.asked[0]!.answer(report(1000)); // Alice's, late
    await settle();
    expect(s.store.get()).toEqual({ free: 500, held: 0 });
    s.push({ type: 'game.started', gameId: 'g1', seat: 'p1' });
    s.push({ type: 'game.started', gameId: 'g2', seat: 'p1' });
    s.asked[3]!.answer(report(470, 30));
    s.asked[2]!.answer(report(500));
    await settle();
    expect(s.store.get()).toEqual({ free: 470, held: 30 });
  });

  it('asks again when a game starts (its hold) and a while after a staked match of one’s own ends (its settlement)', async () => {
    const s = setup(alice);
    s.asked[0]!.answer(report(1000));
    s.push({ type: 'game.started', gameId: 'g1', seat: 'p1' });
    expect(s.asked).toHaveLength(2);
    const view = viewOf(play({ variant: 'short' }, []), 'p1');
    const staked = { ...view, settings: { ...view.settings, stake: 10 } };
    s.push(ended(view)); // no stake: nothing moved
    s.push(ended({ ...staked, you: null })); // watching someone else's table
    expect(s.timers).toEqual([]);
    s.push(ended(staked));
    expect(s.timers.map((t) => t.ms)).toEqual([SETTLE_WAIT_MS]);
    expect(s.asked).toHaveLength(2);
    s.timers[0]!.run();
    expect(s.asked).toHaveLength(3);
    s.asked[2]!.answer(report(1100));
    await settle();
    expect(s.store.get()).toEqual({ free: 1100, held: 0 });
  });

  it('keeps the last balance when the server does not answer, takes the profile page’s report, and tells listeners only of changes', async () => {
    const s = setup(alice);
    s.asked[0]!.answer(report(1000));
    await settle();
    expect(s.changes()).toBe(1);
    s.push({ type: 'game.started', gameId: 'g1', seat: 'p1' });
    s.asked[1]!.fail();
    await settle();
    expect(s.store.get()).toEqual({ free: 1000, held: 0 });
    s.store.show(report(1000));
    expect(s.changes()).toBe(1);
    s.store.show(report(970, 30));
    expect(s.store.get()).toEqual({ free: 970, held: 30 });
    expect(s.changes()).toBe(2);
    s.signIn(guest);
    s.store.show(report(5));
    expect(s.store.get()).toBeNull();
  });
});
