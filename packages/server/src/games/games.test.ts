import { CLIENT_TO_SERVER_TYPES, ENGINE_ERROR_CODES, GameViewSchema, PROTOCOL_VERSION } from '@nardy/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import {
  acked,
  checkNumbering,
  connect,
  lastView,
  pick,
  playOut,
  seenOf,
  settle,
  startTwoPlayerGame,
  STORE_KINDS,
  world,
  type StoreKind,
  type World,
} from './kit.suite.js';

/**
 * Scenario tests over the in-process transport, on the server as `createApp` wires it (socket layer, games, actors,
 * lobby, chat, a Kysely store); fixed dice. Every scenario runs on each store kind (SQLite, and PostgreSQL when
 * NARDY_TEST_PG_URL is set).
 */

const SHORT_1 = { match: { variant: 'short' as const, matchLength: 1, cube: { enabled: false } }, rated: false, stake: 0 };

let w: World | null = null;
afterEach(async () => {
  if (w) {
    expect(w.faults).toEqual([]);
    await w.close();
  }
  w = null;
});

async function twoPlayerGame(kind: StoreKind) {
  w = await world(kind);
  return { w, ...(await startTwoPlayerGame(w, SHORT_1)) };
}

describe.each(STORE_KINDS)('%s store', (kind) => {
  describe('the socket layer', () => {
    it('answers hello with welcome, and anything before hello with HELLO_REQUIRED', async () => {
      w = await world(kind);
      const c = await w.transport.connect(w.tokens['alice']);
      const early = await c.command({ type: 'ping' });
      expect(early).toMatchObject({ type: 'error', code: 'HELLO_REQUIRED' });
      const bad = await c.command({ type: 'hello', protocol: 99 });
      expect(bad).toMatchObject({ type: 'error', code: 'VERSION_MISMATCH' });
      const hi = await c.command({ type: 'hello', protocol: PROTOCOL_VERSION, lang: 'ru' });
      expect(hi).toMatchObject({
        type: 'ack',
        result: { kind: 'welcome', protocol: PROTOCOL_VERSION, user: { userId: w.users['alice']!.userId, name: 'Alice', guest: false }, lang: 'ru' },
      });
      expect(await c.command({ type: 'ping' })).toMatchObject({ type: 'ack', result: { kind: 'pong' } });
      // The production wiring serves every command of the protocol (UNKNOWN_TYPE is for a server without a module).
      for (const type of CLIENT_TO_SERVER_TYPES) if (type !== 'hello' && type !== 'ping') expect(w.hub.opts.router.moduleFor(type), type).toBeDefined();
      expect(await c.command({ type: 'lobby.subscribe' })).toMatchObject({ type: 'ack' });
    });

    it('makes a guest of a socket without a session', async () => {
      w = await world(kind);
      const c = await connect(w);
      expect(c.viewer.guest).toBe(true);
      const u = await w.store.findUserById(c.viewer.userId);
      expect(u.ok && u.value.isGuest).toBe(true);
    });
  });

  describe('a game against a bot', () => {
    it('bot.play seats the client as p1; it plays to the end against the in-process bot; the result and seed are stored', async () => {
      w = await world(kind);
      const alice = await connect(w, 'alice');
      const started = await alice.command({ type: 'bot.play', level: 5, settings: SHORT_1, clientSeed: 'alice-seed' });
      expect(started).toMatchObject({ type: 'ack', result: { kind: 'game', seat: 'p1' } });
      const gameId = (started as { result: { gameId: string } }).result.gameId;
      acked(await alice.command({ type: 'game.subscribe', gameId }));
      const sent = await playOut(w, gameId, [alice]);
      expect(sent).toBeGreaterThan(5);
      const v = lastView(alice, gameId);
      expect(v.phase).toBe('matchOver');
      expect(v.players.p2.user.bot).toBe(5);
      expect(v.diceProof.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      expect(alice.received.some((m) => m.type === 'game.event' && m.event.kind === 'matchEnded')).toBe(true);
      checkNumbering(alice, gameId);
      await w.games.shutdown();
      const rec = await w.store.getGame(gameId);
      expect(rec.ok && rec.value.status).toBe('finished');
      expect(rec.ok && rec.value.seedRevealed).toBe(true);
    });
  });

  describe('two clients play a short-nardy match', () => {
    it('to the end, every view valid, numbered without gaps, the log complete in the store', async () => {
      const { w, alice, bob, gameId } = await twoPlayerGame(kind);
      const sent = await playOut(w, gameId, [alice, bob]);
      expect(sent).toBeGreaterThan(10);
      const a = lastView(alice, gameId);
      const b = lastView(bob, gameId);
      expect(a.phase).toBe('matchOver');
      expect(a.end?.winner).not.toBeNull();
      expect(a.you).toBe('p1');
      expect(b.you).toBe('p2');
      expect(GameViewSchema.safeParse(a).success).toBe(true);
      expect(checkNumbering(alice, gameId)).toBe(checkNumbering(bob, gameId));
      const loaded = await w.store.loadGame(gameId);
      expect(loaded.ok && loaded.value.actions.length).toBe(a.version);
    });
  });

  describe('refusals change nothing', () => {
    it('out of turn, illegal, stale, a spectator acting, an unknown game: coded errors, same state', async () => {
      const { w, alice, bob, gameId } = await twoPlayerGame(kind);
      const v = lastView(alice, gameId);
      const onTurn = v.toAct === 'p1' ? alice : bob;
      const waiting = onTurn === alice ? bob : alice;
      const before = { version: v.version, events: checkNumbering(alice, gameId), log: (await w.store.loadGame(gameId)).ok };
      const outOfTurn = await waiting.command({ type: 'game.action', gameId, version: v.version, action: { type: 'move', steps: [] } });
      expect(outOfTurn.type).toBe('error');
      expect(ENGINE_ERROR_CODES as readonly string[]).toContain((outOfTurn as { code: string }).code);
      const illegal = await onTurn.command({ type: 'game.action', gameId, version: v.version, action: { type: 'move', steps: [{ from: 1, to: 0 }] } });
      expect(illegal.type).toBe('error');
      expect(ENGINE_ERROR_CODES as readonly string[]).toContain((illegal as { code: string }).code);
      expect(await onTurn.command({ type: 'game.action', gameId, version: v.version + 7, action: { type: 'roll' } })).toMatchObject({ code: 'STALE_VERSION' });
      const carol = await connect(w, 'carol');
      expect(await carol.command({ type: 'game.action', gameId, version: v.version, action: { type: 'roll' } })).toMatchObject({ code: 'FORBIDDEN' });
      expect(await carol.command({ type: 'game.action', gameId: 'nope', version: 0, action: { type: 'roll' } })).toMatchObject({ code: 'NOT_FOUND' });
      expect(await onTurn.command({ type: 'game.claim', gameId, claim: 'win' })).toMatchObject({ code: 'CONFLICT' });
      await settle(w, gameId);
      expect(w.games.actorOf(gameId)!.match.version).toBe(before.version);
      expect(checkNumbering(alice, gameId)).toBe(before.events);
      const loaded = await w.store.loadGame(gameId);
      expect(loaded.ok && loaded.value.actions.length).toBe(before.version);
    });
  });

  describe('reconnection and spectators', () => {
    it('a player who drops mid-turn and resubscribes with `since` gets exactly what he missed', async () => {
      const { w, alice, bob, gameId } = await twoPlayerGame(kind);
      // Play until p1 (alice) is in the middle of a turn: dice thrown, her move to make.
      for (let i = 0; i < 200; i++) {
        const va = lastView(alice, gameId);
        if (va.toAct === 'p1' && va.phase === 'moving' && va.version > 4) break;
        const k = pick(va) ? alice : bob;
        const v = lastView(k, gameId);
        acked(await k.command({ type: 'game.action', gameId, version: v.version, action: pick(v)! }));
        await settle(w, gameId);
      }
      const seen = seenOf(alice, gameId);
      expect(seen.n).toBe(checkNumbering(alice, gameId));
      alice.close();
      await settle(w, gameId);
      // While she is away, bob's presence view changed (her presence event); she comes back on a new socket.
      const again = await connect(w, 'alice');
      const sub = await again.command({ type: 'game.subscribe', gameId, since: seen });
      expect(sub).toMatchObject({ type: 'ack', result: { kind: 'subscribed', seat: 'p1', epoch: seen.epoch, catchUp: 'events' } });
      await settle(w, gameId);
      const events = again.received.filter((m) => m.type === 'game.event');
      expect(events.length).toBeGreaterThan(0);
      // Exactly what she missed: the events bob got after her last one, with the same numbers, in her own views.
      const bobs = bob.received.filter((m) => m.type === 'game.event' && m.n > seen.n);
      expect(events.map((m) => m.type === 'game.event' && [m.epoch, m.n, m.event])).toEqual(
        bobs.map((m) => m.type === 'game.event' && [m.epoch, m.n, m.event]),
      );
      expect(events.every((m) => m.type === 'game.event' && m.view.you === 'p1')).toBe(true);
      const caughtUp = lastView(again, gameId);
      // A fresh snapshot now shows the same state.
      const fresh = await connect(w, 'alice');
      acked(await fresh.command({ type: 'game.subscribe', gameId }));
      await settle(w, gameId);
      const snap = lastView(fresh, gameId);
      expect({ ...caughtUp, players: null }).toEqual({ ...snap, players: null });
      expect(caughtUp.phase).toBe('moving');
      expect(caughtUp.legal?.actions).toContain('move');
      // She can go on playing from it.
      acked(await again.command({ type: 'game.action', gameId, version: caughtUp.version, action: pick(caughtUp)! }));
      // A number from the future, or from another epoch (before a restart), gets a snapshot.
      const later = await connect(w, 'alice');
      expect(await later.command({ type: 'game.subscribe', gameId, since: { epoch: seen.epoch, n: 10_000_000 } })).toMatchObject({
        result: { catchUp: 'snapshot' },
      });
      expect(await later.command({ type: 'game.subscribe', gameId, since: { epoch: 'before-a-restart', n: seen.n } })).toMatchObject({
        result: { catchUp: 'snapshot' },
      });
    });

    it('a spectator gets the spectator view and every event', async () => {
      const { w, alice, bob, gameId } = await twoPlayerGame(kind);
      const carol = await connect(w, 'carol');
      expect(await carol.command({ type: 'game.subscribe', gameId })).toMatchObject({ result: { seat: null, catchUp: 'snapshot' } });
      for (let i = 0; i < 6; i++) {
        await settle(w, gameId);
        const k = pick(lastView(alice, gameId)) ? alice : bob;
        const v = lastView(k, gameId);
        acked(await k.command({ type: 'game.action', gameId, version: v.version, action: pick(v)! }));
      }
      await settle(w, gameId);
      const cv = lastView(carol, gameId);
      expect(cv.you).toBeNull();
      expect(cv.legal).toBeNull();
      expect(cv.diceProof.serverSeed).toBeNull();
      expect(cv.version).toBe(lastView(alice, gameId).version);
      expect(checkNumbering(carol, gameId)).toBe(checkNumbering(alice, gameId));
      for (const m of carol.received) if (m.type === 'game.event') expect(m.view.legal).toBeNull();
      // Carol leaves, the game goes on while nobody watches, and she comes back with her last number: the game's one
      // history has every event for every recipient, so she gets exactly the ones she missed.
      const seen = seenOf(carol, gameId);
      carol.close();
      await settle(w, gameId);
      const k = pick(lastView(alice, gameId)) ? alice : bob;
      acked(await k.command({ type: 'game.action', gameId, version: lastView(k, gameId).version, action: pick(lastView(k, gameId))! }));
      await settle(w, gameId);
      const back = await connect(w, 'carol');
      expect(await back.command({ type: 'game.subscribe', gameId, since: seen })).toMatchObject({ result: { catchUp: 'events' } });
      await settle(w, gameId);
      expect(back.received.some((m) => m.type === 'game.event' && m.n === seen.n + 1)).toBe(true);
      expect(lastView(back, gameId).version).toBe(lastView(alice, gameId).version);
    });
  });
});
