import { afterAll, describe, expect, it } from 'vitest';
import { ClusterStoreError } from './cluster.js';
import { openDatabase, type Database } from './database.js';
import { KyselyStore, openStore } from './kysely-store.js';
import { migrateTo, migrateToLatest } from './migrations.js';
import { PG_URL, pgSchema } from './pg.suite.js';
import { expectStoreError, must, newGame, storePerTest, type StoreFactory } from './store.suite.js';
import type { NewActionEntry, Store } from './types.js';

/** The leases of a cluster's instances (store/cluster.ts) and the fenced appends, on SQLite and (NARDY_TEST_PG_URL) PostgreSQL. */

const T0 = 1_700_000_000_000;
const LAPSE = 3000;
const GRACE = 10_000;

const entry = (at = T0): NewActionEntry => ({ action: { type: 'opening', dice: { p1: 5, p2: 2 } }, seat: null, timeUsedMs: null, createdAt: at });

const game = async (s: Store, status: 'waiting' | 'active' = 'active', createdAt = T0) => must(await s.createGame(newGame({ status, createdAt }))).id;

function clusterSuite(name: string, factory: StoreFactory): void {
  describe(`ClusterStore: ${name}`, () => {
    const { open } = storePerTest(factory);

    it('heartbeats: the instances younger than the lapse are alive', async () => {
      const c = (await open()).cluster;
      expect(await c.heartbeat('a', T0)).toBe(true);
      expect(await c.heartbeat('b', T0)).toBe(true);
      expect(await c.alive(T0 + 1000, LAPSE)).toEqual(['a', 'b']);
      expect(await c.heartbeat('a', T0 + 2000)).toBe(true);
      expect(await c.alive(T0 + 4000, LAPSE)).toEqual(['a']);
      expect(await c.alive(T0 + 9000, LAPSE)).toEqual([]);
    });

    it("claims a game's row: renewed with the same fence, refused while its owner lives, taken over with the fence up after the lapse", async () => {
      const s = await open();
      const c = s.cluster;
      const g = await game(s);
      await c.heartbeat('a', T0);
      await c.heartbeat('b', T0);
      expect(await c.ownerOf(`game:${g}`)).toBeNull();
      expect(await c.claim(`game:${g}`, 'a', T0, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: true });
      expect(await c.claim(`game:${g}`, 'a', T0 + 10, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: true });
      expect(await c.claim(`game:${g}`, 'b', T0 + 10, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: false });
      await c.heartbeat('b', T0 + 5000);
      expect(await c.claim(`game:${g}`, 'b', T0 + 5000, LAPSE)).toEqual({ owner: 'b', fence: 2, mine: true });
      expect(await c.ownerOf(`game:${g}`)).toEqual({ owner: 'b', fence: 2, mine: false });
      // a is back from its pause: the game is b's now.
      await c.heartbeat('a', T0 + 5001);
      expect(await c.claim(`game:${g}`, 'a', T0 + 5001, LAPSE)).toEqual({ owner: 'b', fence: 2, mine: false });
      expect(await c.held('a')).toEqual([]);
      expect(await c.held('b')).toEqual([`game:${g}`]);
    });

    it('claims only an active or finished game: null for a waiting, aborted or unknown one', async () => {
      const s = await open();
      const c = s.cluster;
      await c.heartbeat('a', T0);
      const waiting = await game(s, 'waiting');
      const aborted = await game(s);
      must(await s.finishGame(aborted, { status: 'aborted', result: null, finishedAt: T0 }));
      const finished = await game(s);
      must(await s.finishGame(finished, { status: 'finished', result: null, finishedAt: T0 }));
      expect(await c.claim(`game:${waiting}`, 'a', T0, LAPSE)).toBeNull();
      expect(await c.claim(`game:${aborted}`, 'a', T0, LAPSE)).toBeNull();
      expect(await c.claim('game:nope', 'a', T0, LAPSE)).toBeNull();
      expect(await c.ownerOf('game:nope')).toBeNull();
      expect(await c.claim(`game:${finished}`, 'a', T0, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: true });
    });

    it('claims a singleton key as a lease row: fence from 1, up at a takeover; released only by its owner', async () => {
      const c = (await open()).cluster;
      await c.heartbeat('a', T0);
      await c.heartbeat('b', T0);
      expect(await c.ownerOf('lobby')).toBeNull();
      expect(await c.claim('lobby', 'a', T0, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: true });
      expect(await c.claim('lobby', 'a', T0 + 1, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: true });
      expect(await c.claim('lobby', 'b', T0 + 1, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: false });
      await c.heartbeat('b', T0 + 5000);
      expect(await c.claim('lobby', 'b', T0 + 5000, LAPSE)).toEqual({ owner: 'b', fence: 2, mine: true });
      await c.release('lobby', 'a');
      expect(await c.ownerOf('lobby')).toEqual({ owner: 'b', fence: 2, mine: false });
      await c.release('lobby', 'b');
      expect(await c.ownerOf('lobby')).toBeNull();
      expect(await c.claim('lobby', 'a', T0 + 5000, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: true });
    });

    it('releases a game: its owner null, the fence kept, the next claim raises it', async () => {
      const s = await open();
      const c = s.cluster;
      const g = await game(s);
      await c.heartbeat('a', T0);
      await c.heartbeat('b', T0);
      await c.claim(`game:${g}`, 'a', T0, LAPSE);
      await c.release(`game:${g}`, 'b');
      expect(await c.ownerOf(`game:${g}`)).toEqual({ owner: 'a', fence: 1, mine: false });
      await c.release(`game:${g}`, 'a');
      expect(await c.ownerOf(`game:${g}`)).toBeNull();
      expect(await c.claim(`game:${g}`, 'b', T0, LAPSE)).toEqual({ owner: 'b', fence: 2, mine: true });
    });

    it('fences appends and the finish: the old owner is refused (FENCED, naming the new one), the new owner writes', async () => {
      const s = await open();
      const c = s.cluster;
      const g = await game(s);
      await c.heartbeat('a', T0);
      const a = (await c.claim(`game:${g}`, 'a', T0, LAPSE))!;
      must(await s.appendAction(g, 1, entry(), { owner: 'a', token: a.fence }));
      await c.heartbeat('b', T0 + 5000);
      const b = (await c.claim(`game:${g}`, 'b', T0 + 5000, LAPSE))!;
      expect(b.fence).toBe(2);
      expectStoreError(await s.appendAction(g, 2, entry(), { owner: 'a', token: a.fence }), 'FENCED', /held by b \(fence 2\)/);
      // A stale token of the right owner is refused as well, and FENCED wins over a taken seq.
      expectStoreError(await s.appendAction(g, 2, entry(), { owner: 'b', token: 1 }), 'FENCED');
      expectStoreError(await s.appendAction(g, 1, entry(), { owner: 'a', token: a.fence }), 'FENCED');
      must(await s.appendAction(g, 2, entry(), { owner: 'b', token: b.fence }));
      expectStoreError(await s.appendAction(g, 2, entry(), { owner: 'b', token: b.fence }), 'CONFLICT', /already taken/);
      expect(must(await s.loadGame(g)).actions.map((x) => x.seq)).toEqual([1, 2]);
      expectStoreError(await s.finishGame(g, { status: 'aborted', result: null, finishedAt: T0 }, { owner: 'a', token: a.fence }), 'FENCED', /held by b/);
      expect(must(await s.getGame(g)).status).toBe('active');
      must(await s.finishGame(g, { status: 'aborted', result: null, finishedAt: T0 }, { owner: 'b', token: b.fence }));
      expectStoreError(await s.finishGame(g, { status: 'aborted', result: null, finishedAt: T0 }, { owner: 'b', token: b.fence }), 'CONFLICT');
      // Without a fence (one instance) nothing changes.
      const h = await game(s);
      must(await s.appendAction(h, 1, entry()));
      expectStoreError(await s.appendAction(h, 1, entry(), { owner: 'a', token: 0 }), 'FENCED', /held by nobody/);
    });

    it('lists orphans: ownerless or dead-owned active games past the grace, dead leases, undirected tournaments; at most the limit', async () => {
      const s = await open();
      const c = s.cluster;
      const now = T0 + 60_000;
      await c.heartbeat('dead', T0);
      await c.heartbeat('a', now);
      const free = await game(s, 'active', T0);
      const young = await game(s, 'active', now - 1000);
      const ofDead = await game(s, 'active', T0);
      const ofA = await game(s, 'active', T0);
      await game(s, 'waiting', T0);
      const done = await game(s, 'active', T0);
      must(await s.finishGame(done, { status: 'finished', result: null, finishedAt: T0 }));
      expect(await c.claim(`game:${ofDead}`, 'dead', T0, LAPSE)).toMatchObject({ mine: true });
      expect(await c.claim(`game:${ofA}`, 'a', now, LAPSE)).toMatchObject({ mine: true });
      expect(await c.claim('lobby', 'dead', T0, LAPSE)).toMatchObject({ mine: true });
      const tournament = async () =>
        must(await s.tournaments.create({ name: 't', format: 'knockout', terms: {}, createdBy: null, startsAt: null, createdAt: T0 })).id;
      const open1 = await tournament();
      const running = await tournament();
      must(await s.tournaments.start(running, {}, T0));
      expect(await c.claim(`tournament:${running}`, 'a', now, LAPSE)).toMatchObject({ mine: true });
      const cancelled = await tournament();
      must(await s.tournaments.cancel(cancelled, T0));

      const all = await c.orphans(now, LAPSE, GRACE, 100);
      expect([...all].sort()).toEqual(['schedule', 'lobby', `game:${free}`, `game:${ofDead}`, `tournament:${open1}`].sort());
      expect(all[0]).toBe('schedule');
      expect(all).not.toContain(`game:${young}`);
      const two = await c.orphans(now, LAPSE, GRACE, 2);
      expect(two).toHaveLength(2);
      expect(two.every((k) => all.includes(k))).toBe(true);
      expect(await c.orphans(now, LAPSE, GRACE, 0)).toEqual([]);
      // Past its grace the young game is an orphan too; once adopted, none of them is.
      expect(await c.orphans(now + GRACE, LAPSE + GRACE, GRACE, 100)).toContain(`game:${young}`);
      for (const k of all) await c.claim(k, 'a', now, LAPSE);
      expect(await c.orphans(now, LAPSE, GRACE, 100)).toEqual([]);
    });

    it('held and leave: an instance that leaves gives up its games and leases at once', async () => {
      const s = await open();
      const c = s.cluster;
      const [g1, g2, g3] = [await game(s), await game(s), await game(s)];
      await c.heartbeat('a', T0);
      await c.heartbeat('b', T0);
      for (const k of [`game:${g1}`, `game:${g2}`, 'lobby', 'tournament:x']) await c.claim(k, 'a', T0, LAPSE);
      await c.claim(`game:${g3}`, 'b', T0, LAPSE);
      expect([...(await c.held('a'))].sort()).toEqual([`game:${g1}`, `game:${g2}`, 'lobby', 'tournament:x'].sort());
      await c.leave('a');
      expect(await c.held('a')).toEqual([]);
      expect(await c.alive(T0, LAPSE)).toEqual(['b']);
      expect(await c.ownerOf(`game:${g1}`)).toBeNull();
      expect(await c.ownerOf('lobby')).toBeNull();
      expect(await c.held('b')).toEqual([`game:${g3}`]);
      // b takes over at once, without waiting for a's lapse; the game's fence goes on from a's.
      expect(await c.claim(`game:${g1}`, 'b', T0, LAPSE)).toEqual({ owner: 'b', fence: 2, mine: true });
      expect(await c.claim('lobby', 'b', T0, LAPSE)).toEqual({ owner: 'b', fence: 1, mine: true });
    });

    it('on a dead database: heartbeat answers false, the others throw a ClusterStoreError', async () => {
      const s = await open();
      const c = s.cluster;
      await s.close();
      expect(await c.heartbeat('a', T0)).toBe(false);
      await expect(c.claim('game:x', 'a', T0, LAPSE)).rejects.toThrow(ClusterStoreError);
      await expect(c.alive(T0, LAPSE)).rejects.toThrow(/DB_UNAVAILABLE/);
      await expect(c.held('a')).rejects.toThrow(ClusterStoreError);
      await expect(c.orphans(T0, LAPSE, GRACE, 10)).rejects.toThrow(ClusterStoreError);
      await expect(c.leave('a')).rejects.toThrow(ClusterStoreError);
    });

    // On PostgreSQL the two claims run on two connections at once; SQLite's one connection runs them in turn.
    it('of two instances claiming at once, exactly one wins, and a takeover raises the fence once', async () => {
      const s = await open();
      const c = s.cluster;
      await c.heartbeat('dead', T0);
      const now = T0 + 10_000;
      await c.heartbeat('a', now);
      await c.heartbeat('b', now);
      const games = await Promise.all(Array.from({ length: 20 }, () => game(s)));
      for (const g of games.slice(10)) await c.claim(`game:${g}`, 'dead', T0, LAPSE);
      const keys = [...games.map((g) => `game:${g}`), 'lobby', 'schedule'];
      await c.claim('schedule', 'dead', T0, LAPSE);
      const results = await Promise.all(keys.map((k) => Promise.all([c.claim(k, 'a', now, LAPSE), c.claim(k, 'b', now, LAPSE)])));
      results.forEach(([x, y], i) => {
        expect([x?.mine, y?.mine].filter(Boolean), keys[i]).toHaveLength(1);
        expect(x?.owner, keys[i]).toBe(y?.owner);
        expect(x?.fence, keys[i]).toBe(y?.fence);
        // Free keys start at 1; the dead instance's (fence 1) go to 2.
        expect(x?.fence, keys[i]).toBe(i >= 10 && i < 20 ? 2 : i === 21 ? 2 : 1);
      });
    });
  });
}

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const f of cleanups) await f();
});

