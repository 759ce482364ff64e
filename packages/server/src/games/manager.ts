import { randomBytes } from 'node:crypto';
import { matchSettings, SEATS, type BySeat, type Result, type Seat, type VariantId } from '@nardy/engine';
import {
  holdPoints,
  type ClientToServer,
  type ClientMessage,
  type ErrorCode,
  type GameSummary,
  type GameView as WireView,
  type ServerMessage,
  type ServerToClient,
  type UserRef,
} from '@nardy/protocol';
import type { ClientLink, CommandModule, GameFactory, Reply, ReplyError } from '../contracts.js';
import { GameActor, type Command, type ServerErrorCode } from '../game/actor.js';
import type { BotPlayer } from '../game/bot.js';
import { diceSecret, isClientSeed, newClientSeed } from '../game/dice.js';
import type { Delivered, Recipient, RematchNote } from '../game/events.js';
import type { GameHeader, SeatHolder } from '../game/log.js';
import { realTime, type TimeSource } from '../game/time.js';
import type { GameRecord, GameTournament, Json, Outcome, RatingPlan, SeatOccupant, Store } from '../store/types.js';
import { holdFor, payoutFor } from '../chips/stakes.js';
import { botIdFor, botLevelOf, botName, type BotFactory } from './bots.js';
import type { FinishedMatch } from '../lobby/index.js';
import { isProvisional, NEW_PLAYER, rateMatch, type MatchOutcome } from './rating.js';
import { StoreActionLog } from './store-log.js';
import type { ActionLog } from '../game/log.js';
import type { Fence, ShardHost, ShardKey } from '../cluster/types.js';
import { wireEvent, wireResult, wireView } from './views.js';

/**
 * The live games of this instance: the actor registry, the `GameFactory` the lobby starts games with, and the
 * `CommandModule` for `game.subscribe` / `game.unsubscribe` / `game.action` / `game.claim` / `game.next` / `bot.play`.
 *
 * - Every actor logs to the Store (`StoreActionLog`): an action is durable before anyone hears of it.
 * - On start, `restoreActive` rebuilds every active game from its log (`GameActor.restore`, which reads it once).
 * - The wire's events are the actor's: one history, one numbering (with the actor's epoch), kept by the actor. Each
 *   subscriber gets its recipient's copy of each event (one wire message per recipient, shared by all its
 *   subscribers); a reconnecting one gets exactly the events it missed (`actor.since`), or a snapshot with the
 *   match's whole move list.
 * - A finished match is recorded with `store.finishGame` (result, seed revealed) and, at a table with a stake,
 *   settled in the same transaction (G9: chips/stakes.ts); the holds were placed with `store.createGame`. A rated
 *   match's ratings move in that transaction too (games/rating.ts). A crash between the last action and that write
 *   leaves the game `active` with its holds: the restart restores it, finds the match over and finishes it then —
 *   the status change is conditional, so a game is never settled or rated twice.
 * - A private table's game (`private`) has a watch token, in its players' views: anyone else must bring it to
 *   subscribe (`PRIVATE_GAME` otherwise) or to read its chat rooms (`roleIn`); it is not in the lobby's feed.
 * - A tournament's match (`tournament`) keeps its tournament in its row: every view names it, and it has no rematch.
 * - Memory: a finished game's actor leaves memory `unloadAfterMs` after its last subscriber left; a subscriber
 *   loads it again from the store. A seat's presence follows its player's sockets, not his subscriptions: a player
 *   who unsubscribes but keeps his socket open is not away (no claim against him).
 * - A game called off (`game.claim` `abort`) is ended by its log (`StoreActionLog.abort`: status `aborted`, holds
 *   released), before its `ended` event goes out.
 */

