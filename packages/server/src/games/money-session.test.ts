import type { Seat } from '@nardy/engine';
import type { GameView, TableSettingsInput } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChipsLedger } from '../chips/ledger.js';
import { DEFAULT_NEXT_GAME_PAUSE_MS } from '../game/actor.js';
import type { MemoryClient } from '../ws/memory.js';
import { acked, seekAccepted, lastView, settle, world, type World } from './kit.suite.js';

/**
 * G6 money sessions through the real socket layer, lobby, games and ledger (fixed dice): between two games the next
 * game waits a pause in which either player may end the session; resigning the session concedes the game in play;
 * the session's limits (games, points ahead, minutes, a staked player's hold) end it. Chips are settled exactly.
 */

let w: World | undefined;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    expect(await w.store.auditChips()).toEqual({ ok: true, value: [] });
    await w.close();
  }
  w = undefined;
});

const GRANT = 1000;
const money = (stake: number, match: Partial<TableSettingsInput['match']>): TableSettingsInput => ({
  match: { variant: 'short', matchLength: 0, ...match },
  rated: false,
  stake,
});

/** Alice's staked seek taken by Bob (the lobby's coin seats Alice at p1), both subscribed, someone on turn. */
async function session(settings: TableSettingsInput) {
  w = await world('sqlite', { rateLimit: { perSecond: 1e9, burst: 1e9 }, env: { CHIPS_GRANT: String(GRANT) } });
  const { alice, bob, gameId } = await seekAccepted(w, settings);
  expect(lastView(alice, gameId).toAct).not.toBeNull();
  return { w, ledger: w.app.chips, alice, bob, gameId, of: (s: Seat) => (s === 'p1' ? alice : bob) };
}

const act = async (c: MemoryClient, gameId: string, type: string) =>
  c.command({ type: 'game.action', gameId, version: lastView(c, gameId).version, action: { type } as never });

async function balances(ledger: ChipsLedger, w: World) {
  const out: Record<string, { free: number; held: number }> = {};
  for (const n of ['alice', 'bob']) {
    const b = await ledger.balance(w.users[n]!.userId);
    if (!b.ok) throw new Error(b.error.message);
    out[n] = { free: b.value.free, held: b.value.held };
  }
  return out;
}

/** What the ledger must show after a session that ended `score` at `stake` chips a point. */
const settled = (score: GameView['score'], stake: number) => {
  const paid = (score.p1 - score.p2) * stake;
  return { alice: { free: GRANT + paid, held: 0 }, bob: { free: GRANT - paid, held: 0 } };
};

async function finished(w: World, gameId: string) {
  for (let i = 0; i < 300; i++) {
    const g = await w.store.getGame(gameId);
    if (g.ok && g.value.status === 'finished') return;
    await settle(w, gameId);
  }
  throw new Error(`game ${gameId} never finished`);
}

