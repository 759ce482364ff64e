import { randomBytes } from 'node:crypto';
import type { ClientLink, CommandModule } from '../contracts.js';
import type { GamesCluster, Log } from '../games/manager.js';
import { RedisBus } from './bus.js';
import { Ownership } from './owners.js';
import { ClusterRouter, type CommitmentCarry, type HelloHook } from './router.js';
import { shardOf } from './shards.js';
import type { ClusterStore, ShardHost, UserPush } from './types.js';
import { clusterUserPush, localUserPush, USER_PUSH } from './user-push.js';

export interface ClusterNodeOptions {
  readonly redisUrl: string;
  /** INSTANCE_ID, or null for a fresh random one. */
  readonly instanceId: string | null;
  readonly lapseMs: number;
  readonly prefix: string;
  readonly store: ClusterStore;
  readonly now: () => number;
  readonly log: Log;
}

/**
 * This instance as a member of the cluster (issue 43), built by `createApp` when `REDIS_URL` is set: the bus to the
 * other instances (Redis), the leases (PostgreSQL, `Ownership`), and, once the modules exist, the router that runs
 * each command where its state lives. `createApp` wires the modules to it; this class holds the parts and their order
 * of start and stop.
 */
export class ClusterNode {
  readonly instanceId: string;
  readonly bus: RedisBus;
  readonly ownership: Ownership;
  private readonly hosts: ShardHost[] = [];
  private readonly casts = new Map<string, (data: unknown) => void>();
  private clusterRouter: ClusterRouter | null = null;

  constructor(private readonly opts: ClusterNodeOptions) {
    this.instanceId = opts.instanceId ?? `i_${randomBytes(5).toString('hex')}`;
    this.bus = new RedisBus({
      url: opts.redisUrl,
      instanceId: this.instanceId,
      prefix: opts.prefix,
      onFault: (what, err) => opts.log.warn({ err }, `cluster bus: ${what}`),
    });
    this.ownership = new Ownership({
      store: opts.store,
      instanceId: this.instanceId,
      now: opts.now,
      lapseMs: opts.lapseMs,
      hosts: this.hosts,
      log: opts.log,
      onDied: (id) => {
        this.bus.failCallsTo(id);
        this.clusterRouter?.instanceDied(id);
      },
    });
    this.bus.onFrame((f) => {
      if (f.t === 'cast') this.casts.get(f.topic)?.(f.data);
    });
    let seen = false;
    this.bus.onStatus((up) => {
      if (up && !seen) opts.log.info({ redis: 'up' }, 'connected to Redis');
      else if (up) opts.log.warn({ redis: 'up' }, 'Redis is back: clients with state on other instances reconnect and resync');
      else opts.log.warn({ redis: 'down' }, 'Redis is down: this instance serves what it holds; the rest is answered CLUSTER_UNAVAILABLE');
      seen ||= up;
    });
  }

  /** A module that holds shards (games, tournaments, the lobby, the schedule). */
  host(h: ShardHost): void {
    this.hosts.push(h);
  }

  /** Runs `f` on every other instance's `cast(topic, …)`. One listener per topic. */
  onCast(topic: string, f: (data: unknown) => void): void {
    if (this.casts.has(topic)) throw new Error(`two listeners for the cast '${topic}'`);
    this.casts.set(topic, f);
  }

  cast(topic: string, data: unknown): void {
    this.bus.cast(topic, data);
  }

  /** What the games need: their fences, claims of new games, and what to do when one is lost. */
  games(closeLink: (linkId: string) => void): GamesCluster {
    const key = (gameId: string): string => `game:${gameId}`;
    return {
      fenceOf: (gameId) => this.ownership.fenceOf(key(gameId)),
      claimNew: async (gameId) => (await this.ownership.claim(key(gameId), false))?.mine === true,
      released: (gameId) => void this.ownership.release(key(gameId)),
      lost: (gameId) => this.ownership.lost(key(gameId)),
      closeLinks: (ids) => {
        for (const id of ids) closeLink(id);
      },
    };
  }

  /** Messages for all of a user's connections: this instance's links of the user, and the others' through a cast. */
  userPush(linksOf: (userId: string) => readonly ClientLink[]): UserPush {
    const push = clusterUserPush(localUserPush(linksOf), (topic, data) => this.bus.cast(topic, data));
    this.onCast(USER_PUSH, (data) => push.received(data));
    return push;
  }

  /** The router of commands: each runs on the instance that holds its state (`shards.ts`). */
  route(opts: {
    readonly modules: readonly CommandModule[];
    readonly hello: readonly HelloHook[];
    readonly carry: CommitmentCarry;
    readonly closeLink: (linkId: string) => void;
    readonly onFault: (what: string, err: unknown) => void;
  }): ClusterRouter {
    this.clusterRouter = new ClusterRouter({
      bus: this.bus,
      directory: this.ownership,
      modules: opts.modules,
      shardOf,
      isMine: (k) => this.ownership.isMine(k),
      close: opts.closeLink,
      hello: opts.hello,
      carry: opts.carry,
      onFault: opts.onFault,
    });
    return this.clusterRouter;
  }

  /** Joins: the first heartbeat, then the sweeps that adopt what dead instances held. */
  async start(): Promise<void> {
    await this.ownership.start();
    this.opts.log.info({ instance: this.instanceId, redis: this.bus.up ? 'up' : 'connecting' }, 'joined the cluster');
  }

  /** Leaves: every lease given back at once (the others take over without waiting for the lapse), then the bus. */
  async close(): Promise<void> {
    await this.ownership.close();
    await this.bus.close();
  }
}
