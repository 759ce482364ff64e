import { randomBytes } from 'node:crypto';
import { matchSettings, type Seat } from '@nardy/engine';
import {
  LIMITS,
  type AckResult,
  type Challenge,
  type ClientMessage,
  type ClientToServer,
  type ErrorCode,
  type GameSummary,
  type QuickPairPool,
  type Seek,
  type ServerToClient,
  type TableSettings,
  type TableSettingsInput,
  type UserRef,
} from '@nardy/protocol';
import type { ClientLink, CommandModule, GameFactory, Reply, ReplyError, Viewer } from '../contracts.js';
import { commitment as commitmentOf, newServerSeed } from '../game/dice.js';
import type { SeatHolder } from '../game/log.js';

/**
 * The lobby: open seeks, quick pairing, direct challenges, private tables by link, rematches, and the live
 * list of seeks and games pushed to subscribers. Games are started through the `GameFactory`; `bot.play` is the
 * games module's.
 *
 * Dice (G10): a seek, challenge or private table gets its **server seed here, when it is created**, so its
 * commitment can be shown before anyone sits down; the seed is handed to `GameFactory.startGame` as `serverSeed`.
 * Quick pairing and rematches show no commitment beforehand, so the factory makes their seeds.
 *
 * Every command gets exactly one `Reply`; a refused command changes nothing. State is checked again after every
 * `await` (a link may close, a seek be taken meanwhile), and whatever a game start needs is taken out of the
 * lobby before `startGame` is awaited and put back if the start fails.
 *
 * Presence: the lobby knows a connection once `connected(link)` is called (or the link sends a lobby command)
 * and forgets it on `disconnected(link)`. Seeks, pool places, private tables, challenges sent and rematch offers
 * belong to the connection that made them and vanish with it.
 */

/** A finished match as the games side knows it (for rematches). */
export interface FinishedMatch {
  readonly seats: { readonly p1: SeatHolder; readonly p2: SeatHolder };
  readonly settings: TableSettings;
  /** False while the match is still being played. */
  readonly finished: boolean;
}

/** What happened to a rematch, for the old game's event log (`rematchOffered` / `rematchDeclined` / `rematchStarted`). */
export type RematchEvent =
  | { readonly kind: 'rematchOffered'; readonly by: Seat }
  | { readonly kind: 'rematchDeclined'; readonly by: Seat }
  | { readonly kind: 'rematchStarted'; readonly gameId: string };

/** The games side, for rematches: who played a game, and where its rematch events go. */
export interface RematchSource {
  finishedMatch(gameId: string): FinishedMatch | null | Promise<FinishedMatch | null>;
  /** Appends the event to the old game's log (its players see it there). */
  rematchEvent?(gameId: string, event: RematchEvent): void;
}

/**
 * The chips ledger (G9), when the server has one: may this user sit down at a table with this stake (are its hold's
 * chips free now)? The holds themselves are placed when the game is created (`GameFactory.startGame`), which
 * refuses with INSUFFICIENT_CHIPS if the chips went elsewhere meanwhile.
 */
export interface ChipsLedger {
  canStake(userId: string, settings: TableSettings): boolean | Promise<boolean>;
}

export interface LobbyOptions {
  /** A coin in [0, 1) for seats (below 0.5: the seek's, challenge's, table's owner or the first in a pool is p1). */
  readonly random?: () => number;
  /** A server seed for a seek, challenge or table (tests fix it). */
  readonly newServerSeed?: () => string;
  /** A private table's token: 16–64 characters of `A–Z a–z 0–9 _ -` (default 24 random base64url characters). */
  readonly newToken?: () => string;
  /** Whether `a` has blocked `b` (checked both ways). Default: nobody is blocked. */
  readonly isBlocked?: (a: string, b: string) => boolean | Promise<boolean>;
  /** Needed for rematches (without it `rematch.*` is answered `UNAVAILABLE`). */
  readonly rematches?: RematchSource;
  /** Without a ledger, a stake above 0 is refused (`FORBIDDEN`). */
  readonly chips?: ChipsLedger;
  /** Told when a link subscribes to or leaves the lobby: the lobby chat room is its subscribers (protocol §9). */
  readonly room?: { joined(link: ClientLink): void | Promise<unknown>; left(link: ClientLink): void };
  /** A user's rating to show in seeks and challenges, if any. */
  readonly ratingOf?: (userId: string, settings: TableSettings) => number | undefined;
  /** Open seeks per user (default 5), challenges sent and still open (default 5), private tables (default 3). */
  readonly maxSeeksPerUser?: number;
  readonly maxChallengesPerUser?: number;
  readonly maxTablesPerUser?: number;
  /** How long a challenge stays open (default 60 s) and a private table waits for its guest (default 30 min). */
  readonly challengeTtlMs?: number;
  readonly tableTtlMs?: number;
}

