import { randomBytes } from 'node:crypto';
import {
  PROTOCOL_VERSION,
  ack,
  errorFor,
  errorReply,
  parseClientMessage,
  serializeServerMessage,
  type AckResult,
  type ClientToServer,
  type ServerToClient,
} from '@nardy/protocol';
import type { ClientLink, CommandModule, Reply, Viewer } from '../contracts.js';
import { take, type Limiters } from './limiters.js';

/**
 * The socket layer, independent of any transport (lila-ws `ClientActor`): one `Connection` per socket. It owns
 * the protocol's connection rules:
 *
 * - **hello first**: any command before a successful `hello` is answered `HELLO_REQUIRED`; a `hello` with
 *   another protocol version gets `VERSION_MISMATCH`. `hello` is acked with `welcome`, `ping` with `pong`.
 * - **exactly one reply per command id**: an `ack` or an `error`, whatever happens in the module (a throw is
 *   `INTERNAL`). Unreadable input (not JSON, no id) gets an `error` with `id: null`.
 * - **errors do not close the socket**: malformed, unknown, oversized or rate-limited input is answered and
 *   dropped; the connection stays open — unless it floods: every frame, readable or not, counts against the
 *   frame limit, and a socket that goes on sending after `floodCloseAfter` refusals is closed (`abort`).
 * - commands of one connection run **in order**, one at a time (a client may pipeline them); a queue longer
 *   than `maxQueued`, or more than the rate limit, is answered `RATE_LIMITED`; an id still queued or running
 *   is `DUPLICATE_ID`.
 * - an **anonymous** viewer (a socket without a session) may only watch: `READ_ONLY` commands; the rest are
 *   `UNAUTHORIZED` until it has a guest session (`POST /api/guest`) or an account.
 *
 * Other commands are routed by `type` to the `CommandModule` that lists it (`Router`).
 */

/** The command modules by type. Registering one type twice is a programming error (throws at start). */
export class Router {
  private readonly byType = new Map<string, CommandModule>();
  readonly modules: readonly CommandModule[];

  constructor(modules: readonly CommandModule[]) {
    this.modules = modules;
    for (const m of modules) {
      for (const t of m.types) {
        if (t === 'hello' || t === 'ping') throw new Error(`'${t}' is the socket layer's own command`);
        if (this.byType.has(t)) throw new Error(`two command modules handle '${t}'`);
        this.byType.set(t, m);
      }
    }
  }

  moduleFor(type: string): CommandModule | undefined {
    return this.byType.get(type);
  }
}

/** What a socket without a session may send: watching the lobby and games. */
const READ_ONLY: ReadonlySet<string> = new Set(['lobby.subscribe', 'lobby.unsubscribe', 'game.subscribe', 'game.unsubscribe']);

export interface ConnectionOptions {
  readonly viewer: Viewer;
  readonly router: Router;
  /** Writes one text frame to the socket (the transport drops it if the socket is gone). */
  readonly write: (text: string) => void;
  /** The frame and refusal counters (shared by the hub's connections, keyed by connection id). */
  readonly limiters: Limiters;
  /** Closes the socket from the server's side (a flood). */
  readonly abort?: () => void;
  /** The client's IP address (`ClientLink.address`). */
  readonly address?: string;
  readonly maxQueued?: number;
  readonly now?: () => number;
  /** Users the viewer has blocked (for `welcome`); default none. */
  readonly blockedOf?: (viewer: Viewer) => Promise<readonly string[]>;
  /** Whether the server is draining (new commands get `UNAVAILABLE`). */
  readonly draining?: () => boolean;
  /** Called once, when the connection's `hello` succeeded (modules that track who is online). */
  readonly onHello?: (link: ClientLink) => void;
  /** A module threw or a reply could not be sent: for the logs. */
  readonly onFault?: (what: string, err: unknown) => void;
}

interface Queued {
  readonly msg: ClientToServer;
}

export class Connection {
  readonly link: ClientLink;
  private helloDone = false;
  private closed = false;
  private readonly queue: Queued[] = [];
  private readonly pendingIds = new Set<string>();
  private running = false;
  /** Frames in arrival order, each waiting for its rate-limit verdict. */
  private intake: Promise<void> = Promise.resolve();
  private readonly maxQueued: number;
  private readonly now: () => number;
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => {};
  /** Replies sent (tests and metrics). */
  replies = 0;

  constructor(private readonly opts: ConnectionOptions) {
    const id = `c_${randomBytes(6).toString('hex')}`;
    this.link = { id, viewer: opts.viewer, ...(opts.address !== undefined ? { address: opts.address } : {}), send: (msg) => this.send(msg) };
    this.maxQueued = opts.maxQueued ?? 32;
    this.now = opts.now ?? Date.now;
  }

  get isOpen(): boolean {
    return !this.closed;
  }

  /** One incoming frame. Never throws. */
  receive(raw: string | Uint8Array): void {
    if (this.closed) return;
    this.intake = this.intake.then(() => this.admit(raw));
  }

