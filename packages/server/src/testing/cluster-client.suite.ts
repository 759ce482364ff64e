/**
 * A person of the multi-instance suite: a session (its cookie) whose socket goes to one instance of a cluster and,
 * whenever it closes, to a random running one, where it says hello again and resubscribes its games from the last
 * event it saw (`since`). It plays random legal moves and keeps what the suite checks afterwards: every action
 * it got an ack for, and every break in the order of the events it was sent.
 */
import { PROTOCOL_VERSION, type GameView, type ServerToClient } from '@nardy/protocol';
import { WireClient } from './built-server.suite.js';
import type { Cluster, Instance } from './cluster.suite.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** An action this person was acked for: it must be entry `version + 1` of the game's log, by `seat`. */
export interface Acked {
  readonly gameId: string;
  readonly version: number;
  readonly seat: string;
  readonly type: string;
}

/** Where a game's events stand for this person: the epoch and number of the last one it saw. */
interface Seen {
  epoch: string;
  n: number;
}

/** Errors after which the command is simply tried again (a moment later, on a fresh view). */
const TRANSIENT = new Set(['STALE_VERSION', 'CLUSTER_UNAVAILABLE', 'UNAVAILABLE', 'DB_UNAVAILABLE', 'INTERNAL', 'NOT_FOUND', 'RATE_LIMITED']);

/** How long a game may say nothing before the person asks for it again (a subscription lost in a failover). */
const QUIET_MS = 4_000;

export class Person {
  ws: WireClient | null = null;
  /** The instance the socket is on now. */
  at: Instance | null = null;
  readonly acked: Acked[] = [];
  /** Events that did not follow the one before (a gap, a repeat, another epoch without a snapshot). */
  readonly disorder: string[] = [];
  /** Errors by code that the person got and retried. */
  readonly retried = new Map<string, number>();
  reconnects = 0;
  /** The mean pause before each of its actions (a person thinks; the suite's 2 cores serve everyone). */
  thinkMs = 0;
  /** Times a game said nothing for QUIET_MS and was asked for again. */
  quiet = 0;
  /** What happened to it lately (sockets, subscriptions, refusals), with the time: printed with a failure. */
  readonly trace: string[] = [];
  private readonly seen = new Map<string, Seen>();
  /**
   * Each game's latest view, from whichever socket brought it: a resubscription from the last event seen brings
   * no view when nothing happened meanwhile.
   */
  private readonly views = new Map<string, GameView>();
  /** Games followed: resubscribed on each new socket. */
  private readonly games = new Set<string>();
  /** How far `check` has read the current socket's messages. */
  private checked = 0;

  /** `userId`: '' for a guest, whose id the first hello tells. */
  constructor(
    readonly cluster: Cluster,
    readonly cookie: string,
    public userId: string,
    readonly label: string,
  ) {}

  /** Opens a socket on `to` (else a random running instance) and says hello; retries elsewhere until it works. */
  async connect(to?: Instance, ms = 60_000): Promise<void> {
    const end = Date.now() + ms;
    let target = to;
    for (;;) {
      try {
        const inst = target && target.up ? target : this.cluster.pick();
        target = undefined;
        const ws = await WireClient.open(inst.url, this.cookie);
        const r = await ws.command({ type: 'hello', protocol: PROTOCOL_VERSION });
        if (r.type !== 'ack' || r.result?.kind !== 'welcome') {
          ws.close();
          throw new Error(`hello: ${JSON.stringify(r)}`);
        }
        if (this.userId === '') this.userId = r.result.user.userId;
        // What the old socket brought in is read before it is replaced.
        if (this.ws) this.check();
        this.ws = ws;
        this.at = inst;
        this.checked = 0;
        this.note(`socket on ${inst.name} (${inst.id})`);
        for (const g of this.games) await this.subscribe(g);
        return;
      } catch (e) {
        if (Date.now() > end) throw new Error(`${this.label} could not connect: ${String(e)}`);
        await sleep(250);
      }
    }
  }

  /** The socket is gone: a new one elsewhere. */
  async reconnect(): Promise<void> {
    this.reconnects++;
    await this.connect();
  }