export const LOBBY_TYPES = [
  'lobby.subscribe',
  'lobby.unsubscribe',
  'seek.create',
  'seek.cancel',
  'seek.accept',
  'quickPair.join',
  'quickPair.leave',
  'challenge.send',
  'challenge.accept',
  'challenge.decline',
  'challenge.cancel',
  'table.create',
  'table.join',
  'rematch.offer',
  'rematch.accept',
  'rematch.decline',
] as const satisfies readonly ClientToServer['type'][];
type LobbyType = (typeof LOBBY_TYPES)[number];

interface SeekEntry {
  readonly seek: Seek;
  readonly linkId: string;
  readonly serverSeed: string;
  readonly clientSeed: string | undefined;
}
interface PoolEntry {
  readonly key: string;
  readonly viewer: Viewer;
  readonly linkId: string;
  readonly settings: TableSettings;
  readonly clientSeed: string | undefined;
}
interface ChallengeEntry {
  readonly challenge: Challenge;
  readonly linkId: string;
  readonly serverSeed: string;
  readonly clientSeed: string | undefined;
  readonly expiresAt: number;
}
interface TableEntry {
  readonly token: string;
  readonly owner: Viewer;
  readonly linkId: string;
  readonly settings: TableSettings;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeed: string | undefined;
  readonly expiresAt: number;
}
interface RematchOffer {
  readonly userId: string;
  readonly linkId: string;
  readonly clientSeed: string | undefined;
}

type Check<T = undefined> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ReplyError };

const fail = (code: ErrorCode, message: string): { readonly ok: false; readonly error: ReplyError } => ({
  ok: false,
  error: { code, message },
});
const done = (value?: AckResult): Reply => ({ ok: true, value });
const other = (seat: Seat): Seat => (seat === 'p1' ? 'p2' : 'p1');
/** The most rematched game ids remembered (each game gets one rematch). */
const REMATCHED_MEMORY = 10_000;

/** JSON with sorted keys: the same pool however its fields were ordered. */
const canonical = (v: unknown): string => {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
};

export const defaultToken = (): string => randomBytes(18).toString('base64url');

export class LobbyModule implements CommandModule {
  readonly types: readonly ClientToServer['type'][] = LOBBY_TYPES;

  private readonly random: () => number;
  private readonly newSeed: () => string;
  private readonly newToken: () => string;
  private readonly blocked: (a: string, b: string) => boolean | Promise<boolean>;
  private readonly maxSeeks: number;
  private readonly maxChallenges: number;
  private readonly maxTables: number;
  private readonly challengeTtl: number;
  private readonly tableTtl: number;

  /** Open connections by id, and each online user's connection ids. */
  private readonly links = new Map<string, ClientLink>();
  private readonly userLinks = new Map<string, Set<string>>();
  private readonly closed = new WeakSet<ClientLink>();
  private readonly subscribers = new Set<string>();
  /** In creation order. */
  private readonly seeks = new Map<string, SeekEntry>();
  /** Pool key → waiting users, first come first served; and each waiting user's place (one pool at a time). */
  private readonly pools = new Map<string, PoolEntry[]>();
  private readonly pooled = new Map<string, PoolEntry>();
  private readonly challenges = new Map<string, ChallengeEntry>();
  private readonly tables = new Map<string, TableEntry>();
  private readonly offers = new Map<string, RematchOffer>();
  private readonly rematched = new Set<string>();
  private readonly games = new Map<string, GameSummary>();

  constructor(
    private readonly factory: GameFactory,
    private readonly now: () => number,
    private readonly newId: (prefix: 's' | 'ch') => string,
    private readonly options: LobbyOptions = {},
  ) {
    this.random = options.random ?? Math.random;
    this.newSeed = options.newServerSeed ?? newServerSeed;
    this.newToken = options.newToken ?? defaultToken;
    this.blocked = options.isBlocked ?? (() => false);
    this.maxSeeks = options.maxSeeksPerUser ?? 5;
    this.maxChallenges = options.maxChallengesPerUser ?? 5;
    this.maxTables = options.maxTablesPerUser ?? 3;
    this.challengeTtl = options.challengeTtlMs ?? 60_000;
    this.tableTtl = options.tableTtlMs ?? 30 * 60_000;
  }

  // ------------------------------------------------------------------ hooks for the socket layer and games

  /** A connection is open (after `hello`): its user counts as online and may be challenged. */
  connected(link: ClientLink): void {
    if (this.closed.has(link) || this.links.has(link.id)) return;
    this.links.set(link.id, link);
    const set = this.userLinks.get(link.viewer.userId) ?? new Set<string>();
    set.add(link.id);
    this.userLinks.set(link.viewer.userId, set);
  }

  /** The connection closed: its seeks, pool place, tables, challenges and rematch offers go with it. */
  disconnected(link: ClientLink): void {
    this.closed.add(link);
    const known = this.links.get(link.id);
    if (!known) return;
    const userId = known.viewer.userId;
    this.links.delete(link.id);
    this.subscribers.delete(link.id);
    const set = this.userLinks.get(userId);
    set?.delete(link.id);
    const gone = !set || set.size === 0;
    if (gone) this.userLinks.delete(userId);

    for (const [id, s] of [...this.seeks]) if (s.linkId === link.id) this.removeSeek(id);
    const place = this.pooled.get(userId);
    if (place && place.linkId === link.id) this.leavePool(userId);
    for (const [token, t] of [...this.tables]) if (t.linkId === link.id) this.tables.delete(token);
    for (const [gameId, o] of [...this.offers]) if (o.linkId === link.id) this.offers.delete(gameId);
    for (const [id, c] of [...this.challenges]) {
      if (c.linkId === link.id || (gone && c.challenge.to.userId === userId)) this.closeChallenge(id, 'cancelled');
    }
  }

