import { matchSettings, type Seat } from '@nardy/engine';
import {
  LIMITS,
  type AckResult,
  type Challenge,
  type ErrorCode,
  type GameSummary,
  type OnlinePlayer,
  type Seek,
  type ServerToClient,
  type TableSettings,
  type TableSettingsInput,
  type UserRef,
  type VariantRating,
} from '@nardy/protocol';
import type { ClientLink, GameFactory, Reply, ReplyError, Viewer } from '../contracts.js';
import { newServerSeed } from '../game/dice.js';
import type { SeatHolder } from '../game/log.js';
import type { Outside } from '../serial.js';
import type { LobbyOptions } from './options.js';

/**
 * The lobby's state and what every feature shares: presence, the pushes, the checks before sitting down, and
 * starting a game. Only jobs of the lobby's queue change it (lobby.ts), one at a time, so a feature reads it,
 * awaits, and acts on what it read. (`gameStarted` adds to `games` at once; no feature reads that list.)
 */

export interface SeekEntry {
  readonly seek: Seek;
  readonly linkId: string;
  readonly serverSeed: string;
  readonly clientSeed: string | undefined;
}
export interface PoolEntry {
  readonly key: string;
  readonly viewer: Viewer;
  readonly linkId: string;
  readonly settings: TableSettings;
  readonly clientSeed: string | undefined;
  /** The server seed the player saw the commitment of before his client seed (`dice.commit`), if he asked. */
  readonly serverSeed: string | undefined;
}
export interface ChallengeEntry {
  readonly challenge: Challenge;
  readonly linkId: string;
  readonly serverSeed: string;
  readonly clientSeed: string | undefined;
  readonly expiresAt: number;
}
export interface TableEntry {
  readonly token: string;
  readonly owner: Viewer;
  readonly linkId: string;
  readonly settings: TableSettings;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeed: string | undefined;
  readonly expiresAt: number;
}
export interface RematchOffer {
  readonly userId: string;
  /** The offerer's seat in the finished game (its events name seats). */
  readonly seat: Seat;
  /** When it lapses unanswered. */
  readonly expiresAt: number;
  /** The listed games he was playing when he offered: a game he starts after it withdraws it. */
  readonly playing: ReadonlySet<string>;
  /** Since when the offerer has not had the finished game open (a reload, a look elsewhere), or null while he has. */
  awaySince: number | null;
  readonly clientSeed: string | undefined;
  /** The rematch's server seed and its commitment, shown with the offer (when the offerer asked `dice.commit`). */
  readonly dice: { readonly serverSeed: string; readonly commitment: string } | undefined;
}

export type Check<T = undefined> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ReplyError };

export const fail = (code: ErrorCode, message: string): { readonly ok: false; readonly error: ReplyError } => ({
  ok: false,
  error: { code, message },
});
export const done = (value?: AckResult): Reply => ({ ok: true, value });
export const other = (seat: Seat): Seat => (seat === 'p1' ? 'p2' : 'p1');

/** `a` at `aSeat`, `b` at the other. */
function bySeat<T>(aSeat: Seat, a: T, b: T): { p1: T; p2: T } {
  return aSeat === 'p1' ? { p1: a, p2: b } : { p1: b, p2: a };
}

/** Rated tables and tables with a stake (G9: guests have no chips) are for registered players. */
export function accountCheck(settings: TableSettings, guest: boolean, who = ''): Check {
  if (!guest) return { ok: true, value: undefined };
  if (settings.rated) return fail('UNAUTHORIZED', `rated games need an account${who}`);
  if (settings.stake > 0) return fail('UNAUTHORIZED', `tables with a stake need an account${who} (guests have no chips)`);
  return { ok: true, value: undefined };
}

const user = (userId: string): SeatHolder => ({ kind: 'user', userId });

export class LobbyState {
  readonly random: () => number;
  readonly newSeed: () => string;
  readonly maxSeeks: number;
  readonly maxChallenges: number;
  readonly maxTables: number;
  readonly challengeTtl: number;
  readonly tableTtl: number;
  readonly maxListed: number;
  private readonly blocked: (a: string, b: string) => boolean | Promise<boolean>;

