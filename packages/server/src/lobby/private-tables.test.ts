import { AckResultSchema } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { commitment } from '../game/dice.js';
import { SEED, SETTINGS, code, fakeLink, kit, viewer } from './test-kit.suite.js';

describe('lobby: private tables', () => {
  it('creates a table with a token and commitment; the first other user who joins sits', async () => {
    const k = kit({ newToken: () => 'tK9f2LqXv7bN3mZr' });
    const alice = fakeLink('alice');
    const r = await k.send(alice, { type: 'table.create', settings: { ...SETTINGS, match: { variant: 'caucasian', matchLength: 7 } }, clientSeed: 'as' });
    expect(r.ok && r.value).toEqual({ kind: 'table', token: 'tK9f2LqXv7bN3mZr', commitment: commitment(SEED) });
    expect(r.ok && AckResultSchema.safeParse(r.value).success).toBe(true);
    expect(code(await k.send(fakeLink('alice'), { type: 'table.join', token: 'tK9f2LqXv7bN3mZr' }))).toBe('CONFLICT');
    expect(code(await k.send(fakeLink('bob'), { type: 'table.join', token: 'x'.repeat(16) }))).toBe('NOT_FOUND');
    // Whoever opens the link first sees what the table plays and who made it, before he sits down.
    const shown = await k.send(fakeLink('bob'), { type: 'table.show', token: 'tK9f2LqXv7bN3mZr' });
    expect(shown.ok && shown.value).toMatchObject({
      kind: 'tableInfo',
      settings: { match: { variant: 'caucasian', matchLength: 7 } },
      host: { userId: 'alice' },
    });
    expect(shown.ok && AckResultSchema.safeParse(shown.value).success).toBe(true);
    expect(code(await k.send(fakeLink('bob'), { type: 'table.show', token: 'x'.repeat(16) }))).toBe('NOT_FOUND');
    const j = await k.send(fakeLink('bob'), { type: 'table.join', token: 'tK9f2LqXv7bN3mZr', clientSeed: 'bs' });
    expect(j.ok && j.value).toEqual({ kind: 'game', gameId: 'g1', seat: 'p2' });
    expect(k.factory.last).toMatchObject({ serverSeed: SEED, clientSeeds: { p1: 'as', p2: 'bs' } });
    expect(k.factory.last.settings.match.variant).toBe('caucasian');
    expect(alice.take('game.started')).toEqual([{ type: 'game.started', gameId: 'g1', seat: 'p1' }]);
    expect(code(await k.send(fakeLink('carol'), { type: 'table.join', token: 'tK9f2LqXv7bN3mZr' }))).toBe('NOT_FOUND');
    expect(code(await k.send(fakeLink('carol'), { type: 'table.show', token: 'tK9f2LqXv7bN3mZr' }))).toBe('NOT_FOUND');
  });

  it('the default token is 24 url-safe characters; tables are not listed in the lobby', async () => {
    const k = kit({ newToken: undefined as never });
    const w = fakeLink('w');
    await k.send(w, { type: 'lobby.subscribe' });
    const alice = fakeLink('alice');
    await k.lobby.connected(alice);
    w.sent.length = 0;
    const r = await k.send(alice, { type: 'table.create', settings: SETTINGS });
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