export interface Log {
  info(obj: Record<string, unknown>, msg: string): void;
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

const silent: Log = { info() {}, warn() {}, error() {} };

export interface GameManagerOptions {
  readonly store: Store;
  readonly bots: BotFactory;
  readonly time?: TimeSource;
  /** Tests only: every table's server seed (reproducible throws). */
  readonly diceSeed?: string | null;
  readonly botBudgetMs?: number;
  readonly reconnectGraceMs?: number;
  readonly lagGraceMs?: number;
  /** Events kept per game for catch-up (default 64: a reconnect after longer gets a snapshot). */
  readonly historySize?: number;
  /** Running games against a bot one user may have (default 3): each holds a bot's time and a game in memory. */
  readonly maxBotGamesPerUser?: number;
  /** The server seeds committed to by `dice.commit` (game/commitments.ts): a bot game names one in `bot.play`. */
  readonly commitments?: { take(linkId: string, commitment: string): string | null };
  /** How long a finished game with no subscriber stays in memory before it is unloaded (default 5 minutes). */
  readonly unloadAfterMs?: number;
  readonly log?: Log;
  /** Told when a live game starts (or comes back after a restart) and when it ends: the lobby's list of games to watch. */
  readonly feed?: {
    started(summary: GameSummary): void;
    ended(gameId: string): void;
    /** A rated match's result moved these users' ratings (told after they are stored). */
    rated?(userIds: readonly string[]): void;
  };
  /** Several instances (issue 43): which games this instance holds; absent, it holds every game. */
  readonly cluster?: GamesCluster;
  /** Told when a link opens or closes a game (chat puts it in the game's rooms). */
  readonly rooms?: {
    joined(link: ClientLink, gameId: string, seat: Seat | null): void;
    left(link: ClientLink, gameId: string, seat: Seat | null): void;
  };
}

/** What the games need of the cluster layer (cluster/owners.ts). */
export interface GamesCluster {
  /** The fence of a game held here (each append names it); null: not held here. */
  fenceOf(gameId: string): Fence | null;
  /** Claims a game just created, before its actor runs; false: another instance took it first (it runs it). */
  claimNew(gameId: string): Promise<boolean>;
  /** A finished game left memory: another instance may load it at once. */
  released(gameId: string): void;
  /** An append was refused for a stale fence: another instance holds the game (the cluster drops it here). */
  lost(gameId: string): void;
  /** The game was lost to another instance: these links had it open here (they reconnect and resync there). */
  closeLinks(linkIds: readonly string[]): void;
}

interface Sub {
  readonly link: ClientLink;
  readonly game: LiveGame;
  readonly seat: Seat | null;
  /** Messages held back until the subscribe's ack and catch-up went out. */
  buffer: ServerToClient[] | null;
}

type Fail = { readonly ok: false; readonly error: ReplyError };
const fail = (code: ErrorCode, message: string): Fail => ({ ok: false, error: { code, message } });

const ACTOR_CODES: Partial<Record<ServerErrorCode, ErrorCode>> = {
  NOT_CLAIMABLE: 'CONFLICT',
  NOT_ABORTABLE: 'CONFLICT',
  LOG_FAILED: 'UNAVAILABLE',
  BAD_COMMAND: 'BAD_MESSAGE',
  CLOSED: 'UNAVAILABLE',
};

/** An actor error as a protocol code: engine codes and FORBIDDEN/STALE_VERSION pass through. */
const codeFor = (c: ServerErrorCode): ErrorCode => ACTOR_CODES[c] ?? (c as ErrorCode);

/** A finished game's actor is kept this long after its last subscriber left (a rematch or a look back is likely soon). */
export const DEFAULT_UNLOAD_AFTER_MS = 5 * 60_000;

const RECIPIENTS: readonly Recipient[] = [{ seat: 'p1' }, { seat: 'p2' }, 'spectator'];
const seatOf = (to: Recipient): Seat | null => (to === 'spectator' ? null : to.seat);

type WireActions = ServerMessage<'game.snapshot'>['actions'];

class LiveGame {
  readonly subs = new Set<Sub>();
  /** Users let in to watch a private game with its watch token (while it is loaded; a client sends the token again). */
  readonly invited = new Set<string>();
  /** Links that opened the game as a seat: the seat stays connected until the link closes (not on unsubscribe). */
  readonly seated = new Map<string, Seat>();
  finished = false;
  /** Cancels the pending unload (a finished game nobody watches). */
  unload: (() => void) | null = null;

  constructor(
    readonly actor: GameActor,
    readonly header: GameHeader,
    /** Replaced when a player's name changes (`GameManager.renamed`). */
    public players: BySeat<UserRef>,
    readonly stake: number,
    /** A private game's invitation to watch; null for a public game. */
    readonly watchToken: string | null,
    /** A tournament's match: its tournament, in every view; null otherwise. */
    readonly tournament: GameTournament | null,
    private readonly time: TimeSource,
  ) {}

  /** Who may watch: anyone at a public game; at a private one, its players and those who brought its token. */
  mayWatch(userId: string): boolean {
    return this.watchToken === null || this.seatOf(userId) !== null || this.invited.has(userId);
  }

  seatOf(userId: string): Seat | null {
    for (const s of SEATS) {
      const h = this.header.seats[s];
      if (h.kind === 'user' && h.userId === userId) return s;
    }
    return null;
  }

  /** The snapshot for `seat` (null = spectator): the view now and the match's whole move list. */
  snapshot(seat: Seat | null): ServerToClient {
    const v = this.actor.viewFor(seat ? { seat } : 'spectator');
    return {
      type: 'game.snapshot',
      gameId: this.header.gameId,
      epoch: v.epoch,
      lastEvent: v.n,
      actions: this.actor.actions as WireActions,
      view: this.wire(v),
    };
  }

  /** One event as its recipient gets it. */
  eventMessage(d: Delivered): ServerToClient {
    return { type: 'game.event', gameId: this.header.gameId, epoch: d.epoch, n: d.n, event: wireEvent(d.event), view: this.wire(d.view) };
  }