  /** Open connections by id, and each online user's connection ids. */
  readonly links = new Map<string, ClientLink>();
  readonly userLinks = new Map<string, Set<string>>();
  /** Closed connections: a command or `connected` that comes after the close does not bring one back. */
  readonly closed = new WeakSet<ClientLink>();
  readonly subscribers = new Set<string>();
  /** The online list (online.ts): the first `maxListed` users online; and each online user's ratings. */
  readonly listed = new Map<string, OnlinePlayer>();
  readonly ratingCache = new Map<string, readonly VariantRating[]>();
  /** In creation order. */
  readonly seeks = new Map<string, SeekEntry>();
  /**
   * Games being made now, out of the queue (`startBetween`): by what they take (`seek:<id>`, `challenge:<id>`,
   * `table:<token>`, `rematch:<gameId>`) and by their players (`user:<id>`), each settled when the start is over.
   * A command that touches one waits for it (`LobbyModule.handle`), so it sees the lobby as the start left it.
   */
  readonly starting = new Map<string, Promise<void>>();
  /** A command found a player busy with another start: it is run again once that start is over. */
  retryAfter: Promise<void> | null = null;
  /** How the command running now steps out of the lobby's queue (set by `LobbyModule.handle`; in place without a queue). */
  outside: Outside = (f) => f();

  /** The starts in flight among `keys`, settled together; null when there are none. */
  startsAmong(keys: readonly string[]): Promise<void> | null {
    const busy = keys.flatMap((k) => this.starting.get(k) ?? []);
    return busy.length === 0 ? null : Promise.all(busy).then(() => undefined);
  }
  /** Pool key → waiting users, first come first served; and each waiting user's place (one pool at a time). */
  readonly pools = new Map<string, PoolEntry[]>();
  readonly pooled = new Map<string, PoolEntry>();
  readonly challenges = new Map<string, ChallengeEntry>();
  readonly tables = new Map<string, TableEntry>();
  /**
   * The server seed behind a commitment `dice.commit` gave this link (used up); undefined when none was named;
   * NOT_FOUND when the link holds no such one.
   */
  preCommitted(linkId: string, commitment: string | undefined): Check<string | undefined> {
    if (commitment === undefined) return { ok: true, value: undefined };
    const seed = this.options.commitments?.take(linkId, commitment) ?? null;
    return seed === null ? fail('NOT_FOUND', 'no such dice commitment on this connection: ask dice.commit again') : { ok: true, value: seed };
  }

  /** Open rematch offers by the finished game's id, and the games that had their rematch. */
  readonly offers = new Map<string, RematchOffer>();
  readonly rematched = new Set<string>();
  readonly games = new Map<string, GameSummary>();

  constructor(
    private readonly factory: GameFactory,
    readonly now: () => number,
    readonly newId: (prefix: 's' | 'ch') => string,
    readonly options: LobbyOptions,
  ) {
    this.random = options.random ?? Math.random;
    this.newSeed = options.newServerSeed ?? newServerSeed;
    this.blocked = options.isBlocked ?? (() => false);
    this.maxSeeks = options.maxSeeksPerUser ?? 5;
    this.maxChallenges = options.maxChallengesPerUser ?? 5;
    this.maxTables = options.maxTablesPerUser ?? 3;
    this.challengeTtl = options.challengeTtlMs ?? 60_000;
    this.tableTtl = options.tableTtlMs ?? 30 * 60_000;
    this.maxListed = Math.min(options.maxOnlineListed ?? LIMITS.onlineListed, LIMITS.onlineListed);
  }

  // --- presence

  /** The connection counts as online (unless it already closed or is anonymous); true when it is his first. */
  join(link: ClientLink): boolean {
    if (this.closed.has(link) || this.links.has(link.id)) return false;
    this.links.set(link.id, link);
    // An anonymous watcher (no session) is nobody to challenge: not online.
    if (link.viewer.anonymous === true) return false;
    const set = this.userLinks.get(link.viewer.userId) ?? new Set<string>();
    set.add(link.id);
    this.userLinks.set(link.viewer.userId, set);
    return set.size === 1;
  }

  /** The rating a name shows beside a table of this variant, when the lobby knows one (read by online.ts). */
  /** His rating in the variant as names show it (with the provisional mark), when known. */
  ratingIn(userId: string, variant: string): Pick<UserRef, 'rating' | 'provisional'> | undefined {
    const r = this.ratingCache.get(userId)?.find((x) => x.variant === variant);
    return r && { rating: r.rating, ...(r.provisional ? { provisional: r.provisional } : {}) };
  }