  /**
   * A command on the current socket; a closed socket means a new one (somewhere) and the command again, since its
   * fate is unknown it is not counted as acked. `retry`: codes retried after a moment (until `ms`).
   */
  async command(msg: Record<string, unknown>, retry: ReadonlySet<string> = new Set(), ms = 60_000): Promise<ServerToClient> {
    const end = Date.now() + ms;
    for (;;) {
      if (!this.ws || this.ws.closed) await this.reconnect();
      let r: ServerToClient;
      try {
        r = await this.ws!.command(msg);
      } catch (e) {
        if (Date.now() > end) throw new Error(`${this.label}: ${JSON.stringify(msg)} got no answer: ${String(e)}`);
        continue;
      }
      if (r.type === 'error' && retry.has(r.code) && Date.now() < end) {
        this.count(r.code, String(msg['type']));
        await sleep(200);
        continue;
      }
      return r;
    }
  }

  /** Follows a game (now and on every new socket), from the last event seen. */
  async follow(gameId: string): Promise<void> {
    if (this.games.has(gameId) && this.ws && !this.ws.closed) return;
    this.games.add(gameId);
    for (;;) {
      // A new socket subscribes to every game followed.
      if (!this.ws || this.ws.closed) return this.reconnect();
      try {
        return await this.subscribe(gameId);
      } catch (e) {
        if (!this.ws.closed) throw e;
      }
    }
  }

  /** Stops following a game (a finished one: new sockets need not ask for it again). */
  async unfollow(gameId: string): Promise<void> {
    this.games.delete(gameId);
    if (!this.ws || this.ws.closed) return;
    await this.ws.command({ type: 'game.unsubscribe', gameId }).catch(() => null);
  }

  private async subscribe(gameId: string): Promise<void> {
    const s = this.seen.get(gameId);
    const msg = s ? { type: 'game.subscribe', gameId, since: { epoch: s.epoch, n: s.n } } : { type: 'game.subscribe', gameId };
    for (let i = 0; ; i++) {
      const r = await this.ws!.command(msg);
      if (r.type === 'ack') {
        if (r.result?.kind === 'subscribed')
          this.note(`subscribed ${gameId} since ${s ? `${s.epoch}/${s.n}` : '-'}: ${r.result.epoch}/${r.result.lastEvent} by ${r.result.catchUp}`);
        return;
      }
      if (r.type === 'error' && TRANSIENT.has(r.code) && i < 200) {
        this.count(r.code, `game.subscribe ${gameId}`);
        await sleep(250);
        continue;
      }
      throw new Error(`${this.label}: game.subscribe ${gameId}: ${JSON.stringify(r)}`);
    }
  }

  /** Reads the current socket's new messages: the order of each game's events, and where each game stands. */
  private check(): void {
    const list = this.ws?.received ?? [];
    for (; this.checked < list.length; this.checked++) {
      const m = list[this.checked]!;
      if (m.type === 'game.snapshot' || m.type === 'game.event') this.views.set(m.gameId, m.view);
      if (m.type === 'game.snapshot') this.seen.set(m.gameId, { epoch: m.epoch, n: m.lastEvent });
      else if (m.type === 'game.event') {
        const s = this.seen.get(m.gameId);
        if (!s) this.disorder.push(`${this.label} ${m.gameId}: event ${m.epoch}/${m.n} before any snapshot`);
        else if (s.epoch !== m.epoch || m.n !== s.n + 1)
          this.disorder.push(
            `${this.label} ${m.gameId}: event ${m.epoch}/${m.n} (${m.event.kind}) after ${s.epoch}/${s.n} on ${this.at?.name}; lately: ${this.trace.slice(-4).join(' | ')}`,
          );
        this.seen.set(m.gameId, { epoch: m.epoch, n: m.n });
      }
    }
  }

  /** The epoch and number of the last event of the game this person saw. */
  seenOf(gameId: string): Seen | undefined {
    this.check();
    return this.seen.get(gameId);
  }

  /** The latest view of a game. */
  view(gameId: string): GameView | null {
    this.check();
    return this.views.get(gameId) ?? null;
  }

  /** Waits for the next message on the socket (or a close, or `ms`). */
  async next(ms: number): Promise<boolean> {
    if (!this.ws || this.ws.closed) return false;
    try {
      await this.ws.until((m): m is ServerToClient => m !== undefined, this.ws.received.length, ms);
      return true;
    } catch {
      return false;
    }
  }

