import { sql, type Kysely } from 'kysely';
import type { ClusterStore, Holder, ShardKey } from '../cluster/leases.js';
import { num } from './common.js';
import { guarded } from './errors.js';
import type { DB } from './schema.js';
import { storeOk, type StoreError } from './types.js';

/**
 * A database failure of a `ClusterStore` call, with the store's code (DB_UNAVAILABLE, DB_ERROR). Every method but
 * `heartbeat` throws it rather than answer a plain value: an empty `alive` or `held`, a null `ownerOf`, read as facts,
 * would make an instance take over or drop everything at a database blip. `heartbeat` answers false (its answer is
 * whether the leases were renewed).
 */
export class ClusterStoreError extends Error {
  constructor(
    what: string,
    readonly error: StoreError,
  ) {
    super(`cluster ${what}: ${error.code}: ${error.message}`);
    this.name = 'ClusterStoreError';
  }
}

const GAME = 'game:';
const TOURNAMENT = 'tournament:';
/** A game's key can be claimed while it is live (its actor) or finished (its rooms, its rematch). */
const CLAIMABLE = ['active', 'finished'];
/** The tournaments whose director runs (registering: it starts them; running: it pairs). */
const DIRECTED = ['registering', 'running'];
/** The keys that always need an owner, held or not. */
const STANDING = ['lobby', 'schedule'];

const gameId = (key: ShardKey): string | null => (key.startsWith(GAME) ? key.slice(GAME.length) : null);

/**
 * The leases of a cluster's instances (issue 43; migration 0011) on the store's database, the same SQL on
 * PostgreSQL and SQLite. A game's lease is its own row (`games.owner`, `games.fence`), so an append fenced by it
 * (`Store.appendAction(…, fence)`) is refused in the same statement that would write it; the other keys are rows of
 * `cluster_leases`. An instance is alive while its `cluster_instances` row's heartbeat is younger than the lapse: a
 * claim takes a key whose owner is not, in one conditional statement, so of two instances claiming at once exactly
 * one wins (PostgreSQL re-checks the condition on the row the winner wrote). A takeover raises the fence by one; a
 * claim by the owner itself keeps it.
 *
 * The fence of a game only ever goes up (its row stays). A singleton's lease row is deleted by `release` and
 * `leave`, and its next claim starts again at 1: compare a singleton's fence with its owner, as `Fence` does.
 *
 * An instance heartbeats before it claims: `orphans` finds the games of dead instances by their instance rows.
 */
export class KyselyCluster implements ClusterStore {
  constructor(
    private readonly db: () => Kysely<DB>,
    private readonly closed: () => boolean,
  ) {}