  /** The actor's event for one recipient, to every subscriber who is that recipient (the message built once, if any). */
  deliver(to: Recipient, d: Delivered): void {
    const seat = seatOf(to);
    let msg: ServerToClient | null = null;
    for (const s of this.subs) if (s.seat === seat) this.push(s, (msg ??= this.eventMessage(d)));
  }

  private wire(v: Delivered['view']): WireView {
    const t = this.tournament;
    const view = wireView(v, { header: this.header, players: this.players, stake: this.stake, now: this.time.now(), ...(t ? { tournament: t } : {}) });
    // The players of a private game hold its invitation, to share with whom they like.
    return this.watchToken !== null && view.you !== null ? { ...view, watchToken: this.watchToken } : view;
  }

  push(s: Sub, msg: ServerToClient): void {
    if (s.buffer) s.buffer.push(msg);
    else s.link.send(msg);
  }
}

export class GameManager implements GameFactory, CommandModule, ShardHost {
  readonly types = ['game.subscribe', 'game.unsubscribe', 'game.action', 'game.claim', 'game.next', 'bot.play'] as const;

  private readonly games = new Map<string, LiveGame>();
  private readonly loading = new Map<string, Promise<LiveGame | null>>();
  private readonly byLink = new Map<string, Map<string, Sub>>();
  /** The games each link holds a seat's presence in (released when the link closes). */
  private readonly seatedBy = new Map<string, Set<LiveGame>>();
  private readonly pending = new Set<Promise<unknown>>();
  /** Bot games being started, per user (counted with the running ones, so that parallel starts meet the cap). */
  private readonly botStarts = new Map<string, number>();
  private readonly store: Store;
  private readonly time: TimeSource;
  private readonly log: Log;
  private closed = false;

  constructor(private readonly opts: GameManagerOptions) {
    this.store = opts.store;
    this.time = opts.time ?? realTime;
    this.log = opts.log ?? silent;
  }

  /** Chat's `RoomMembership`: a seated user is a player; anyone else who may watch a game held here is a spectator. */
  roleIn(gameId: string, userId: string): 'player' | 'spectator' | null {
    const live = this.games.get(gameId);
    if (!live) return null;
    if (live.seatOf(userId)) return 'player';
    return live.mayWatch(userId) ? 'spectator' : null;
  }

  /** A player's name changed, or a guest became an account: the games held here show it from their next view on. */
  renamed(userId: string, name: string, guest: boolean): void {
    for (const live of this.games.values()) {
      for (const s of SEATS) {
        if (live.players[s].userId === userId) live.players = { ...live.players, [s]: { ...live.players[s], name: name.slice(0, 32), guest } };
      }
    }
  }

  /** Live games held (tests, health). */
  get size(): number {
    return this.games.size;
  }

  /** The actor of a loaded game (tests, tools). */
  actorOf(gameId: string): GameActor | undefined {
    return this.games.get(gameId)?.actor;
  }

  // --- GameFactory ------------------------------------------------------------------------------------------------

