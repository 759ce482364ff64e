import { parseClientMessage, type ClientToServer, type ServerToClient, type TableSettings } from '@nardy/protocol';
import type { ClientLink, GameFactory, Reply, ReplyError, Viewer } from '../contracts.js';
import type { SeatHolder } from '../game/log.js';
import { LobbyModule } from './lobby.js';
import type { FinishedMatch, LobbyOptions, RematchEvent, RematchSource } from './options.js';

/**
 * Fakes for the lobby's own tests: a recording game factory, links that collect pushes, a clock. Each fake implements
 * the port the lobby declares, as `createApp` fills it with the real module (games/manager.ts), so the fakes cannot
 * offer what production lacks; the lobby with the real games, chat and sockets is tested through `createApp`
 * (games/lobby-flow.test.ts, rematch.test.ts).
 */

export type StartRequest = Parameters<GameFactory['startGame']>[0];

export class FakeFactory implements GameFactory {
  readonly requests: StartRequest[] = [];
  /** Errors to answer the next starts with, in order. */
  readonly failures: ReplyError[] = [];
  /** Held starts: resolve them by hand (to test what happens meanwhile). */
  hold = false;
  readonly held: (() => void)[] = [];
  private n = 0;

  async startGame(req: StartRequest): Promise<ReturnType<GameFactory['startGame']> extends Promise<infer R> ? R : never> {
    this.requests.push(req);
    if (this.hold) await new Promise<void>((resolve) => this.held.push(resolve));
    const failure = this.failures.shift();
    if (failure) return { ok: false, error: failure };
    return { ok: true, value: { gameId: `g${++this.n}`, commitment: '0'.repeat(64) } };
  }

  get last(): StartRequest {
    const r = this.requests.at(-1);
    if (!r) throw new Error('no game was started');
    return r;
  }
}

export interface FakeLink extends ClientLink {
  readonly sent: ServerToClient[];
  /** The pushes of one type, and forget all. */
  take<T extends ServerToClient['type']>(type: T): Extract<ServerToClient, { type: T }>[];
}

export const viewer = (userId: string, guest = false): Viewer => ({
  userId,
  username: userId,
  displayName: userId.toUpperCase(),
  guest,
  language: 'en',
});

let linkCounter = 0;
export function fakeLink(v: Viewer | string, id = `l${++linkCounter}`): FakeLink {
  const sent: ServerToClient[] = [];
  return {
    id,
    viewer: typeof v === 'string' ? viewer(v) : v,
    sent,
    send(msg) {
      sent.push(msg);
    },
    take(type) {
      const out = sent.filter((m) => m.type === type) as Extract<ServerToClient, { type: typeof type }>[];
      sent.length = 0;
      return out;
    },
  };
}

export class FakeClock {
  t = 1_700_000_000_000;
  readonly now = (): number => this.t;
  advance(ms: number): void {
    this.t += ms;
  }
}

export class FakeRematches implements RematchSource {
  readonly games = new Map<string, FinishedMatch>();
  readonly events: { gameId: string; event: RematchEvent }[] = [];
  finishedMatch = (gameId: string): FinishedMatch | null => this.games.get(gameId) ?? null;
  rematchEvent = (gameId: string, event: RematchEvent): void => {
    this.events.push({ gameId, event });
  };
  add(gameId: string, p1: string, p2: string, settings: TableSettings, finished = true): void {
    const seat = (userId: string): SeatHolder => (userId.startsWith('bot') ? { kind: 'bot', botId: userId } : { kind: 'user', userId });
    this.games.set(gameId, { seats: { p1: seat(p1), p2: seat(p2) }, settings, finished, private: false });
  }
}

export const SETTINGS = { match: { variant: 'long' }, rated: false, stake: 0 } as const;
export const SEED = 'a'.repeat(64);

export interface Kit {
  readonly lobby: LobbyModule;
  readonly factory: FakeFactory;
  readonly clock: FakeClock;
  readonly rematches: FakeRematches;
  readonly blocks: Set<string>;
  /** Parses the message as the socket layer would (so tests send only well-formed commands), then handles it. */
  send(link: ClientLink, msg: Record<string, unknown>): Promise<Reply>;
  /** Handles a command the parser would refuse (the lobby checks settings itself too). */
  raw(link: ClientLink, msg: Record<string, unknown>): Promise<Reply>;
}

let cmdCounter = 0;
export function kit(options: LobbyOptions = {}): Kit {
  const factory = new FakeFactory();
  const clock = new FakeClock();
  const rematches = new FakeRematches();
  const blocks = new Set<string>();
  let ids = 0;
  let coin = 0;
  const lobby = new LobbyModule(factory, clock.now, (prefix) => `${prefix}${++ids}`, {
    // Alternates 0.25, 0.75 …: the owner is p1, then p2, then p1 …
    random: () => (coin++ % 2 === 0 ? 0.25 : 0.75),
    newServerSeed: () => SEED,
    isBlocked: (a, b) => blocks.has(`${a}>${b}`),
    rematches,
    ...options,
  });
  return {
    lobby,
    factory,
    clock,
    rematches,
    blocks,
    async send(link, msg) {
      const parsed = parseClientMessage({ id: `c${++cmdCounter}`, ...msg });
      if (!parsed.ok) throw new Error(`test sent a malformed command: ${parsed.error.message}`);
      return lobby.handle(link, parsed.value);
    },
    raw(link, msg) {
      return lobby.handle(link, { id: `c${++cmdCounter}`, ...msg } as unknown as ClientToServer);
    },
  };
}

export const code = (r: Reply): string => (r.ok ? 'ok' : r.error.code);

/** Lets pending promise chains run (a macrotask turn). */
export const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