  /** Runs `fn`, throwing a database failure as a `ClusterStoreError`. */
  async #do<T>(what: string, fn: (db: Kysely<DB>) => Promise<T>): Promise<T> {
    const r = await guarded(this.closed, this.db, async (db) => storeOk(await fn(db)));
    if (!r.ok) throw new ClusterStoreError(what, r.error);
    return r.value;
  }

  /** The ids of the instances alive at `now` (a subquery). */
  #alive(db: Kysely<DB>, now: number, lapseMs: number) {
    return db
      .selectFrom('cluster_instances')
      .select('id')
      .where('heartbeat_at', '>', now - lapseMs);
  }

  async heartbeat(instanceId: string, now: number): Promise<boolean> {
    const r = await guarded(this.closed, this.db, async (db) => {
      await db
        .insertInto('cluster_instances')
        .values({ id: instanceId, started_at: now, heartbeat_at: now })
        .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: now }))
        .execute();
      return storeOk(true);
    });
    return r.ok;
  }

  leave(instanceId: string): Promise<void> {
    return this.#do('leave', (db) =>
      db.transaction().execute(async (trx) => {
        await trx.updateTable('games').set({ owner: null }).where('owner', '=', instanceId).execute();
        await trx.deleteFrom('cluster_leases').where('owner', '=', instanceId).execute();
        await trx.deleteFrom('cluster_instances').where('id', '=', instanceId).execute();
      }),
    );
  }

  alive(now: number, lapseMs: number): Promise<readonly string[]> {
    return this.#do('alive', async (db) => (await this.#alive(db, now, lapseMs).orderBy('id').execute()).map((r) => r.id));
  }

  /** Throws a `ClusterStoreError` when the database fails; null only for a game key with no claimable game. */
  claim(key: ShardKey, me: string, now: number, lapseMs: number): Promise<Holder | null> {
    const id = gameId(key);
    return this.#do('claim', async (db) => {
      // A row that changes between the refused claim and the read (released, finished) is claimed again.
      for (let attempt = 0; attempt < 3; attempt++) {
        const found = id !== null ? await this.#claimGame(db, id, me, now, lapseMs) : await this.#claimLease(db, key, me, now, lapseMs);
        if (found !== undefined) return found;
      }
      throw new Error(`the lease of ${key} keeps changing under the claim`);
    });
  }

  /** undefined: the row changed between the refused update and the read. */
  async #claimGame(db: Kysely<DB>, id: string, me: string, now: number, lapseMs: number): Promise<Holder | null | undefined> {
    const won = await db
      .updateTable('games')
      .set({ owner: me, fence: sql<number>`case when owner = ${me} then fence else fence + 1 end` })
      .where('id', '=', id)
      .where('status', 'in', CLAIMABLE)
      .where((eb) => eb.or([eb('owner', 'is', null), eb('owner', '=', me), eb('owner', 'not in', this.#alive(db, now, lapseMs))]))
      .returning(['owner', 'fence'])
      .executeTakeFirst();
    if (won) return { owner: me, fence: num(won.fence), mine: true };
    const g = await db.selectFrom('games').select(['owner', 'fence', 'status']).where('id', '=', id).executeTakeFirst();
    if (!g || !CLAIMABLE.includes(g.status)) return null;
    return g.owner === null ? undefined : { owner: g.owner, fence: num(g.fence), mine: g.owner === me };
  }

  async #claimLease(db: Kysely<DB>, key: string, me: string, now: number, lapseMs: number): Promise<Holder | undefined> {
    const won = await db
      .insertInto('cluster_leases')
      .values({ key, owner: me, fence: 1 })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({
            owner: me,
            fence: sql<number>`case when cluster_leases.owner = ${me} then cluster_leases.fence else cluster_leases.fence + 1 end`,
          })
          .where((eb) => eb.or([eb('cluster_leases.owner', '=', me), eb('cluster_leases.owner', 'not in', this.#alive(db, now, lapseMs))])),
      )
      .returning(['owner', 'fence'])
      .executeTakeFirst();
    if (won) return { owner: me, fence: num(won.fence), mine: true };
    const l = await db.selectFrom('cluster_leases').select(['owner', 'fence']).where('key', '=', key).executeTakeFirst();
    return l ? { owner: l.owner, fence: num(l.fence), mine: l.owner === me } : undefined;
  }

  /** The owner as written, alive or not (`claim` takes a dead one's key over); `mine` is false: nothing was claimed. */
  ownerOf(key: ShardKey): Promise<Holder | null> {
    const id = gameId(key);
    return this.#do('ownerOf', async (db) => {
      const r =
        id !== null
          ? await db.selectFrom('games').select(['owner', 'fence']).where('id', '=', id).executeTakeFirst()
          : await db.selectFrom('cluster_leases').select(['owner', 'fence']).where('key', '=', key).executeTakeFirst();
      return r && r.owner !== null ? { owner: r.owner, fence: num(r.fence), mine: false } : null;
    });
  }

  /** Every game row naming `me` (whatever its status: release a game's key when its actor goes), and its leases. */
  held(me: string): Promise<readonly ShardKey[]> {
    return this.#do('held', async (db) => {
      const games = await db.selectFrom('games').select('id').where('owner', '=', me).execute();
      const leases = await db.selectFrom('cluster_leases').select('key').where('owner', '=', me).execute();
      return [...games.map((g) => GAME + g.id), ...leases.map((l) => l.key)];
    });
  }

  /**
   * Besides the contract's: the tournaments whose director runs (registering, running) with no lease row, and
   * `lobby` and `schedule` with none (after a graceful leave nobody holds them, and the schedule has no client to
   * ask for it); those two come first. The games are found by two index lookups (no owner; a dead instance's), so
   * the scan costs the orphans, not the live games.
   */
  orphans(now: number, lapseMs: number, graceMs: number, limit: number): Promise<readonly ShardKey[]> {
    return this.#do('orphans', async (db) => {
      const n = Math.floor(limit);
      if (!(n > 0)) return [];
      const standing = await db.selectFrom('cluster_leases').select('key').where('key', 'in', STANDING).execute();
      const keys = STANDING.filter((k) => !standing.some((s) => s.key === k));
      // The dead instances named, not a subquery: PostgreSQL then looks each one's games up in the index (two
      // branches, not an OR: each its own index).
      const dead = (
        await db
          .selectFrom('cluster_instances')
          .select('id')
          .where('heartbeat_at', '<=', now - lapseMs)
          .execute()
      ).map((r) => r.id);
      const games = db
        .selectFrom('games')
        .select(sql<string>`${sql.lit(GAME)} || id`.as('key'))
        .where('status', '=', 'active')
        .where('created_at', '<', now - graceMs);
      const unowned = games.where('owner', 'is', null);
      const orphans = (dead.length > 0 ? unowned.union(games.where('owner', 'in', dead)) : unowned)
        .union(
          db
            .selectFrom('cluster_leases')
            .select('key')
            .where('owner', 'not in', this.#alive(db, now, lapseMs)),
        )
        .union(
          db
            .selectFrom('tournaments')
            .select(sql<string>`${sql.lit(TOURNAMENT)} || id`.as('key'))
            .where('status', 'in', DIRECTED)
            .where(({ not, exists, selectFrom }) =>
              not(
                exists(
                  selectFrom('cluster_leases')
                    .select('key')
                    .whereRef('cluster_leases.key', '=', sql<string>`${sql.lit(TOURNAMENT)} || tournaments.id`),
                ),
              ),
            ),
        );
      const rows = await db
        .selectFrom(orphans.as('o'))
        .select('o.key')
        .orderBy(sql`random()`)
        .limit(n)
        .execute();
      return [...keys, ...rows.map((r) => r.key)].slice(0, n);
    });
  }

  release(key: ShardKey, me: string): Promise<void> {
    const id = gameId(key);
    return this.#do('release', async (db) => {
      if (id !== null) await db.updateTable('games').set({ owner: null }).where('id', '=', id).where('owner', '=', me).execute();
      else await db.deleteFrom('cluster_leases').where('key', '=', key).where('owner', '=', me).execute();
    });
  }
}
