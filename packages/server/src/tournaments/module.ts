import type {
  ChatRoom,
  ClientMessage,
  ClientToServer,
  ErrorCode,
  ServerToClient,
  TournamentDetail,
  TournamentRecordOf,
  TournamentSummary,
  TournamentTerms,
  UserRef,
} from '@nardy/protocol';
import type { VariantId } from '@nardy/engine';
import type { ChipsLedger } from '../chips/ledger.js';
import type { Fence, Holder, ShardHost, ShardKey, UserPush } from '../cluster/types.js';
import type { ClientLink, CommandModule, Reply } from '../contracts.js';
import type { TimeSource } from '../game/time.js';
import { botIdFor, botLevelOf, botName } from '../games/bots.js';
import type { Log } from '../games/manager.js';
import { NEW_PLAYER, isProvisional } from '../games/rating.js';
import { SerialQueue } from '../serial.js';
import type { Json, Store } from '../store/types.js';
import type { TournamentEntry, TournamentRecord, TournamentStatus } from '../store/types.js';
import { Director, type DirectorGames } from './director.js';
import type { Format, FormatId } from './formats/types.js';
import { completeTerms, formatOptions } from './terms.js';
import { detailOf, pairingOf, standingsOf, summaryOf } from './views.js';

export interface TournamentsOptions {
  readonly store: Store;
  readonly games: DirectorGames;
  readonly chips: ChipsLedger;
  readonly time: TimeSource;
  /** The formats this server runs, by id. */
  readonly formats: Partial<Record<FormatId, Format<unknown>>>;
  /** `TOURNAMENTS_PER_USER`: upcoming tournaments one user may have created. */
  readonly perUser: number;
  /** `TOURNAMENT_NO_SHOW_S` in ms: a player away this long after his game started loses it. */
  readonly noShowMs: number;
  /** `TOURNAMENT_BOT_FILL_S` in ms: a casual sit-and-go that allows bots fills its empty seats this long after it was created. */
  readonly botFillMs: number;
  /** The bots' level when they fill a field. */
  readonly botLevel: number;
  /** The tournament's chat room: its followers join it on `tournament.subscribe` and leave it on unsubscribe. */
  readonly chat: { join(link: ClientLink, room: ChatRoom): Promise<Reply>; leave(link: ClientLink, room: ChatRoom): void };
  readonly log: Log;
  /** Messages for every connection of a user (`tournament.match`); default: the links that said hello here. */
  readonly push?: UserPush;
  /** Several instances (issue 43): each tournament is directed by the holder of `tournament:<id>` only. */
  readonly cluster?: TournamentsCluster;
}

/**
 * The leases a clustered module takes and gives back. A key it wins here it loads itself (`claim` must not call its
 * `adopt`: `Ownership.claim(key, false)`); one that the cluster gives it (an orphan, a forwarded command) comes
 * through `adopt`.
 */
export interface TournamentsCluster {
  /** Claims `key` for this instance unless a live one holds it. */
  claim(key: ShardKey): Promise<Holder | null>;
  /** Gives `key` back (the tournament is over): nothing is left to direct. */
  release(key: ShardKey): Promise<void>;
}

/** The shard key of a tournament's director. */
export const tournamentKey = (id: string): ShardKey => `tournament:${id}`;

type Fail = { readonly ok: false; readonly error: { readonly code: ErrorCode; readonly message: string } };
const fail = (code: ErrorCode, message: string): Fail => ({ ok: false, error: { code, message } });
const acked: Reply = { ok: true, value: undefined };
/** Tournaments one connection may follow at once (`tournament.subscribe`). */
const MAX_SUBSCRIPTIONS = 20;

/** The statuses each list of `GET /api/tournaments` shows. */
export const LISTS: Readonly<Record<'upcoming' | 'running' | 'finished', readonly TournamentStatus[]>> = {
  upcoming: ['registering'],
  running: ['running'],
  finished: ['finished', 'cancelled'],
};