  async startGame(req: Parameters<GameFactory['startGame']>[0]): Promise<Result<{ readonly gameId: string; readonly commitment: string }, ReplyError>> {
    if (this.closed) return fail('UNAVAILABLE', 'the server is shutting down');
    const settings = matchSettings(req.settings.match);
    if (!settings.ok) return fail(settings.error.code, settings.error.message);
    const seeds = { p1: req.clientSeeds.p1 ?? newClientSeed(), p2: req.clientSeeds.p2 ?? newClientSeed() };
    if (!isClientSeed(seeds.p1) || !isClientSeed(seeds.p2)) return fail('BAD_MESSAGE', 'a client seed is 1–64 characters of A–Z a–z 0–9 _ -');
    const bots: Record<string, BotPlayer> = {};
    for (const s of SEATS) {
      const h = req.seats[s];
      if (h.kind === 'bot') {
        const b = this.opts.bots(h.botId);
        if (!b) return fail('NOT_FOUND', `no bot '${h.botId}'`);
        bots[h.botId] = b;
      }
    }
    const players = await this.playersOf(req.seats, req.settings.match.variant);
    // G9: chips are staked by two registered people (chips/ledger.ts); each holds his part as the game is created.
    const stake = req.settings.stake;
    const holds: { userId: string; amount: number }[] = [];
    if (stake > 0) {
      for (const s of SEATS) {
        const h = req.seats[s];
        if (h.kind !== 'user' || players[s].guest) return fail('UNAUTHORIZED', 'a table with a stake is for two registered players');
        holds.push({ userId: h.userId, amount: holdFor(req.settings) });
      }
    }
    // Tests fix every seed; otherwise a seek's or challenge's pre-committed seed (its commitment was shown), else a new one.
    const serverSeed = this.opts.diceSeed ?? req.serverSeed;
    const dice = serverSeed ? diceSecret(seeds, serverSeed) : diceSecret(seeds);
    const watchToken = req.private ? randomBytes(18).toString('base64url') : null;
    const created = await this.store.createGame({
      settings: settings.value,
      p1: occupant(req.seats.p1),
      p2: occupant(req.seats.p2),
      status: 'active',
      seedCommitment: dice.commitment,
      serverSeed: dice.serverSeed,
      clientSeeds: { p1: seeds.p1, p2: seeds.p2 },
      rated: req.rated,
      stake,
      holds,
      watchToken,
      ...(req.tournament ? { tournament: req.tournament } : {}),
      createdAt: this.time.now(),
    });
    if (!created.ok) {
      if (created.error.code === 'INSUFFICIENT_CHIPS')
        return fail('INSUFFICIENT_CHIPS', `not enough free chips for the hold of ${holdFor(req.settings)} at this table`);
      return fail(created.error.code === 'DB_UNAVAILABLE' ? 'UNAVAILABLE' : 'INTERNAL', `the game could not be created (${created.error.code})`);
    }
    const header: GameHeader = { gameId: created.value.id, settings: settings.value, seats: req.seats, dice, rated: req.rated };
    // Several instances: the game is this one's before it throws its opening dice (else its taker runs it).
    const held = this.opts.cluster ? await this.opts.cluster.claimNew(header.gameId).catch(() => false) : true;
    if (!held) {
      this.log.warn({ gameId: header.gameId }, 'a new game was taken over before it started here');
      return { ok: true, value: { gameId: header.gameId, commitment: dice.commitment } };
    }
    try {
      const actor = await GameActor.create(header, this.actorOptions(bots, stake, header));
      this.attach(actor, header, players, stake, { watchToken, tournament: req.tournament ?? null }, 'active');
    } catch (e) {
      this.log.error({ err: e, gameId: header.gameId }, 'a new game could not start');
      // Nobody will play it: called off, so its holds come back.
      const off = await this.store.finishGame(header.gameId, { status: 'aborted', result: null, finishedAt: this.time.now() });
      if (!off.ok) this.log.error({ gameId: header.gameId, code: off.error.code }, 'the game that could not start could not be called off');
      return fail('INTERNAL', 'the game could not start');
    }
    this.log.info({ gameId: header.gameId, variant: settings.value.variant }, 'game started');
    return { ok: true, value: { gameId: header.gameId, commitment: dice.commitment } };
  }

  /** A live game as the lobby lists it (G: games to watch). */
  private summaryOf(live: LiveGame): GameSummary {
    const m = live.actor.match;
    let spectators = 0;
    for (const sub of live.subs) if (sub.seat === null) spectators++;
    return {
      gameId: live.header.gameId,
      players: live.players,
      settings: { match: live.header.settings, rated: live.header.rated, stake: live.stake },
      score: { p1: m.score.p1, p2: m.score.p2 },
      spectators,
      startedAt: this.time.now(),
    };
  }

  /** The lobby's RematchSource: who played a match and with what settings (rematch swaps the seats). */
  async finishedMatch(gameId: string): Promise<FinishedMatch | null> {
    const r = await this.store.getGame(gameId);
    if (!r.ok) return null;
    const rec = r.value;
    const p1 = holder(rec.p1);
    const p2 = holder(rec.p2);
    if (!p1 || !p2) return null;
    return {
      seats: { p1, p2 },
      settings: { match: rec.settings, rated: rec.rated, stake: rec.stake },
      finished: rec.status === 'finished',
      private: rec.watchToken !== null,
      tournament: rec.tournament !== undefined,
    };
  }

  /** The lobby's RematchSource: whether the user has the game open on some connection (a rematch offer waits on him there). */
  watching(gameId: string, userId: string): boolean {
    const live = this.games.get(gameId);
    return live !== undefined && [...live.subs].some((s) => s.link.viewer.userId === userId);
  }

  /** A command from the server's side for a player (a tournament's no-show claim or withdrawal): accepted or not; null: no such game. */
  async command(gameId: string, cmd: Command): Promise<boolean | null> {
    const live = await this.get(gameId);
    return live ? (await live.actor.handle(cmd)).ok : null;
  }

  /** The lobby's RematchSource: a rematch offer, decline or start goes out as an event of the old game. */
  rematchEvent(gameId: string, note: RematchNote): void {
    const p = this.get(gameId)
      .then((live) => live?.actor.rematch(note))
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  // --- recovery and shutdown ----------------------------------------------------------------------------------------

  /** Restarts every active game from its stored log; returns how many came back. */
  async restoreActive(): Promise<number> {
    // Several instances: each game is adopted by whoever claims it (cluster/owners.ts sweeps for orphans).
    if (this.opts.cluster) return 0;
    const list = await this.store.listActiveGames();
    if (!list.ok) throw new Error(`cannot list active games: ${list.error.code} ${list.error.message}`);
    let n = 0;
    for (const g of list.value) {
      const live = await this.load(g);
      if (live) n++;
    }
    return n;
  }

  /** Lets every actor's queue settle (in-flight writes finish), stops their timers and waits for pending store writes. */
  async shutdown(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.loading.values()]);
    await Promise.all([...this.games.values()].map((g) => g.actor.settled()));
    for (const g of this.games.values()) {
      g.unload?.();
      g.actor.close();
    }
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  // --- CommandModule -----------------------------------------------------------------------------------------------

