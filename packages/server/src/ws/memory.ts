import { parseServerMessage, type ClientToServer, type ServerToClient } from '@nardy/protocol';
import type { Viewer } from '../contracts.js';
import type { Connection } from './connection.js';
import type { ConnectionHub } from './hub.js';

/**
 * The in-memory transport (scenario tests, local tools): a client that talks to a `ConnectionHub` through the
 * same `Connection` a WebSocket gets, with every server message checked against the protocol's schema.
 */
export class MemoryClient {
  /** Every server message received, in order. */
  readonly received: ServerToClient[] = [];
  private readonly waiters: Array<{ pred: (m: ServerToClient) => boolean; resolve: (m: ServerToClient) => void; from: number }> = [];
  private nextId = 1;

  constructor(
    readonly connection: Connection,
    readonly viewer: Viewer,
  ) {}

  /** Called by the transport with each frame the server writes. */
  deliver(text: string): void {
    const r = parseServerMessage(text);
    if (!r.ok) throw new Error(`the server sent an invalid message (${r.error.code}: ${r.error.message}): ${text.slice(0, 500)}`);
    this.received.push(r.value);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      const w = this.waiters[i]!;
      if (w.pred(r.value)) {
        this.waiters.splice(i, 1);
        w.resolve(r.value);
      }
    }
  }

  /** Sends a raw frame (anything: the server must cope). */
  sendRaw(raw: string | Uint8Array): void {
    this.connection.receive(raw);
  }

  /** Sends a command with a fresh id (unless it has one) and resolves with its reply. */
  async command<T extends ClientToServer['type']>(
    msg: { type: T; id?: string } & Record<string, unknown>,
  ): Promise<ServerToClient & { type: 'ack' | 'error' }> {
    const id = msg.id ?? `m${this.nextId++}`;
    const from = this.received.length;
    const reply = this.waitFor((m) => (m.type === 'ack' || m.type === 'error') && m.id === id, from);
    this.connection.receive(JSON.stringify({ ...msg, id }));
    return (await reply) as ServerToClient & { type: 'ack' | 'error' };
  }

  /** The first message (received from index `from` on) that matches; waits for it if needed. */
  waitFor(pred: (m: ServerToClient) => boolean, from = 0, timeoutMs = 10_000): Promise<ServerToClient> {
    const found = this.received.slice(from).find(pred);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const t = setTimeout(() => reject(new Error('timed out waiting for a server message')), timeoutMs);
      t.unref?.();
      this.waiters.push({ pred, from, resolve: (m) => (clearTimeout(t), resolve(m)) });
    });
  }

  close(): void {
    this.connection.close();
  }
}

export class MemoryTransport {
  constructor(private readonly hub: ConnectionHub) {}

  /**
   * A new connection, as a socket from `address` with session token `token` would get (an anonymous watcher
   * without one). Throws when the caps on open sockets refuse it.
   */
  async connect(token?: string, address = '127.0.0.1'): Promise<MemoryClient> {
    let client: MemoryClient | null = null;
    const pending: string[] = [];
    const conn = await this.hub.accept(token, address, (text) => (client ? client.deliver(text) : pending.push(text)));
    if (!conn) throw new Error('LIMIT_REACHED: too many open connections');
    client = new MemoryClient(conn, conn.link.viewer);
    for (const t of pending) client.deliver(t);
    return client;
  }
}
