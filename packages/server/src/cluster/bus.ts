import { Redis } from 'ioredis';
import { ClusterUnavailable, Rpcs } from './rpc.js';
import type { Bus, Frame } from './types.js';

export { ClusterUnavailable };

/** A `call` answered with an error by the other side (no such method, or it threw): not a transport fault. */
export class CallFailed extends Error {
  override readonly name = 'CallFailed';
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface RedisBusOptions {
  /** `redis://host:port`. */
  readonly url: string;
  readonly instanceId: string;
  /** Prefix of every channel (`nardy:` by default; tests take a random one so runs never hear each other). */
  readonly prefix?: string;
  /** How long `call` waits for its reply (default 5 s). */
  readonly callTimeoutMs?: number;
  /** The longest wait between two reconnection attempts (default 2 s). */
  readonly maxBackoffMs?: number;
  /** A Redis error, an unreadable frame, a listener that threw: for the logs. */
  readonly onFault?: (what: string, err: unknown) => void;
}

type CallFrame = Extract<Frame, { t: 'call' }>;

/**
 * The bus between instances on Redis pub/sub: each instance listens on its own channel (`<prefix>i:<id>`) and the
 * broadcast one (`<prefix>all`); frames are JSON. Pub/sub keeps nothing: a frame published while the receiver is
 * cut off is lost, which the layer above handles by closing the links it may concern (their clients resync).
 *
 * - **Order**: all of an instance's frames go out on one publisher connection, and Redis delivers one
 *   connection's publishes to a subscriber in order, so the frames from one instance to another arrive in the
 *   order they were sent (a push never overtakes the reply before it, a `gone` never overtakes a `cmd`).
 * - **Down**: while either connection is not ready, `send`/`cast` return false and `call` rejects at once
 *   (`ClusterUnavailable`); nothing is queued (no offline queue, no retried commands), so publishes never pile up
 *   to burst out late. ioredis reconnects forever with a capped backoff; `onStatus` says when it is down and back.
 * - `call`: a `call` frame with a random rpc id, settled by the `reply` frame with that id, or rejected
 *   (`ClusterUnavailable`) after `callTimeoutMs`, when Redis goes down, or at `close`. `registerCall` answers them.
 */
export class RedisBus implements Bus {
  readonly instanceId: string;
  private readonly pub: Redis;
  private readonly sub: Redis;
  private readonly own: string;
  private readonly all: string;
  private readonly prefix: string;
  private readonly callTimeoutMs: number;
  private pubUp = false;
  private subUp = false;
  private wasUp = false;
  private closed = false;
  private readonly rpcs = new Rpcs();
  private readonly methods = new Map<string, (args: unknown) => Promise<unknown>>();
  private readonly frameListeners: ((frame: Frame) => void)[] = [];
  private readonly statusListeners: ((up: boolean) => void)[] = [];
  private upWaiters: (() => void)[] = [];

  constructor(private readonly opts: RedisBusOptions) {
    this.instanceId = opts.instanceId;
    this.prefix = opts.prefix ?? 'nardy:';
    this.own = `${this.prefix}i:${opts.instanceId}`;
    this.all = `${this.prefix}all`;
    this.callTimeoutMs = opts.callTimeoutMs ?? 5000;
    const maxBackoff = opts.maxBackoffMs ?? 2000;
    const connection = (role: string): Redis =>
      new Redis(opts.url, {
        connectionName: `nardy-${role}-${opts.instanceId}`,
        // Never gives up (a Redis restart must heal by itself), waiting at most `maxBackoff` between attempts.
        retryStrategy: (times: number) => Math.min(50 * times, maxBackoff),
        // Nothing waits for Redis: a publish while down fails now (we drop it) instead of going out late.
        enableOfflineQueue: false,
        maxRetriesPerRequest: 0,
        // `ready` subscribes again itself, so `up` is only true once both channels are listened to.
        autoResubscribe: false,
      });
    this.pub = connection('pub');
    this.sub = connection('sub');
    this.pub.on('ready', () => this.setPub(true));
    this.sub.on('ready', () => {
      this.sub.subscribe(this.own, this.all).then(
        () => this.setSub(true),
        (e: unknown) => this.fault('subscribe', e),
      );
    });
    for (const ev of ['close', 'end', 'reconnecting']) {
      this.pub.on(ev, () => this.setPub(false));
      this.sub.on(ev, () => this.setSub(false));
    }
    this.pub.on('error', (e: unknown) => this.fault('redis (publisher)', e));
    this.sub.on('error', (e: unknown) => this.fault('redis (subscriber)', e));
    this.sub.on('message', (channel: string, text: string) => this.receive(channel, text));
  }