/**
 * Tournaments (issue 42): the commands, the subscriptions and their pushes, the timers that start tournaments, and a
 * `Director` per running tournament. Every change goes through one queue, so a registration, a start and a result
 * never interleave; each is written to the store before it is pushed.
 */
export class TournamentsModule implements CommandModule, ShardHost {
  readonly types = [
    'tournament.create',
    'tournament.register',
    'tournament.leave',
    'tournament.cancel',
    'tournament.subscribe',
    'tournament.unsubscribe',
  ] as const;
  private readonly queue = new SerialQueue();
  private readonly directors = new Map<string, Director>();
  private readonly byGame = new Map<string, Director>();
  private readonly subs = new Map<string, Set<ClientLink>>();
  private readonly links = new Map<string, Set<ClientLink>>();
  private readonly startTimers = new Map<string, () => void>();
  /** Cluster: the tournaments whose key this instance holds (only these get directors and start timers). */
  private readonly held = new Set<string>();
  private readonly push: UserPush;
  /** How players are shown, by user and then by variant ('' without one: no provisional mark). */
  private readonly refs = new Map<string, Map<string, UserRef>>();
  /** The pairings last pushed per tournament (JSON by pairing id): only changed ones go out. */
  private readonly sent = new Map<string, Map<string, string>>();
  private closed = false;

  constructor(private readonly opts: TournamentsOptions) {
    this.push = opts.push ?? { toUser: (userId, msg) => this.links.get(userId)?.forEach((l) => l.send(msg)) };
  }

  /**
   * On start: the running tournaments resume (games that ended while down are recorded), the upcoming ones' timers are
   * set. In a cluster, only those this instance wins a claim for (nobody live holds them: their holder left, or their
   * creator's claim failed); the others are adopted when the cluster gives them here.
   */
  async start(): Promise<void> {
    if (this.opts.cluster) return this.claimUnheld();
    const upcoming = await this.opts.store.tournaments.list(['registering'], 10_000);
    if (upcoming.ok) for (const t of upcoming.value) this.armStart(t);
    const running = await this.opts.store.tournaments.list(['running'], 10_000);
    if (!running.ok) return;
    for (const t of running.value) await this.queue.run(() => this.resumeRun(t));
  }

  /**
   * Cluster: claims every upcoming or running tournament nobody live holds and directs those won. A graceful leave
   * deletes the leaver's leases, which the orphan sweep then no longer sees: the lead may call this now and then too.
   */
  async claimUnheld(): Promise<void> {
    const r = await this.opts.store.tournaments.list(['registering', 'running'], 10_000);
    if (!r.ok) return;
    for (const t of r.value) if (!this.held.has(t.id) && !this.closed && (await this.claim(t.id))) await this.queue.run(() => this.take(t.id));
  }

  // ------------------------------------------------------------ the cluster's side (ShardHost)

  handles(key: ShardKey): boolean {
    return key.startsWith('tournament:');
  }

  /** This instance now holds the tournament: an upcoming one's start timer is set, a running one resumes. */
  async adopt(key: ShardKey, _fence: Fence): Promise<void> {
    const id = key.slice('tournament:'.length);
    try {
      await this.queue.run(() => this.take(id));
    } catch (e) {
      this.drop(key);
      throw e;
    }
  }

  /** Another instance took the tournament over: its director and timers stop here, nothing more is written. */
  drop(key: ShardKey): void {
    const id = key.slice('tournament:'.length);
    this.held.delete(id);
    this.startTimers.get(id)?.();
    this.startTimers.delete(id);
    const d = this.directors.get(id);
    if (d) {
      d.stop();
      this.directors.delete(id);
      for (const g of d.gameIds()) if (this.byGame.get(g) === d) this.byGame.delete(g);
    }
    this.sent.delete(id);
  }

