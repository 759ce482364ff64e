import { randomBytes } from 'node:crypto';
import type { ClientLink, SessionResolver, Viewer } from '../contracts.js';
import { Connection, type Router } from './connection.js';
import { admitSocket, type Limiters } from './limiters.js';

/**
 * Every open connection of this instance, whatever the transport (WebSocket, in-memory): admits them under the
 * caps on open sockets, opens them with a resolved viewer, and drains them on shutdown.
 */
export interface HubOptions {
  readonly router: Router;
  /** Who a connection is, from its session token (cookie); see `viewerSource`. */
  readonly viewerFor: (token: string | undefined) => Promise<Viewer>;
  /** The counters of open sockets and of frames (ws/limiters.ts). */
  readonly limiters: Limiters;
  readonly blockedOf?: (viewer: Viewer) => Promise<readonly string[]>;
  readonly now?: () => number;
  readonly onFault?: (what: string, err: unknown) => void;
  /** Called when a connection's `hello` succeeded (chat and lobby learn who is online). */
  readonly onHello?: readonly ((link: ClientLink) => void)[];
}

/** What the transport knows of a socket beyond its viewer. */
export interface LinkTransport {
  /** The session token the socket was opened with, so that ending the session closes it. */
  readonly session?: string | undefined;
  /** Closes the socket from the server's side. */
  readonly end?: () => void;
  /** Closes the socket for a flood of frames. */
  readonly abort?: () => void;
}

export class ConnectionHub {
  private readonly open = new Map<Connection, LinkTransport>();
  private draining = false;

  constructor(readonly opts: HubOptions) {}

  get size(): number {
    return this.open.size;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  /**
   * A new socket from `address` with session `token`: takes its places in the open-socket counts (null when one is
   * full: the transport refuses it with `LIMIT_REACHED`), resolves its viewer and opens its connection, which gives
   * the places back when it closes.
   */
  async accept(token: string | undefined, address: string, write: (text: string) => void, transport: LinkTransport = {}): Promise<Connection | null> {
    const release = await admitSocket(this.opts.limiters, address, token, this.opts.onFault);
    if (!release) return null;
    let viewer: Viewer;
    try {
      viewer = await this.opts.viewerFor(token);
    } catch (e) {
      release();
      throw e;
    }
    const c = this.connect(viewer, write, { ...transport, session: token }, address);
    const close = c.close.bind(c);
    c.close = () => {
      close();
      release();
    };
    return c;
  }

  /** Opens a connection for a resolved viewer; `write` sends one text frame. Call `Connection.close` when the socket closes. */
  connect(viewer: Viewer, write: (text: string) => void, transport: LinkTransport = {}, address?: string): Connection {
    const c = new Connection({
      viewer,
      router: this.opts.router,
      write,
      draining: () => this.draining,
      limiters: this.opts.limiters,
      ...(address !== undefined ? { address } : {}),
      ...(transport.abort ? { abort: transport.abort } : {}),
      ...(this.opts.blockedOf ? { blockedOf: this.opts.blockedOf } : {}),
      ...(this.opts.now ? { now: this.opts.now } : {}),
      ...(this.opts.onFault ? { onFault: this.opts.onFault } : {}),
      onHello: (link) => {
        for (const f of this.opts.onHello ?? []) f(link);
      },
    });
    this.open.set(c, transport);
    const close = c.close.bind(c);
    c.close = () => {
      this.open.delete(c);
      close();
    };
    return c;
  }

  /** The open links of `userId` on this instance (messages for all of a user's connections). */
  linksOf(userId: string): ClientLink[] {
    const links: ClientLink[] = [];
    for (const c of this.open.keys()) if (c.link.viewer.userId === userId && c.isOpen) links.push(c.link);
    return links;
  }

  /** Closes the socket of link `linkId` if it is open here (the client reconnects, to any instance, and resyncs). */
  closeLink(linkId: string): void {
    this.endWhere((c) => c.link.id === linkId);
  }

  /** Closes the sockets opened with session token `token` (it was logged out). */
  endSession(token: string): void {
    this.endWhere((_, t) => t.session === token);
  }

  /** Closes every socket of `userId` except those of session `keep` (a password change, "log out everywhere"). */
  endUser(userId: string, keep?: string): void {
    this.endWhere((c, t) => c.link.viewer.userId === userId && (keep === undefined || t.session !== keep));
  }

  private endWhere(ended: (c: Connection, t: LinkTransport) => boolean): void {
    for (const [c, t] of [...this.open]) {
      if (!ended(c, t)) continue;
      c.close();
      t.end?.();
    }
  }

  /** Stops taking commands (they get `UNAVAILABLE`) and waits for those already running to be answered. */
  async drain(): Promise<void> {
    this.draining = true;
    await Promise.all([...this.open.keys()].map((c) => c.settled()));
  }
}

/**
 * The viewer of a new connection: the session's user when the resolver knows the token, else an anonymous
 * watcher with no user row. Guests are made only by `POST /api/guest`, which is limited per IP address: a socket
 * that minted one would walk around that limit and every per-user one.
 */
export function viewerSource(resolver: SessionResolver): (token: string | undefined) => Promise<Viewer> {
  return async (token) => {
    const known = await resolver.viewerForToken(token);
    if (known) return known;
    const tag = randomBytes(6).toString('hex');
    return { userId: `anon_${tag}`, username: `anon-${tag}`, displayName: 'Anonymous', guest: true, language: 'en', anonymous: true };
  };
}