  async handle(link: ClientLink, msg: ClientToServer): Promise<Reply> {
    switch (msg.type) {
      case 'game.subscribe':
        return this.subscribe(link, msg);
      case 'game.unsubscribe':
        this.unsubscribe(link, msg.gameId);
        return { ok: true, value: undefined };
      case 'game.action':
        return this.action(link, msg);
      case 'game.claim':
        return this.claim(link, msg);
      case 'game.next':
        return this.next(link, msg.gameId);
      case 'bot.play':
        return this.botPlay(link, msg);
      default:
        return fail('UNKNOWN_TYPE', `the games module does not handle '${msg.type}'`);
    }
  }

  disconnected(link: ClientLink): void {
    const subs = this.byLink.get(link.id);
    if (subs) for (const gameId of [...subs.keys()]) this.unsubscribe(link, gameId);
    this.byLink.delete(link.id);
    for (const live of this.seatedBy.get(link.id) ?? []) {
      const seat = live.seated.get(link.id);
      live.seated.delete(link.id);
      if (seat) void live.actor.disconnect(seat);
    }
    this.seatedBy.delete(link.id);
  }

  private async subscribe(link: ClientLink, msg: ClientMessage<'game.subscribe'>): Promise<Reply> {
    const live = await this.get(msg.gameId);
    if (!live) return fail('NOT_FOUND', `no game '${msg.gameId}'`);
    const seat = live.seatOf(link.viewer.userId);
    if (!live.mayWatch(link.viewer.userId)) {
      if (msg.watch !== live.watchToken) return fail('PRIVATE_GAME', 'a private game: only its players and those they invite (its watch link) may watch it');
      live.invited.add(link.viewer.userId);
    }
    const old = this.byLink.get(link.id)?.get(msg.gameId);
    // Everything below up to the ack is synchronous: the catch-up and the live subscription are consistent.
    const sub: Sub = { link, game: live, seat, buffer: [] };
    const missed = msg.since !== undefined ? live.actor.since(msg.since.n, seat ? { seat } : 'spectator', msg.since.epoch) : null;
    if (missed) for (const d of missed) sub.buffer!.push(live.eventMessage(d));
    else sub.buffer!.push(live.snapshot(seat));
    live.subs.add(sub);
    live.unload?.();
    live.unload = null;
    let mine = this.byLink.get(link.id);
    if (!mine) this.byLink.set(link.id, (mine = new Map()));
    mine.set(msg.gameId, sub);
    if (seat && !live.seated.has(link.id)) {
      live.seated.set(link.id, seat);
      let held = this.seatedBy.get(link.id);
      if (!held) this.seatedBy.set(link.id, (held = new Set()));
      held.add(live);
      void live.actor.connect(seat);
    }
    if (old) this.dropSub(old);
    else this.opts.rooms?.joined(link, msg.gameId, seat);
    // The socket layer sends the ack as soon as this resolves; the catch-up follows it.
    setImmediate(() => {
      const held = sub.buffer ?? [];
      sub.buffer = null;
      if (!live.subs.has(sub)) return;
      for (const m of held) link.send(m);
    });
    return {
      ok: true,
      value: { kind: 'subscribed', gameId: msg.gameId, seat, epoch: live.actor.epoch, lastEvent: live.actor.n, catchUp: missed ? 'events' : 'snapshot' },
    };
  }

  private unsubscribe(link: ClientLink, gameId: string): void {
    const mine = this.byLink.get(link.id);
    const sub = mine?.get(gameId);
    if (!sub) return;
    mine!.delete(gameId);
    this.dropSub(sub);
    this.opts.rooms?.left(link, gameId, sub.seat);
  }

  /** A subscription ends; a seat's presence stays with its link (a player who looks away is not gone). */
  private dropSub(sub: Sub): void {
    if (sub.game.subs.delete(sub)) this.unloadLater(sub.game);
  }

  /** A finished game nobody watches leaves memory after `unloadAfterMs` (a subscriber loads it again from the store). */
  private unloadLater(live: LiveGame): void {
    if (!live.finished || live.subs.size > 0 || live.unload || this.closed) return;
    const at = this.time.now() + (this.opts.unloadAfterMs ?? DEFAULT_UNLOAD_AFTER_MS);
    live.unload = this.time.setTimer(at, () => {
      live.unload = null;
      const p = this.unloadNow(live).finally(() => this.pending.delete(p));
      this.pending.add(p);
    });
  }

  private async unloadNow(live: LiveGame): Promise<void> {
    await live.actor.settled();
    if (live.subs.size > 0 || live.unload || this.games.get(live.header.gameId) !== live) return;
    this.games.delete(live.header.gameId);
    for (const linkId of live.seated.keys()) this.seatedBy.get(linkId)?.delete(live);
    live.actor.close();
    this.opts.cluster?.released(live.header.gameId);
  }

