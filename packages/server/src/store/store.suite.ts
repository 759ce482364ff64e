/** The one Store suite, run against every implementation (store.test.ts). Not part of the build. */
import { apply, currentTurns, defaultMatchSettings, newMatch, replay, toAct, type Action, type Die, type MatchState, type Result } from '@nardy/engine';
import { afterEach, describe, expect, it } from 'vitest';
import type { NewGame, Store, StoreErrorCode, StoreResult } from './types.js';

export interface StoreHandle {
  readonly store: Store;
  /** Removes whatever the store left behind (temp files, a schema). */
  readonly cleanup?: () => Promise<void>;
}

export type StoreFactory = () => Promise<StoreHandle>;

export function must<T>(r: Result<T, { readonly code: string; readonly message: string }>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

export function expectStoreError(r: StoreResult<unknown>, code: StoreErrorCode, why?: RegExp): void {
  expect(r.ok ? 'ok' : r.error.code).toBe(code);
  if (!r.ok && why) expect(r.error.message).toMatch(why);
}

/** A short-nardy match played through the engine with fixed dice: `plies` actions after the opening throw. */
function playedActions(plies: number): { actions: Action[]; state: MatchState } {
  let state = must(newMatch({ variant: 'short' }));
  const actions: Action[] = [];
  const play = (a: Action): void => {
    state = must(apply(state, a));
    actions.push(a);
  };
  play({ type: 'opening', dice: { p1: 5, p2: 2 } });
  const dice: [Die, Die][] = [
    [6, 4],
    [3, 3],
    [2, 1],
    [5, 5],
    [6, 1],
    [4, 2],
  ];
  for (let i = 0; actions.length < plies && state.phase !== 'matchOver'; i++) {
    const seat = toAct(state);
    if (seat === null) break;
    if (state.phase === 'turnStart') play({ type: 'roll', seat, dice: dice[i % dice.length]! });
    else if (state.phase === 'moving') play({ type: 'move', seat, steps: currentTurns(state)[0]?.steps ?? [] });
    else break;
  }
  return { actions, state };
}

const T0 = 1_700_000_000_000;

export const newGame = (over: Partial<NewGame> = {}): NewGame => ({
  settings: defaultMatchSettings('short'),
  p1: null,
  p2: null,
  seedCommitment: 'c0mm1t',
  serverSeed: 's3cret',
  rated: false,
  createdAt: T0,
  ...over,
});

/** Inside a describe: `open` makes a store for the test, closed and cleaned up after it (or by `release`). */
export function storePerTest(factory: StoreFactory): { open: () => Promise<Store>; release: () => Promise<void> } {
  let handle: StoreHandle | undefined;
  const release = async (): Promise<void> => {
    const h = handle;
    handle = undefined;
    if (h) {
      await h.store.close();
      await h.cleanup?.();
    }
  };
  afterEach(release);
  return {
    open: async () => {
      handle = await factory();
      return handle.store;
    },
    release,
  };
}

export function storeSuite(name: string, factory: StoreFactory): void {
  describe(`Store: ${name}`, () => {
    const { open } = storePerTest(factory);
    const user = async (s: Store, username: string, isGuest = false) =>
      must(await s.createUser({ username, passwordHash: isGuest ? null : 'scrypt$x$y', isGuest, createdAt: T0 }));

    describe('users', () => {
      it('creates, finds by id and by name ignoring case, and updates the profile', async () => {
        const s = await open();
        const u = await user(s, 'Anna');
        expect(u).toMatchObject({ username: 'Anna', displayName: 'Anna', language: 'en', isGuest: false, createdAt: T0, preferredSettings: {} });
        expect(u.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
        expect(must(await s.findUserById(u.id))).toEqual(u);
        expect(must(await s.findUserByName('aNNA'))).toEqual(u);
        const v = must(await s.updateUser(u.id, { displayName: 'Anna K.', language: 'ru', preferredSettings: { variant: 'long', cube: { enabled: true } } }));
        expect(v).toEqual({ ...u, displayName: 'Anna K.', language: 'ru', preferredSettings: { variant: 'long', cube: { enabled: true } } });
        expect(must(await s.findUserById(u.id))).toEqual(v);
        expectStoreError(await s.findUserByName('bob'), 'NOT_FOUND');
        expectStoreError(await s.findUserById('nope'), 'NOT_FOUND');
        expectStoreError(await s.updateUser('nope', { language: 'en' }), 'NOT_FOUND');
      });

      it('makes a guest a registered account, keeping its id and settings; refuses a taken name or a non-guest', async () => {
        const s = await open();
        await user(s, 'Anna');
        const g = must(await s.createUser({ username: 'guest-1a2b', displayName: 'Guest 1a2b', passwordHash: null, isGuest: true, createdAt: T0 }));
        must(await s.updateUser(g.id, { preferredSettings: { variant: 'short' } }));
        expectStoreError(await s.registerGuest(g.id, { username: 'ANNA', passwordHash: 'h', language: 'ru' }), 'DUPLICATE', /taken/);
        const r = must(await s.registerGuest(g.id, { username: 'Boris', passwordHash: 'h', language: 'ru' }));
        expect(r).toEqual({
          ...g,
          username: 'Boris',
          displayName: 'Boris',
          passwordHash: 'h',
          language: 'ru',
          isGuest: false,
          preferredSettings: { variant: 'short' },
        });
        expect(must(await s.findUserByName('boris'))).toEqual(r);
        expectStoreError(await s.findUserByName('guest-1a2b'), 'NOT_FOUND');
        expectStoreError(await s.registerGuest(g.id, { username: 'Boris2', passwordHash: 'h', language: 'ru' }), 'NOT_FOUND');
      });

      it('refuses a duplicate username ignoring case, and keeps the first', async () => {
        const s = await open();
        const u = await user(s, 'Anna');
        expectStoreError(await s.createUser({ username: 'ANNA', passwordHash: null, createdAt: T0 }), 'DUPLICATE', /taken/);
        expectStoreError(await s.createUser({ username: 'anna', passwordHash: null, createdAt: T0 }), 'DUPLICATE');
        expect(must(await s.findUserByName('anna'))).toEqual(u);
      });

      it('finds users whose username or display name looks like a name (NFKC, case, invisible characters ignored)', async () => {
        const s = await open();
        const anna = await user(s, 'Anna');
        const bob = await user(s, 'bob');
        must(await s.updateUser(bob.id, { displayName: 'The  Knight' }));
        expect(must(await s.findUsersNamedLike('ＡＮＮＡ'))).toEqual([anna.id]);
        expect(must(await s.findUsersNamedLike('the\u200b knight\u202e'))).toEqual([bob.id]);
        expect(must(await s.findUsersNamedLike('bob'))).toEqual([bob.id]);
        expect(must(await s.findUsersNamedLike('Knight'))).toEqual([]);
      });

      it('refuses values it cannot store, with BAD_INPUT, and writes nothing', async () => {
        const s = await open();
        const cyclic: Record<string, unknown> = {};
        cyclic['self'] = cyclic;
        expectStoreError(await s.createUser({ username: 'c', passwordHash: null, createdAt: T0, preferredSettings: cyclic as never }), 'BAD_INPUT', /JSON/);
        expectStoreError(await s.createUser({ username: 'c', passwordHash: null, createdAt: -1 }), 'BAD_INPUT');
        expectStoreError(await s.findUserByName('c'), 'NOT_FOUND');
      });
    });

    describe('sessions', () => {
      it('creates, finds until expiry, deletes, and sweeps expired ones', async () => {
        const s = await open();
        const u = await user(s, 'anna');
        const a = must(await s.createSession({ tokenHash: 'h1', userId: u.id, createdAt: T0, expiresAt: T0 + 1000 }));
        must(await s.createSession({ tokenHash: 'h2', userId: u.id, createdAt: T0, expiresAt: T0 + 5000 }));
        expectStoreError(await s.createSession({ tokenHash: 'h1', userId: u.id, createdAt: T0, expiresAt: T0 }), 'DUPLICATE');
        expectStoreError(await s.createSession({ tokenHash: 'h3', userId: 'ghost', createdAt: T0, expiresAt: T0 }), 'NOT_FOUND');
        expect(must(await s.findSession('h1', T0 + 999))).toEqual(a);
        expectStoreError(await s.findSession('h1', T0 + 1000), 'NOT_FOUND');
        expect(must(await s.deleteExpiredSessions(T0 + 1000))).toBe(1);
        expectStoreError(await s.findSession('h1', T0), 'NOT_FOUND');
        must(await s.deleteSession('h2'));
        expectStoreError(await s.findSession('h2', T0), 'NOT_FOUND');
        must(await s.deleteSession('h2')); // idempotent
      });

      it("deletes a user's sessions but the one kept, and no one else's", async () => {
        const s = await open();
        const [u, v] = [await user(s, 'anna'), await user(s, 'boris')];
        for (const [hash, id] of [
          ['u1', u.id],
          ['u2', u.id],
          ['u3', u.id],
          ['v1', v.id],
        ] as const) {
          must(await s.createSession({ tokenHash: hash, userId: id, createdAt: T0, expiresAt: T0 + 5000 }));
        }
        expect(must(await s.deleteUserSessions(u.id, 'u2'))).toBe(2);
        must(await s.findSession('u2', T0));
        must(await s.findSession('v1', T0));
        expect(must(await s.deleteUserSessions(u.id))).toBe(1);
        expectStoreError(await s.findSession('u2', T0), 'NOT_FOUND');
      });
    });

    describe('games and the action log', () => {
      it('creates a game with seats and seeds; updates seats and status while open', async () => {
        const s = await open();
        const anna = await user(s, 'anna');
        const g = must(await s.createGame(newGame({ p1: { userId: anna.id }, clientSeeds: { p1: 'abc' } })));
        expect(g).toMatchObject({
          variant: 'short',
          status: 'waiting',
          p1: { userId: anna.id },
          p2: null,
          lastSeq: 0,
          seedRevealed: false,
          serverSeed: 's3cret',
          seedCommitment: 'c0mm1t',
          clientSeeds: { p1: 'abc' },
          rated: false,
          result: null,
          finishedAt: null,
        });
        expect(g.settings).toEqual(defaultMatchSettings('short'));
        const h = must(await s.updateGame(g.id, { p2: { bot: 'gnu:3' }, status: 'active' }));
        expect(h).toEqual({ ...g, p2: { bot: 'gnu:3' }, status: 'active' });
        expect(must(await s.getGame(g.id))).toEqual(h);
        expectStoreError(await s.createGame(newGame({ id: g.id })), 'DUPLICATE');
        expectStoreError(await s.createGame(newGame({ p1: { userId: 'ghost' } })), 'NOT_FOUND');
        expectStoreError(await s.updateGame('nope', { status: 'active' }), 'NOT_FOUND');
        expectStoreError(await s.getGame('nope'), 'NOT_FOUND');
      });

      it('round-trips the log as exact JSON, in order, and replay rebuilds the state', async () => {
        const s = await open();
        const g = must(await s.createGame(newGame({ status: 'active' })));
        const { actions, state } = playedActions(24);
        expect(actions.length).toBe(24);
        for (const [i, action] of actions.entries()) {
          const seat = 'seat' in action ? action.seat : null;
          const meta = i % 2 ? { clock: { left: { p1: 60_000 - i, p2: 59_000 }, running: seat, runningFor: 0, flagged: null } } : undefined;
          const e = must(
            await s.appendAction(g.id, i + 1, { action, seat, timeUsedMs: i % 3 === 0 ? null : 1000 + i, createdAt: T0 + i, ...(meta ? { meta } : {}) }),
          );
          expect(e.seq).toBe(i + 1);
        }
        const loaded = must(await s.loadGame(g.id));
        expect(loaded.game.lastSeq).toBe(24);
        expect(loaded.actions.map((a) => a.seq)).toEqual(actions.map((_, i) => i + 1));
        expect(loaded.actions.map((a) => a.action)).toEqual(actions);
        expect(JSON.stringify(loaded.actions.map((a) => a.action))).toBe(JSON.stringify(actions));
        const seat1 = 'seat' in actions[1]! ? actions[1].seat : null;
        expect(loaded.actions[1]).toEqual({
          seq: 2,
          action: actions[1],
          seat: seat1,
          timeUsedMs: 1001,
          createdAt: T0 + 1,
          meta: { clock: { left: { p1: 59_999, p2: 59_000 }, running: seat1, runningFor: 0, flagged: null } },
        });
        expect(loaded.actions[0]!.meta).toBe(null);
        expect(loaded.actions[0]!.seat).toBe(null);
        expect(loaded.actions[0]!.timeUsedMs).toBe(null);
        const rebuilt = must(
          replay(
            loaded.game.settings,
            loaded.actions.map((a) => a.action),
          ),
        );
        expect(rebuilt).toEqual(state);
        expect(rebuilt.version).toBe(loaded.game.lastSeq);
      });

      it('refuses a taken seq or a gap with CONFLICT and loses nothing', async () => {
        const s = await open();
        const g = must(await s.createGame(newGame({ status: 'active' })));
        const { actions } = playedActions(3);
        const entry = (i: number) => ({ action: actions[i]!, seat: null, timeUsedMs: null, createdAt: T0 });
        must(await s.appendAction(g.id, 1, entry(0)));
        must(await s.appendAction(g.id, 2, entry(1)));
        expectStoreError(await s.appendAction(g.id, 2, entry(2)), 'CONFLICT', /already taken/);
        expectStoreError(await s.appendAction(g.id, 1, entry(2)), 'CONFLICT', /already taken/);
        expectStoreError(await s.appendAction(g.id, 4, entry(2)), 'CONFLICT', /gap/);
        expectStoreError(await s.appendAction(g.id, 0, entry(2)), 'BAD_INPUT');
        expectStoreError(await s.appendAction('nope', 1, entry(0)), 'NOT_FOUND');
        const loaded = must(await s.loadGame(g.id));
        expect(loaded.game.lastSeq).toBe(2);
        expect(loaded.actions.map((a) => a.action)).toEqual(actions.slice(0, 2));
      });

      it('lets exactly one of two concurrent appends of the same seq win', async () => {
        const s = await open();
        const g = must(await s.createGame(newGame({ status: 'active' })));
        const { actions } = playedActions(2);
        const rs = await Promise.all([0, 1].map((i) => s.appendAction(g.id, 1, { action: actions[i]!, seat: null, timeUsedMs: null, createdAt: T0 })));
        expect(rs.filter((r) => r.ok).length).toBe(1);
        expectStoreError(
          rs.find((r) => !r.ok)!,
          'CONFLICT',
        );
        const loaded = must(await s.loadGame(g.id));
        expect(loaded.actions.length).toBe(1);
        expect(loaded.game.lastSeq).toBe(1);
      });

      it('lists active games; finishing reveals the seed, stores the result, closes the log', async () => {
        const s = await open();
        const a = must(await s.createGame(newGame({ status: 'active', createdAt: T0 + 1 })));
        const b = must(await s.createGame(newGame({ status: 'active', createdAt: T0 + 2 })));
        must(await s.createGame(newGame({ createdAt: T0 + 3 }))); // waiting
        expect(must(await s.listActiveGames()).map((g) => g.id)).toEqual([a.id, b.id]);
        const f = must(await s.finishGame(a.id, { status: 'finished', result: { winner: 'p2', points: 2, reason: 'points' }, finishedAt: T0 + 100 }));
        expect(f).toMatchObject({
          status: 'finished',
          seedRevealed: true,
          serverSeed: 's3cret',
          finishedAt: T0 + 100,
          result: { winner: 'p2', points: 2, reason: 'points' },
        });
        expect(must(await s.listActiveGames()).map((g) => g.id)).toEqual([b.id]);
        expectStoreError(await s.finishGame(a.id, { status: 'aborted', result: null, finishedAt: T0 }), 'CONFLICT', /already finished/);
        expectStoreError(await s.finishGame('nope', { status: 'aborted', result: null, finishedAt: T0 }), 'NOT_FOUND');
        const { actions } = playedActions(1);
        expectStoreError(await s.appendAction(a.id, 1, { action: actions[0]!, seat: null, timeUsedMs: null, createdAt: T0 }), 'CONFLICT', /finished/);
        expectStoreError(await s.updateGame(a.id, { status: 'active' }), 'CONFLICT');
        expect(must(await s.getGame(a.id))).toEqual({ ...f, ratingChanges: undefined });
        expect(f.ratingChanges).toEqual([]);
      });

      it("pages a user's finished games, newest first", async () => {
        const s = await open();
        const anna = await user(s, 'anna');
        const bob = await user(s, 'bob');
        const ids: string[] = [];
        for (let i = 0; i < 7; i++) {
          const g = must(await s.createGame(newGame({ status: 'active', p1: { userId: i % 2 ? anna.id : bob.id }, p2: { userId: i % 2 ? bob.id : anna.id } })));
          must(await s.finishGame(g.id, { status: i === 3 ? 'aborted' : 'finished', result: { i }, finishedAt: T0 + 10 * i }));
          ids.push(g.id);
        }
        must(await s.createGame(newGame({ status: 'active', p1: { userId: anna.id } }))); // not finished
        must(await s.finishGame(must(await s.createGame(newGame({ p1: { userId: bob.id } }))).id, { status: 'aborted', result: null, finishedAt: T0 }));
        const seen: string[] = [];
        let page = must(await s.listFinishedGames(anna.id, { limit: 3 }));
        seen.push(...page.items.map((g) => g.id));
        while (page.next !== null) {
          page = must(await s.listFinishedGames(anna.id, { limit: 3, before: page.next }));
          seen.push(...page.items.map((g) => g.id));
        }
        expect(seen).toEqual([...ids].reverse());
        expect(must(await s.listFinishedGames(anna.id, { limit: 7 })).next).toBe(null);
        expect(must(await s.listFinishedGames('nobody', { limit: 5 })).items).toEqual([]);
        expectStoreError(await s.listFinishedGames(anna.id, { limit: 0 }), 'BAD_INPUT');
      });
    });

    describe('chat, blocks, ratings', () => {
      it('keeps chat per channel and lists the latest, oldest first', async () => {
        const s = await open();
        const anna = await user(s, 'anna');
        for (let i = 0; i < 5; i++) must(await s.addChatMessage({ channel: 'lobby', userId: anna.id, text: `hi ${i} — привет`, createdAt: T0 + i }));
        must(await s.addChatMessage({ channel: 'table:g1', userId: anna.id, text: 'gg', createdAt: T0 }));
        const recent = must(await s.listChatMessages('lobby', 3));
        expect(recent.map((m) => m.text)).toEqual(['hi 2 — привет', 'hi 3 — привет', 'hi 4 — привет']);
        expect(recent[0]).toMatchObject({ channel: 'lobby', userId: anna.id, createdAt: T0 + 2 });
        expect(recent[0]!.id).toBeLessThan(recent[1]!.id);
        expect(must(await s.listChatMessages('table:g1', 50)).map((m) => m.text)).toEqual(['gg']);
        expect(must(await s.listChatMessages('pm:a:b', 50))).toEqual([]);
        expectStoreError(await s.addChatMessage({ channel: 'lobby', userId: 'ghost', text: 'x', createdAt: T0 }), 'NOT_FOUND');
      });

      it('adds, lists and removes blocks idempotently', async () => {
        const s = await open();
        const [a, b, c] = [await user(s, 'a'), await user(s, 'b'), await user(s, 'c')];
        must(await s.addBlock(a.id, b.id, T0));
        must(await s.addBlock(a.id, b.id, T0 + 5));
        must(await s.addBlock(a.id, c.id, T0 + 1));
        expect(must(await s.listBlocks(a.id))).toEqual([b.id, c.id]);
        expect(must(await s.listBlocks(b.id))).toEqual([]);
        must(await s.removeBlock(a.id, b.id));
        must(await s.removeBlock(a.id, b.id));
        expect(must(await s.listBlocks(a.id))).toEqual([c.id]);
        expectStoreError(await s.addBlock(a.id, a.id, T0), 'BAD_INPUT');
        expectStoreError(await s.addBlock(a.id, 'ghost', T0), 'NOT_FOUND');
      });
    });

    it('answers DB_UNAVAILABLE after close, without throwing', async () => {
      const s = await open();
      const u = await user(s, 'anna');
      await s.close();
      expectStoreError(await s.findUserById(u.id), 'DB_UNAVAILABLE');
      expectStoreError(
        await s.appendAction('g', 1, { action: { type: 'opening', dice: { p1: 1, p2: 2 } }, seat: null, timeUsedMs: null, createdAt: T0 }),
        'DB_UNAVAILABLE',
      );
      expectStoreError(await s.listActiveGames(), 'DB_UNAVAILABLE');
    });
  });
}
