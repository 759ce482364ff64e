import { matchSettings, type Seat } from '@nardy/engine';
import type { GameView, TableSettingsInput } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { acked, seekAccepted, connect, lastView, playOut, settle, STORE_KINDS, TEST_SEED, world, type World } from '../games/kit.suite.js';
import { createApp } from '../app.js';
import { botIdFor } from '../games/bots.js';
import type { Store } from '../store/types.js';
import type { SeatHolder } from '../game/log.js';
import type { MemoryClient } from '../ws/memory.js';
import type { ChipsLedger } from './ledger.js';
import { dyingStore } from '../testing/dying-store.suite.js';

/**
 * G9 through the real socket layer, lobby and games (fixed dice): holds on sitting down (the most each can lose),
 * refusals, settlement after a scored match, a resigned match and a money session, an aborted game's release, and a restart that
 * finishes a game the crashed process could not record — settled once. On every store kind.
 */

const NO_CUBE_1: TableSettingsInput = { match: { variant: 'short', matchLength: 1, cube: { enabled: false } }, rated: false, stake: 10 };

let w: World | undefined;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    expect(await w.store.auditChips()).toEqual({ ok: true, value: [] });
    await w.close();
  }
  w = undefined;
});

async function chipsWorld(kind: (typeof STORE_KINDS)[number], grant = 1000) {
  w = await world(kind, { rateLimit: { perSecond: 1e9, burst: 1e9 }, env: { CHIPS_GRANT: String(grant) } });
  return { w, ledger: w.app.chips };
}

const id = (w: World, name: string) => w.users[name]!.userId;

async function balances(ledger: ChipsLedger, w: World, ...names: string[]) {
  const out: Record<string, { free: number; held: number }> = {};
  for (const n of names) {
    const b = await ledger.balance(id(w, n));
    if (!b.ok) throw new Error(b.error.message);
    out[n] = { free: b.value.free, held: b.value.held };
  }
  return out;
}

async function finished(store: Store, gameId: string, status: 'finished' | 'aborted' = 'finished') {
  for (let i = 0; i < 300; i++) {
    const g = await store.getGame(gameId);
    if (g.ok && g.value.status === status) return g.value;
    await new Promise<void>((r) => setTimeout(r, 10));
  }
  throw new Error(`game ${gameId} never became ${status}`);
}

/** The client's view once someone is on turn (the opening throw is the server's, and on a slow store it takes a moment). */
async function onTurn(w: World, c: MemoryClient, gameId: string): Promise<GameView> {
  for (let i = 0; i < 200; i++) {
    const v = lastView(c, gameId);
    if (v.toAct !== null) return v;
    await settle(w, gameId);
    await new Promise<void>((r) => setTimeout(r, 5));
  }
  throw new Error('nobody is on turn');
}

const winnerOf = (v: GameView): 'alice' | 'bob' => ((v.end?.winner ?? 'p1') === 'p1' ? 'alice' : 'bob');

