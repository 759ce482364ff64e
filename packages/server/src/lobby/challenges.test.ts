import { ServerToClientSchema } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { commitment } from '../game/dice.js';
import { SEED, SETTINGS, code, fakeLink, kit, viewer } from './test-kit.suite.js';

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