describe('G6 money sessions', () => {
  it('between games the next game waits; either player ends the session there, and the chips are settled exactly', async () => {
    const { w, ledger, alice, bob, gameId, of } = await session(money(5, { cube: { enabled: true } }));
    const loser = lastView(alice, gameId).toAct!;
    acked(await act(of(loser), gameId, 'surrender'));
    await settle(w, gameId);
    // The pause: nothing thrown yet, and both players are offered to end the session (or resign it).
    for (const c of [alice, bob]) {
      const v = lastView(c, gameId);
      expect(v.games).toHaveLength(1);
      expect(v.phase).toBe('opening');
      expect(v.legal?.actions).toEqual(expect.arrayContaining(['endSession', 'resignMatch']));
    }
    w.time.advance(DEFAULT_NEXT_GAME_PAUSE_MS - 1);
    await settle(w, gameId);
    expect(lastView(bob, gameId).phase).toBe('opening');
    // The winner of the game may end it as well as the loser: here the loser's opponent does.
    const ender = loser === 'p1' ? bob : alice;
    acked(await act(ender, gameId, 'endSession'));
    await finished(w, gameId);
    await settle(w, gameId);
    const end = lastView(alice, gameId);
    expect(end.phase).toBe('matchOver');
    expect(end.end).toEqual({ winner: loser === 'p1' ? 'p2' : 'p1', reason: 'sessionEnded' });
    // The table shows the last game played (not the one that never began), and no countdown.
    expect(end.gameNumber).toBe(1);
    expect(end.nextGame).toBeUndefined();
    expect(Math.abs(end.score.p1 - end.score.p2)).toBe(1); // a single: Jacoby, the cube not turned
    expect(await balances(ledger, w)).toEqual(settled(end.score, 5));
  });

  it('after the pause the next game starts by itself; resigning the session then concedes that game and settles', async () => {
    const { w, ledger, alice, gameId, of } = await session(money(5, { cube: { enabled: true } }));
    acked(await act(of(lastView(alice, gameId).toAct!), gameId, 'surrender'));
    await settle(w, gameId);
    w.time.advance(DEFAULT_NEXT_GAME_PAUSE_MS);
    await settle(w, gameId);
    const v = lastView(alice, gameId);
    expect(v.toAct).not.toBeNull();
    expect(v.legal?.actions).not.toContain('endSession');
    expect(await act(alice, gameId, 'endSession')).toMatchObject({ type: 'error', code: 'WRONG_PHASE' });
    acked(await act(alice, gameId, 'resignMatch'));
    await finished(w, gameId);
    await settle(w, gameId);
    const end = lastView(alice, gameId);
    expect(end.games).toHaveLength(2);
    expect(end.games[1]).toMatchObject({ winner: 'p2', end: 'surrender' });
    expect(end.end?.reason).toBe('resignMatch');
    expect(await balances(ledger, w)).toEqual(settled(end.score, 5));
  });

  it("long nardy: the next game's starter is on turn at once, but the server's roll for him waits the pause; either may end it", async () => {
    const { w, alice, bob, gameId, of } = await session(money(0, { variant: 'long' }));
    acked(await act(of(lastView(alice, gameId).toAct!), gameId, 'surrender'));
    await settle(w, gameId);
    const v = lastView(alice, gameId);
    const starter = v.toAct!;
    expect(v.phase).toBe('turnStart');
    // The starter may roll himself or end the session; his opponent may end it too.
    expect(lastView(of(starter), gameId).legal?.actions).toEqual(expect.arrayContaining(['roll', 'endSession']));
    expect(lastView(starter === 'p1' ? bob : alice, gameId).legal?.actions).toContain('endSession');
    w.time.advance(DEFAULT_NEXT_GAME_PAUSE_MS);
    await settle(w, gameId);
    expect(lastView(alice, gameId).phase).toBe('moving'); // the server threw for him
    expect(lastView(alice, gameId).legal?.actions ?? []).not.toContain('endSession');
  });

  it('limits: a number of games ends the session as its last game ends', async () => {
    const { w, ledger, alice, gameId, of } = await session(money(3, { cube: { enabled: true }, session: { games: 1 } }));
    acked(await act(of(lastView(alice, gameId).toAct!), gameId, 'surrender'));
    await finished(w, gameId);
    await settle(w, gameId);
    const end = lastView(alice, gameId);
    expect(end.end?.reason).toBe('sessionEnded');
    expect(end.games).toHaveLength(1);
    expect(await balances(ledger, w)).toEqual(settled(end.score, 3));
  });

  it('limits: the time limit ends the session between games, after the game in play', async () => {
    const { w, ledger, alice, gameId, of } = await session(money(2, { cube: { enabled: true }, session: { minutes: 15 } }));
    w.time.advance(15 * 60_000);
    await settle(w, gameId);
    expect(lastView(alice, gameId).phase).not.toBe('matchOver'); // the game in play is finished first
    acked(await act(of(lastView(alice, gameId).toAct!), gameId, 'surrender'));
    await finished(w, gameId);
    await settle(w, gameId);
    const end = lastView(alice, gameId);
    expect(end.end?.reason).toBe('sessionEnded');
    expect(await balances(ledger, w)).toEqual(settled(end.score, 2));
  });

  it("a staked session ends once a player's net loss reaches his hold (3 points without the cube): he pays all of it", async () => {
    const { w, ledger, alice, gameId, of } = await session(money(4, { cube: { enabled: false } }));
    acked(await act(of(lastView(alice, gameId).toAct!), gameId, 'surrender')); // a backgammon: 3 points
    await finished(w, gameId);
    await settle(w, gameId);
    const end = lastView(alice, gameId);
    expect(Math.abs(end.score.p1 - end.score.p2)).toBe(3);
    expect(end.end?.reason).toBe('sessionEnded');
    expect(await balances(ledger, w)).toEqual(settled(end.score, 4));
  });
});