  onlineViewer(userId: string): Viewer | null {
    for (const id of this.userLinks.get(userId) ?? []) {
      const l = this.links.get(id);
      if (l) return l.viewer;
    }
    return null;
  }

  ref(v: Viewer, settings: TableSettings): UserRef {
    return { userId: v.userId, name: v.displayName, guest: v.guest, ...this.ratingIn(v.userId, settings.match.variant) };
  }

  // --- checks before sitting down

  /** The engine completes and checks the match settings; rated tables need an account; stakes need the ledger. */
  tableSettings(input: TableSettingsInput, me: Viewer): Check<TableSettings> {
    const m = matchSettings(input.match);
    if (!m.ok) return fail(m.error.code, m.error.message);
    if (!Number.isSafeInteger(input.stake) || input.stake < 0 || input.stake > LIMITS.maxStake) {
      return fail('BAD_MESSAGE', 'the stake must be a whole number of chips');
    }
    if (input.stake > 0 && !this.options.chips) return fail('FORBIDDEN', 'this server plays without chips (stake 0)');
    const settings: TableSettings = { match: m.value, rated: input.rated, stake: input.stake };
    const account = accountCheck(settings, me.guest);
    return account.ok ? { ok: true, value: settings } : account;
  }

  async chipsFor(userId: string, settings: TableSettings): Promise<Check> {
    if (settings.stake === 0) return { ok: true, value: undefined };
    const ledger = this.options.chips;
    if (!ledger) return fail('FORBIDDEN', 'this server plays without chips (stake 0)');
    return (await ledger.canStake(userId, settings)) ? { ok: true, value: undefined } : fail('INSUFFICIENT_CHIPS', 'not enough chips for the stake');
  }

  async blockedEither(a: string, b: string): Promise<boolean> {
    return (await this.blocked(a, b)) || (await this.blocked(b, a));
  }

  /** May `me` sit down with `other` at these settings (blocks both ways, chips for `me`)? */
  async canPlay(me: string, other: string, settings: TableSettings): Promise<Check> {
    if (await this.blockedEither(me, other)) return fail('BLOCKED', 'one of you has blocked the other');
    return this.chipsFor(me, settings);
  }

  // --- games

  /**
   * The owner of a seek, challenge, table, pool place or rematch offer and the player who takes it sit down at a new
   * game, the owner at `ownerSeat` (a coin toss when not given). Only once the game has started does `taken` run (the
   * feature withdraws what was taken and says so), then both are seated; the joiner's command on `ackLink` is acked
   * with the game and his seat (a bare ack without one). A start that fails changes nothing.
   */
  async startBetween(
    req: {
      /** What is taken (`seek:<id>` …): while its game is being made nobody else may take it. */
      item?: string;
      settings: TableSettings;
      owner: { userId: string; seed: string | undefined };
      joiner: { userId: string; seed: string | undefined; ackLink: string | null };
      serverSeed: string | undefined;
      ownerSeat?: Seat;
      /** A private table's game (or its rematch): not listed, watched only by invitation. */
      private?: boolean;
    },
    taken: (gameId: string) => void = () => {},
  ): Promise<Reply> {
    const outside = this.outside;
    const keys = [...(req.item !== undefined ? [req.item] : []), `user:${req.owner.userId}`, `user:${req.joiner.userId}`];
    const busy = this.startsAmong(keys);
    if (busy) {
      // A player is sitting down at another game right now: the command runs again once that is settled.
      this.retryAfter = busy;
      return fail('CONFLICT', 'a game for one of you is being set up right now; try again in a moment');
    }
    const ownerSeat: Seat = req.ownerSeat ?? (this.random() < 0.5 ? 'p1' : 'p2');
    const users = bySeat(ownerSeat, req.owner.userId, req.joiner.userId);
    // The game is made out of the lobby's queue (a few database round trips, or a call to another instance), so
    // other commands go on meanwhile; what it takes and its players are marked until it is settled.
    let settle!: () => void;
    const settled = new Promise<void>((r) => (settle = r));
    for (const k of keys) this.starting.set(k, settled);
    let started: Check<string>;
    try {
      started = await outside(() =>
        this.start({
          settings: req.settings,
          users,
          seeds: bySeat(ownerSeat, req.owner.seed, req.joiner.seed),
          serverSeed: req.serverSeed,
          private: req.private === true,
        }),
      );
    } finally {
      for (const k of keys) this.starting.delete(k);
    }
    // Those waiting on this start run after what follows here (they wait for the queue, and this holds it).
    settle();
    if (!started.ok) return started;
    taken(started.value);
    this.seated(started.value, users, req.joiner.ackLink);
    return done(req.joiner.ackLink === null ? undefined : { kind: 'game', gameId: started.value, seat: other(ownerSeat) });
  }