  /** Claims a tournament's key; true when this instance holds it now. */
  private async claim(id: string): Promise<boolean> {
    try {
      const h = await this.opts.cluster!.claim(tournamentKey(id));
      if (h?.mine) this.held.add(id);
      return h?.mine === true;
    } catch (e) {
      this.opts.log.error({ tournamentId: id, err: e }, 'the tournament could not be claimed');
      return false;
    }
  }

  /** Runs in the queue: what a held tournament needs here (a no-op when it has it already). */
  private async take(id: string): Promise<void> {
    this.held.add(id);
    if (this.closed || this.directors.has(id) || this.startTimers.has(id)) return;
    const t = await this.opts.store.tournaments.get(id);
    if (!t.ok && t.error.code !== 'NOT_FOUND') throw new Error(`tournament ${id} could not be read (${t.error.code})`);
    if (t.ok && t.value.status === 'registering') this.armStart(t.value);
    else if (t.ok && t.value.status === 'running') await this.resumeRun(t.value);
    else await this.release(id);
  }

  /** Cluster: the tournament is over (or there is none): its key goes back. */
  private async release(id: string): Promise<void> {
    if (!this.opts.cluster || !this.held.delete(id)) return;
    await this.opts.cluster
      .release(tournamentKey(id))
      .catch((e: unknown) => this.opts.log.error({ tournamentId: id, err: e }, 'the tournament could not be released'));
  }

