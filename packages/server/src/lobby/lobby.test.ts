import { matchSettings } from '@nardy/engine';
import { AckResultSchema, ServerToClientSchema, type GameSummary, type TableSettings } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { commitment } from '../game/dice.js';
import { LOBBY_TYPES } from './lobby.js';
import { SEED, SETTINGS, code, fakeLink, kit, settle, viewer } from './test-kit.suite.js';

const tableSettings = (rated = false): TableSettings => {
  const m = matchSettings({ variant: 'long', matchLength: 3 });
  if (!m.ok) throw new Error(m.error.message);
  return { match: m.value, rated, stake: 0 };
};

const summary = (gameId: string): GameSummary => ({
  gameId,
  players: { p1: { userId: 'x', name: 'X', guest: false }, p2: { userId: 'y', name: 'Y', guest: false } },
  settings: tableSettings(),
  score: { p1: 0, p2: 0 },
  spectators: 0,
  startedAt: 1,
});

describe('lobby: subscriptions and pushes', () => {
  it('sends a snapshot on subscribe, then seeks and games as they come and go, to subscribers only', async () => {
    const k = kit();
    const watcher = fakeLink('w');
    const other = fakeLink('o');
    const alice = fakeLink('alice');
    await k.lobby.connected(other);
    k.lobby.gameStarted(summary('g0'));
    expect(code(await k.send(watcher, { type: 'lobby.subscribe' }))).toBe('ok');
    const [snap] = watcher.take('lobby.snapshot');
    expect(snap?.games.map((g) => g.gameId)).toEqual(['g0']);
    expect(snap?.seeks).toEqual([]);
    expect(snap?.online).toBe(2);

    const r = await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    expect(r.ok && r.value).toEqual({ kind: 'seek', seekId: 's1' });
    k.lobby.gameStarted(summary('g9'));
    await k.lobby.gameEnded('g0');
    await k.lobby.gameEnded('nope');
    expect(code(await k.send(alice, { type: 'seek.cancel', seekId: 's1' }))).toBe('ok');
    expect(watcher.sent.map((m) => m.type)).toEqual([
      'lobby.seekAdded',
      'lobby.gameAdded',
      'lobby.gameRemoved',
      'lobby.seekRemoved',
    ]);
    for (const m of watcher.sent) expect(ServerToClientSchema.safeParse(m).success).toBe(true);
    expect(other.sent).toEqual([]);
    expect(alice.sent).toEqual([]);

    expect(code(await k.send(watcher, { type: 'lobby.unsubscribe' }))).toBe('ok');
    expect(code(await k.send(watcher, { type: 'lobby.unsubscribe' }))).toBe('ok');
    watcher.sent.length = 0;
    await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    expect(watcher.sent).toEqual([]);
  });

  it('a second subscribe sends a fresh snapshot; a closed link gets nothing more', async () => {
    const k = kit();
    const w = fakeLink('w');
    await k.send(w, { type: 'lobby.subscribe' });
    await k.send(w, { type: 'lobby.subscribe' });
    expect(w.take('lobby.snapshot')).toHaveLength(2);
    await k.lobby.disconnected(w);
    k.lobby.gameStarted(summary('g1'));
    expect(w.sent).toEqual([]);
    expect(code(await k.send(w, { type: 'lobby.subscribe' }))).toBe('UNAVAILABLE');
    expect(k.lobby.state().links).toEqual([]);
  });

  it('handles exactly the lobby commands, and not bot.play', () => {
    const k = kit();
    expect(k.lobby.types).toEqual(LOBBY_TYPES);
    expect(k.lobby.types).not.toContain('bot.play');
  });
});

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
    expect(code(await k.raw(alice, { type: 'seek.create', settings: { ...SETTINGS, match: { variant: 'long', timeControl: { kind: 'matchReserve', perPointMs: 1000, delayMs: 0 } } } }))).toBe('BAD_OPTIONS');
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
    expect(code(await k.send(alice, { type: 'seek.create', settings: SETTINGS }))).toBe('CONFLICT');
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

