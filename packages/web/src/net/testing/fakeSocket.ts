/**
 * A scripted stand-in for the browser's WebSocket: the test opens it, reads what the client sent, and answers
 * with server messages. No network.
 */
import { PROTOCOL_VERSION, type ServerToClient } from '@nardy/protocol';
import type { SocketLike } from '../connection';

export class FakeSocket implements SocketLike {
  onopen: (() => void) | null = null;
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  onclose: ((event: { readonly code?: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  readonly sent: Record<string, unknown>[] = [];
  closed = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    if (this.closed) throw new Error('closed');
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(): void {
    this.closed = true;
  }

  open(): void {
    this.onopen?.();
  }

  /** The server closes the connection (or the network drops it), with close code `code`. */
  drop(code = 1006): void {
    this.closed = true;
    this.onclose?.({ code });
  }

  receive(msg: ServerToClient | string): void {
    this.onmessage?.({ data: typeof msg === 'string' ? msg : JSON.stringify(msg) });
  }

  /** The last command of `type` the client sent. */
  last(type: string): Record<string, unknown> {
    const m = [...this.sent].reverse().find((s) => s['type'] === type);
    if (!m) throw new Error(`no ${type} was sent (sent: ${this.sent.map((s) => String(s['type'])).join(', ')})`);
    return m;
  }

  types(): string[] {
    return this.sent.map((s) => String(s['type']));
  }

  /** Answers the client's `hello` with a welcome. */
  welcome(userId = 'u_guest', serverTime = 0): void {
    const hello = this.last('hello');
    this.receive({
      type: 'ack',
      id: String(hello['id']),
      result: {
        kind: 'welcome',
        protocol: PROTOCOL_VERSION,
        serverTime,
        user: { userId, name: userId, guest: true },
        lang: 'en',
        blocked: [],
      },
    });
  }

  ack(command: Record<string, unknown>, result?: unknown): void {
    this.receive(JSON.stringify(result === undefined ? { type: 'ack', id: command['id'] } : { type: 'ack', id: command['id'], result }));
  }
}