  /** A running tournament's director, with the games it started (those that ended meanwhile are recorded). In the queue. */
  private async resumeRun(t: TournamentRecord): Promise<void> {
    const d = await this.direct(t);
    if (!d) return;
    await d.load();
    for (const g of d.gameIds()) this.byGame.set(g, d);
    await d.resume();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const cancel of this.startTimers.values()) cancel();
    this.startTimers.clear();
    await this.queue.settled();
    for (const d of this.directors.values()) d.close();
  }

  /** The games' feed (every instance's, in a cluster): a game ended (perhaps one of a tournament directed here). */
  ended(gameId: string): void {
    const d = this.byGame.get(gameId);
    if (!d) return;
    void this.queue.run(async () => {
      this.byGame.delete(gameId);
      // A rated game may have ended a player's provisional rating: his refs are read again before the push.
      for (const id of d.playersOf(gameId)) {
        this.refs.delete(id);
        await this.refOf(id, variantOf(d.record));
      }
      await d.ended(gameId);
    });
  }

  /** A connection said hello: `tournament.match` reaches the user on it, and his waiting matches directed here are told again on it. */
  connected(link: ClientLink): void {
    const userId = link.viewer.userId;
    const set = this.links.get(userId) ?? new Set();
    set.add(link);
    this.links.set(userId, set);
    this.retell(userId, (msg) => link.send(msg));
  }

  /**
   * Cluster: a connection of `userId` said hello on another instance. His matches that this instance directs and that
   * wait for him are told again, to every connection of his (the UserPush).
   */
  userConnected(userId: string): void {
    this.retell(userId, (msg) => this.push.toUser(userId, msg));
  }

  /** A match of his that is waiting for him (he was away when it started, or its director moved): told again. */
  private retell(userId: string, send: (msg: ServerToClient) => void): void {
    for (const d of this.directors.values()) {
      for (const v of d.format.pairings(d.record.state)) {
        const gameId = d.games.get(v.pairing.id);
        const { a, b } = v.pairing;
        if (v.result !== null || gameId === undefined || b === null || (a !== userId && b !== userId)) continue;
        void this.tellMatch(d.record, a === userId ? b : a, a === userId ? 'p1' : 'p2', gameId, v.pairing.id, send);
      }
    }
  }

  disconnected(link: ClientLink): void {
    const set = this.links.get(link.viewer.userId);
    set?.delete(link);
    if (set?.size === 0) this.links.delete(link.viewer.userId);
    for (const [id, s] of this.subs) {
      s.delete(link);
      if (s.size === 0) this.subs.delete(id);
    }
  }

  async handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    if (this.closed) return fail('UNAVAILABLE', 'the server is shutting down');
    switch (msg.type) {
      case 'tournament.create':
        return this.create(link, msg);
      case 'tournament.register':
        return this.queue.run(() => this.register(link, msg.tournamentId));
      case 'tournament.leave':
        return this.queue.run(() => this.leave(link, msg.tournamentId));
      case 'tournament.cancel':
        return this.queue.run(() => this.cancel(link, msg.tournamentId));
      case 'tournament.subscribe':
        return this.subscribe(link, msg.tournamentId);
      case 'tournament.unsubscribe': {
        const s = this.subs.get(msg.tournamentId);
        s?.delete(link);
        if (s?.size === 0) this.subs.delete(msg.tournamentId);
        this.opts.chat.leave(link, { kind: 'tournament', tournamentId: msg.tournamentId });
        return acked;
      }
      default:
        return fail('UNKNOWN_TYPE', `not a tournament command: ${msg.type}`);
    }
  }

  // ------------------------------------------------------------ reads (REST and subscriptions)

  async list(which: keyof typeof LISTS): Promise<TournamentSummary[] | null> {
    const r = await this.opts.store.tournaments.list(LISTS[which], 50);
    if (!r.ok) return null;
    const out: TournamentSummary[] = [];
    for (const t of r.value) {
      const entries = this.directors.get(t.id)?.players ?? (await this.entriesOf(t.id));
      out.push(summaryOf(t, entries, await this.creatorOf(t)));
    }
    return out;
  }

  /** One tournament with its field, pairings and standings; null when there is none. */
  async detail(id: string): Promise<TournamentDetail | null> {
    const d = this.directors.get(id);
    let rec: TournamentRecord;
    let entries: readonly TournamentEntry[];
    let games: ReadonlyMap<string, string>;
    if (d) {
      rec = d.record;
      entries = d.players;
      games = d.games;
    } else {
      const r = await this.opts.store.tournaments.get(id);
      if (!r.ok) return null;
      rec = r.value;
      entries = await this.entriesOf(id);
      const g = await this.opts.store.tournaments.games(id);
      games = new Map(g.ok ? g.value.map((x) => [x.pairingId, x.gameId]) : []);
    }
    const refs = new Map<string, UserRef>();
    const variant = variantOf(rec);
    for (const e of entries) refs.set(e.userId, await this.refOf(e.userId, variant));
    return detailOf(rec, entries, refs, await this.creatorOf(rec), this.formatOf(rec), games);
  }

  /** His profile's line: the finished tournaments he played in, and those he won (first place); null when unreadable. */
  async recordOf(userId: string): Promise<TournamentRecordOf | null> {
    const r = await this.opts.store.tournaments.finishedOf(userId);
    if (!r.ok) return null;
    const won = r.value.filter((t) => this.formatOf(t)?.standings(t.state)[0]?.id === userId).length;
    return { played: r.value.length, won };
  }

  // ------------------------------------------------------------ commands

  private async create(link: ClientLink, msg: ClientMessage<'tournament.create'>): Promise<Reply> {
    const v = link.viewer;
    if (v.guest || v.anonymous) return fail('UNAUTHORIZED', 'sign up to create a tournament');
    const format = this.opts.formats[msg.terms.format];
    if (!format) return fail('BAD_OPTIONS', `this server does not run ${msg.terms.format} tournaments yet`);
    const now = this.opts.time.now();
    const terms = completeTerms(msg.terms, format, now);
    if (!terms.ok) return terms;
    // Counted and created in the queue (two at once cannot pass the limit); claimed after it (a claim may wait on it).
    const made = await this.queue.run(async () => {
      const mine = await this.opts.store.tournaments.countUpcomingBy(v.userId);
      if (!mine.ok) return fail('INTERNAL', 'the tournaments could not be read');
      if (mine.value >= this.opts.perUser) return fail('LIMIT_REACHED', `you may have at most ${this.opts.perUser} upcoming tournaments of your own`);
      return this.insert(terms.value, v.userId, now);
    });
    if (!made.ok) return made;
    await this.directNew(made.value);
    return { ok: true, value: { kind: 'tournament', tournamentId: made.value.id } };
  }

  /** Creates a tournament (a user's, or the schedule's with its occurrence key) and sets its timers (in a cluster, once it holds it). */
  async createTournament(terms: TournamentTerms, createdBy: string | null, now: number, scheduleKey?: string): Promise<{ ok: true; value: string } | Fail> {
    const made = await this.insert(terms, createdBy, now, scheduleKey);
    if (!made.ok) return made;
    await this.directNew(made.value);
    return { ok: true, value: made.value.id };
  }

  /** A new tournament's start timer, here unless (in a cluster) another instance won its claim. */
  private async directNew(t: TournamentRecord): Promise<void> {
    if (!this.opts.cluster || (await this.claim(t.id))) this.armStart(t);
  }

  private async insert(
    terms: TournamentTerms,
    createdBy: string | null,
    now: number,
    scheduleKey?: string,
  ): Promise<{ ok: true; value: TournamentRecord } | Fail> {
    const r = await this.opts.store.tournaments.create({
      name: terms.name,
      format: terms.format,
      terms: terms as unknown as Json,
      createdBy,
      ...(scheduleKey !== undefined ? { scheduleKey } : {}),
      startsAt: terms.start.kind === 'at' ? terms.start.at : null,
      createdAt: now,
    });
    if (!r.ok) return fail(r.error.code === 'DUPLICATE' ? 'CONFLICT' : 'INTERNAL', `the tournament could not be created (${r.error.code})`);
    return r;
  }

  private async register(link: ClientLink, id: string): Promise<Reply> {
    const v = link.viewer;
    if (v.guest || v.anonymous) return fail('UNAUTHORIZED', 'sign up to play in tournaments');
    const t = await this.opts.store.tournaments.get(id);
    if (!t.ok) return fail('NOT_FOUND', `no tournament ${id}`);
    if (t.value.status !== 'registering') return fail('TOURNAMENT_STARTED', 'the tournament has started: registration is closed');
    const terms = t.value.terms as unknown as TournamentTerms;
    // Opens his chips account (with the grant) the first time, so the hold has somewhere to come from.
    const balance = await this.opts.chips.balance(v.userId);
    if (!balance.ok) return fail('INTERNAL', 'the chips could not be read');
    const rating = await this.opts.store.getRating(v.userId, terms.match.variant);
    const r = await this.opts.store.tournaments.register(id, {
      userId: v.userId,
      rating: rating.ok ? rating.value.rating : NEW_PLAYER.rating,
      buyIn: terms.buyIn,
      maxPlayers: terms.maxPlayers,
      at: this.opts.time.now(),
    });
    if (!r.ok) return fail('INTERNAL', `the registration could not be stored (${r.error.code})`);
    switch (r.value) {
      case 'already':
        return fail('ALREADY_REGISTERED', 'you are registered in this tournament already');
      case 'started':
        return fail('TOURNAMENT_STARTED', 'the tournament has started: registration is closed');
      case 'full':
        return fail('TOURNAMENT_FULL', `the field is full (${terms.maxPlayers} players)`);
      case 'chips':
        return fail('INSUFFICIENT_CHIPS', `the buy-in is ${terms.buyIn} chips; you have ${balance.value.free} free`);
    }
    this.refs.delete(v.userId);
    const entries = await this.entriesOf(id);
    await this.pushState(t.value, entries);
    // A sit-and-go starts as soon as the field is full.
    if (terms.start.kind === 'full' && entries.length >= terms.maxPlayers) await this.begin(id);
    return acked;
  }

  private async leave(link: ClientLink, id: string): Promise<Reply> {
    const t = await this.opts.store.tournaments.get(id);
    if (!t.ok) return fail('NOT_FOUND', `no tournament ${id}`);
    const userId = link.viewer.userId;
    if (t.value.status === 'registering') {
      const r = await this.opts.store.tournaments.leave(id, userId, this.opts.time.now());
      if (!r.ok) return fail('INTERNAL', 'the tournament could not be left');
      if (!r.value) return fail('CONFLICT', 'you are not registered in this tournament');
      await this.pushState(t.value, await this.entriesOf(id));
      return acked;
    }
    const d = this.directors.get(id);
    if (!d) return fail('CONFLICT', 'the tournament is over');
    if (!(await d.withdraw(userId))) return fail('CONFLICT', 'you are not playing in this tournament');
    await this.pushState(d.record, d.players);
    return acked;
  }

  private async cancel(link: ClientLink, id: string): Promise<Reply> {
    const t = await this.opts.store.tournaments.get(id);
    if (!t.ok) return fail('NOT_FOUND', `no tournament ${id}`);
    if (t.value.createdBy !== link.viewer.userId) return fail('FORBIDDEN', 'only its creator may cancel a tournament');
    if (t.value.status !== 'registering') return fail('TOURNAMENT_STARTED', 'the tournament has started (or ended): it can no longer be cancelled');
    const done = await this.cancelNow(t.value);
    return done ? acked : fail('INTERNAL', 'the tournament could not be cancelled');
  }

  private async cancelNow(t: TournamentRecord): Promise<boolean> {
    const now = this.opts.time.now();
    const r = await this.opts.store.tournaments.cancel(t.id, now);
    if (!r.ok || !r.value) return false;
    this.startTimers.get(t.id)?.();
    this.startTimers.delete(t.id);
    await this.pushState({ ...t, status: 'cancelled', finishedAt: now }, await this.entriesOf(t.id));
    await this.release(t.id);
    return true;
  }

  private async subscribe(link: ClientLink, id: string): Promise<Reply> {
    let following = 0;
    for (const [tid, links] of this.subs) if (tid !== id && links.has(link)) following++;
    if (following >= MAX_SUBSCRIPTIONS) return fail('LIMIT_REACHED', `a connection follows at most ${MAX_SUBSCRIPTIONS} tournaments at once`);
    const detail = await this.detail(id);
    if (!detail) return fail('NOT_FOUND', `no tournament ${id}`);
    const s = this.subs.get(id) ?? new Set();
    s.add(link);
    this.subs.set(id, s);
    // After the ack (which the socket layer sends when this returns): the tournament, then its chat's history.
    setImmediate(() => {
      link.send({ type: 'tournament.snapshot', detail });
      void this.opts.chat.join(link, { kind: 'tournament', tournamentId: id });
    });
    return acked;
  }

  // ------------------------------------------------------------ the start

  /** A tournament at a set time starts then; a sit-and-go that allows bots fills its field after a wait. */
  private armStart(t: TournamentRecord): void {
    const terms = t.terms as unknown as TournamentTerms;
    let at: number | null = null;
    if (terms.start.kind === 'at') at = terms.start.at;
    else if (terms.bots) at = t.createdAt + this.opts.botFillMs;
    if (at === null || this.startTimers.has(t.id)) return;
    this.startTimers.set(
      t.id,
      this.opts.time.setTimer(at, () => {
        this.startTimers.delete(t.id);
        if (!this.closed) void this.queue.run(() => this.atStartTime(t.id));
      }),
    );
  }

  private async atStartTime(id: string): Promise<void> {
    const t = await this.opts.store.tournaments.get(id);
    if (!t.ok || t.value.status !== 'registering') return;
    const terms = t.value.terms as unknown as TournamentTerms;
    if (terms.start.kind === 'full' && terms.bots) await this.fillWithBots(t.value, terms);
    await this.begin(id);
  }

  /** Bots take the empty seats of a casual sit-and-go (at least one person must have registered). */
  private async fillWithBots(t: TournamentRecord, terms: TournamentTerms): Promise<void> {
    const entries = await this.entriesOf(t.id);
    if (entries.length === 0) return;
    const botId = botIdFor(this.opts.botLevel);
    for (let n = entries.length + 1; n <= terms.maxPlayers; n++) {
      await this.opts.store.tournaments.register(t.id, {
        userId: `${botId}.${n}`,
        bot: botId,
        rating: NEW_PLAYER.rating,
        buyIn: 0,
        maxPlayers: terms.maxPlayers,
        at: this.opts.time.now(),
      });
    }
  }

  /** Starts the tournament with the field it has (too few: cancelled, every buy-in back). Runs in the queue. */
  private async begin(id: string): Promise<void> {
    const t = await this.opts.store.tournaments.get(id);
    if (!t.ok || t.value.status !== 'registering') return;
    const format = this.formatOf(t.value);
    const terms = t.value.terms as unknown as TournamentTerms;
    const entries = await this.entriesOf(id);
    if (!format || entries.length < terms.minPlayers) {
      await this.cancelNow(t.value);
      return;
    }
    this.startTimers.get(id)?.();
    this.startTimers.delete(id);
    const now = this.opts.time.now();
    const started = format.start(
      entries.map((e) => ({ id: e.userId, rating: e.rating })),
      formatOptions(terms, id, now),
    );
    if (!started.ok) {
      this.opts.log.error({ tournamentId: id, code: started.error.code, message: started.error.message }, 'the format refused the field');
      await this.cancelNow(t.value);
      return;
    }
    const saved = await this.opts.store.tournaments.start(id, started.value as Json, now);
    if (!saved.ok || !saved.value) return;
    const d = await this.direct({ ...t.value, status: 'running', state: started.value as Json, startedAt: now });
    if (!d) return;
    await this.pushState(d.record, d.players);
    await d.advance();
  }

  /** A director for a running tournament, indexed by its games. */
  private async direct(t: TournamentRecord): Promise<Director | null> {
    // In a cluster, a tournament dropped while its start was under way is left to its new holder.
    if (this.opts.cluster && !this.held.has(t.id)) return null;
    const format = this.formatOf(t);
    if (!format) {
      this.opts.log.error({ tournamentId: t.id, format: t.format }, 'no such tournament format here: the tournament waits');
      return null;
    }
    const d = new Director(t, await this.entriesOf(t.id), format, {
      store: this.opts.store,
      games: this.opts.games,
      time: this.opts.time,
      noShowMs: this.opts.noShowMs,
      log: this.opts.log,
      events: {
        changed: (id) => void this.pushPlay(id),
        matchReady: (_id, p, gameId) => {
          this.byGame.set(gameId, d);
          for (const [userId, opponent, seat] of [[p.a, p.b!, 'p1'] as const, [p.b!, p.a, 'p2'] as const]) {
            if (botLevelOf(userId.split('.')[0]!) === null) void this.tellMatch(d.record, opponent, seat, gameId, p.id, (msg) => this.push.toUser(userId, msg));
          }
        },
        finished: (id) => {
          this.directors.delete(id);
          void this.pushState(d.record, d.players).then(() => this.pushPlay(id, d));
          void this.release(id);
        },
      },
    });
    d.again = () => this.queue.run(() => d.advance());
    d.endedAgain = (gameId, tries) => this.queue.run(() => d.ended(gameId, tries));
    this.directors.set(t.id, d);
    return d;
  }

  // ------------------------------------------------------------ pushes

  private send(id: string, msg: ServerToClient): void {
    for (const link of this.subs.get(id) ?? []) link.send(msg);
  }

  /** The status or the field changed: the summary, and the whole tournament (its entrants with it). */
  private async pushState(t: TournamentRecord, entries: readonly TournamentEntry[]): Promise<void> {
    if (!this.subs.has(t.id)) return;
    this.send(t.id, { type: 'tournament.state', tournament: summaryOf(t, entries, await this.creatorOf(t)) });
    const detail = await this.detail(t.id);
    if (detail) this.send(t.id, { type: 'tournament.snapshot', detail });
  }

  /** The pairings that changed since the last push, and the standings. */
  private pushPlay(id: string, finished?: Director): void {
    const d = finished ?? this.directors.get(id);
    if (!d || !this.subs.has(id)) return;
    const rec = d.record;
    const last = this.sent.get(id) ?? new Map<string, string>();
    this.sent.set(id, last);
    const changed = [];
    for (const v of d.format.pairings(rec.state)) {
      const p = pairingOf(v, d.games.get(v.pairing.id) ?? null);
      const json = JSON.stringify(p);
      if (last.get(p.pairingId) === json) continue;
      last.set(p.pairingId, json);
      changed.push(p);
    }
    if (changed.length > 0) this.send(id, { type: 'tournament.pairings', tournamentId: id, pairings: changed });
    const variant = variantOf(rec);
    const refs = new Map(
      d.players.flatMap((e) => {
        const ref = this.refs.get(e.userId)?.get(variant);
        return ref ? [[e.userId, ref] as const] : [];
      }),
    );
    this.send(id, { type: 'tournament.standings', tournamentId: id, standings: standingsOf(d.format, rec.state, d.players, refs) });
    if (finished) this.sent.delete(id);
  }

  private async tellMatch(
    t: TournamentRecord,
    opponent: string,
    seat: 'p1' | 'p2',
    gameId: string,
    pairingId: string,
    send: (msg: ServerToClient) => void,
  ): Promise<void> {
    const ref = await this.refOf(opponent, variantOf(t));
    send({ type: 'tournament.match', tournamentId: t.id, pairingId, gameId, seat, opponent: ref });
  }

  // ------------------------------------------------------------ lookups

  private formatOf(t: TournamentRecord): Format<unknown> | null {
    return this.opts.formats[t.format as FormatId] ?? null;
  }

  private async entriesOf(id: string): Promise<readonly TournamentEntry[]> {
    const r = await this.opts.store.tournaments.players(id);
    return r.ok ? r.value : [];
  }

  private async creatorOf(t: TournamentRecord): Promise<UserRef | null> {
    return t.createdBy === null ? null : this.refOf(t.createdBy);
  }

  /** A player as others see him (bots by their level; marked provisional in the tournament's variant), cached. */
  private async refOf(id: string, variant: VariantId | '' = ''): Promise<UserRef> {
    const mine = this.refs.get(id) ?? new Map<string, UserRef>();
    this.refs.set(id, mine);
    const cached = mine.get(variant);
    if (cached) return cached;
    const level = botLevelOf(id.split('.')[0]!);
    let ref: UserRef;
    if (level !== null) ref = { userId: id, name: botName(level), guest: false, bot: level };
    else {
      const u = await this.opts.store.findUserById(id);
      ref = u.ok ? { userId: id, name: u.value.displayName, guest: u.value.isGuest } : { userId: id, name: '?', guest: false };
      if (variant !== '') {
        const r = await this.opts.store.getRating(id, variant);
        if (isProvisional(r.ok ? r.value.experience : NEW_PLAYER.experience)) ref = { ...ref, provisional: true };
      }
    }
    mine.set(variant, ref);
    return ref;
  }

  /**
   * A user's name changed (or a guest signed up): the tournaments followed that he is in push a fresh snapshot.
   * His ratings may have moved since too: every cached view of him goes.
   */
  renamed(userId: string): Promise<void> {
    this.refs.delete(userId);
    return this.queue.run(async () => {
      for (const id of this.subs.keys()) {
        const detail = await this.detail(id);
        const his = detail?.entrants.some((e) => e.user.userId === userId) || detail?.tournament.createdBy?.userId === userId;
        if (detail && his) this.send(id, { type: 'tournament.snapshot', detail });
      }
    });
  }
}

const variantOf = (t: TournamentRecord): VariantId => (t.terms as unknown as TournamentTerms).match.variant;