describe('lobby: quick pairing', () => {
  const pool = (over: Record<string, unknown> = {}) => ({
    variant: 'long',
    matchLength: 0,
    timeControl: { kind: 'fischer', initialMs: 300000, incrementMs: 5000 },
    rated: false,
    ...over,
  });

  it('pairs two users who ask for the same pool, first come first served', async () => {
    const k = kit();
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((u) => fakeLink(u)) as [
      ReturnType<typeof fakeLink>,
      ReturnType<typeof fakeLink>,
      ReturnType<typeof fakeLink>,
      ReturnType<typeof fakeLink>,
    ];
    expect(code(await k.send(a, { type: 'quickPair.join', pool: pool(), clientSeed: 'sa' }))).toBe('ok');
    expect(code(await k.send(b, { type: 'quickPair.join', pool: pool({ matchLength: 3 }) }))).toBe('ok');
    expect(code(await k.send(c, { type: 'quickPair.join', pool: pool({ variant: 'short' }) }))).toBe('ok');
    expect(k.factory.requests).toEqual([]);
    expect(code(await k.send(d, { type: 'quickPair.join', pool: pool(), clientSeed: 'sd' }))).toBe('ok');
    expect(k.factory.last).toMatchObject({
      seats: { p1: { userId: 'a' }, p2: { userId: 'd' } },
      clientSeeds: { p1: 'sa', p2: 'sd' },
      rated: false,
    });
    expect(k.factory.last.serverSeed).toBeUndefined();
    expect(k.factory.last.settings.match.timeControl).toEqual({ kind: 'fischer', initialMs: 300000, incrementMs: 5000 });
    expect(a.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p1' }]);
    expect(d.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p2' }]);
    expect(k.lobby.state().pools.map((p) => p.users)).toEqual([['b'], ['c']]);
  });

  it('FIFO: the first waiting is paired first; the same pool however its fields are ordered', async () => {
    const k = kit();
    for (const u of ['a', 'b']) {
      await k.send(fakeLink(u), { type: 'quickPair.join', pool: pool() });
    }
    expect(k.factory.requests).toHaveLength(1);
    await k.send(fakeLink('c'), { type: 'quickPair.join', pool: pool() });
    await k.send(fakeLink('x'), { type: 'quickPair.join', pool: pool({ rated: true }) });
    await k.send(fakeLink('y'), {
      type: 'quickPair.join',
      pool: { rated: false, timeControl: { incrementMs: 5000, initialMs: 300000, kind: 'fischer' }, matchLength: 0, variant: 'long' },
    });
    expect(k.factory.requests).toHaveLength(2);
    expect(k.factory.last.seats).toEqual({ p1: { kind: 'user', userId: 'y' }, p2: { kind: 'user', userId: 'c' } });
  });

  it('skips blocked users and the same user; one pool per user; leave', async () => {
    const k = kit();
    k.blocks.add('b>a');
    const a = fakeLink('a');
    await k.send(a, { type: 'quickPair.join', pool: pool() });
    await k.send(fakeLink('a'), { type: 'quickPair.join', pool: pool() });
    expect(k.lobby.state().pools).toEqual([{ key: expect.any(String), users: ['a'] }]);
    await k.send(fakeLink('b'), { type: 'quickPair.join', pool: pool() });
    expect(k.factory.requests).toEqual([]);
    expect(k.lobby.state().pools[0]?.users).toEqual(['a', 'b']);
    // Joining another pool moves the user.
    await k.send(a, { type: 'quickPair.join', pool: pool({ matchLength: 5 }) });
    expect(k.lobby.state().pools.map((p) => p.users)).toEqual([['b'], ['a']]);
    expect(code(await k.send(a, { type: 'quickPair.leave' }))).toBe('ok');
    expect(code(await k.send(a, { type: 'quickPair.leave' }))).toBe('CONFLICT');
    expect(k.lobby.state().pools.map((p) => p.users)).toEqual([['b']]);
  });

  it('refuses rated pools to guests and impossible pools; a disconnect leaves the pool', async () => {
    const k = kit();
    expect(code(await k.send(fakeLink(viewer('g', true)), { type: 'quickPair.join', pool: pool({ rated: true }) }))).toBe('UNAUTHORIZED');
    expect(
      code(await k.send(fakeLink('a'), { type: 'quickPair.join', pool: pool({ timeControl: { kind: 'matchReserve', perPointMs: 1, delayMs: 0 } }) })),
    ).toBe('BAD_OPTIONS');
    const b = fakeLink('b');
    await k.send(b, { type: 'quickPair.join', pool: pool() });
    await k.lobby.disconnected(b);
    expect(k.lobby.state().pools).toEqual([]);
  });

  it('a failed start leaves the waiting player where he was', async () => {
    const k = kit();
    await k.send(fakeLink('a'), { type: 'quickPair.join', pool: pool() });
    k.factory.failures.push({ code: 'INTERNAL', message: 'x' });
    expect(code(await k.send(fakeLink('b'), { type: 'quickPair.join', pool: pool() }))).toBe('INTERNAL');
    expect(k.lobby.state().pools.map((p) => p.users)).toEqual([['a']]);
  });
});

describe('lobby: challenges', () => {
  it('pushes the challenge to all of the target\u2019s connections; accept starts the game', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    const bobTab = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.lobby.connected(bobTab);
    const r = await k.send(alice, { type: 'challenge.send', to: 'bob', settings: SETTINGS, clientSeed: 'as' });
    expect(r.ok && r.value).toEqual({ kind: 'challenge', challengeId: 'ch1' });
    const [got] = bob.take('challenge.received');
    expect(got?.challenge).toMatchObject({ challengeId: 'ch1', from: { userId: 'alice' }, to: { userId: 'bob' }, commitment: commitment(SEED) });
    expect(ServerToClientSchema.safeParse(got).success).toBe(true);
    expect(bobTab.take('challenge.received')).toHaveLength(1);
    expect(alice.sent).toEqual([]);

    const acc = await k.send(bob, { type: 'challenge.accept', challengeId: 'ch1', clientSeed: 'bs' });
    expect(acc.ok && acc.value).toEqual({ kind: 'game', gameId: 'g1', seat: 'p2' });
    expect(k.factory.last).toMatchObject({ clientSeeds: { p1: 'as', p2: 'bs' }, serverSeed: SEED });
    expect(alice.sent).toEqual([
      { type: 'challenge.closed', challengeId: 'ch1', reason: 'accepted' },
      { type: 'game.started', gameId: 'g1', seat: 'p1' },
    ]);
    expect(bobTab.sent).toEqual([
      { type: 'challenge.closed', challengeId: 'ch1', reason: 'accepted' },
      { type: 'game.started', gameId: 'g1', seat: 'p2' },
    ]);
    expect(k.lobby.state().challenges).toEqual([]);
  });

  it('refuses yourself, offline users, blocked pairs, rated with a guest, duplicates and too many', async () => {
    const k = kit({ maxChallengesPerUser: 2 });
    const alice = fakeLink('alice');
    for (const u of ['bob', 'carol', 'dave']) await k.lobby.connected(fakeLink(u));
    await k.lobby.connected(fakeLink(viewer('guest', true)));
    const send = (to: string, settings: object = SETTINGS) => k.raw(alice, { type: 'challenge.send', to, settings });
    expect(code(await send('alice'))).toBe('CONFLICT');
    expect(code(await send('nobody'))).toBe('NOT_FOUND');
    expect(code(await send('guest', { ...SETTINGS, rated: true }))).toBe('UNAUTHORIZED');
    expect(code(await send('bob', { ...SETTINGS, match: { variant: 'short', koks: true } }))).toBe('BAD_OPTIONS');
    k.blocks.add('bob>alice');
    expect(code(await send('bob'))).toBe('BLOCKED');
    k.blocks.clear();
    k.blocks.add('alice>bob');
    expect(code(await send('bob'))).toBe('BLOCKED');
    k.blocks.clear();
    expect(code(await send('bob'))).toBe('ok');
    expect(code(await send('bob'))).toBe('CONFLICT');
    expect(code(await send('carol'))).toBe('ok');
    expect(code(await send('dave'))).toBe('CONFLICT');
    expect(code(await send('guest'))).toBe('CONFLICT');
    expect(k.lobby.state().challenges.map((c) => c.to.userId)).toEqual(['bob', 'carol']);
  });

  it('accept, decline and cancel only by the right side', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    const carol = fakeLink('carol');
    await k.lobby.connected(bob);
    await k.send(alice, { type: 'challenge.send', to: 'bob', settings: SETTINGS });
    expect(code(await k.send(alice, { type: 'challenge.accept', challengeId: 'ch1' }))).toBe('CONFLICT');
    expect(code(await k.send(carol, { type: 'challenge.accept', challengeId: 'ch1' }))).toBe('FORBIDDEN');
    expect(code(await k.send(alice, { type: 'challenge.decline', challengeId: 'ch1' }))).toBe('CONFLICT');
    expect(code(await k.send(carol, { type: 'challenge.decline', challengeId: 'ch1' }))).toBe('FORBIDDEN');
    expect(code(await k.send(bob, { type: 'challenge.cancel', challengeId: 'ch1' }))).toBe('CONFLICT');
    expect(code(await k.send(carol, { type: 'challenge.cancel', challengeId: 'ch1' }))).toBe('FORBIDDEN');
    expect(code(await k.send(bob, { type: 'challenge.accept', challengeId: 'zz' }))).toBe('NOT_FOUND');
    expect(code(await k.send(bob, { type: 'challenge.decline', challengeId: 'zz' }))).toBe('NOT_FOUND');
    expect(code(await k.send(alice, { type: 'challenge.cancel', challengeId: 'zz' }))).toBe('NOT_FOUND');
    expect(k.lobby.state().challenges).toHaveLength(1);
    alice.sent.length = 0;
    bob.sent.length = 0;

    expect(code(await k.send(bob, { type: 'challenge.decline', challengeId: 'ch1', reason: 'later' }))).toBe('ok');
    expect(alice.sent).toEqual([{ type: 'challenge.closed', challengeId: 'ch1', reason: 'declined' }]);
    expect(bob.sent).toEqual([{ type: 'challenge.closed', challengeId: 'ch1', reason: 'declined' }]);
    expect(code(await k.send(bob, { type: 'challenge.accept', challengeId: 'ch1' }))).toBe('NOT_FOUND');

    await k.send(alice, { type: 'challenge.send', to: 'bob', settings: SETTINGS });
    bob.sent.length = 0;
    expect(code(await k.send(alice, { type: 'challenge.cancel', challengeId: 'ch2' }))).toBe('ok');
    expect(bob.sent).toEqual([{ type: 'challenge.closed', challengeId: 'ch2', reason: 'cancelled' }]);
    expect(k.factory.requests).toEqual([]);
  });

  it('expires after its time (fake clock), on the next command or on expire()', async () => {
    const k = kit({ challengeTtlMs: 30_000 });
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.send(alice, { type: 'challenge.send', to: 'bob', settings: SETTINGS });
    k.clock.advance(29_999);
    await k.lobby.expire();
    expect(k.lobby.state().challenges).toHaveLength(1);
    k.clock.advance(1);
    bob.sent.length = 0;
    expect(code(await k.send(bob, { type: 'challenge.accept', challengeId: 'ch1' }))).toBe('NOT_FOUND');
    expect(bob.sent).toEqual([{ type: 'challenge.closed', challengeId: 'ch1', reason: 'expired' }]);
    expect(alice.take('challenge.closed')).toEqual([{ type: 'challenge.closed', challengeId: 'ch1', reason: 'expired' }]);

    await k.send(alice, { type: 'challenge.send', to: 'bob', settings: SETTINGS });
    k.clock.advance(30_000);
    await k.lobby.expire();
    expect(alice.take('challenge.closed')).toEqual([{ type: 'challenge.closed', challengeId: 'ch2', reason: 'expired' }]);
  });

  it('closes when the challenger\u2019s connection or the target\u2019s last one goes', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    const bobTab = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.lobby.connected(bobTab);
    await k.send(alice, { type: 'challenge.send', to: 'bob', settings: SETTINGS });
    await k.lobby.disconnected(bob);
    expect(k.lobby.state().challenges).toHaveLength(1);
    await k.lobby.disconnected(bobTab);
    expect(k.lobby.state().challenges).toHaveLength(0);
    expect(alice.take('challenge.closed')).toEqual([{ type: 'challenge.closed', challengeId: 'ch1', reason: 'cancelled' }]);

    const carol = fakeLink('carol');
    await k.lobby.connected(carol);
    await k.send(alice, { type: 'challenge.send', to: 'carol', settings: SETTINGS });
    carol.sent.length = 0;
    await k.lobby.disconnected(alice);
    expect(carol.sent).toEqual([{ type: 'challenge.closed', challengeId: 'ch2', reason: 'cancelled' }]);
  });

  it('a failed start leaves the challenge open', async () => {
    const k = kit();
    const bob = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.send(fakeLink('alice'), { type: 'challenge.send', to: 'bob', settings: SETTINGS });
    k.factory.failures.push({ code: 'INSUFFICIENT_CHIPS', message: 'no' });
    expect(code(await k.send(bob, { type: 'challenge.accept', challengeId: 'ch1' }))).toBe('INSUFFICIENT_CHIPS');
    expect(k.lobby.state().challenges).toHaveLength(1);
  });
});

