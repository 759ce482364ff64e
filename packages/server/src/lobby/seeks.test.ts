import { AckResultSchema } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { commitment } from '../game/dice.js';
import { SEED, SETTINGS, code, fakeLink, kit, viewer } from './test-kit.suite.js';

describe('lobby: seeks', () => {
  it('creates a seek with complete settings and the commitment of its server seed', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const w = fakeLink('w');
    await k.send(w, { type: 'lobby.subscribe' });
    w.sent.length = 0;
    const r = await k.send(alice, {
      type: 'seek.create',
      settings: { match: { variant: 'short', matchLength: 5, cube: { enabled: true } }, rated: true, stake: 0 },
    });
    expect(code(r)).toBe('ok');
    const [added] = w.take('lobby.seekAdded');
    expect(added?.seek.settings.match.cube.maxValue).toBe(64);
    expect(added?.seek.settings.match.matchLength).toBe(5);
    expect(added?.seek.commitment).toBe(commitment(SEED));
    expect(added?.seek.by).toEqual({ userId: 'alice', name: 'ALICE', guest: false });
    expect(added?.seek.createdAt).toBe(k.clock.t);
  });

  it('refuses bad settings, rated guests and stakes without a ledger, changing nothing', async () => {
    const k = kit();
    const guest = fakeLink(viewer('guest1', true));
    const alice = fakeLink('alice');
    expect(
      code(
        await k.raw(alice, {
          type: 'seek.create',
          settings: { ...SETTINGS, match: { variant: 'long', timeControl: { kind: 'matchReserve', perPointMs: 1000, delayMs: 0 } } },
        }),
      ),
    ).toBe('BAD_OPTIONS');
    expect(code(await k.send(guest, { type: 'seek.create', settings: { ...SETTINGS, rated: true } }))).toBe('UNAUTHORIZED');
    expect(code(await k.send(alice, { type: 'seek.create', settings: { ...SETTINGS, stake: 10 } }))).toBe('FORBIDDEN');
    expect(code(await k.send(guest, { type: 'seek.create', settings: SETTINGS }))).toBe('ok');
    expect(k.lobby.state().seeks).toHaveLength(1);
  });

  it('checks the stake against the chips ledger', async () => {
    const k = kit({ chips: { canStake: async (userId) => userId === 'rich' } });
    const rich = fakeLink('rich');
    const poor = fakeLink('poor');
    expect(code(await k.send(poor, { type: 'seek.create', settings: { ...SETTINGS, stake: 10 } }))).toBe('INSUFFICIENT_CHIPS');
    expect(code(await k.send(rich, { type: 'seek.create', settings: { ...SETTINGS, stake: 10 } }))).toBe('ok');
    expect(code(await k.send(poor, { type: 'seek.accept', seekId: 's1' }))).toBe('INSUFFICIENT_CHIPS');
    expect(k.lobby.state().seeks).toHaveLength(1);
    expect(k.factory.requests).toEqual([]);
  });

  it('limits open seeks per user', async () => {
    const k = kit({ maxSeeksPerUser: 2 });
    const alice = fakeLink('alice');
    const alice2 = fakeLink('alice');
    expect(code(await k.send(alice, { type: 'seek.create', settings: SETTINGS }))).toBe('ok');
    expect(code(await k.send(alice2, { type: 'seek.create', settings: SETTINGS }))).toBe('ok');
    expect(code(await k.send(alice, { type: 'seek.create', settings: SETTINGS }))).toBe('LIMIT_REACHED');
    expect(k.lobby.state().seeks).toHaveLength(2);
  });

  it('cancels by its owner only', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    expect(code(await k.send(bob, { type: 'seek.cancel', seekId: 's1' }))).toBe('FORBIDDEN');
    expect(code(await k.send(alice, { type: 'seek.cancel', seekId: 'nope' }))).toBe('NOT_FOUND');
    expect(k.lobby.state().seeks).toHaveLength(1);
    // Another connection of the same user may cancel it.
    expect(code(await k.send(fakeLink('alice'), { type: 'seek.cancel', seekId: 's1' }))).toBe('ok');
    expect(k.lobby.state().seeks).toHaveLength(0);
    expect(code(await k.send(alice, { type: 'seek.cancel', seekId: 's1' }))).toBe('NOT_FOUND');
  });

  it('accept starts a game with the seek\u2019s server seed, both client seeds, and tells the owner', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const aliceTab = fakeLink('alice');
    const bob = fakeLink('bob');
    const bobTab = fakeLink('bob');
    const w = fakeLink('w');
    for (const l of [aliceTab, bobTab]) await k.lobby.connected(l);
    await k.send(w, { type: 'lobby.subscribe' });
    await k.send(alice, { type: 'seek.create', settings: { ...SETTINGS, rated: true }, clientSeed: 'alice-seed' });
    await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    w.sent.length = 0;
    const r = await k.send(bob, { type: 'seek.accept', seekId: 's1', clientSeed: 'bob-seed' });
    // The coin: the owner is p1.
    expect(r.ok && r.value).toEqual({ kind: 'game', gameId: 'g1', seat: 'p2' });
    expect(r.ok && AckResultSchema.safeParse(r.value).success).toBe(true);
    expect(k.factory.last).toMatchObject({
      seats: { p1: { kind: 'user', userId: 'alice' }, p2: { kind: 'user', userId: 'bob' } },
      clientSeeds: { p1: 'alice-seed', p2: 'bob-seed' },
      rated: true,
      serverSeed: SEED,
    });
    expect(alice.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p1' }]);
    expect(aliceTab.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p1' }]);
    expect(bobTab.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p2' }]);
    expect(bob.sent).toEqual([]);
    // The accepted seek and the owner's other seek are gone.
    expect(w.sent).toEqual([
      { type: 'lobby.seekRemoved', seekId: 's1' },
      { type: 'lobby.seekRemoved', seekId: 's2' },
    ]);
    expect(code(await k.send(bob, { type: 'seek.accept', seekId: 's1' }))).toBe('NOT_FOUND');
  });

  it('the second seat is random by the injected coin', async () => {
    const k = kit({ random: () => 0.9 });
    await k.send(fakeLink('alice'), { type: 'seek.create', settings: SETTINGS });
    const r = await k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' });
    expect(r.ok && r.value).toEqual({ kind: 'game', gameId: 'g1', seat: 'p1' });
    expect(k.factory.last.seats).toEqual({ p1: { kind: 'user', userId: 'bob' }, p2: { kind: 'user', userId: 'alice' } });
    expect(k.factory.last.clientSeeds).toEqual({});
  });

  it('refuses accepting one\u2019s own seek, a rated seek as a guest, and blocked users', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    await k.send(alice, { type: 'seek.create', settings: { ...SETTINGS, rated: true } });
    expect(code(await k.send(fakeLink('alice'), { type: 'seek.accept', seekId: 's1' }))).toBe('CONFLICT');
    expect(code(await k.send(fakeLink(viewer('g', true)), { type: 'seek.accept', seekId: 's1' }))).toBe('UNAUTHORIZED');
    k.blocks.add('alice>bob');
    expect(code(await k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' }))).toBe('BLOCKED');
    k.blocks.clear();
    k.blocks.add('carol>alice');
    expect(code(await k.send(fakeLink('carol'), { type: 'seek.accept', seekId: 's1' }))).toBe('BLOCKED');
    expect(code(await k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 'zz' }))).toBe('NOT_FOUND');
    expect(k.lobby.state().seeks).toHaveLength(1);
    expect(k.factory.requests).toEqual([]);
  });

  it('a failed start leaves the seek listed and passes the error on', async () => {
    const k = kit();
    const w = fakeLink('w');
    await k.send(w, { type: 'lobby.subscribe' });
    await k.send(fakeLink('alice'), { type: 'seek.create', settings: SETTINGS });
    // Bob comes online first (announced in the online list).
    await k.lobby.connected(fakeLink('bob'));
    w.sent.length = 0;
    k.factory.failures.push({ code: 'INSUFFICIENT_CHIPS', message: 'hold failed' });
    expect(code(await k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' }))).toBe('INSUFFICIENT_CHIPS');
    expect(k.lobby.state().seeks.map((s) => s.seekId)).toEqual(['s1']);
    expect(w.sent).toEqual([]);
    expect(code(await k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' }))).toBe('ok');
  });

  it('a start that throws is an INTERNAL error, not a thrown command', async () => {
    const k = kit();
    k.factory.startGame = () => Promise.reject(new Error('disk full'));
    await k.send(fakeLink('alice'), { type: 'seek.create', settings: SETTINGS });
    const r = await k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' });
    expect(code(r)).toBe('INTERNAL');
    expect(k.lobby.state().seeks).toHaveLength(1);
  });

  it('two accepts of one seek at once: one game, one NOT_FOUND', async () => {
    const k = kit();
    await k.send(fakeLink('alice'), { type: 'seek.create', settings: SETTINGS });
    const [a, b] = await Promise.all([
      k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' }),
      k.send(fakeLink('carol'), { type: 'seek.accept', seekId: 's1' }),
    ]);
    expect([code(a), code(b)].sort()).toEqual(['NOT_FOUND', 'ok']);
    expect(k.factory.requests).toHaveLength(1);
  });

  it('a user\u2019s seeks vanish when the connection that made them closes', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const aliceTab = fakeLink('alice');
    const w = fakeLink('w');
    await k.send(w, { type: 'lobby.subscribe' });
    await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    await k.send(aliceTab, { type: 'seek.create', settings: SETTINGS });
    w.sent.length = 0;
    await k.lobby.disconnected(alice);
    expect(w.sent).toEqual([{ type: 'lobby.seekRemoved', seekId: 's1' }]);
    await k.lobby.disconnected(aliceTab);
    expect(k.lobby.state().seeks).toEqual([]);
    expect(k.lobby.state().online).toEqual(['w']);
  });
});
