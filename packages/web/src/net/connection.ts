/**
 * The app's one WebSocket to the server (docs/protocol.md §1–3, §6), behind the `Link` interface of types.ts.
 *
 * - Says `hello` first; until the `welcome` the link is `connecting` and commands wait in a queue.
 * - Numbers commands `c1, c2 …` and settles each promise by its `ack` / `error` (`ServerError`).
 * - On a drop every command in flight or queued rejects with `DISCONNECTED`, the link is `offline`, and it
 *   reconnects by itself after a backoff (timing.ts); after the new `welcome` it subscribes the lobby again if it
 *   was subscribed, and every watched game with `since` = the last event seen (follow.ts).
 * - Pings every 20 s for the clock offset; a ping still unanswered at the next one means the socket is dead.
 *
 * The session cookie decides who the socket is. After logging in or out the app calls `reconnect()`: the link
 * drops its socket and opens a new one at once, so the server sees the new cookie (subscriptions carry over).
 */
import { PROTOCOL_VERSION, type AckResult, type Language, type ServerToClient, type UserRef } from '@nardy/protocol';
import { clientSeedFrom, needsCommitment, withClientSeed } from './clientSeed';
import { newFollow, onEvent, onSnapshot, subscribeCommand, type Follow, type Step } from './follow';
import { readServerMessage } from './serverMessage';
import { PING_INTERVAL_MS, backoffDelay, clockOffset } from './timing';
import { ServerError, type Command, type GameUpdate, type Link, type LinkStatus } from './types';

/** What the link needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  onopen: (() => void) | null;
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  onclose: ((event: { readonly code?: number }) => void) | null;
  onerror: (() => void) | null;
  send(data: string): void;
  close(): void;
}

export interface LinkOptions {
  /** Default: `/ws` on the page's host, `wss:` under `https:`. */
  readonly url?: string;
  /**
   * The first socket opens once this settles (a first visit's guest session, whose cookie the socket must carry);
   * until then the link is `connecting` and commands wait. Default: at once.
   */
  readonly connectAfter?: Promise<unknown>;
  /** The language sent in `hello` (asked at every connect, so a switch applies on the next one). */
  readonly lang?: () => Language;
  readonly createSocket?: (url: string) => SocketLike;
  readonly now?: () => number;
  readonly random?: () => number;
  /** Where unreadable server messages are reported (default `console.warn`). */
  readonly log?: (message: string, detail?: unknown) => void;
  /**
   * The server closed the socket because its session ended (close code 4001: a log-out or password change here or
   * on another device). The link reconnects by itself; the app finds out who it now is.
   */
  readonly onSessionEnded?: () => void;
}

/** The close code the server ends a socket with when its session ended (docs/protocol.md §11). */
const SESSION_ENDED = 4001;

/** The link as the app shell holds it: the pages' `Link`, plus the controls only the shell uses. */
export interface AppLink extends Link {
  /** Drops the socket and connects again now (the session cookie changed, or the network came back). */
  reconnect(): void;
  /** Closes for good (tests, page unload). */
  close(): void;
}

const CLIENT_NAME = 'nardy-web/0.1';