describe('lobby: private tables', () => {
  it('creates a table with a token and commitment; the first other user who joins sits', async () => {
    const k = kit({ newToken: () => 'tK9f2LqXv7bN3mZr' });
    const alice = fakeLink('alice');
    const r = await k.send(alice, { type: 'table.create', settings: { ...SETTINGS, match: { variant: 'caucasian', matchLength: 7 } }, clientSeed: 'as' });
    expect(r.ok && r.value).toEqual({ kind: 'table', token: 'tK9f2LqXv7bN3mZr', commitment: commitment(SEED) });
    expect(r.ok && AckResultSchema.safeParse(r.value).success).toBe(true);
    expect(code(await k.send(fakeLink('alice'), { type: 'table.join', token: 'tK9f2LqXv7bN3mZr' }))).toBe('CONFLICT');
    expect(code(await k.send(fakeLink('bob'), { type: 'table.join', token: 'x'.repeat(16) }))).toBe('NOT_FOUND');
    const j = await k.send(fakeLink('bob'), { type: 'table.join', token: 'tK9f2LqXv7bN3mZr', clientSeed: 'bs' });
    expect(j.ok && j.value).toEqual({ kind: 'game', gameId: 'g1', seat: 'p2' });
    expect(k.factory.last).toMatchObject({ serverSeed: SEED, clientSeeds: { p1: 'as', p2: 'bs' } });
    expect(k.factory.last.settings.match.variant).toBe('caucasian');
    expect(alice.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p1' }]);
    expect(code(await k.send(fakeLink('carol'), { type: 'table.join', token: 'tK9f2LqXv7bN3mZr' }))).toBe('NOT_FOUND');
  });

  it('the default token is 24 url-safe characters; tables are not listed in the lobby', async () => {
    const k = kit({ newToken: undefined as never });
    const w = fakeLink('w');
    await k.send(w, { type: 'lobby.subscribe' });
    w.sent.length = 0;
    const r = await k.send(fakeLink('alice'), { type: 'table.create', settings: SETTINGS });
    expect(r.ok && r.value?.kind === 'table' && r.value.token).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(w.sent).toEqual([]);
  });

  it('refuses rated guests, blocked users; limits tables; the creator may cancel; expires; vanishes on disconnect', async () => {
    let n = 0;
    const k = kit({ newToken: () => `token-number-${String(++n).padStart(4, '0')}`, maxTablesPerUser: 2, tableTtlMs: 1000 });
    const alice = fakeLink('alice');
    await k.send(alice, { type: 'table.create', settings: { ...SETTINGS, rated: true } });
    const t1 = 'token-number-0001';
    expect(code(await k.send(fakeLink(viewer('g', true)), { type: 'table.join', token: t1 }))).toBe('UNAUTHORIZED');
    k.blocks.add('alice>bob');
    expect(code(await k.send(fakeLink('bob'), { type: 'table.join', token: t1 }))).toBe('BLOCKED');
    expect(code(await k.send(alice, { type: 'table.create', settings: SETTINGS }))).toBe('ok');
    expect(code(await k.send(alice, { type: 'table.create', settings: SETTINGS }))).toBe('CONFLICT');
    expect(k.lobby.state().tables).toHaveLength(2);
    expect(code(await k.lobby.cancelTable(fakeLink('bob'), t1))).toBe('FORBIDDEN');
    expect(code(await k.lobby.cancelTable(alice, t1))).toBe('ok');
    expect(code(await k.lobby.cancelTable(alice, t1))).toBe('NOT_FOUND');
    k.clock.advance(1000);
    await k.lobby.expire();
    expect(k.lobby.state().tables).toEqual([]);
    await k.send(alice, { type: 'table.create', settings: SETTINGS });
    await k.lobby.disconnected(alice);
    expect(k.lobby.state().tables).toEqual([]);
  });
});

describe('lobby: rematch', () => {
  it('offer then accept: the same settings, seats swapped, events for the old game', async () => {
    const k = kit();
    k.rematches.add('g0', 'alice', 'bob', tableSettings(true));
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    const bobTab = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.lobby.connected(bobTab);
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'g0', clientSeed: 'as' }))).toBe('ok');
    expect(k.rematches.events).toEqual([{ gameId: 'g0', event: { kind: 'rematchOffered', by: 'p1' } }]);
    const r = await k.send(bob, { type: 'rematch.accept', gameId: 'g0', clientSeed: 'bs' });
    expect(r.ok && r.value).toEqual({ kind: 'game', gameId: 'g1', seat: 'p1' });
    expect(k.factory.last).toMatchObject({
      seats: { p1: { userId: 'bob' }, p2: { userId: 'alice' } },
      clientSeeds: { p1: 'bs', p2: 'as' },
      rated: true,
      settings: tableSettings(true),
    });
    expect(k.factory.last.serverSeed).toBeUndefined();
    expect(alice.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p2' }]);
    expect(bobTab.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p1' }]);
    expect(bob.sent).toEqual([]);
    expect(k.rematches.events.at(-1)).toEqual({ gameId: 'g0', event: { kind: 'rematchStarted', gameId: 'g1' } });
    // One rematch per game.
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'g0' }))).toBe('CONFLICT');
  });

  it('both offering is an agreement', async () => {
    const k = kit();
    k.rematches.add('g0', 'alice', 'bob', tableSettings());
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.send(alice, { type: 'rematch.offer', gameId: 'g0' });
    expect(code(await k.send(bob, { type: 'rematch.offer', gameId: 'g0' }))).toBe('ok');
    expect(k.factory.last.seats).toEqual({ p1: { kind: 'user', userId: 'bob' }, p2: { kind: 'user', userId: 'alice' } });
    expect(bob.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p1' }]);
    expect(alice.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p2' }]);
  });

  it('decline, and the error codes', async () => {
    const k = kit();
    k.rematches.add('g0', 'alice', 'bob', tableSettings());
    k.rematches.add('live', 'alice', 'bob', tableSettings(), false);
    k.rematches.add('gb', 'alice', 'bot-3', tableSettings());
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'g0' }))).toBe('CONFLICT'); // bob is not online
    await k.lobby.connected(bob);
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'nope' }))).toBe('NOT_FOUND');
    expect(code(await k.send(fakeLink('carol'), { type: 'rematch.offer', gameId: 'g0' }))).toBe('FORBIDDEN');
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'live' }))).toBe('CONFLICT');
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'gb' }))).toBe('CONFLICT');
    expect(code(await k.send(bob, { type: 'rematch.accept', gameId: 'g0' }))).toBe('CONFLICT');
    expect(code(await k.send(bob, { type: 'rematch.decline', gameId: 'g0' }))).toBe('CONFLICT');
    k.blocks.add('bob>alice');
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'g0' }))).toBe('BLOCKED');
    k.blocks.clear();
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'g0' }))).toBe('ok');
    expect(code(await k.send(alice, { type: 'rematch.offer', gameId: 'g0' }))).toBe('CONFLICT');
    expect(code(await k.send(alice, { type: 'rematch.accept', gameId: 'g0' }))).toBe('CONFLICT');
    expect(code(await k.send(alice, { type: 'rematch.decline', gameId: 'g0' }))).toBe('CONFLICT');
    expect(code(await k.send(bob, { type: 'rematch.decline', gameId: 'g0' }))).toBe('ok');
    expect(k.rematches.events.at(-1)).toEqual({ gameId: 'g0', event: { kind: 'rematchDeclined', by: 'p2' } });
    expect(code(await k.send(bob, { type: 'rematch.accept', gameId: 'g0' }))).toBe('CONFLICT');
    expect(k.factory.requests).toEqual([]);
  });

  it('an offer goes with the connection that made it; without a source rematches are unavailable', async () => {
    const k = kit();
    k.rematches.add('g0', 'alice', 'bob', tableSettings());
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.send(alice, { type: 'rematch.offer', gameId: 'g0' });
    await k.lobby.disconnected(alice);
    expect(code(await k.send(bob, { type: 'rematch.accept', gameId: 'g0' }))).toBe('CONFLICT');

    const bare = kit({ rematches: undefined as never });
    expect(code(await bare.send(fakeLink('alice'), { type: 'rematch.offer', gameId: 'g0' }))).toBe('UNAVAILABLE');
  });

  it('a failed start keeps the offer open', async () => {
    const k = kit();
    k.rematches.add('g0', 'alice', 'bob', tableSettings());
    const bob = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.send(fakeLink('alice'), { type: 'rematch.offer', gameId: 'g0' });
    k.factory.failures.push({ code: 'INTERNAL', message: 'x' });
    expect(code(await k.send(bob, { type: 'rematch.accept', gameId: 'g0' }))).toBe('INTERNAL');
    expect(code(await k.send(bob, { type: 'rematch.accept', gameId: 'g0' }))).toBe('ok');
  });
});