clusterSuite('SQLite :memory:', async () => ({ store: must(await openStore(':memory:')) }));
if (PG_URL !== undefined) {
  const url = PG_URL;
  clusterSuite('PostgreSQL', async () => {
    const { schema, drop } = await pgSchema(url);
    return { store: must(await openStore(url, { schema, poolSize: 4 })), cleanup: drop };
  });
}

async function openRaw(kind: string): Promise<Database> {
  if (kind === 'SQLite') return must(await openDatabase(':memory:'));
  const { schema, drop } = await pgSchema(PG_URL!);
  cleanups.push(drop);
  return must(await openDatabase(PG_URL!, { schema }));
}

describe.each(PG_URL !== undefined ? ['SQLite', 'PostgreSQL'] : ['SQLite'])('0011_cluster on %s', (kind) => {
  it('gives the games already there no owner and fence 0: a live one is claimable, its log appendable', async () => {
    const d = await openRaw(kind);
    const opts = { dialect: d.dialect, ...(d.schema !== undefined ? { schema: d.schema } : {}) };
    expect(must(await migrateTo(d.db, opts, '0010_game_tournament'))).toContain('0010_game_tournament');
    const s = new KyselyStore(d);
    const g = await game(s);
    must(await s.appendAction(g, 1, entry()));
    expect(must(await migrateToLatest(d.db, opts))).toEqual(['0011_cluster']);
    await s.cluster.heartbeat('a', T0);
    expect(await s.cluster.ownerOf(`game:${g}`)).toBeNull();
    expect(await s.cluster.claim(`game:${g}`, 'a', T0, LAPSE)).toEqual({ owner: 'a', fence: 1, mine: true });
    must(await s.appendAction(g, 2, entry(), { owner: 'a', token: 1 }));
    expect(must(await s.loadGame(g)).game.lastSeq).toBe(2);
    await s.close();
  });
});