  /** Counts the frame against the limit, then handles it or refuses it. */
  private async admit(raw: string | Uint8Array): Promise<void> {
    if (this.closed) return;
    const { frames, refusals } = this.opts.limiters;
    try {
      const parsed = parseClientMessage(raw);
      const id = parsed.ok ? parsed.value.id : parsed.error.id;
      if (!(await take(frames, this.link.id, this.opts.onFault))) {
        if (!(await take(refusals, this.link.id, this.opts.onFault))) return this.abort();
        return this.reply(errorReply(id, 'RATE_LIMITED', 'too many commands; slow down'));
      }
      if (!parsed.ok) return this.reply(errorFor(parsed.error));
      const msg = parsed.value;
      if (this.pendingIds.has(msg.id)) return this.reply(errorReply(msg.id, 'DUPLICATE_ID', `command '${msg.id}' is still being processed`));
      if (this.queue.length >= this.maxQueued) return this.reply(errorReply(msg.id, 'RATE_LIMITED', 'too many commands waiting; slow down'));
      this.pendingIds.add(msg.id);
      this.queue.push({ msg });
      this.pump();
    } catch (e) {
      this.opts.onFault?.('socket layer', e);
      this.reply(errorReply(null, 'INTERNAL', 'the message could not be handled'));
    }
  }

  /** The socket closed: tell every module (subscriptions, presence). Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.queue.length = 0;
    for (const m of this.opts.router.modules) {
      try {
        m.disconnected?.(this.link);
      } catch (e) {
        this.opts.onFault?.('disconnected()', e);
      }
    }
  }

  /** Resolves when no command is queued or running (graceful shutdown, tests). */
  async settled(): Promise<void> {
    await this.intake;
    while (this.running || this.queue.length > 0) await this.idle;
  }

  /** A flood: one last error (not tied to a command), then the socket is closed. */
  private abort(): void {
    this.send(errorReply(null, 'RATE_LIMITED', 'too many messages; the connection is closed'));
    this.close();
    this.opts.abort?.();
  }

  private pump(): void {
    if (this.running) return;
    this.running = true;
    this.idle = new Promise((r) => (this.markIdle = r));
    void (async () => {
      try {
        for (let q = this.queue.shift(); q; q = this.queue.shift()) {
          const msg = q.msg;
          let reply: ServerToClient;
          try {
            reply = await this.run(msg);
          } catch (e) {
            this.opts.onFault?.(`command ${msg.type}`, e);
            reply = errorReply(msg.id, 'INTERNAL', 'a fault on the server; the command had no effect');
          }
          this.pendingIds.delete(msg.id);
          this.reply(reply);
        }
      } finally {
        this.running = false;
        this.markIdle();
      }
    })();
  }

  private async run(msg: ClientToServer): Promise<ServerToClient> {
    if (msg.type === 'hello') {
      if (msg.protocol !== PROTOCOL_VERSION) {
        return errorReply(msg.id, 'VERSION_MISMATCH', `this server speaks protocol ${PROTOCOL_VERSION}, not ${msg.protocol}`);
      }
      if (!this.helloDone) {
        this.helloDone = true;
        // Someone anonymous is no one to challenge or message: not online.
        if (this.opts.viewer.anonymous !== true) {
          try {
            this.opts.onHello?.(this.link);
          } catch (e) {
            this.opts.onFault?.('onHello', e);
          }
        }
      }
      const v = this.opts.viewer;
      const blocked = this.opts.blockedOf ? await this.opts.blockedOf(v) : [];
      const welcome: AckResult = {
        kind: 'welcome',
        protocol: PROTOCOL_VERSION,
        serverTime: this.now(),
        user: { userId: v.userId, name: v.displayName, guest: v.guest },
        lang: msg.lang ?? v.language,
        blocked: [...blocked],
      };
      return ack(msg.id, welcome);
    }
    if (!this.helloDone) return errorReply(msg.id, 'HELLO_REQUIRED', "send 'hello' first");
    if (this.opts.draining?.()) return errorReply(msg.id, 'UNAVAILABLE', 'the server is shutting down; reconnect later');
    if (msg.type === 'ping') return ack(msg.id, { kind: 'pong', serverTime: this.now() });
    if (this.opts.viewer.anonymous === true && !READ_ONLY.has(msg.type)) {
      return errorReply(msg.id, 'UNAUTHORIZED', 'start a guest session or log in to play; without one you may only watch');
    }
    const module = this.opts.router.moduleFor(msg.type);
    if (!module) return errorReply(msg.id, 'UNKNOWN_TYPE', `'${msg.type}' is not served by this server yet`);
    const r: Reply = await module.handle(this.link, msg);
    return r.ok ? ack(msg.id, r.value) : errorReply(msg.id, r.error.code, r.error.message);
  }

  private reply(msg: ServerToClient): void {
    this.replies++;
    this.send(msg);
  }

  private send(msg: ServerToClient): void {
    if (this.closed) return;
    try {
      this.opts.write(serializeServerMessage(msg));
    } catch (e) {
      this.opts.onFault?.('write', e);
    }
  }
}