  /** Waits until a pushed message matches (across reconnects). */
  async wait<T extends ServerToClient>(pred: (m: ServerToClient) => m is T, what: string, ms = 60_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      if (!this.ws || this.ws.closed) await this.reconnect();
      const hit = this.ws!.received.find(pred);
      if (hit) return hit;
      if (Date.now() > end) throw new Error(`${this.label}: timed out waiting for ${what}`);
      await this.next(500);
    }
  }

  private count(code: string, what = ''): void {
    this.retried.set(code, (this.retried.get(code) ?? 0) + 1);
    this.note(`${code} ${what}`);
  }

  private note(line: string): void {
    this.trace.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (this.trace.length > 40) this.trace.shift();
  }

  /**
   * Plays the game to its end with random legal choices (the seat's; a spectator just follows), through deaths of
   * instances; the final view. `ms`: how long it may take; `enough`: stops it earlier, once it says so.
   */
  async play(gameId: string, ms = 240_000, act = true, enough: () => boolean = () => false): Promise<GameView> {
    const end = Date.now() + ms;
    await this.follow(gameId);
    let lastNews = Date.now();
    let lastLen = -1;
    for (;;) {
      if (Date.now() > end) throw new Error(`${this.label}: game ${gameId} did not end in ${ms} ms: ${JSON.stringify(this.view(gameId)?.phase)}`);
      if (!this.ws || this.ws.closed) {
        await this.reconnect();
        lastNews = Date.now();
        continue;
      }
      const v = this.view(gameId);
      if (this.ws.received.length !== lastLen) {
        lastLen = this.ws.received.length;
        lastNews = Date.now();
      }
      if (v && (v.phase === 'matchOver' || enough())) return v;
      if (act && v && v.toAct === v.you && v.you !== null && v.legal) {
        if (this.thinkMs > 0) await sleep(this.thinkMs * Math.random() * 2);
        if (this.ws.closed) continue;
        const action = choose(v);
        let r: ServerToClient;
        try {
          r = await this.ws.command({ type: 'game.action', gameId, version: v.version, action });
        } catch {
          continue; // the socket closed: the action's fate is unknown, the next view tells
        }
        if (r.type === 'ack') {
          this.acked.push({ gameId, version: v.version, seat: v.you, type: action.type });
          continue;
        }
        if (r.type === 'error' && TRANSIENT.has(r.code)) {
          this.count(r.code, `game.action ${gameId}@${v.version}`);
          if (r.code !== 'STALE_VERSION') await sleep(200);
          if (r.code !== 'STALE_VERSION' || (await this.next(1_000)) === false) await this.resubscribe(gameId);
          continue;
        }
        throw new Error(`${this.label}: ${JSON.stringify(action)} at version ${v.version} of ${gameId} refused: ${JSON.stringify(r)}`);
      }
      if (Date.now() - lastNews > QUIET_MS) {
        this.quiet++;
        this.note(
          `quiet ${gameId} at ${JSON.stringify(this.seen.get(gameId))}: version ${v?.version}, ${v?.phase}, to act ${v?.toAct} (me ${v?.you}), legal ${JSON.stringify(v?.legal?.actions)}, dice ${JSON.stringify(v?.dice)}, cube ${JSON.stringify(v?.cubeOffer)}, resign ${JSON.stringify(v?.resignOffer)}`,
        );
        await this.resubscribe(gameId);
        lastNews = Date.now();
        continue;
      }
      await this.next(1_000);
    }
  }

  /** Asks for the game again on this socket, from the last event seen (what was lost comes again). */
  private async resubscribe(gameId: string): Promise<void> {
    if (!this.ws || this.ws.closed) return;
    try {
      this.check();
      await this.ws.command({ type: 'game.unsubscribe', gameId });
      await this.subscribe(gameId);
    } catch {
      // the socket closed meanwhile: the next round reconnects
    }
  }

  close(): void {
    this.ws?.close();
  }
}

/** A random legal choice: a random turn to move, a roll rather than a double, a take, a declined resignation. */
function choose(v: GameView): { type: string; steps?: { from: number; to: number }[] } {
  const l = v.legal!;
  if (l.actions.includes('move')) {
    const turn = l.turns[Math.floor(Math.random() * l.turns.length)] ?? [];
    return { type: 'move', steps: turn.map((s) => ({ from: s.from, to: s.to })) };
  }
  for (const t of ['roll', 'take', 'declineResign', 'pass'] as const) if (l.actions.includes(t)) return { type: t };
  return { type: l.actions[0]! };
}