describe.each(STORE_KINDS)('%s store: chips (G9)', (kind) => {
  it('a staked seek: a match to 1 holds 1 point × stake from each on sitting down, the stake shown; its winner gets that', async () => {
    const { w, ledger } = await chipsWorld(kind);
    const { alice, bob, gameId } = await seekAccepted(w, NO_CUBE_1);
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 990, held: 10 }, bob: { free: 990, held: 10 } });
    expect(lastView(alice, gameId).settings.stake).toBe(10);
    await playOut(w, gameId, [alice, bob]);
    await finished(w.store, gameId);
    const won = winnerOf(lastView(alice, gameId));
    const lost = won === 'alice' ? 'bob' : 'alice';
    expect(await balances(ledger, w, won, lost)).toEqual({ [won]: { free: 1010, held: 0 }, [lost]: { free: 990, held: 0 } });
  }, 60_000);

  it('a money session with the cube holds 10× the stake; a player without enough free chips is refused INSUFFICIENT_CHIPS', async () => {
    const { w, ledger } = await chipsWorld(kind, 100);
    const cube: TableSettingsInput = { match: { variant: 'short', matchLength: 0, cube: { enabled: true } }, rated: false, stake: 10 };
    const { gameId } = await seekAccepted(w, cube);
    expect(gameId).not.toBe('');
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 0, held: 100 }, bob: { free: 0, held: 100 } });
    // Carol cannot hold 110 of her 100; she can offer a match to 1 at 10 (hold 10), which Bob, all his chips held, cannot take.
    const carol = await connect(w, 'carol');
    expect(await carol.command({ type: 'seek.create', settings: { ...cube, stake: 11 } })).toMatchObject({ type: 'error', code: 'INSUFFICIENT_CHIPS' });
    const seek = await carol.command({ type: 'seek.create', settings: NO_CUBE_1 });
    acked(seek);
    const seekId = seek.type === 'ack' && seek.result?.kind === 'seek' ? seek.result.seekId : '';
    const bob2 = await connect(w, 'bob');
    expect(await bob2.command({ type: 'seek.accept', seekId })).toMatchObject({ type: 'error', code: 'INSUFFICIENT_CHIPS' });
    expect(await bob2.command({ type: 'challenge.send', to: id(w, 'carol'), settings: NO_CUBE_1 })).toMatchObject({ code: 'INSUFFICIENT_CHIPS' });
    expect(await bob2.command({ type: 'table.create', settings: NO_CUBE_1 })).toMatchObject({ code: 'INSUFFICIENT_CHIPS' });
    expect(await balances(ledger, w, 'bob', 'carol')).toEqual({ bob: { free: 0, held: 100 }, carol: { free: 100, held: 0 } });
  });

  it('if the chips went elsewhere between the check and the game, the game is not created (the hold is placed with it)', async () => {
    const { w, ledger } = await chipsWorld(kind, 40);
    const start = (stake: number, p2: SeatHolder) =>
      w.games.startGame({
        settings: { match: full(NO_CUBE_1), rated: false, stake },
        seats: { p1: { kind: 'user', userId: id(w, 'alice') }, p2 },
        clientSeeds: {},
        rated: false,
      });
    const bob: SeatHolder = { kind: 'user', userId: id(w, 'bob') };
    // Nobody looked at their chips yet: no accounts, nothing to hold.
    const r = await start(50, bob);
    expect(!r.ok && r.error.code).toBe('INSUFFICIENT_CHIPS');
    await balances(ledger, w, 'alice', 'bob');
    // Now 40 each, and the hold would be 50.
    const again = await start(50, bob);
    expect(!again.ok && again.error.code).toBe('INSUFFICIENT_CHIPS');
    expect(await w.store.listActiveGames()).toEqual({ ok: true, value: [] });
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 40, held: 0 }, bob: { free: 40, held: 0 } });
    const bot = await start(1, { kind: 'bot', botId: botIdFor(1) });
    expect(!bot.ok && bot.error.code).toBe('UNAUTHORIZED');
  });

  it('guests have no chips: they cannot offer or take a table with a stake', async () => {
    const { w } = await chipsWorld(kind);
    const guest = await connect(w);
    expect(guest.viewer.guest).toBe(true);
    expect(await guest.command({ type: 'seek.create', settings: NO_CUBE_1 })).toMatchObject({ code: 'UNAUTHORIZED', message: expect.stringMatching(/stake/) });
    const alice = await connect(w, 'alice');
    const seek = await alice.command({ type: 'seek.create', settings: NO_CUBE_1 });
    acked(seek);
    const seekId = seek.type === 'ack' && seek.result?.kind === 'seek' ? seek.result.seekId : '';
    expect(await guest.command({ type: 'seek.accept', seekId })).toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await alice.command({ type: 'challenge.send', to: guest.viewer.userId, settings: NO_CUBE_1 })).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('a match to 5 holds 5× the stake from each, with the cube too, and its loser pays exactly that', async () => {
    const { w, ledger } = await chipsWorld(kind);
    const five: TableSettingsInput = { match: { variant: 'short', matchLength: 5, cube: { enabled: true } }, rated: false, stake: 10 };
    const { alice, bob, gameId } = await seekAccepted(w, five);
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 950, held: 50 }, bob: { free: 950, held: 50 } });
    acked(await bob.command({ type: 'game.action', gameId, version: lastView(bob, gameId).version, action: { type: 'resignMatch' } }));
    await finished(w.store, gameId);
    expect(lastView(alice, gameId).end).toEqual({ winner: 'p1', reason: 'resignMatch' });
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 1050, held: 0 }, bob: { free: 950, held: 0 } });
  });

  it('a resigned match pays the whole hold (3 points × stake 5); an abandoned money session pays its net points × stake', async () => {
    const { w, ledger } = await chipsWorld(kind);
    const three: TableSettingsInput = { match: { variant: 'long', matchLength: 3 }, rated: false, stake: 5 };
    const { alice, bob, gameId } = await seekAccepted(w, three);
    acked(await bob.command({ type: 'game.action', gameId, version: lastView(bob, gameId).version, action: { type: 'resignMatch' } }));
    await finished(w.store, gameId);
    expect(lastView(alice, gameId).end).toEqual({ winner: 'p1', reason: 'resignMatch' });
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 1015, held: 0 }, bob: { free: 985, held: 0 } });

    const money: TableSettingsInput = { match: { variant: 'short', matchLength: 0, cube: { enabled: false } }, rated: false, stake: 7 };
    const s = await seekAccepted(w, money);
    // The player on turn walks away; the claim surrenders his game (valued by the position, G5a) and ends the session.
    const v = await onTurn(w, s.alice, s.gameId);
    expect(v.phase).toBe('moving');
    const quitter: Seat = v.toAct!;
    const [q, claimant] = quitter === 'p1' ? [s.alice, s.bob] : [s.bob, s.alice];
    q.close();
    await settle(w, s.gameId);
    w.time.advance(60_000);
    await settle(w, s.gameId);
    acked(await claimant.command({ type: 'game.claim', gameId: s.gameId, claim: 'win' }));
    await finished(w.store, s.gameId);
    await settle(w, s.gameId);
    const end = lastView(claimant, s.gameId);
    const points = Math.abs(end.score.p1 - end.score.p2);
    expect(points).toBeGreaterThan(0);
    const paid = Math.min(points * 7, 21);
    const [winner, loser] = quitter === 'p1' ? ['bob', 'alice'] : ['alice', 'bob'];
    const before = { alice: 1015, bob: 985 };
    expect(await balances(ledger, w, winner!, loser!)).toEqual({
      [winner!]: { free: before[winner as 'alice' | 'bob'] + paid, held: 0 },
      [loser!]: { free: before[loser as 'alice' | 'bob'] - paid, held: 0 },
    });
  }, 60_000);

  it('game.claim abort: after the grace, against an opponent who has not played, the game is called off and the holds come back', async () => {
    const { w, ledger } = await chipsWorld(kind);
    const { alice, bob, gameId } = await seekAccepted(w, NO_CUBE_1);
    const carol = await connect(w, 'carol');
    acked(await carol.command({ type: 'game.subscribe', gameId }));
    expect(await alice.command({ type: 'game.claim', gameId, claim: 'abort' })).toMatchObject({
      type: 'error',
      code: 'CONFLICT',
      message: expect.stringMatching(/connected/),
    });
    // Whoever is not on turn leaves before making a move; the one on turn calls it off once the grace is over.
    const v = await onTurn(w, alice, gameId);
    const [stays, leaves] = v.toAct === 'p1' ? [alice, bob] : [bob, alice];
    leaves.close();
    await settle(w, gameId);
    expect(await stays.command({ type: 'game.claim', gameId, claim: 'abort' })).toMatchObject({
      type: 'error',
      code: 'CONFLICT',
      message: expect.stringMatching(/grace/),
    });
    w.time.advance(60_000);
    await settle(w, gameId);
    acked(await stays.command({ type: 'game.claim', gameId, claim: 'abort' }));
    await settle(w, gameId);
    const after = lastView(carol, gameId);
    expect(after).toMatchObject({ phase: 'matchOver', end: { winner: null, reason: 'aborted' }, toAct: null, legal: null });
    expect(after.diceProof.serverSeed).toBe(TEST_SEED);
    expect(carol.received.some((m) => m.type === 'game.event' && m.event.kind === 'matchEnded' && m.event.end.reason === 'aborted')).toBe(true);
    const rec = await finished(w.store, gameId, 'aborted');
    expect(rec.rated).toBe(false);
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 1000, held: 0 }, bob: { free: 1000, held: 0 } });
    expect(await stays.command({ type: 'game.claim', gameId, claim: 'abort' })).toMatchObject({ code: 'GAME_OVER' });
  });

  it('game.claim abort is refused (CONFLICT) once the absent player has moved; the win can be claimed, and it is paid', async () => {
    const { w, ledger } = await chipsWorld(kind);
    const { alice, bob, gameId } = await seekAccepted(w, NO_CUBE_1);
    // The player on turn makes his move, then leaves.
    const v = await onTurn(w, alice, gameId);
    const [mover, stays] = v.toAct === 'p1' ? [alice, bob] : [bob, alice];
    const mv = await onTurn(w, mover, gameId);
    expect(mv.legal?.actions).toContain('move');
    const steps = (mv.legal?.turns[0] ?? []).map((s) => ({ from: s.from, to: s.to }));
    acked(await mover.command({ type: 'game.action', gameId, version: mv.version, action: { type: 'move', steps } }));
    mover.close();
    await settle(w, gameId);
    w.time.advance(60_000);
    await settle(w, gameId);
    expect(await stays.command({ type: 'game.claim', gameId, claim: 'abort' })).toMatchObject({
      type: 'error',
      code: 'CONFLICT',
      message: expect.stringMatching(/already played/),
    });
    acked(await stays.command({ type: 'game.claim', gameId, claim: 'win' }));
    await finished(w.store, gameId);
    const [won, lost] = stays === alice ? ['alice', 'bob'] : ['bob', 'alice'];
    expect(await balances(ledger, w, won!, lost!)).toEqual({ [won!]: { free: 1010, held: 0 }, [lost!]: { free: 990, held: 0 } });
  });

  it('crash safety: a finish the dying process could not write is made by the restart, once; a second restart moves nothing', async () => {
    const { w, ledger } = await chipsWorld(kind);
    await balances(ledger, w, 'alice', 'bob');
    // The first process: its finish never reaches the database (it dies first).
    const first = await createApp(w.config, { ...w.options, store: dyingStore(w.store) });
    const started = await first.games.startGame({
      settings: { match: full(NO_CUBE_1), rated: false, stake: 10 },
      seats: { p1: { kind: 'user', userId: id(w, 'alice') }, p2: { kind: 'user', userId: id(w, 'bob') } },
      clientSeeds: {},
      rated: false,
    });
    if (!started.ok) throw new Error(started.error.message);
    const gameId = started.value.gameId;
    const actor = first.games.actorOf(gameId)!;
    await actor.settled();
    expect((await actor.handle({ by: { user: id(w, 'bob') }, type: 'resignMatch' })).ok).toBe(true);
    await first.close();
    expect((await w.store.getGame(gameId)).ok && (await w.store.getGame(gameId))).toMatchObject({ value: { status: 'active' } });
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 990, held: 10 }, bob: { free: 990, held: 10 } });

    for (let restart = 0; restart < 2; restart++) {
      // Another process on the same database: it restores the active games as it starts.
      const next = await createApp(w.config, { ...w.options, store: w.store });
      expect(next.restored).toBe(restart === 0 ? 1 : 0);
      await next.close();
      await finished(w.store, gameId);
      expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 1010, held: 0 }, bob: { free: 990, held: 0 } });
    }
    expect(
      await w.store.finishGame(gameId, {
        status: 'finished',
        result: null,
        finishedAt: w.time.now(),
        payout: { from: id(w, 'bob'), to: id(w, 'alice'), amount: 10 },
      }),
    ).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(await balances(ledger, w, 'alice', 'bob')).toEqual({ alice: { free: 1010, held: 0 }, bob: { free: 990, held: 0 } });
  });
});

function full(t: TableSettingsInput) {
  const m = matchSettings(t.match);
  if (!m.ok) throw new Error(m.error.message);
  return m.value as GameView['settings']['match'];
}
