import type { ClientToServer, ErrorCode } from '@nardy/protocol';
import type { ClientLink, CommandModule, Reply } from '../contracts.js';
import { Router } from '../ws/connection.js';
import { LocalLinks, Outbox, StandIns, type RemoteLink } from './links.js';
import { ClusterUnavailable, Rpcs } from './rpc.js';
import type { Bus, Frame, LinkWire, OwnerDirectory, ShardKey, ShardOf } from './types.js';

type WireReply = Extract<Frame, { t: 'reply' }>['reply'];

/** A hook run when a link's `hello` succeeded: on the owner of `key` (null: on the link's own instance). */
export interface HelloHook {
  readonly key: ShardKey | null;
  onHello(link: ClientLink): void;
}

/** The server seeds held for dice commitments (game/commitments.ts), so they travel with forwarded commands. */
export interface CommitmentCarry {
  /** The seed behind `commitment` held for the link, left held; null when none. */
  peek(linkId: string, commitment: string): string | null;
  /** Holds `seed` for the link under `commitment`. */
  put(linkId: string, commitment: string, seed: string): void;
}

export interface ClusterRouterOptions {
  readonly bus: Bus;
  readonly directory: OwnerDirectory;
  /** The local modules, as the single-instance router would take them. */
  readonly modules: readonly CommandModule[];
  readonly shardOf: ShardOf;
  /** Whether this instance holds `key` now (the ownership code's, synchronous): a command for a key lost meanwhile is answered `MOVED`. */
  readonly isMine: (key: ShardKey) => boolean;
  /** Closes one of this instance's sockets by link id (the hub's): its client reconnects and resyncs. */
  readonly close: (linkId: string) => void;
  readonly hello?: readonly HelloHook[];
  readonly carry?: CommitmentCarry;
  /** How long a forwarded command waits for its reply (default 5 s). */
  readonly timeoutMs?: number;
  readonly onFault?: (what: string, err: unknown) => void;
}

const reply = (code: ErrorCode, message: string): Reply => ({ ok: false, error: { code, message } });
const unavailable = (why: string): Reply => reply('CLUSTER_UNAVAILABLE', `${why}; retry in a moment`);

/** What a module would answer for a key with no owner: there is no such game or tournament. */
const notFound = (key: ShardKey): Reply => {
  const [kind, id] = key.split(':', 2);
  return reply('NOT_FOUND', id !== undefined ? `no ${kind} '${id}'` : `no ${key}`);
};

const commitmentOf = (msg: ClientToServer): string | null => {
  const c = (msg as { commitment?: unknown }).commitment;
  return typeof c === 'string' ? c : null;
};

/**
 * Runs each command on the owner of its shard key (issue 43). `router` is a `Router` of the same modules, wrapped:
 * a command whose key this instance holds (or with no key) runs here as before; one whose key is held elsewhere
 * goes there in a `cmd` frame and runs for a `RemoteLink` of the connection, whose pushes come back in `push`
 * frames. The modules never know: they see a `ClientLink` either way.
 *
 * - A command gets exactly one reply: the owner's, or `CLUSTER_UNAVAILABLE` (Redis down, no answer in time, the
 *   directory failed), or `NOT_FOUND` when the key has no owner (no such game). An owner that lost the key since
 *   the directory named it answers `MOVED`: the directory is asked again, once.
 * - A link's close is told once to each instance that holds a stand-in of it (`gone`), after its commands.
 * - `instanceDied` (the ownership code saw its heartbeat lapse): its links' stand-ins here are disconnected, and
 *   the links here that had state there are closed (their clients reconnect and resync from their last event).
 * - Redis back after an outage: pushes may have been lost both ways, so the same (`busRecovered`, called by the
 *   router itself on the bus's status).
 */
export class ClusterRouter {
  /** The `Router` for the hub's connections. */
  readonly router: Router;
  private readonly local = new Map<string, CommandModule>();
  private readonly outbox: Outbox;
  private readonly standIns: StandIns;
  private readonly links: LocalLinks;
  private readonly rpcs = new Rpcs();
  private readonly timeoutMs: number;
  private readonly me: string;
  /** The bus's last status, and whether it was ever up (its first `up` is no recovery). */
  private lastUp: boolean;
  private everUp: boolean;