describe('lobby: one command at a time', () => {
  /** Answers held until the test lets them go: a command stays in its await while the test sends more. */
  class Gate {
    readonly waiting: (() => void)[] = [];
    hold<T>(value: T): Promise<T> {
      return new Promise((resolve) => this.waiting.push(() => resolve(value)));
    }
    /** Lets the held answers go (and those they lead to) until `p` has settled. */
    async until(p: Promise<unknown>): Promise<void> {
      let over = false;
      void p.finally(() => (over = true));
      for (let i = 0; !over; i++) {
        if (i === 100) throw new Error('the command never finished');
        for (const release of this.waiting.splice(0)) release();
        await settle();
      }
    }
  }

  it('two accepts of one seek: the second starts only when the first has answered, and finds the seek gone', async () => {
    const gate = new Gate();
    const k = kit({ isBlocked: () => gate.hold(false) });
    await k.send(fakeLink('alice'), { type: 'seek.create', settings: SETTINGS });
    const answered: string[] = [];
    const bob = k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' }).then((r) => (answered.push('bob'), r));
    const carol = k.send(fakeLink('carol'), { type: 'seek.accept', seekId: 's1' }).then((r) => (answered.push('carol'), r));
    await settle();
    // Bob's block check is under way; Carol's command has not begun.
    expect(gate.waiting).toHaveLength(1);
    expect(answered).toEqual([]);
    await gate.until(bob);
    expect(code(await bob)).toBe('ok');
    expect(code(await carol)).toBe('NOT_FOUND');
    expect(answered).toEqual(['bob', 'carol']);
    expect(gate.waiting).toEqual([]);
    expect(k.factory.requests).toHaveLength(1);
    expect(k.lobby.state().seeks).toEqual([]);
  });

  it('two seeks posted at once past the cap: the second waits out the first\u2019s chips check, then meets the cap', async () => {
    const gate = new Gate();
    const k = kit({ maxSeeksPerUser: 1, chips: { canStake: () => gate.hold(true) } });
    const staked = { ...SETTINGS, stake: 10 };
    const first = k.send(fakeLink('alice'), { type: 'seek.create', settings: staked });
    const second = k.send(fakeLink('alice'), { type: 'seek.create', settings: staked });
    await settle();
    expect(gate.waiting).toHaveLength(1);
    await gate.until(first);
    expect(code(await first)).toBe('ok');
    expect(code(await second)).toBe('CONFLICT');
    expect(gate.waiting).toEqual([]);
    expect(k.lobby.state().seeks).toHaveLength(1);
  });

  it('a challenge cancelled and expiring while its accept starts the game: both wait, and find it accepted', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    const bob = fakeLink('bob');
    await k.lobby.connected(bob);
    await k.send(alice, { type: 'challenge.send', to: 'bob', settings: SETTINGS });
    bob.sent.length = 0;
    k.factory.hold = true;
    const accept = k.send(bob, { type: 'challenge.accept', challengeId: 'ch1' });
    await settle();
    expect(k.factory.requests).toHaveLength(1);
    const cancel = k.send(alice, { type: 'challenge.cancel', challengeId: 'ch1' });
    k.clock.advance(60_000);
    const expiry = k.lobby.expire();
    await settle();
    expect(alice.sent).toEqual([]);
    expect(k.lobby.state().challenges).toHaveLength(1);
    k.factory.held.forEach((release) => release());
    expect(code(await accept)).toBe('ok');
    expect(code(await cancel)).toBe('NOT_FOUND');
    await expiry;
    expect(alice.sent).toEqual([
      { type: 'challenge.closed', challengeId: 'ch1', reason: 'accepted' },
      { type: 'game.started', gameId: 'g1', seat: 'p1' },
    ]);
    expect(bob.sent).toEqual([{ type: 'challenge.closed', challengeId: 'ch1', reason: 'accepted' }]);
    expect(k.lobby.state().challenges).toEqual([]);
  });

  it('the owner leaving while his seek is being accepted: the leave waits its turn, then takes the seek a failed start left', async () => {
    const k = kit();
    const alice = fakeLink('alice');
    await k.send(alice, { type: 'seek.create', settings: SETTINGS });
    k.factory.hold = true;
    k.factory.failures.push({ code: 'INTERNAL', message: 'x' });
    const pending = k.send(fakeLink('bob'), { type: 'seek.accept', seekId: 's1' });
    await settle();
    expect(k.factory.requests).toHaveLength(1);
    const left = k.lobby.disconnected(alice);
    await settle();
    expect(k.lobby.state().links).toContain(alice.id);
    k.factory.held.forEach((release) => release());
    expect(code(await pending)).toBe('INTERNAL');
    await left;
    expect(k.lobby.state().seeks).toEqual([]);
    expect(k.lobby.state().links).not.toContain(alice.id);
  });

  it('a game that ends while a subscriber\u2019s snapshot is on its way: in the snapshot, then removed', async () => {
    const gate = new Gate();
    const k = kit({ room: { joined: () => gate.hold(undefined), left: () => undefined } });
    k.lobby.gameStarted(summary('g0'));
    const w = fakeLink('w');
    const subscribed = k.send(w, { type: 'lobby.subscribe' });
    await settle();
    const ended = k.lobby.gameEnded('g0');
    await settle();
    expect(k.lobby.state().games.map((g) => g.gameId)).toEqual(['g0']);
    await gate.until(subscribed);
    await ended;
    expect(w.sent.map((m) => m.type)).toEqual(['lobby.snapshot', 'lobby.gameRemoved']);
    expect(k.lobby.state().games).toEqual([]);
  });
});