export function defaultSocketUrl(loc: { readonly protocol: string; readonly host: string }): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}/ws`;
}

interface Waiting {
  readonly resolve: (result: AckResult | undefined) => void;
  readonly reject: (error: ServerError) => void;
}

interface Watched {
  follow: Follow;
  latest: GameUpdate | null;
  readonly handlers: Set<(update: GameUpdate) => void>;
  readonly errorHandlers: Set<(error: ServerError) => void>;
}

type AnyHandler = (message: ServerToClient) => void;

const IGNORE: Waiting = { resolve: () => {}, reject: () => {} };

const disconnected = () => new ServerError('DISCONNECTED', 'the connection to the server was lost');

export function createLink(options: LinkOptions = {}): AppLink {
  const url = options.url ?? defaultSocketUrl(globalThis.location);
  const lang = options.lang ?? (() => 'en' as const);
  const createSocket = options.createSocket ?? ((u: string) => new WebSocket(u) as unknown as SocketLike);
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const log = options.log ?? ((message: string, detail?: unknown) => console.warn(message, detail));

  let socket: SocketLike | null = null;
  let status: LinkStatus = 'connecting';
  let me: UserRef | null = null;
  let offset = 0;
  let failures = 0;
  let nextId = 0;
  let closed = false;
  let lobby = false;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let pingTimer: ReturnType<typeof setInterval> | null = null;
  let pingOut = false;
  const inFlight = new Map<string, Waiting>();
  const queue: { readonly command: Command; readonly waiting: Waiting }[] = [];
  const handlers = new Map<string, Set<AnyHandler>>();
  const statusHandlers = new Set<(s: LinkStatus) => void>();
  const games = new Map<string, Watched>();

  const safely = <A>(fn: (a: A) => void, a: A): void => {
    try {
      fn(a);
    } catch (e) {
      log('a link handler threw', e);
    }
  };

  function setStatus(s: LinkStatus): void {
    if (s === status) return;
    status = s;
    for (const h of [...statusHandlers]) safely(h, s);
  }

  const storage = (): Storage | null => {
    try {
      return typeof localStorage === 'undefined' ? null : localStorage;
    } catch {
      return null; // storage disabled: random seeds
    }
  };

  /** Sends on the current socket; `waiting` is told the reply (or DISCONNECTED on a drop), synchronously. */
  function transmit(command: Command, waiting: Waiting = IGNORE): void {
    const ws = socket;
    if (!ws) return waiting.reject(disconnected());
    const id = `c${++nextId}`;
    inFlight.set(id, waiting);
    try {
      ws.send(JSON.stringify({ ...withClientSeed(command, () => clientSeedFrom(storage())), id }));
    } catch {
      inFlight.delete(id);
      waiting.reject(disconnected());
    }
  }

  function connect(): void {
    retryTimer = null;
    setStatus('connecting');
    let ws: SocketLike;
    try {
      ws = createSocket(url);
    } catch (e) {
      log('cannot open the socket', e);
      scheduleRetry();
      return;
    }
    socket = ws;
    ws.onopen = () => {
      if (ws === socket) greet();
    };
    ws.onmessage = (event) => {
      if (ws === socket) receive(event.data);
    };
    ws.onclose = (event) => {
      if (ws !== socket) return;
      lost();
      if (event.code === SESSION_ENDED) options.onSessionEnded?.();
    };
    ws.onerror = () => {}; // a close always follows
  }

  function greet(): void {
    const sentAt = now();
    transmit(
      { type: 'hello', protocol: PROTOCOL_VERSION, client: CLIENT_NAME, lang: lang() },
      {
        resolve: (result) => {
          if (result?.kind !== 'welcome') return;
          me = result.user;
          offset = clockOffset(sentAt, now(), result.serverTime);
          failures = 0;
          online();
        },
        reject: (e) => {
          if (e.code === 'DISCONNECTED') return;
          // VERSION_MISMATCH and the like: start over later rather than talk to a server that refused us.
          log('the server refused hello', e);
          lost();
        },
      },
    );
  }

  function online(): void {
    setStatus('online');
    pingTimer = setInterval(ping, PING_INTERVAL_MS);
    if (lobby) transmit({ type: 'lobby.subscribe' });
    for (const w of games.values()) subscribe(w);
    for (const { command, waiting } of queue.splice(0)) transmit(command, waiting);
  }

  function ping(): void {
    if (pingOut) {
      // No pong for a whole interval: the socket is dead without knowing it (a sleeping laptop, a lost Wi-Fi).
      log('no answer to ping; reconnecting');
      reconnect();
      return;
    }
    pingOut = true;
    const sentAt = now();
    transmit(
      { type: 'ping' },
      {
        resolve: (result) => {
          pingOut = false;
          if (result?.kind === 'pong') offset = clockOffset(sentAt, now(), result.serverTime);
        },
        reject: () => {},
      },
    );
  }

  /** The socket is gone: fail what was waiting, and try again later unless closed. */
  function lost(): void {
    dropSocket();
    if (closed) setStatus('offline');
    else scheduleRetry();
  }

  /** Forgets the socket; every command in flight or queued fails with DISCONNECTED. */
  function dropSocket(): void {
    detach();
    for (const w of inFlight.values()) w.reject(disconnected());
    inFlight.clear();
    for (const { waiting } of queue.splice(0)) waiting.reject(disconnected());
  }

  function detach(): void {
    const ws = socket;
    socket = null;
    if (pingTimer !== null) clearInterval(pingTimer);
    pingTimer = null;
    pingOut = false;
    if (ws) {
      ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
      try {
        ws.close();
      } catch {
        // already closed
      }
    }
  }

  function scheduleRetry(): void {
    setStatus('offline');
    retryTimer = setTimeout(connect, backoffDelay(failures++, random()));
  }

  function receive(data: unknown): void {
    const parsed = readServerMessage(data);
    if (!parsed.ok) {
      log('ignored an unreadable server message', parsed.error);
      return;
    }
    const msg = parsed.value;
    if (msg.type === 'ack' || msg.type === 'error') {
      const w = msg.id === null ? undefined : inFlight.get(msg.id);
      if (!w) {
        if (msg.type === 'error') log('the server reported an error', msg);
        return;
      }
      inFlight.delete(msg.id!);
      if (msg.type === 'ack') w.resolve(msg.result);
      else w.reject(new ServerError(msg.code, msg.message));
      return;
    }
    if (msg.type === 'game.snapshot' || msg.type === 'game.event') {
      const w = games.get(msg.gameId);
      if (w) follow(w, msg.type === 'game.snapshot' ? onSnapshot(w.follow, msg) : onEvent(w.follow, msg));
    }
    for (const h of [...(handlers.get(msg.type) ?? [])]) safely(h, msg);
  }

  function follow(w: Watched, step: Step): void {
    w.follow = step.follow;
    if (step.resubscribe) subscribe(w);
    if (!step.update) return;
    w.latest = step.update;
    for (const h of [...w.handlers]) safely(h, step.update);
  }

  function subscribe(w: Watched): void {
    transmit(subscribeCommand(w.follow), {
      resolve: () => {},
      reject: (e) => {
        if (e.code === 'DISCONNECTED') return; // the next welcome subscribes again
        for (const h of [...w.errorHandlers]) safely(h, e);
      },
    });
  }

  function reconnect(): void {
    if (closed) return;
    if (retryTimer !== null) clearTimeout(retryTimer);
    dropSocket();
    failures = 0;
    connect();
  }

  /** Commitments received before the client seed that went with them (G10): the game room marks its proof. */
  const committed = new Set<string>();

  /**
   * A bot game or rematch offer first asks for a dice commitment, a quick pairing for the one its pool would be
   * played with (the waiting player's); then the seed goes naming it. A pool that changed in between refuses the
   * join (CONFLICT, NOT_FOUND) without the seed: once more with the pool's commitment now.
   */
  async function committedFirst(command: Command, tries = 2): Promise<AckResult | undefined> {
    const ask: Command = command.type === 'quickPair.join' ? { type: 'quickPair.commit', pool: command.pool } : { type: 'dice.commit' };
    const r = await link.send(ask);
    if (r?.kind !== 'commitment') return link.send(command);
    committed.add(r.commitment);
    try {
      return await link.send({ ...command, commitment: r.commitment } as Command);
    } catch (e) {
      const changed = command.type === 'quickPair.join' && e instanceof ServerError && (e.code === 'CONFLICT' || e.code === 'NOT_FOUND');
      if (changed && tries > 1) return committedFirst(command, tries - 1);
      throw e;
    }
  }

  const link: AppLink = {
    send(command) {
      if (needsCommitment(command)) return committedFirst(command);
      // A commitment shown before (a rematch offer's): the seed that goes with it was chosen after it (G10).
      if ('commitment' in command && command.commitment !== undefined) committed.add(command.commitment);
      if (command.type === 'lobby.subscribe' || command.type === 'lobby.unsubscribe') {
        lobby = command.type === 'lobby.subscribe';
        // Remembered either way: the next welcome subscribes the lobby if it should be.
        if (status !== 'online') return Promise.resolve(undefined);
      }
      if (closed || status === 'offline') return Promise.reject(disconnected());
      return new Promise((resolve, reject) => {
        if (status === 'connecting') queue.push({ command, waiting: { resolve, reject } });
        else transmit(command, { resolve, reject });
      });
    },
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      const h = handler as AnyHandler;
      set.add(h);
      return () => void set.delete(h);
    },
    watchGame(gameId, handler, onError, watch) {
      let w = games.get(gameId);
      if (!w) {
        w = { follow: newFollow(gameId, watch), latest: null, handlers: new Set(), errorHandlers: new Set() };
        games.set(gameId, w);
        if (status === 'online') subscribe(w);
      } else if (w.latest) safely(handler, w.latest);
      const watched = w;
      watched.handlers.add(handler);
      if (onError) watched.errorHandlers.add(onError);
      return () => {
        watched.handlers.delete(handler);
        if (onError) watched.errorHandlers.delete(onError);
        if (watched.handlers.size > 0 || games.get(gameId) !== watched) return;
        games.delete(gameId);
        if (status === 'online') transmit({ type: 'game.unsubscribe', gameId });
      };
    },
    onStatus(handler) {
      statusHandlers.add(handler);
      return () => void statusHandlers.delete(handler);
    },
    get status() {
      return status;
    },
    get me() {
      return me;
    },
    get clockOffset() {
      return offset;
    },
    committedBefore: (commitment) => committed.has(commitment),
    reconnect,
    close() {
      closed = true;
      if (retryTimer !== null) clearTimeout(retryTimer);
      retryTimer = null;
      dropSocket();
      setStatus('offline');
    },
  };

  if (options.connectAfter) {
    // Unless closed, or already connected by reconnect() (the session changed meanwhile).
    const first = () => {
      if (!closed && socket === null && retryTimer === null) connect();
    };
    options.connectAfter.then(first, first);
  } else connect();
  return link;
}
