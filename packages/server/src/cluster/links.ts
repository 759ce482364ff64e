import type { ServerToClient } from '@nardy/protocol';
import type { ClientLink, Viewer } from '../contracts.js';
import type { Bus, LinkWire } from './types.js';

/** One origin's messages of this tick: `to[i]` lists the link ids that get `msgs[i]`. */
interface Batch {
  readonly msgs: ServerToClient[];
  readonly to: string[][];
  /** The entry of each message object in this batch. */
  readonly index: Map<ServerToClient, number>;
  /** Each link's latest entry in this batch: a message may only join a later one, so every link keeps its order. */
  readonly last: Map<string, number>;
}

/**
 * The messages stand-ins send, gathered per origin instance during one tick (until `setImmediate`) into one `push`
 * frame. A message object sent to many links (the lobby's, a game's event to its watchers) travels once, with the
 * list of its links.
 */
export class Outbox {
  private readonly batches = new Map<string, Batch>();
  private scheduled = false;

  constructor(private readonly bus: Bus) {}

  add(origin: string, linkId: string, msg: ServerToClient): void {
    let b = this.batches.get(origin);
    if (!b) this.batches.set(origin, (b = { msgs: [], to: [], index: new Map(), last: new Map() }));
    const i = b.index.get(msg);
    const last = b.last.get(linkId) ?? -1;
    if (i !== undefined && i > last) {
      b.to[i]!.push(linkId);
      b.last.set(linkId, i);
    } else {
      b.index.set(msg, b.msgs.length);
      b.last.set(linkId, b.msgs.length);
      b.msgs.push(msg);
      b.to.push([linkId]);
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  /** Sends `origin`'s batch now: a reply must not overtake the pushes its command made (as on one instance). */
  flushTo(origin: string): void {
    const b = this.batches.get(origin);
    if (!b) return;
    this.batches.delete(origin);
    this.bus.send(origin, { t: 'push', from: this.bus.instanceId, msgs: b.msgs, to: b.to });
  }

  /** Sends every batch (dropped while Redis is down: those links are closed when it is back, and resync). */
  private flush(): void {
    this.scheduled = false;
    for (const origin of [...this.batches.keys()]) this.flushTo(origin);
  }
}

/** A stand-in, on a key's owner, for a client connected to another instance: what it is sent goes back there. */
export class RemoteLink implements ClientLink {
  readonly id: string;
  readonly viewer: Viewer;
  readonly address?: string;
  /** The instance that holds the socket. */
  readonly origin: string;
  /** This link's work here, in order: a `gone` waits for the command still running. */
  tail: Promise<void> = Promise.resolve();

  constructor(
    wire: LinkWire,
    private readonly outbox: Outbox,
  ) {
    this.id = wire.id;
    this.viewer = wire.viewer;
    if (wire.address !== undefined) this.address = wire.address;
    this.origin = wire.origin;
  }

  send(msg: ServerToClient): void {
    this.outbox.add(this.origin, this.id, msg);
  }
}

/** The stand-ins held by this instance, by link id (one per link). */
export class StandIns {
  private readonly byId = new Map<string, RemoteLink>();

  constructor(private readonly outbox: Outbox) {}

  /** The stand-in of `wire`, made on its first command or hello here. */
  of(wire: LinkWire): RemoteLink {
    let l = this.byId.get(wire.id);
    if (!l) this.byId.set(wire.id, (l = new RemoteLink(wire, this.outbox)));
    return l;
  }

  /** Drops the stand-ins of these links that `origin` holds; returns them. */
  drop(origin: string, linkIds: readonly string[]): RemoteLink[] {
    const out: RemoteLink[] = [];
    for (const id of linkIds) {
      const l = this.byId.get(id);
      if (l && l.origin === origin) {
        this.byId.delete(id);
        out.push(l);
      }
    }
    return out;
  }

  /** Drops every stand-in of a dead instance's links; returns them. */
  dropOrigin(instanceId: string): RemoteLink[] {
    return this.dropWhere((l) => l.origin === instanceId);
  }

  /** Drops them all (Redis was down: their pushes may be lost, their clients will reconnect); returns them. */
  dropAll(): RemoteLink[] {
    return this.dropWhere(() => true);
  }

  get size(): number {
    return this.byId.size;
  }

  private dropWhere(p: (l: RemoteLink) => boolean): RemoteLink[] {
    const out = [...this.byId.values()].filter(p);
    for (const l of out) this.byId.delete(l.id);
    return out;
  }
}

/**
 * On the origin: this instance's links that have (or had) state on other instances, with those instances. A
 * `push` is delivered through it; a link's close is told to each of its instances once; when one of them dies or
 * Redis was down, the links that may have missed something there are closed (`close`: the hub closes the socket;
 * the client reconnects and resyncs).
 */
export class LocalLinks {
  private readonly links = new Map<string, { readonly link: ClientLink; readonly remotes: Set<string> }>();

  /** `close`: closes the link, whose state lives on `remotes` still (they are to be told). */
  constructor(private readonly close: (linkId: string, remotes: readonly string[]) => void) {}

  /** `link` is about to get state on `instanceId` (a command or hello goes there). */
  touch(link: ClientLink, instanceId: string): void {
    let e = this.links.get(link.id);
    if (!e) this.links.set(link.id, (e = { link, remotes: new Set() }));
    e.remotes.add(instanceId);
  }

  /** Delivers a `push`; returns the link ids not open here (the sender drops their stand-ins). */
  deliver(msgs: readonly ServerToClient[], to: readonly (readonly string[])[]): string[] {
    const missing = new Set<string>();
    msgs.forEach((msg, i) => {
      for (const id of to[i] ?? []) {
        const e = this.links.get(id);
        if (e) e.link.send(msg);
        else missing.add(id);
      }
    });
    return [...missing];
  }

  /** The link closed: the instances that hold a stand-in of it. */
  forget(linkId: string): readonly string[] {
    const e = this.links.get(linkId);
    this.links.delete(linkId);
    return e ? [...e.remotes] : [];
  }

  /** `instanceId` dropped its stand-ins of these links (it lost pushes to them): closes those links. */
  closeFrom(instanceId: string, linkIds: readonly string[]): void {
    for (const id of linkIds) if (this.links.get(id)?.remotes.delete(instanceId)) this.closeOne(id);
  }

  /** `instanceId` died: closes the links that had state there. */
  closeTouching(instanceId: string): void {
    for (const [id, e] of [...this.links]) if (e.remotes.delete(instanceId)) this.closeOne(id);
  }

  /** Closes every link with state elsewhere. */
  closeAll(): void {
    for (const id of [...this.links.keys()]) this.closeOne(id);
  }

  private closeOne(linkId: string): void {
    this.close(linkId, this.forget(linkId));
  }

  get size(): number {
    return this.links.size;
  }
}