  // --- ShardHost (several instances) ---------------------------------------------------------------------------------

  handles(key: ShardKey): boolean {
    return key.startsWith('game:');
  }

  /** This instance now holds the game: loaded from its log (a game that cannot be loaded is given back). */
  async adopt(key: ShardKey): Promise<void> {
    const gameId = key.slice('game:'.length);
    const live = await this.get(gameId);
    if (!live) throw new Error(`game ${gameId} could not be loaded`);
  }

  /** Another instance took the game over: it leaves memory with no write; its viewers here reconnect to the new owner. */
  drop(key: ShardKey): void {
    const gameId = key.slice('game:'.length);
    const live = this.games.get(gameId);
    if (!live) return;
    this.games.delete(gameId);
    live.unload?.();
    live.actor.close();
    const links = new Set<string>();
    for (const sub of live.subs) {
      links.add(sub.link.id);
      this.byLink.get(sub.link.id)?.delete(gameId);
    }
    for (const linkId of live.seated.keys()) {
      links.add(linkId);
      this.seatedBy.get(linkId)?.delete(live);
    }
    live.subs.clear();
    this.log.warn({ gameId }, 'game taken over by another instance; dropped here');
    this.opts.cluster?.closeLinks([...links]);
  }

  private async action(link: ClientLink, msg: ClientMessage<'game.action'>): Promise<Reply> {
    const live = await this.get(msg.gameId);
    if (!live) return fail('NOT_FOUND', `no game '${msg.gameId}'`);
    const by = { user: link.viewer.userId };
    const a = msg.action;
    const cmd: Command =
      a.type === 'move'
        ? { by, version: msg.version, type: 'move', steps: a.steps }
        : a.type === 'resign'
          ? { by, version: msg.version, type: 'resign', level: a.level }
          : { by, version: msg.version, type: a.type };
    const r = await live.actor.handle(cmd);
    return r.ok ? { ok: true, value: undefined } : fail(codeFor(r.error.code), r.error.message);
  }

  private async claim(link: ClientLink, msg: ClientMessage<'game.claim'>): Promise<Reply> {
    const live = await this.get(msg.gameId);
    if (!live) return fail('NOT_FOUND', `no game '${msg.gameId}'`);
    const r = await live.actor.handle({ by: { user: link.viewer.userId }, type: msg.claim === 'abort' ? 'abort' : 'claim' });
    return r.ok ? { ok: true, value: undefined } : fail(codeFor(r.error.code), r.error.message);
  }

  private async next(link: ClientLink, gameId: string): Promise<Reply> {
    const live = await this.get(gameId);
    if (!live) return fail('NOT_FOUND', `no game '${gameId}'`);
    const r = await live.actor.handle({ by: { user: link.viewer.userId }, type: 'ready' });
    return r.ok ? { ok: true, value: undefined } : fail(codeFor(r.error.code), r.error.message);
  }

  private async botPlay(link: ClientLink, msg: ClientMessage<'bot.play'>): Promise<Reply> {
    const settings = matchSettings(msg.settings.match);
    if (!settings.ok) return fail(settings.error.code, settings.error.message);
    const userId = link.viewer.userId;
    const max = this.opts.maxBotGamesPerUser ?? 3;
    if (this.runningBotGames(userId) + (this.botStarts.get(userId) ?? 0) >= max) {
      return fail('LIMIT_REACHED', `at most ${max} running games against the computer: finish or resign one first`);
    }
    // G10: the seed whose commitment the player was given (dice.commit) before he sent his client seed.
    const serverSeed = msg.commitment === undefined ? undefined : (this.opts.commitments?.take(link.id, msg.commitment) ?? null);
    if (serverSeed === null) return fail('NOT_FOUND', 'no such dice commitment on this connection: ask dice.commit again');
    this.botStarts.set(userId, (this.botStarts.get(userId) ?? 0) + 1);
    // Bot games are casual and without stakes.
    const r = await this.startGame({
      settings: { match: settings.value as WireView['settings']['match'], rated: false, stake: 0 },
      seats: { p1: { kind: 'user', userId }, p2: { kind: 'bot', botId: botIdFor(msg.level) } },
      clientSeeds: msg.clientSeed !== undefined ? { p1: msg.clientSeed } : {},
      rated: false,
      ...(serverSeed !== undefined ? { serverSeed } : {}),
    }).finally(() => {
      const n = (this.botStarts.get(userId) ?? 1) - 1;
      if (n > 0) this.botStarts.set(userId, n);
      else this.botStarts.delete(userId);
    });
    return r.ok ? { ok: true, value: { kind: 'game', gameId: r.value.gameId, seat: 'p1' } } : r;
  }

  /** `userId`'s unfinished games against a bot (every active game is held in memory). */
  private runningBotGames(userId: string): number {
    let n = 0;
    for (const live of this.games.values()) {
      if (!live.finished && live.seatOf(userId) && SEATS.some((s) => live.header.seats[s].kind === 'bot')) n++;
    }
    return n;
  }