  constructor(private readonly opts: ClusterRouterOptions) {
    this.me = opts.bus.instanceId;
    this.timeoutMs = opts.timeoutMs ?? 5000;
    this.outbox = new Outbox(opts.bus);
    this.standIns = new StandIns(this.outbox);
    this.links = new LocalLinks((linkId, remotes) => {
      this.tellGone(linkId, remotes);
      opts.close(linkId);
    });
    for (const m of opts.modules) for (const t of m.types) this.local.set(t, m);
    const wrapped = opts.modules.map((m): CommandModule => ({
      types: m.types,
      handle: (link, msg) => this.handle(m, link, msg),
      ...(m.disconnected ? { disconnected: (link: ClientLink) => m.disconnected!(link) } : {}),
    }));
    // Last, after every module's own: one `gone` per instance holding a stand-in of the link.
    const gone: CommandModule = { types: [], handle: () => Promise.resolve(reply('UNKNOWN_TYPE', 'no types')), disconnected: (l) => this.closed(l) };
    this.router = new Router([...wrapped, gone]);
    opts.bus.onFrame((f) => this.frame(f));
    this.lastUp = this.everUp = opts.bus.up;
    opts.bus.onStatus((up) => {
      if (!up) this.rpcs.failAll(new ClusterUnavailable('Redis is down'));
      else if (this.everUp && !this.lastUp) this.busRecovered();
      this.lastUp = up;
      this.everUp ||= up;
    });
  }

  /** For the hub's `onHello` hooks: runs each hook here or on its key's owner. */
  onHello(link: ClientLink): void {
    for (const key of new Set((this.opts.hello ?? []).map((h) => h.key))) {
      if (key === null) this.runHello(null, link);
      else void this.helloAt(key, link);
    }
  }

  /** `instanceId` is dead (its heartbeat lapsed). */
  instanceDied(instanceId: string): void {
    this.rpcs.failAll(new ClusterUnavailable(`instance ${instanceId} is gone`), instanceId);
    this.disconnect(this.standIns.dropOrigin(instanceId));
    this.links.closeTouching(instanceId);
  }

  /**
   * Redis is back after an outage: every push since it went down may be lost, both ways. The stand-ins here are
   * dropped and their origins told (`gone`: they close those links, even if their own connection never broke);
   * the links here with state elsewhere are closed.
   */
  busRecovered(): void {
    const dropped = this.standIns.dropAll();
    this.disconnect(dropped);
    const byOrigin = new Map<string, string[]>();
    for (const l of dropped) byOrigin.set(l.origin, [...(byOrigin.get(l.origin) ?? []), l.id]);
    for (const [origin, linkIds] of byOrigin) this.opts.bus.send(origin, { t: 'gone', from: this.me, linkIds });
    this.links.closeAll();
  }

  /** Stand-ins held here, links here with state elsewhere (metrics, tests). */
  get counts(): { readonly standIns: number; readonly remoteLinks: number } {
    return { standIns: this.standIns.size, remoteLinks: this.links.size };
  }

  private async handle(m: CommandModule, link: ClientLink, msg: ClientToServer): Promise<Reply> {
    const key = this.opts.shardOf(msg);
    return key === null ? m.handle(link, msg) : this.route(m, link, msg, key, true);
  }

  private async route(m: CommandModule, link: ClientLink, msg: ClientToServer, key: ShardKey, again: boolean): Promise<Reply> {
    let owner: string;
    try {
      const h = await this.opts.directory.ownerFor(key);
      if (!h) return notFound(key);
      if (h.mine || h.owner === this.me) return m.handle(link, msg);
      owner = h.owner;
    } catch (e) {
      this.fault(`owner of ${key}`, e);
      return unavailable(`the owner of ${key} could not be found`);
    }
    if (!this.opts.bus.up) return unavailable('the instances cannot reach each other (Redis is down)');
    this.links.touch(link, owner);
    const c = commitmentOf(msg);
    const seed = c !== null ? (this.opts.carry?.peek(link.id, c) ?? null) : null;
    let r: WireReply;
    try {
      r = (await this.rpcs.open(owner, this.timeoutMs, (rpc) =>
        this.opts.bus.send(owner, { t: 'cmd', rpc, from: this.me, key, link: this.wire(link), msg, ...(seed !== null ? { seed } : {}) }),
      )) as WireReply;
    } catch (e) {
      if (!(e instanceof ClusterUnavailable)) throw e;
      this.opts.directory.forget?.(key);
      return unavailable(`the instance that holds ${key} could not be reached`);
    }
    if (r.ok || r.error.code !== 'MOVED') return r as Reply;
    this.opts.directory.forget?.(key);
    return again ? this.route(m, link, msg, key, false) : unavailable(`${key} is moving to another instance`);
  }

