import type { ClientToServer, ServerToClient } from '@nardy/protocol';
import type { Reply, Viewer } from '../contracts.js';
import type { ClusterStore, Fence, Holder, ShardKey } from './leases.js';

export type { ClusterStore, Fence, Holder, ShardKey };

/**
 * The contract of the cluster layer (issue 43): several instances share PostgreSQL (the truth) and Redis (messages).
 *
 * Every piece of live state lives on exactly one instance, its owner, named by a shard key:
 *
 * - `game:<id>`: a live game (its actor, its subscribers, its table and spectator chat rooms). Its lease is the
 *   `games` row itself (`owner`, `fence`): every append of its log is fenced by them, so a paused old owner can
 *   never write after losing it.
 * - `lobby`: the lobby (seeks, challenges, pools, online list, lobby chat room, private messages).
 * - `tournament:<id>`: one tournament's director and its chat room.
 * - `schedule`: the recurring tournaments' scheduler.
 *
 * An instance's leases live while its heartbeat (a row of `cluster_instances`) is fresh: one write a second renews
 * them all; when it is older than `lapseMs` any instance may take a key over (the fence goes up by one). A command
 * that reaches another instance is forwarded to the key's owner over Redis, and handled there for a `RemoteLink`,
 * a stand-in of the client's connection whose `send` goes back over Redis to the connection's own instance.
 */

/** Where a command of this type is handled: a shard key, or null for the instance the client is connected to. */
export type ShardOf = (msg: ClientToServer) => ShardKey | null;

/** A link as it travels to another instance. */
export interface LinkWire {
  readonly id: string;
  readonly viewer: Viewer;
  readonly address?: string;
  /** The instance that holds the socket. */
  readonly origin: string;
}

/** A message between instances (JSON over Redis pub/sub, on the instance's own channel or the broadcast one). */
export type Frame =
  /** Run `msg` for `link` on the owner of `key`; answered by a `reply` frame with the same `rpc`. */
  | {
      readonly t: 'cmd';
      readonly rpc: string;
      readonly from: string;
      readonly key: ShardKey;
      readonly link: LinkWire;
      readonly msg: ClientToServer;
      /** The server seed the origin holds for `msg.commitment` (G10): the owner holds it for the link before running `msg`. */
      readonly seed?: string;
    }
  /** A named call between modules (start a game here, a rematch event to a game's owner …). */
  | { readonly t: 'call'; readonly rpc: string; readonly from: string; readonly method: string; readonly args: unknown }
  | {
      readonly t: 'reply';
      readonly rpc: string;
      readonly reply: Reply | { readonly ok: false; readonly error: { readonly code: 'MOVED'; readonly message: string } };
    }
  /** Messages for links held by the receiving instance; `to[i]` lists the link ids that get `msgs[i]`. */
  | { readonly t: 'push'; readonly from: string; readonly msgs: readonly ServerToClient[]; readonly to: readonly (readonly string[])[] }
  /** A link of `from` connected (`hello`) / closed: its stand-ins here say so to their modules. */
  | { readonly t: 'hello'; readonly from: string; readonly key: ShardKey; readonly link: LinkWire }
  | { readonly t: 'gone'; readonly from: string; readonly linkIds: readonly string[] }
  /** To every instance: an event of the games' feed, a rename, a session ended … */
  | { readonly t: 'cast'; readonly from: string; readonly topic: string; readonly data: unknown };

/** The message bus (cluster/bus.ts, on Redis). */
export interface Bus {
  readonly instanceId: string;
  /** Whether Redis is reachable now. */
  readonly up: boolean;
  /** Sends a frame to one instance (false: Redis is down, nothing sent). */
  send(to: string, frame: Frame): boolean;
  /** Sends a frame to every other instance. */
  cast(topic: string, data: unknown): boolean;
  /** Sends a `call` and waits for its reply (rejects with `ClusterUnavailable` on timeout or Redis down). */
  call(to: string, method: string, args: unknown, timeoutMs?: number): Promise<unknown>;
  /** Frames for this instance (and casts). */
  onFrame(f: (frame: Frame) => void): void;
  /** Redis went down / came back. */
  onStatus(f: (up: boolean) => void): void;
  close(): Promise<void>;
}

/** A local module's view of what lives elsewhere: the router uses it to run commands at their owners. */
export interface OwnerDirectory {
  /** The owner of `key`, claiming it for this instance when nobody live holds it (then `adopt` is called first). */
  ownerFor(key: ShardKey): Promise<Holder | null>;
  /** What it remembers of `key`'s owner is stale (the owner answered MOVED, or did not answer). */
  forget?(key: ShardKey): void;
}

/** What a module that owns shards does when this instance takes a key over or loses it. */
export interface ShardHost {
  /** Does this host own keys like `key`? */
  handles(key: ShardKey): boolean;
  /** This instance now holds `key` (claimed with `fence`): load it (a game from its log, a director). */
  adopt(key: ShardKey, fence: Fence): Promise<void>;
  /** This instance lost `key` (another took it over while this one was paused or cut off): drop it, write nothing. */
  drop(key: ShardKey): void;
}

/**
 * Messages for every connection of a user, on whatever instance it is (a tournament's "your match is ready", a
 * private message). One instance: its own links of the user. Cluster: those and a `cast` to the others.
 */
export interface UserPush {
  toUser(userId: string, msg: ServerToClient): void;
}