  /** Asks the games side for a new game; a start that throws is an INTERNAL error. */
  private async start(req: {
    settings: TableSettings;
    users: { p1: string; p2: string };
    seeds: { p1: string | undefined; p2: string | undefined };
    serverSeed: string | undefined;
    private: boolean;
  }): Promise<Check<string>> {
    const clientSeeds: { p1?: string; p2?: string } = {};
    if (req.seeds.p1 !== undefined) clientSeeds.p1 = req.seeds.p1;
    if (req.seeds.p2 !== undefined) clientSeeds.p2 = req.seeds.p2;
    const seats = { p1: user(req.users.p1), p2: user(req.users.p2) };
    const game = { settings: req.settings, seats, clientSeeds, rated: req.settings.rated, private: req.private };
    try {
      const r = await this.factory.startGame(req.serverSeed === undefined ? game : { ...game, serverSeed: req.serverSeed });
      return r.ok ? { ok: true, value: r.value.gameId } : r;
    } catch (e) {
      return fail('INTERNAL', `the game could not be started: ${e instanceof Error ? e.message : String(e)}`.slice(0, LIMITS.textLength));
    }
  }

  /**
   * Both players sit at a new game: every connection of theirs gets `game.started`, except the one whose command
   * is acked with the game. Their other seeks and pool places are withdrawn.
   */
  private seated(gameId: string, users: { p1: string; p2: string }, ackLink: string | null): void {
    for (const seat of ['p1', 'p2'] as const) {
      const userId = users[seat];
      for (const id of [...(this.userLinks.get(userId) ?? [])]) {
        if (id === ackLink) continue;
        const l = this.links.get(id);
        if (l) this.send(l, { type: 'game.started', gameId, seat });
      }
      for (const [seekId, s] of [...this.seeks]) if (s.seek.by.userId === userId) this.removeSeek(seekId);
      this.leavePool(userId);
    }
  }

  // --- the lists that seeks, pools and game starts share

  addSeek(s: SeekEntry): void {
    this.seeks.set(s.seek.seekId, s);
    this.broadcast({ type: 'lobby.seekAdded', seek: s.seek });
  }

  removeSeek(seekId: string): void {
    if (!this.seeks.delete(seekId)) return;
    this.broadcast({ type: 'lobby.seekRemoved', seekId });
  }

  joinPool(e: PoolEntry): void {
    const q = this.pools.get(e.key) ?? [];
    q.push(e);
    this.pools.set(e.key, q);
    this.pooled.set(e.viewer.userId, e);
  }

  leavePool(userId: string): void {
    const e = this.pooled.get(userId);
    if (!e) return;
    this.pooled.delete(userId);
    const q = (this.pools.get(e.key) ?? []).filter((x) => x !== e);
    if (q.length === 0) this.pools.delete(e.key);
    else this.pools.set(e.key, q);
  }

  // --- pushes

  /** To every subscriber of the lobby's lists. */
  broadcast(msg: ServerToClient): void {
    for (const id of this.subscribers) {
      const l = this.links.get(id);
      if (l) this.send(l, msg);
    }
  }

  /** To every connection of the user. */
  sendUser(userId: string, msg: ServerToClient): void {
    for (const id of this.userLinks.get(userId) ?? []) {
      const l = this.links.get(id);
      if (l) this.send(l, msg);
    }
  }

  /** A push that fails (a dead socket) must not break the lobby. */
  send(link: ClientLink, msg: ServerToClient): void {
    try {
      link.send(msg);
    } catch {
      // The socket layer notices dead connections and calls `disconnected`.
    }
  }
}
