import { randomBytes } from 'node:crypto';
import type { ClientLink, SessionResolver, Viewer } from '../contracts.js';
import type { Store } from '../store/types.js';
import { Connection, type RateLimit, type Router } from './connection.js';

/**
 * Every open connection of this instance, whatever the transport (WebSocket, in-memory): opens them with a
 * resolved viewer, and drains them on shutdown.
 */
export interface HubOptions {
  readonly router: Router;
  /** Who a connection is, from its session token (cookie); see `viewerSource`. */
  readonly viewerFor: (token: string | undefined) => Promise<Viewer>;
  readonly rateLimit?: RateLimit;
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

  /** Opens a connection for a resolved viewer; `write` sends one text frame. Call `Connection.close` when the socket closes. */
  connect(viewer: Viewer, write: (text: string) => void, transport: LinkTransport = {}): Connection {
    const c = new Connection({
      viewer,
      router: this.opts.router,
      write,
      draining: () => this.draining,
      ...(this.opts.rateLimit ? { rateLimit: this.opts.rateLimit } : {}),
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
 * The viewer of a new connection: the session's user when the resolver knows the token, else a fresh guest
 * user created through the Store (so guests have ids that games and chat can refer to).
 */
export function viewerSource(store: Store, resolver: SessionResolver | null, now: () => number = Date.now): (token: string | undefined) => Promise<Viewer> {
  return async (token) => {
    const known = resolver ? await resolver.viewerForToken(token) : null;
    if (known) return known;
    return createGuest(store, now());
  };
}

async function createGuest(store: Store, at: number): Promise<Viewer> {
  for (let i = 0; i < 5; i++) {
    const tag = randomBytes(4).toString('hex');
    const r = await store.createUser({ username: `guest-${tag}`, displayName: `Guest ${tag}`, passwordHash: null, isGuest: true, createdAt: at });
    if (r.ok) return { userId: r.value.id, username: r.value.username, displayName: r.value.displayName, guest: true, language: 'en' };
    if (r.error.code !== 'DUPLICATE') throw new Error(`cannot create a guest: ${r.error.code} ${r.error.message}`);
  }
  throw new Error('cannot create a guest: no free name');
}
