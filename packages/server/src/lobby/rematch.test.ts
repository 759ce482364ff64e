import { matchSettings } from '@nardy/engine';
import type { TableSettings } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { code, fakeLink, kit } from './test-kit.suite.js';

const tableSettings = (rated = false): TableSettings => {
  const m = matchSettings({ variant: 'long', matchLength: 3 });
  if (!m.ok) throw new Error(m.error.message);
  return { match: m.value, rated, stake: 0 };
};

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

  it("an offer is its user's: his reload keeps it; away past the grace, unanswered too long or playing another game, it goes", async () => {
    const k = kit();
    k.rematches.add('g0', 'alice', 'bob', tableSettings());
    const bob = fakeLink('bob');
    await k.lobby.connected(bob);
    const alice = fakeLink('alice');
    await k.send(alice, { type: 'rematch.offer', gameId: 'g0' });
    // Alice reloads: her connection closes and a new one opens within the grace; the offer stays, hers to take back.
    await k.lobby.disconnected(alice);
    k.clock.advance(5_000);
    await k.lobby.expire();
    const alice2 = fakeLink('alice');
    await k.lobby.connected(alice2);
    k.clock.advance(60_000);
    await k.lobby.expire();
    expect(k.lobby.state().offers).toMatchObject([{ gameId: 'g0', userId: 'alice' }]);
    expect(code(await k.send(alice2, { type: 'rematch.cancel', gameId: 'g0' }))).toBe('ok');

    // Offered again, she leaves for good: once the grace has passed the offer is withdrawn.
    await k.send(alice2, { type: 'rematch.offer', gameId: 'g0' });
    await k.lobby.disconnected(alice2);
    await k.lobby.expire();
    k.clock.advance(20_000);
    expect(code(await k.send(bob, { type: 'rematch.accept', gameId: 'g0' }))).toBe('CONFLICT');
    expect(k.rematches.events.at(-1)).toEqual({ gameId: 'g0', event: { kind: 'rematchWithdrawn', by: 'p1' } });

    // Unanswered for five minutes, an offer lapses.
    const alice3 = fakeLink('alice');
    await k.send(alice3, { type: 'rematch.offer', gameId: 'g0' });
    k.clock.advance(5 * 60_000);
    expect(code(await k.send(bob, { type: 'rematch.accept', gameId: 'g0' }))).toBe('CONFLICT');

    // She starts another game: the offer goes.
    await k.send(alice3, { type: 'rematch.offer', gameId: 'g0' });
    const user = (userId: string) => ({ userId, name: userId, guest: false });
    k.lobby.gameStarted({
      gameId: 'g9',
      players: { p1: user('alice'), p2: user('carol') },
      settings: tableSettings(),
      score: { p1: 0, p2: 0 },
      spectators: 0,
      startedAt: k.clock.t,
    });
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