  // --- loading -----------------------------------------------------------------------------------------------------

  private async get(gameId: string): Promise<LiveGame | null> {
    const live = this.games.get(gameId);
    if (live) return live;
    if (this.closed) return null;
    const rec = await this.store.getGame(gameId);
    if (!rec.ok) {
      if (rec.error.code !== 'NOT_FOUND') this.log.warn({ gameId, code: rec.error.code }, 'cannot read a game');
      return null;
    }
    if (rec.value.status !== 'active' && rec.value.status !== 'finished') return null;
    return this.load(rec.value);
  }

  private load(rec: GameRecord): Promise<LiveGame | null> {
    const have = this.games.get(rec.id);
    if (have) return Promise.resolve(have);
    let p = this.loading.get(rec.id);
    if (!p) {
      p = this.restore(rec).finally(() => this.loading.delete(rec.id));
      this.loading.set(rec.id, p);
    }
    return p;
  }

  private async restore(rec: GameRecord): Promise<LiveGame | null> {
    try {
      const seats = { p1: holder(rec.p1), p2: holder(rec.p2) };
      if (!seats.p1 || !seats.p2) throw new Error('a seat is empty');
      const seeds = rec.clientSeeds as { p1?: unknown; p2?: unknown } | null;
      if (!seeds || !isClientSeed(seeds.p1) || !isClientSeed(seeds.p2)) throw new Error('client seeds missing');
      const header: GameHeader = {
        gameId: rec.id,
        settings: rec.settings,
        seats: { p1: seats.p1, p2: seats.p2 },
        dice: { serverSeed: rec.serverSeed, commitment: rec.seedCommitment, clientSeeds: { p1: seeds.p1, p2: seeds.p2 } },
        rated: rec.rated,
      };
      const bots: Record<string, BotPlayer> = {};
      for (const s of SEATS) {
        const h = header.seats[s];
        if (h.kind === 'bot') {
          const b = this.opts.bots(h.botId);
          if (!b) throw new Error(`no bot '${h.botId}'`);
          bots[h.botId] = b;
        }
      }
      const players = await this.playersOf(header.seats, header.settings.variant);
      const r = await GameActor.restore(header, this.actorOptions(bots, rec.stake, header));
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
      const live = this.attach(r.value, header, players, rec.stake, { watchToken: rec.watchToken, tournament: rec.tournament ?? null }, rec.status);
      this.log.info({ gameId: rec.id, actions: r.value.actions.length }, 'game restored');
      return live;
    } catch (e) {
      this.log.error({ err: e, gameId: rec.id }, 'a game could not be restored');
      return null;
    }
  }

  private attach(
    actor: GameActor,
    header: GameHeader,
    players: BySeat<UserRef>,
    stake: number,
    { watchToken, tournament }: { readonly watchToken: string | null; readonly tournament: GameTournament | null },
    status: GameRecord['status'],
  ): LiveGame {
    const live = new LiveGame(actor, header, players, stake, watchToken, tournament, this.time);
    this.games.set(header.gameId, live);
    // Nobody has subscribed yet: what the actor published before now (its opening throw) reaches them in snapshots.
    for (const to of RECIPIENTS) actor.subscribe(to, (d) => live.deliver(to, d));
    actor.subscribe('spectator', (d) => {
      if (d.event.type === 'ended') this.finish(live);
    });
    if (status === 'active' && actor.match.phase === 'matchOver') this.finish(live);
    if (status === 'finished') live.finished = true;
    // A private game is not announced among the games to watch.
    if (!live.finished && watchToken === null) this.opts.feed?.started(this.summaryOf(live));
    this.unloadLater(live);
    return live;
  }