  /** The games module started a game that spectators may watch: pushed as `lobby.gameAdded`. */
  gameStarted(summary: GameSummary): void {
    this.games.set(summary.gameId, summary);
    this.broadcast({ type: 'lobby.gameAdded', game: summary });
  }

  /** The game ended (or is no longer listed): pushed as `lobby.gameRemoved`. */
  gameEnded(gameId: string): void {
    if (!this.games.delete(gameId)) return;
    this.broadcast({ type: 'lobby.gameRemoved', gameId });
  }

  /** Closes challenges and private tables past their time; also runs before every command. */
  expire(): void {
    const t = this.now();
    for (const [id, c] of [...this.challenges]) if (c.expiresAt <= t) this.closeChallenge(id, 'expired');
    for (const [token, tb] of [...this.tables]) if (tb.expiresAt <= t) this.tables.delete(token);
  }

  /** Runs `expire` every `everyMs` on a real timer (that does not keep the process alive); returns the stop. */
  startExpiryTimer(everyMs = 1000): () => void {
    const timer = setInterval(() => this.expire(), everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  /** The creator withdraws his private table (the protocol has no command for it yet). */
  cancelTable(link: ClientLink, token: string): Reply {
    const t = this.tables.get(token);
    if (!t) return fail('NOT_FOUND', 'no such table');
    if (t.owner.userId !== link.viewer.userId) return fail('FORBIDDEN', 'only the table\u2019s creator may cancel it');
    this.tables.delete(token);
    return done();
  }

  /** A read-only view of the lobby's state, for tests and diagnostics. */
  state(): {
    readonly online: readonly string[];
    readonly links: readonly string[];
    readonly subscribers: readonly string[];
    readonly seeks: readonly (Seek & { readonly linkId: string })[];
    readonly pools: readonly { readonly key: string; readonly users: readonly string[] }[];
    readonly challenges: readonly (Challenge & { readonly linkId: string; readonly expiresAt: number })[];
    readonly tables: readonly { readonly token: string; readonly owner: string; readonly linkId: string }[];
    readonly offers: readonly { readonly gameId: string; readonly userId: string; readonly linkId: string }[];
    readonly games: readonly GameSummary[];
  } {
    return {
      online: [...this.userLinks.keys()],
      links: [...this.links.keys()],
      subscribers: [...this.subscribers],
      seeks: [...this.seeks.values()].map((s) => ({ ...s.seek, linkId: s.linkId })),
      pools: [...this.pools].map(([key, q]) => ({ key, users: q.map((e) => e.viewer.userId) })),
      challenges: [...this.challenges.values()].map((c) => ({ ...c.challenge, linkId: c.linkId, expiresAt: c.expiresAt })),
      tables: [...this.tables.values()].map((t) => ({ token: t.token, owner: t.owner.userId, linkId: t.linkId })),
      offers: [...this.offers].map(([gameId, o]) => ({ gameId, userId: o.userId, linkId: o.linkId })),
      games: [...this.games.values()],
    };
  }

  // ------------------------------------------------------------------ commands

  async handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    try {
      if (this.closed.has(link)) return fail('UNAVAILABLE', 'the connection is closed');
      this.connected(link);
      this.expire();
      return await this.dispatch(link, msg);
    } catch (e) {
      return fail('INTERNAL', `the lobby failed: ${e instanceof Error ? e.message : String(e)}`.slice(0, LIMITS.textLength));
    }
  }

  private dispatch(link: ClientLink, msg: ClientToServer): Promise<Reply> | Reply {
    switch (msg.type as LobbyType) {
      case 'lobby.subscribe':
        return this.subscribe(link);
      case 'lobby.unsubscribe':
        this.subscribers.delete(link.id);
        this.options.room?.left(link);
        return done();
      case 'seek.create':
        return this.seekCreate(link, msg as ClientMessage<'seek.create'>);
      case 'seek.cancel':
        return this.seekCancel(link, msg as ClientMessage<'seek.cancel'>);
      case 'seek.accept':
        return this.seekAccept(link, msg as ClientMessage<'seek.accept'>);
      case 'quickPair.join':
        return this.quickPairJoin(link, msg as ClientMessage<'quickPair.join'>);
      case 'quickPair.leave':
        return this.quickPairLeave(link);
      case 'challenge.send':
        return this.challengeSend(link, msg as ClientMessage<'challenge.send'>);
      case 'challenge.accept':
        return this.challengeAccept(link, msg as ClientMessage<'challenge.accept'>);
      case 'challenge.decline':
        return this.challengeAnswer(link, (msg as ClientMessage<'challenge.decline'>).challengeId, 'declined');
      case 'challenge.cancel':
        return this.challengeAnswer(link, (msg as ClientMessage<'challenge.cancel'>).challengeId, 'cancelled');
      case 'table.create':
        return this.tableCreate(link, msg as ClientMessage<'table.create'>);
      case 'table.join':
        return this.tableJoin(link, msg as ClientMessage<'table.join'>);
      case 'rematch.offer':
        return this.rematchOffer(link, msg as ClientMessage<'rematch.offer'>);
      case 'rematch.accept':
        return this.rematchAccept(link, msg as ClientMessage<'rematch.accept'>);
      case 'rematch.decline':
        return this.rematchDecline(link, msg as ClientMessage<'rematch.decline'>);
      default:
        return fail('UNKNOWN_TYPE', `the lobby does not handle '${msg.type}'`);
    }
  }

  private async subscribe(link: ClientLink): Promise<Reply> {
    // The lobby chat's recent lines first; from the snapshot on, the lobby's pushes.
    await this.options.room?.joined(link);
    if (this.closed.has(link)) return fail('UNAVAILABLE', 'the connection closed');
    this.subscribers.add(link.id);
    this.send(link, {
      type: 'lobby.snapshot',
      seeks: [...this.seeks.values()].slice(0, LIMITS.listLength).map((s) => s.seek),
      games: [...this.games.values()].slice(0, LIMITS.listLength),
      online: this.userLinks.size,
    });
    return done();
  }

  // --- seeks

  private async seekCreate(link: ClientLink, msg: ClientMessage<'seek.create'>): Promise<Reply> {
    const me = link.viewer;
    const settings = this.tableSettings(msg.settings, me);
    if (!settings.ok) return settings;
    const mine = [...this.seeks.values()].filter((s) => s.seek.by.userId === me.userId).length;
    if (mine >= this.maxSeeks) return fail('CONFLICT', `at most ${this.maxSeeks} open seeks per player`);
    const chips = await this.chipsFor(me.userId, settings.value);
    if (!chips.ok) return chips;
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    if ([...this.seeks.values()].filter((s) => s.seek.by.userId === me.userId).length >= this.maxSeeks) {
      return fail('CONFLICT', `at most ${this.maxSeeks} open seeks per player`);
    }
    const serverSeed = this.newSeed();
    const seek: Seek = {
      seekId: this.newId('s'),
      by: this.ref(me, settings.value),
      settings: settings.value,
      createdAt: this.now(),
      commitment: commitmentOf(serverSeed),
    };
    this.addSeek({ seek, linkId: link.id, serverSeed, clientSeed: msg.clientSeed });
    return done({ kind: 'seek', seekId: seek.seekId });
  }

  private seekCancel(link: ClientLink, msg: ClientMessage<'seek.cancel'>): Reply {
    const s = this.seeks.get(msg.seekId);
    if (!s) return fail('NOT_FOUND', 'no such seek');
    if (s.seek.by.userId !== link.viewer.userId) return fail('FORBIDDEN', 'only the seek\u2019s owner may cancel it');
    this.removeSeek(msg.seekId);
    return done();
  }

  private async seekAccept(link: ClientLink, msg: ClientMessage<'seek.accept'>): Promise<Reply> {
    const me = link.viewer;
    const s = this.seeks.get(msg.seekId);
    if (!s) return fail('NOT_FOUND', 'no such seek');
    if (s.seek.by.userId === me.userId) return fail('CONFLICT', 'you cannot accept your own seek');
    const account = accountCheck(s.seek.settings, me.guest);
    if (!account.ok) return account;
    const ok = await this.canPlay(me.userId, s.seek.by.userId, s.seek.settings);
    if (!ok.ok) return ok;
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    if (this.seeks.get(msg.seekId) !== s) return fail('NOT_FOUND', 'the seek is gone');
    this.removeSeek(msg.seekId);
    const ownerSeat: Seat = this.random() < 0.5 ? 'p1' : 'p2';
    const started = await this.start({
      settings: s.seek.settings,
      users: bySeat(ownerSeat, s.seek.by.userId, me.userId),
      seeds: bySeat(ownerSeat, s.clientSeed, msg.clientSeed),
      serverSeed: s.serverSeed,
    });
    if (!started.ok) {
      if (this.links.has(s.linkId)) this.addSeek(s);
      return started;
    }
    this.seated(started.value, bySeat(ownerSeat, s.seek.by.userId, me.userId), link.id);
    return done({ kind: 'game', gameId: started.value, seat: other(ownerSeat) });
  }

  // --- quick pairing

  private async quickPairJoin(link: ClientLink, msg: ClientMessage<'quickPair.join'>): Promise<Reply> {
    const me = link.viewer;
    const pool: QuickPairPool = msg.pool;
    const settings = this.tableSettings(
      { match: { variant: pool.variant, matchLength: pool.matchLength, timeControl: pool.timeControl }, rated: pool.rated, stake: 0 },
      me,
    );
    if (!settings.ok) return settings;
    const m = settings.value.match;
    const key = canonical({ variant: m.variant, matchLength: m.matchLength, timeControl: m.timeControl, rated: pool.rated });

    // The first one waiting in this pool whom neither has blocked.
    let partner: PoolEntry | null = null;
    for (const c of [...(this.pools.get(key) ?? [])]) {
      if (c.viewer.userId === me.userId) continue;
      if (await this.blockedEither(me.userId, c.viewer.userId)) continue;
      if (this.pooled.get(c.viewer.userId) === c) {
        partner = c;
        break;
      }
    }
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    if (partner && this.pooled.get(partner.viewer.userId) !== partner) partner = null;
    const entry: PoolEntry = { key, viewer: me, linkId: link.id, settings: settings.value, clientSeed: msg.clientSeed };
    const previous = this.pooled.get(me.userId);
    this.leavePool(me.userId);
    if (!partner) {
      this.joinPool(entry);
      return done();
    }
    this.leavePool(partner.viewer.userId);
    const firstSeat: Seat = this.random() < 0.5 ? 'p1' : 'p2';
    const users = bySeat(firstSeat, partner.viewer.userId, me.userId);
    const started = await this.start({
      settings: settings.value,
      users,
      seeds: bySeat(firstSeat, partner.clientSeed, msg.clientSeed),
      serverSeed: undefined,
    });
    if (!started.ok) {
      if (this.links.has(partner.linkId) && !this.pooled.has(partner.viewer.userId)) this.joinPool(partner, true);
      if (previous && this.links.has(previous.linkId) && !this.pooled.has(me.userId)) this.joinPool(previous);
      return started;
    }
    this.seated(started.value, users, null);
    return done();
  }

  private quickPairLeave(link: ClientLink): Reply {
    if (!this.pooled.has(link.viewer.userId)) return fail('CONFLICT', 'you are not waiting in a pool');
    this.leavePool(link.viewer.userId);
    return done();
  }

  // --- challenges

  private async challengeSend(link: ClientLink, msg: ClientMessage<'challenge.send'>): Promise<Reply> {
    const me = link.viewer;
    const settings = this.tableSettings(msg.settings, me);
    if (!settings.ok) return settings;
    if (msg.to === me.userId) return fail('CONFLICT', 'you cannot challenge yourself');
    const target = this.onlineViewer(msg.to);
    if (!target) return fail('NOT_FOUND', 'that user is not online');
    const account = accountCheck(settings.value, target.guest, ' on both sides');
    if (!account.ok) return account;
    const open = this.openChallenges(me.userId, msg.to);
    if (!open.ok) return open;
    const ok = await this.canPlay(me.userId, msg.to, settings.value);
    if (!ok.ok) return ok;
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    const targetNow = this.onlineViewer(msg.to);
    if (!targetNow) return fail('NOT_FOUND', 'that user is not online');
    const openNow = this.openChallenges(me.userId, msg.to);
    if (!openNow.ok) return openNow;

    const serverSeed = this.newSeed();
    const createdAt = this.now();
    const challenge: Challenge = {
      challengeId: this.newId('ch'),
      from: this.ref(me, settings.value),
      to: this.ref(targetNow, settings.value),
      settings: settings.value,
      createdAt,
      commitment: commitmentOf(serverSeed),
    };
    this.challenges.set(challenge.challengeId, {
      challenge,
      linkId: link.id,
      serverSeed,
      clientSeed: msg.clientSeed,
      expiresAt: createdAt + this.challengeTtl,
    });
    this.sendUser(msg.to, { type: 'challenge.received', challenge });
    return done({ kind: 'challenge', challengeId: challenge.challengeId });
  }

  private async challengeAccept(link: ClientLink, msg: ClientMessage<'challenge.accept'>): Promise<Reply> {
    const me = link.viewer;
    const c = this.challenges.get(msg.challengeId);
    if (!c) return fail('NOT_FOUND', 'no such challenge');
    if (c.challenge.from.userId === me.userId) return fail('CONFLICT', 'you cannot accept your own challenge');
    if (c.challenge.to.userId !== me.userId) return fail('FORBIDDEN', 'this challenge is not for you');
    const ok = await this.canPlay(me.userId, c.challenge.from.userId, c.challenge.settings);
    if (!ok.ok) return ok;
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    if (this.challenges.get(msg.challengeId) !== c) return fail('NOT_FOUND', 'the challenge is closed');
    this.challenges.delete(msg.challengeId);
    const fromSeat: Seat = this.random() < 0.5 ? 'p1' : 'p2';
    const users = bySeat(fromSeat, c.challenge.from.userId, me.userId);
    const started = await this.start({
      settings: c.challenge.settings,
      users,
      seeds: bySeat(fromSeat, c.clientSeed, msg.clientSeed),
      serverSeed: c.serverSeed,
    });
    if (!started.ok) {
      // Still open unless its sender left or its time ran out meanwhile.
      if (this.links.has(c.linkId) && c.expiresAt > this.now() && this.userLinks.has(me.userId)) {
        this.challenges.set(msg.challengeId, c);
      } else {
        this.notifyClosed(c.challenge, 'cancelled');
      }
      return started;
    }
    this.notifyClosed(c.challenge, 'accepted');
    this.seated(started.value, users, link.id);
    return done({ kind: 'game', gameId: started.value, seat: other(fromSeat) });
  }

  /** `decline` by the challenged user, `cancel` by the challenger. */
  private challengeAnswer(link: ClientLink, challengeId: string, how: 'declined' | 'cancelled'): Reply {
    const c = this.challenges.get(challengeId);
    if (!c) return fail('NOT_FOUND', 'no such challenge');
    const me = link.viewer.userId;
    if (how === 'declined' && c.challenge.to.userId !== me) {
      return c.challenge.from.userId === me
        ? fail('CONFLICT', 'you cannot decline your own challenge (cancel it)')
        : fail('FORBIDDEN', 'this challenge is not for you');
    }
    if (how === 'cancelled' && c.challenge.from.userId !== me) {
      return c.challenge.to.userId === me
        ? fail('CONFLICT', 'you cannot cancel a challenge to you (decline it)')
        : fail('FORBIDDEN', 'this challenge is not yours');
    }
    this.closeChallenge(challengeId, how);
    return done();
  }

  // --- private tables

  private async tableCreate(link: ClientLink, msg: ClientMessage<'table.create'>): Promise<Reply> {
    const me = link.viewer;
    const settings = this.tableSettings(msg.settings, me);
    if (!settings.ok) return settings;
    const mine = () => [...this.tables.values()].filter((t) => t.owner.userId === me.userId).length;
    if (mine() >= this.maxTables) return fail('CONFLICT', `at most ${this.maxTables} private tables per player`);
    const chips = await this.chipsFor(me.userId, settings.value);
    if (!chips.ok) return chips;
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    if (mine() >= this.maxTables) return fail('CONFLICT', `at most ${this.maxTables} private tables per player`);
    let token = this.newToken();
    while (this.tables.has(token)) token = this.newToken();
    const serverSeed = this.newSeed();
    const commitment = commitmentOf(serverSeed);
    this.tables.set(token, {
      token,
      owner: me,
      linkId: link.id,
      settings: settings.value,
      serverSeed,
      commitment,
      clientSeed: msg.clientSeed,
      expiresAt: this.now() + this.tableTtl,
    });
    return done({ kind: 'table', token, commitment });
  }

  private async tableJoin(link: ClientLink, msg: ClientMessage<'table.join'>): Promise<Reply> {
    const me = link.viewer;
    const t = this.tables.get(msg.token);
    if (!t) return fail('NOT_FOUND', 'no such table (it may have been taken, cancelled or expired)');
    if (t.owner.userId === me.userId) return fail('CONFLICT', 'this is your own table: share its link');
    const account = accountCheck(t.settings, me.guest);
    if (!account.ok) return account;
    const ok = await this.canPlay(me.userId, t.owner.userId, t.settings);
    if (!ok.ok) return ok;
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    if (this.tables.get(msg.token) !== t) return fail('NOT_FOUND', 'the table is gone');
    this.tables.delete(msg.token);
    const ownerSeat: Seat = this.random() < 0.5 ? 'p1' : 'p2';
    const users = bySeat(ownerSeat, t.owner.userId, me.userId);
    const started = await this.start({
      settings: t.settings,
      users,
      seeds: bySeat(ownerSeat, t.clientSeed, msg.clientSeed),
      serverSeed: t.serverSeed,
    });
    if (!started.ok) {
      if (this.links.has(t.linkId) && !this.tables.has(t.token)) this.tables.set(t.token, t);
      return started;
    }
    this.seated(started.value, users, link.id);
    return done({ kind: 'game', gameId: started.value, seat: other(ownerSeat) });
  }

  // --- rematch

  /** The finished match `gameId` and the caller's seat in it, or why there can be no rematch. */
  private async rematchCheck(link: ClientLink, gameId: string): Promise<Check<{ match: FinishedMatch; seat: Seat; opponent: string }>> {
    const source = this.options.rematches;
    if (!source) return fail('UNAVAILABLE', 'rematches are not available');
    const match = await source.finishedMatch(gameId);
    if (!match) return fail('NOT_FOUND', 'no such game');
    const me = link.viewer.userId;
    const { p1, p2 } = match.seats;
    const seat: Seat | null = p1.kind === 'user' && p1.userId === me ? 'p1' : p2.kind === 'user' && p2.userId === me ? 'p2' : null;
    if (!seat) return fail('FORBIDDEN', 'only the players of a game may ask for its rematch');
    const opp = match.seats[other(seat)];
    if (opp.kind !== 'user') return fail('CONFLICT', 'a rematch with a bot is a new bot game (bot.play)');
    if (!match.finished) return fail('CONFLICT', 'the match is not over');
    if (this.rematched.has(gameId)) return fail('CONFLICT', 'this game already had its rematch');
    return { ok: true, value: { match, seat, opponent: opp.userId } };
  }

  private async rematchOffer(link: ClientLink, msg: ClientMessage<'rematch.offer'>): Promise<Reply> {
    const checked = await this.rematchCheck(link, msg.gameId);
    if (!checked.ok) return checked;
    const { match, seat, opponent } = checked.value;
    const offer = this.offers.get(msg.gameId);
    if (offer?.userId === link.viewer.userId) return fail('CONFLICT', 'you already offered a rematch');
    // Both offered: that is an agreement.
    if (offer) return this.rematchStart(link, msg.gameId, msg.clientSeed, null);
    if (!this.userLinks.has(opponent)) return fail('CONFLICT', 'your opponent has left');
    const ok = await this.canPlay(link.viewer.userId, opponent, match.settings);
    if (!ok.ok) return ok;
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    if (this.offers.has(msg.gameId) || this.rematched.has(msg.gameId)) return fail('CONFLICT', 'the rematch was answered meanwhile');
    this.offers.set(msg.gameId, { userId: link.viewer.userId, linkId: link.id, clientSeed: msg.clientSeed });
    this.rematchEvent(msg.gameId, { kind: 'rematchOffered', by: seat });
    return done();
  }

  private rematchAccept(link: ClientLink, msg: ClientMessage<'rematch.accept'>): Promise<Reply> {
    return this.rematchStart(link, msg.gameId, msg.clientSeed, link.id);
  }

  /** The caller agrees to the opponent's open offer: a new game at the same settings, seats swapped. */
  private async rematchStart(link: ClientLink, gameId: string, clientSeed: string | undefined, ackLink: string | null): Promise<Reply> {
    const checked = await this.rematchCheck(link, gameId);
    if (!checked.ok) return checked;
    const { match, seat, opponent } = checked.value;
    const offer = this.offers.get(gameId);
    if (!offer || offer.userId !== opponent) return fail('CONFLICT', 'there is no rematch offer from your opponent');
    const ok = await this.canPlay(link.viewer.userId, opponent, match.settings);
    if (!ok.ok) return ok;
    if (!this.alive(link)) return fail('UNAVAILABLE', 'the connection is closed');
    if (this.offers.get(gameId) !== offer || this.rematched.has(gameId)) return fail('CONFLICT', 'the rematch offer is gone');
    this.offers.delete(gameId);
    this.rematched.add(gameId);
    // Colours swapped: I sit where my opponent sat.
    const mySeat = other(seat);
    const users = bySeat(mySeat, link.viewer.userId, opponent);
    const started = await this.start({
      settings: match.settings,
      users,
      seeds: bySeat(mySeat, clientSeed, offer.clientSeed),
      serverSeed: undefined,
    });
    if (!started.ok) {
      this.rematched.delete(gameId);
      if (this.links.has(offer.linkId) && !this.offers.has(gameId)) this.offers.set(gameId, offer);
      return started;
    }
    if (this.rematched.size > REMATCHED_MEMORY) {
      const oldest = this.rematched.values().next();
      if (!oldest.done) this.rematched.delete(oldest.value);
    }
    this.rematchEvent(gameId, { kind: 'rematchStarted', gameId: started.value });
    this.seated(started.value, users, ackLink);
    return done(ackLink === null ? undefined : { kind: 'game', gameId: started.value, seat: mySeat });
  }

  private async rematchDecline(link: ClientLink, msg: ClientMessage<'rematch.decline'>): Promise<Reply> {
    const checked = await this.rematchCheck(link, msg.gameId);
    if (!checked.ok) return checked;
    const offer = this.offers.get(msg.gameId);
    if (!offer || offer.userId !== checked.value.opponent) return fail('CONFLICT', 'there is no rematch offer from your opponent');
    this.offers.delete(msg.gameId);
    this.rematchEvent(msg.gameId, { kind: 'rematchDeclined', by: checked.value.seat });
    return done();
  }

  // ------------------------------------------------------------------ helpers

  /** The engine completes and checks the match settings; rated tables need an account; stakes need the ledger. */
  private tableSettings(input: TableSettingsInput, me: Viewer): Check<TableSettings> {
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

  private async chipsFor(userId: string, settings: TableSettings): Promise<Check> {
    if (settings.stake === 0) return { ok: true, value: undefined };
    const ledger = this.options.chips;
    if (!ledger) return fail('FORBIDDEN', 'this server plays without chips (stake 0)');
    return (await ledger.canStake(userId, settings))
      ? { ok: true, value: undefined }
      : fail('INSUFFICIENT_CHIPS', 'not enough chips for the stake');
  }

  private async blockedEither(a: string, b: string): Promise<boolean> {
    return (await this.blocked(a, b)) || (await this.blocked(b, a));
  }

  /** May `me` sit down with `other` at these settings (blocks both ways, chips for `me`)? */
  private async canPlay(me: string, other: string, settings: TableSettings): Promise<Check> {
    if (await this.blockedEither(me, other)) return fail('BLOCKED', 'one of you has blocked the other');
    return this.chipsFor(me, settings);
  }

  private openChallenges(from: string, to: string): Check {
    const mine = [...this.challenges.values()].filter((c) => c.challenge.from.userId === from);
    if (mine.some((c) => c.challenge.to.userId === to)) return fail('CONFLICT', 'you already challenged this user');
    if (mine.length >= this.maxChallenges) return fail('CONFLICT', `at most ${this.maxChallenges} open challenges per player`);
    return { ok: true, value: undefined };
  }

  private alive(link: ClientLink): boolean {
    return this.links.get(link.id) === link;
  }

  private onlineViewer(userId: string): Viewer | null {
    for (const id of this.userLinks.get(userId) ?? []) {
      const l = this.links.get(id);
      if (l) return l.viewer;
    }
    return null;
  }

  private ref(v: Viewer, settings: TableSettings): UserRef {
    const rating = this.options.ratingOf?.(v.userId, settings);
    return rating === undefined
      ? { userId: v.userId, name: v.displayName, guest: v.guest }
      : { userId: v.userId, name: v.displayName, guest: v.guest, rating };
  }

  private async start(req: {
    settings: TableSettings;
    users: { p1: string; p2: string };
    seeds: { p1: string | undefined; p2: string | undefined };
    serverSeed: string | undefined;
  }): Promise<Check<string>> {
    const clientSeeds: { p1?: string; p2?: string } = {};
    if (req.seeds.p1 !== undefined) clientSeeds.p1 = req.seeds.p1;
    if (req.seeds.p2 !== undefined) clientSeeds.p2 = req.seeds.p2;
    const seats = { p1: user(req.users.p1), p2: user(req.users.p2) };
    try {
      const r = await this.factory.startGame(
        req.serverSeed === undefined
          ? { settings: req.settings, seats, clientSeeds, rated: req.settings.rated }
          : { settings: req.settings, seats, clientSeeds, rated: req.settings.rated, serverSeed: req.serverSeed },
      );
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

  private addSeek(s: SeekEntry): void {
    this.seeks.set(s.seek.seekId, s);
    this.broadcast({ type: 'lobby.seekAdded', seek: s.seek });
  }

  private removeSeek(seekId: string): void {
    if (!this.seeks.delete(seekId)) return;
    this.broadcast({ type: 'lobby.seekRemoved', seekId });
  }

  private joinPool(e: PoolEntry, first = false): void {
    const q = this.pools.get(e.key) ?? [];
    if (first) q.unshift(e);
    else q.push(e);
    this.pools.set(e.key, q);
    this.pooled.set(e.viewer.userId, e);
  }

  private leavePool(userId: string): void {
    const e = this.pooled.get(userId);
    if (!e) return;
    this.pooled.delete(userId);
    const q = (this.pools.get(e.key) ?? []).filter((x) => x !== e);
    if (q.length === 0) this.pools.delete(e.key);
    else this.pools.set(e.key, q);
  }

  private closeChallenge(id: string, reason: 'declined' | 'cancelled' | 'expired'): void {
    const c = this.challenges.get(id);
    if (!c) return;
    this.challenges.delete(id);
    this.notifyClosed(c.challenge, reason);
  }

  private notifyClosed(c: Challenge, reason: 'accepted' | 'declined' | 'cancelled' | 'expired'): void {
    const msg: ServerToClient = { type: 'challenge.closed', challengeId: c.challengeId, reason };
    this.sendUser(c.from.userId, msg);
    this.sendUser(c.to.userId, msg);
  }

  private rematchEvent(gameId: string, event: RematchEvent): void {
    try {
      this.options.rematches?.rematchEvent?.(gameId, event);
    } catch {
      // The games side's log is its own business; the lobby's answer stands.
    }
  }

  private broadcast(msg: ServerToClient): void {
    for (const id of this.subscribers) {
      const l = this.links.get(id);
      if (l) this.send(l, msg);
    }
  }

  private sendUser(userId: string, msg: ServerToClient): void {
    for (const id of this.userLinks.get(userId) ?? []) {
      const l = this.links.get(id);
      if (l) this.send(l, msg);
    }
  }

  /** A push that fails (a dead socket) must not break the lobby. */
  private send(link: ClientLink, msg: ServerToClient): void {
    try {
      link.send(msg);
    } catch {
      // The socket layer notices dead connections and calls `disconnected`.
    }
  }
}

const user = (userId: string): SeatHolder => ({ kind: 'user', userId });

/** Rated tables and tables with a stake (G9: guests have no chips) are for registered players. */
function accountCheck(settings: TableSettings, guest: boolean, who = ''): Check {
  if (!guest) return { ok: true, value: undefined };
  if (settings.rated) return fail('UNAUTHORIZED', `rated games need an account${who}`);
  if (settings.stake > 0) return fail('UNAUTHORIZED', `tables with a stake need an account${who} (guests have no chips)`);
  return { ok: true, value: undefined };
}

/** `a` at `aSeat`, `b` at the other. */
function bySeat<T>(aSeat: Seat, a: T, b: T): { p1: T; p2: T } {
  return aSeat === 'p1' ? { p1: a, p2: b } : { p1: b, p2: a };
}
