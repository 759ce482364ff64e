/**
 * The leases (issue 43): what the store keeps of who holds each shard key, apart from the rest of the cluster's
 * contract (types.ts) so that the store depends on nothing above it.
 */

/** A shard key: `game:<id>`, `lobby`, `tournament:<id>`, `schedule`. */
export type ShardKey = string;

/** The fence of a key held by this instance: every write of its state names it. */
export interface Fence {
  readonly owner: string;
  readonly token: number;
}

/** Who holds a key now, after a claim. */
export interface Holder {
  readonly owner: string;
  readonly fence: number;
  /** The claim made (or found) this instance the owner. */
  readonly mine: boolean;
}

/** The leases in PostgreSQL (store/cluster.ts implements it). Times are ms since the epoch. */
export interface ClusterStore {
  /** Writes this instance's heartbeat (an upsert); renews every lease it holds. */
  heartbeat(instanceId: string, now: number): Promise<boolean>;
  /** Graceful leave: its games' owner set to null, its leases and its row deleted (others take over at once). */
  leave(instanceId: string): Promise<void>;
  /** The instances whose heartbeat is younger than `lapseMs`. */
  alive(now: number, lapseMs: number): Promise<readonly string[]>;
  /**
   * Claims `key` for `me` unless a live instance holds it: a game's row (`game:<id>`, only while its status is
   * active or finished) or a `cluster_leases` row. null: no such game.
   */
  claim(key: ShardKey, me: string, now: number, lapseMs: number): Promise<Holder | null>;
  /** Who holds `key` now (null: nobody, or no such game). */
  ownerOf(key: ShardKey): Promise<Holder | null>;
  /** The keys `me` holds now (to drop what it lost while paused). */
  held(me: string): Promise<readonly ShardKey[]>;
  /**
   * Keys nobody live holds that need an owner without waiting for a client: active games (created more than
   * `graceMs` ago) with no owner or a dead one, and leases of dead instances; at most `limit`, in random order.
   */
  orphans(now: number, lapseMs: number, graceMs: number, limit: number): Promise<readonly ShardKey[]>;
  /** Gives `key` up (owner null / lease deleted) if `me` holds it. */
  release(key: ShardKey, me: string): Promise<void>;
}