  private frame(f: Frame): void {
    switch (f.t) {
      case 'cmd':
        return void this.onCmd(f);
      case 'reply':
        return void this.rpcs.settle(f.rpc, f.reply);
      case 'push': {
        const missing = this.links.deliver(f.msgs, f.to);
        if (missing.length > 0) this.opts.bus.send(f.from, { t: 'gone', from: this.me, linkIds: missing });
        return;
      }
      case 'hello':
        if (!this.opts.isMine(f.key)) return this.fault(`hello for ${f.key}`, new Error(`${f.key} is not held here`));
        return this.runHello(f.key, this.standIns.of(f.link));
      case 'gone':
        // From an origin: its links closed. From an owner: it dropped their stand-ins, so those links go too.
        this.disconnect(this.standIns.drop(f.from, f.linkIds));
        return this.links.closeFrom(f.from, f.linkIds);
      default:
        return;
    }
  }

  private async onCmd(f: Extract<Frame, { t: 'cmd' }>): Promise<void> {
    const answer = (r: WireReply): void => {
      this.outbox.flushTo(f.from);
      this.opts.bus.send(f.from, { t: 'reply', rpc: f.rpc, reply: r });
    };
    // Not held in memory: the database may still name this instance (a key nobody holds now, or one it held
    // before a restart under the same INSTANCE_ID), and then it takes it here rather than sending the caller away.
    if (!this.opts.isMine(f.key) && !(await this.opts.directory.ownerFor(f.key).catch(() => null))?.mine)
      return answer({ ok: false, error: { code: 'MOVED', message: `${f.key} is not held here` } });
    const m = this.local.get(f.msg.type);
    if (!m) return answer(reply('UNKNOWN_TYPE', `'${f.msg.type}' is not served here`));
    const link = this.standIns.of(f.link);
    const c = commitmentOf(f.msg);
    if (f.seed !== undefined && c !== null) this.opts.carry?.put(link.id, c, f.seed);
    const run = link.tail.then(async () => {
      try {
        answer(await m.handle(link, f.msg));
      } catch (e) {
        this.fault(`command ${f.msg.type}`, e);
        answer(reply('INTERNAL', 'a fault on the server; the command had no effect'));
      }
    });
    link.tail = run;
    await run;
  }

  private async helloAt(key: ShardKey, link: ClientLink): Promise<void> {
    try {
      const h = await this.opts.directory.ownerFor(key);
      if (!h) return;
      if (h.mine || h.owner === this.me) return this.runHello(key, link);
      this.links.touch(link, h.owner);
      this.opts.bus.send(h.owner, { t: 'hello', from: this.me, key, link: this.wire(link) });
    } catch (e) {
      this.fault(`hello at ${key}`, e);
    }
  }

  private runHello(key: ShardKey | null, link: ClientLink): void {
    for (const h of this.opts.hello ?? []) {
      if (h.key !== key) continue;
      try {
        h.onHello(link);
      } catch (e) {
        this.fault('onHello', e);
      }
    }
  }

  /** A local link closed: its stand-ins elsewhere go too. */
  private closed(link: ClientLink): void {
    this.tellGone(link.id, this.links.forget(link.id));
  }

  private tellGone(linkId: string, remotes: readonly string[]): void {
    for (const to of remotes) this.opts.bus.send(to, { t: 'gone', from: this.me, linkIds: [linkId] });
  }

  /** Stand-ins whose link is gone: every module forgets them, after the command each may still be running. */
  private disconnect(standIns: readonly RemoteLink[]): void {
    for (const l of standIns) {
      l.tail = l.tail.then(() => {
        for (const m of this.opts.modules) {
          try {
            m.disconnected?.(l);
          } catch (e) {
            this.fault('disconnected()', e);
          }
        }
      });
    }
  }

  private wire(link: ClientLink): LinkWire {
    return { id: link.id, viewer: link.viewer, ...(link.address !== undefined ? { address: link.address } : {}), origin: this.me };
  }

  private fault(what: string, err: unknown): void {
    this.opts.onFault?.(what, err);
  }
}