  get up(): boolean {
    return this.pubUp && this.subUp && !this.closed;
  }

  /** Resolves once the bus is up (at start: both connections ready and subscribed). */
  whenUp(): Promise<void> {
    return this.up ? Promise.resolve() : new Promise((r) => this.upWaiters.push(r));
  }

  send(to: string, frame: Frame): boolean {
    return this.publish(`${this.prefix}i:${to}`, frame);
  }

  cast(topic: string, data: unknown): boolean {
    return this.publish(this.all, { t: 'cast', from: this.instanceId, topic, data });
  }

  async call(to: string, method: string, args: unknown, timeoutMs = this.callTimeoutMs): Promise<unknown> {
    const frame = (rpc: string): CallFrame => ({ t: 'call', rpc, from: this.instanceId, method, args });
    const reply = (await this.rpcs.open(to, timeoutMs, (rpc) => this.send(to, frame(rpc)))) as Extract<Frame, { t: 'reply' }>['reply'];
    if (!reply.ok) throw new CallFailed(reply.error.code, reply.error.message);
    return reply.value;
  }

  /** Answers the `call` frames naming `method` (one function per method; its throw is answered `INTERNAL`). */
  registerCall(method: string, fn: (args: unknown) => Promise<unknown>): void {
    if (this.methods.has(method)) throw new Error(`call '${method}' registered twice`);
    this.methods.set(method, fn);
  }

  /** The calls to `instanceId` fail at once (it died: no reply will come). */
  failCallsTo(instanceId: string): void {
    this.rpcs.failAll(new ClusterUnavailable(`instance ${instanceId} is gone`), instanceId);
  }

  /** Every frame for this instance, and others' casts, but `call`s (`registerCall` answers them) and this bus's calls' replies. */
  onFrame(f: (frame: Frame) => void): void {
    this.frameListeners.push(f);
  }

  onStatus(f: (up: boolean) => void): void {
    this.statusListeners.push(f);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.rpcs.failAll(new ClusterUnavailable('the bus is closed'));
    this.pub.disconnect();
    this.sub.disconnect();
    await Promise.resolve();
  }

  private publish(channel: string, frame: Frame): boolean {
    if (!this.up) return false;
    this.pub.publish(channel, JSON.stringify(frame)).catch((e: unknown) => this.fault('publish', e));
    return true;
  }

  private receive(channel: string, text: string): void {
    if (channel !== this.own && channel !== this.all) return;
    let frame: Frame;
    try {
      frame = JSON.parse(text) as Frame;
    } catch (e) {
      return this.fault('unreadable frame', e);
    }
    if (frame.t === 'cast' && frame.from === this.instanceId) return;
    if (frame.t === 'reply' && this.rpcs.settle(frame.rpc, frame.reply)) return;
    if (frame.t === 'call') return void this.answer(frame);
    for (const f of this.frameListeners) {
      try {
        f(frame);
      } catch (e) {
        this.fault(`frame ${frame.t}`, e);
      }
    }
  }

  private async answer(f: CallFrame): Promise<void> {
    const fn = this.methods.get(f.method);
    let reply: Extract<Frame, { t: 'reply' }>['reply'];
    if (!fn) {
      reply = { ok: false, error: { code: 'UNKNOWN_TYPE', message: `no call '${f.method}' on instance ${this.instanceId}` } };
    } else {
      try {
        reply = { ok: true, value: (await fn(f.args)) as never };
      } catch (e) {
        this.fault(`call ${f.method}`, e);
        reply = { ok: false, error: { code: 'INTERNAL', message: `call '${f.method}' failed` } };
      }
    }
    this.send(f.from, { t: 'reply', rpc: f.rpc, reply });
  }

  private setPub(v: boolean): void {
    this.pubUp = v;
    this.changed();
  }

  private setSub(v: boolean): void {
    this.subUp = v;
    this.changed();
  }

  private changed(): void {
    if (this.closed) return;
    const up = this.up;
    if (up === this.wasUp) return;
    this.wasUp = up;
    // A reply sent while it was down is lost: nothing waits for it.
    if (!up) this.rpcs.failAll(new ClusterUnavailable('Redis is down'));
    if (up) {
      const waiters = this.upWaiters;
      this.upWaiters = [];
      for (const w of waiters) w();
    }
    for (const f of this.statusListeners) {
      try {
        f(up);
      } catch (e) {
        this.fault('status listener', e);
      }
    }
  }

  private fault(what: string, err: unknown): void {
    this.opts.onFault?.(what, err);
  }
}