  /** Records the finished match (result, seed revealed, chips settled); tracked so shutdown waits for it. */
  private finish(live: LiveGame): void {
    if (live.finished) return;
    live.finished = true;
    this.opts.feed?.ended(live.header.gameId);
    this.unloadLater(live);
    // Called off: its log already ended the game row and released the holds.
    if (live.actor.aborted) return;
    const m = live.actor.match;
    const result = {
      end: m.end ? { winner: m.end.winner, reason: live.actor.abandoned ? 'abandoned' : m.end.reason } : null,
      score: { p1: m.score.p1, p2: m.score.p2 },
      games: m.games.map(wireResult),
      abandonedBy: live.actor.abandoned,
    } as unknown as Json;
    const { p1, p2 } = live.header.seats;
    const payout = p1.kind === 'user' && p2.kind === 'user' ? payoutFor(m, live.stake, { p1: p1.userId, p2: p2.userId }) : null;
    const p = this.store
      .finishGame(
        live.header.gameId,
        { status: 'finished', result, finishedAt: this.time.now(), payout, rating: this.ratingPlan(live) },
        this.opts.cluster?.fenceOf(live.header.gameId) ?? undefined,
      )
      .then(async (r) => {
        if (!r.ok && r.error.code !== 'CONFLICT') this.log.error({ gameId: live.header.gameId, code: r.error.code }, 'the finished game could not be recorded');
        if (!r.ok) return;
        const [a, b] = r.value.ratingChanges;
        if (!a || !b) return;
        // The players see their new ratings in the game room at once; the lobby shows them too.
        const after = (seat: 'p1' | 'p2'): number => ((live.header.seats[seat] as { userId: string }).userId === a.userId ? a.after : b.after);
        await live.actor.rated({ p1: after('p1'), p2: after('p2') });
        this.opts.feed?.rated?.([a.userId, b.userId]);
      })
      .finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** A rated match between two users moves their ratings (games/rating.ts), in the finish's transaction; an abandoned one counts as a loss. */
  private ratingPlan(live: LiveGame): RatingPlan | null {
    const { header } = live;
    const end = live.actor.match.end;
    const a = header.seats.p1;
    const b = header.seats.p2;
    if (!header.rated || !end || a.kind !== 'user' || b.kind !== 'user') return null;
    const outcome: MatchOutcome = end.winner === 'p1' ? 'a' : end.winner === 'p2' ? 'b' : 'draw';
    const of = (side: MatchOutcome): Outcome => (outcome === 'draw' ? 'draw' : outcome === side ? 'win' : 'loss');
    return {
      players: [
        { userId: a.userId, outcome: of('a') },
        { userId: b.userId, outcome: of('b') },
      ],
      start: NEW_PLAYER,
      rate: ([ra, rb]) => {
        const next = rateMatch(ra, rb, header.settings.matchLength, outcome);
        return [next.a, next.b];
      },
    };
  }

  /** The game's log; with several instances, each append names the game's fence, and a refusal drops the game here. */
  private logOf(gameId: string): ActionLog {
    const cluster = this.opts.cluster;
    if (!cluster) return new StoreActionLog(this.store);
    const log = new StoreActionLog(this.store, () => cluster.fenceOf(gameId));
    const lost = (r: Awaited<ReturnType<ActionLog['append']>>): typeof r => {
      if (!r.ok && r.code === 'FENCED') setImmediate(() => cluster.lost(gameId));
      return r;
    };
    return {
      append: async (id, seq, entry) => lost(await log.append(id, seq, entry)),
      abort: async (id, at) => lost(await log.abort(id, at)),
      load: (id) => log.load(id),
    };
  }

  private actorOptions(bots: Record<string, BotPlayer>, stake: number, header: GameHeader) {
    return {
      log: this.logOf(header.gameId),
      time: this.time,
      bots,
      // G9: a staked money session ends once a player has lost his hold (chips/stakes.ts).
      ...(stake > 0 && header.settings.matchLength === 0 ? { sessionHoldPoints: holdPoints(header.settings) } : {}),
      historySize: this.opts.historySize ?? 64,
      ...(this.opts.botBudgetMs !== undefined ? { botBudgetMs: this.opts.botBudgetMs } : {}),
      ...(this.opts.reconnectGraceMs !== undefined ? { reconnectGraceMs: this.opts.reconnectGraceMs } : {}),
      ...(this.opts.lagGraceMs !== undefined ? { lagGraceMs: this.opts.lagGraceMs } : {}),
      onFault: (what: string, err: unknown) => this.log.warn({ err }, what),
    };
  }

  /** The players as their bars show them: name, guest or bot, and a person's rating in the variant as the match starts. */
  private async playersOf(seats: BySeat<SeatHolder>, variant: VariantId): Promise<BySeat<UserRef>> {
    const ref = async (h: SeatHolder): Promise<UserRef> => {
      if (h.kind === 'bot') {
        const level = botLevelOf(h.botId);
        return level === null
          ? { userId: h.botId, name: h.botId.slice(0, 32), guest: false }
          : { userId: h.botId, name: botName(level), guest: false, bot: level };
      }
      const u = await this.store.findUserById(h.userId);
      if (!u.ok) return { userId: h.userId, name: h.userId.slice(0, 32), guest: true };
      const name = u.value.displayName.slice(0, 32) || u.value.username.slice(0, 32);
      if (u.value.isGuest) return { userId: u.value.id, name, guest: true };
      const r = await this.store.getRating(u.value.id, variant);
      const { rating, experience } = r.ok ? r.value : NEW_PLAYER;
      return { userId: u.value.id, name, guest: false, rating: Math.round(rating), ...(isProvisional(experience) ? { provisional: true as const } : {}) };
    };
    const [p1, p2] = await Promise.all([ref(seats.p1), ref(seats.p2)]);
    return { p1, p2 };
  }
}

const occupant = (h: SeatHolder): SeatOccupant => (h.kind === 'user' ? { userId: h.userId } : { bot: h.botId });
const holder = (o: SeatOccupant): SeatHolder | null => (o === null ? null : 'userId' in o ? { kind: 'user', userId: o.userId } : { kind: 'bot', botId: o.bot });
