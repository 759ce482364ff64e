import { describe, expect, it } from 'vitest';
import { code, fakeLink, kit, viewer } from './test-kit.suite.js';

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
      code(await k.send(fakeLink('a'), { type: 'quickPair.join', pool: pool({ timeControl: { kind: 'matchReserve', perPointMs: 1000, delayMs: 0 } }) })),
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
