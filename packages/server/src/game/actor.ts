import { randomBytes } from 'node:crypto';
import {
  apply,
  betweenGames,
  canDouble,
  currentTurns,
  newMatch,
  otherSeat,
  remaining,
  replay,
  toAct,
  SEATS,
  type Action,
  type BySeat,
  type ClockState,
  type ErrorCode,
  type MatchState,
  type ResignLevel,
  type Result,
  type Seat,
  type StepInput,
} from '@nardy/engine';
import { askBot, fallbackDecision, type BotDecision, type BotPlayer } from './bot.js';
import { DEFAULT_LAG_GRACE_MS, afterFlagInMatch, clockRecord, clockView, flagDue, flagTimerAt, newGameClock, pressClock, restoreClock } from './clock.js';
import { throwAt } from './dice.js';
import {
  History,
  deliver,
  viewOf,
  type Delivered,
  type GameEvent,
  type GameView,
  type Moment,
  type Recipient,
  type RematchNote,
  type RematchOffer,
} from './events.js';
import type { ActionLog, GameHeader, LogEntry } from './log.js';
import { DEFAULT_RECONNECT_GRACE_MS, Presence } from './presence.js';
import { SerialQueue } from '../serial.js';
import { realTime, type TimeSource } from './time.js';

/**
 * One live game (lila `RoundAsyncActor`): every command, timer and bot answer runs through one promise
 * queue, so nothing interleaves. An accepted action is appended to the game's action log **before** its
 * events are published; when the append fails the state does not advance and nothing is published.
 *
 * What the server does by itself (logged with `by: 'server'`):
 * - the **opening throw** (G1), as soon as the game is set up and whenever a game starts with one (ties
 *   are thrown again at once) — but between two games (of a match or a **money session**, G6) it waits
 *   `nextGamePauseMs` first, and so does the starter's automatic roll in long nardy: in that pause the players read
 *   the result, either may end a money session (`endSession`), and the starter may roll himself at once. No clock
 *   runs for a seat while the server's throw for it waits the pause: it starts at that throw (or at his own);
 * - **ending a money session** between games when its time limit has passed (G6: `session.minutes` from the first
 *   action), or, at a staked table, when a player's net loss has reached his hold (`sessionHoldPoints`, G9);
 * - **every die**: a client's `roll` carries no dice, the server throws them (G10, dice.ts);
 * - **rolling** for the seat on turn when it may not double (no cube, SN-02, Crawford, opponent owns the
 *   cube, cube at max) — option `autoRoll`, on by default; when it may double it must roll or double itself;
 * - **passing** when no die can be played (L14: the empty move);
 * - the **time-out** when a flag falls (G8), even with nobody connected;
 * - on a **claim** against an abandoned seat, that seat's resignation (see `claim`);
 * - on an **abort** against an abandoned seat that has not played yet, calling the game off (see `abort`).
 * A forced turn (one legal play) is not played automatically; the player confirms it (G2's player setting
 * is a client matter). A seat whose next action the server makes is offered no choices in its view.
 *
 * Every event gets the next number of the game's one history (events.ts), and those numbers are the wire's: the
 * games module sends each subscriber its view of each event, and catches a reconnecting client up from here.
 */

export type By = { readonly user: string } | 'server';

type SimpleType = 'roll' | 'double' | 'take' | 'pass' | 'beaver' | 'acceptResign' | 'declineResign' | 'surrender' | 'resignMatch' | 'endSession';

/** A command to the game. `version` (optional) is the engine state version the sender saw (optimistic check). */
export type Command = { readonly by: By; readonly version?: number } & (
  | { readonly type: SimpleType }
  | { readonly type: 'move'; readonly steps: readonly StepInput[] }
  | { readonly type: 'resign'; readonly level: ResignLevel }
  /** Claim the game against an opponent absent longer than the reconnection grace. */
  | { readonly type: 'claim' }
  /** Call the game off against such an opponent who has not made a move of his own yet. */
  | { readonly type: 'abort' }
  /** Between games: the sender is ready for the next game; once every player is (a bot always is), it starts at once. */
  | { readonly type: 'ready' }
  /** Server only: a seat's flag fell (normally the actor's own timer does this). */
  | { readonly type: 'timeout'; readonly seat: Seat }
);

export type ServerErrorCode = ErrorCode | 'FORBIDDEN' | 'STALE_VERSION' | 'NOT_CLAIMABLE' | 'NOT_ABORTABLE' | 'LOG_FAILED' | 'BAD_COMMAND' | 'CLOSED';

export interface ServerError {
  readonly code: ServerErrorCode;
  readonly message: string;
}

export interface Accepted {
  /** The engine state version after the command (and the automatic actions it led to). */
  readonly version: number;
  /** The number of the last event published. */
  readonly n: number;
}

export interface GameActorOptions {
  readonly log: ActionLog;
  readonly time?: TimeSource;
  /** The bots by id, for seats held by `{ kind: 'bot', botId }`. */
  readonly bots?: Readonly<Record<string, BotPlayer>>;
  /** Per-move network grace charged to nobody (clock.ts). */
  readonly lagGraceMs?: number;
  readonly reconnectGraceMs?: number;
  /** How many events are kept for reconnection (lila-ws keeps 20); a client that missed more gets a snapshot. */
  readonly historySize?: number;
  /** A bot's time per decision (never more than its clock has left). */
  readonly botBudgetMs?: number;
  readonly autoRoll?: boolean;
  /** The pause between two games, clocks stopped (default 8 s); G6: in a money session either player may end it then. */
  readonly nextGamePauseMs?: number;
  /** G9: at a staked money table, the points a player may lose (his hold): the session ends once one is that far behind. */
  readonly sessionHoldPoints?: number;
  /** How long to wait before retrying an automatic action whose log append failed. */
  readonly retryMs?: number;
  /** Faults (not client errors): a failed append of an automatic action, a bot that threw … */
  readonly onFault?: (what: string, err: unknown) => void;
}

const fail = (code: ServerErrorCode, message: string): { readonly ok: false; readonly error: ServerError } => ({ ok: false, error: { code, message } });

const MAX_AUTO = 64;
/** Long enough to read the result (and, G6, press "End the session"), short enough not to hold up the next game. */
export const DEFAULT_NEXT_GAME_PAUSE_MS = 8_000;

/** Between two games of a match or money session: a game has been played and the next one has not begun. */
const gameBreak = (s: MatchState): boolean => s.phase !== 'matchOver' && s.games.length > 0 && betweenGames(s);

export class GameActor {
  readonly gameId: string;
  /** Changes on every (re)build of the actor: event numbers are only comparable within one epoch. */
  readonly epoch: string = randomBytes(6).toString('hex');

  private state: MatchState;
  private clock: ClockState | null;
  /** The next log entry's number. */
  private seq: number;
  /** Dice throws so far (the next throw is number throws + 1). */
  private throws: number;
  /** Every accepted action of the match, in order (the log's actions: the move list a snapshot carries). */
  private readonly played: Action[];
  private lastAt: number;
  private lastToAct: Seat | null;
  private abandonedBy: Seat | null = null;
  private rematchOffer: RematchOffer | null = null;
  /** After a rated match: the new ratings, once stored. */
  private ratings: BySeat<number> | null = null;
  /** Called off (`abort`): no result, nothing more happens. */
  private calledOff = false;
  /** Whether each seat has made a move of its own (not one the server made for it) at this table. */
  private readonly acted: Record<Seat, boolean>;
  private readonly history: History;
  private readonly presence: Presence;
  private readonly subscribers = new Set<{ readonly to: Recipient; readonly fn: (e: Delivered) => void }>();
  private readonly queue = new SerialQueue();
  private cancelFlag: (() => void) | null = null;
  private readonly cancelGrace: Partial<Record<Seat, () => void>> = {};
  private cancelRetry: (() => void) | null = null;
  /** The pause before the next game: which game waits, until when, who said he is ready, and its timer. */
  private nextGame: { readonly number: number; readonly at: number; readonly ready: readonly Seat[]; readonly cancel: () => void } | null = null;
  /** When the match began (its first action), for a session's time limit. */
  private readonly startedAt: number;
  private botAsked: number | null = null;
  private closed = false;

  private readonly log: ActionLog;
  private readonly time: TimeSource;
  private readonly lagGraceMs: number;
  private readonly botBudgetMs: number;
  private readonly autoRoll: boolean;
  private readonly retryMs: number;
  private readonly onFault: (what: string, err: unknown) => void;

  private constructor(
    readonly header: GameHeader,
    private readonly opts: GameActorOptions,
    state: MatchState,
    entries: readonly LogEntry[],
  ) {
    this.gameId = header.gameId;
    this.log = opts.log;
    this.time = opts.time ?? realTime;
    this.lagGraceMs = opts.lagGraceMs ?? DEFAULT_LAG_GRACE_MS;
    this.botBudgetMs = opts.botBudgetMs ?? 5_000;
    this.autoRoll = opts.autoRoll ?? true;
    this.retryMs = opts.retryMs ?? 1_000;
    this.onFault = opts.onFault ?? (() => {});
    const now = this.time.now();
    this.state = state;
    this.seq = entries.length + 1;
    this.played = entries.map((e) => e.action);
    this.throws = this.played.filter((a) => a.type === 'opening' || a.type === 'roll').length;
    this.acted = { p1: entries.some((e) => e.by === 'p1'), p2: entries.some((e) => e.by === 'p2') };
    const last = entries[entries.length - 1];
    this.clock = last ? restoreClock(header.settings, last.clock, now) : newGameClock(header.settings);
    this.lastAt = now;
    this.startedAt = entries[0]?.at ?? now;
    this.lastToAct = toAct(state);
    this.history = new History(opts.historySize ?? 50);
    for (const seat of SEATS) {
      const h = header.seats[seat];
      if (h.kind === 'bot' && !opts.bots?.[h.botId]) throw new Error(`no bot '${h.botId}' for seat ${seat}`);
    }
    this.presence = new Presence(opts.reconnectGraceMs ?? DEFAULT_RECONNECT_GRACE_MS, now, {
      p1: header.seats.p1.kind === 'bot',
      p2: header.seats.p2.kind === 'bot',
    });
  }

  /** Sets up a new game (its header already stored, its log empty) and makes the opening throw. */
  static async create(header: GameHeader, opts: GameActorOptions): Promise<GameActor> {
    const m = newMatch(header.settings);
    if (!m.ok) throw new Error(`bad settings for ${header.gameId}: ${m.error.message}`);
    const actor = new GameActor(header, opts, m.value, []);
    await actor.enqueue(async () => {
      await actor.runAutos();
      actor.afterChange();
    });
    actor.startGraceTimers();
    return actor;
  }

  /**
   * Rebuilds a live game after a restart from its stored log (engine `replay`): no accepted action is lost.
   * Event numbering starts afresh in a new epoch (clients resync); the running clock resumes without charging
   * the downtime; absent players get a fresh grace.
   */
  static async restore(header: GameHeader, opts: GameActorOptions): Promise<Result<GameActor, ServerError>> {
    const entries = await opts.log.load(header.gameId);
    for (let i = 0; i < entries.length; i++) {
      if (entries[i]!.seq !== i + 1) return fail('BAD_COMMAND', `log of ${header.gameId}: entry ${i + 1} has seq ${entries[i]!.seq}`);
    }
    const r = replay(
      header.settings,
      entries.map((e) => e.action),
    );
    if (!r.ok) return fail(r.error.code, `log of ${header.gameId} does not replay: ${r.error.message}`);
    const actor = new GameActor(header, opts, r.value, entries);
    await actor.enqueue(async () => {
      await actor.runAutos();
      actor.afterChange();
    });
    actor.startGraceTimers();
    return { ok: true, value: actor };
  }

  // --- reading ----------------------------------------------------------------------------------------------------

  /** The engine state (immutable). */
  get match(): MatchState {
    return this.state;
  }

  /** The number of the last event published. */
  get n(): number {
    return this.history.n;
  }

  /** Whether the game was called off (`abort`). */
  get aborted(): boolean {
    return this.calledOff;
  }

  /** The match is over or was called off: nothing more happens. */
  private get over(): boolean {
    return this.state.phase === 'matchOver' || this.calledOff;
  }

  /** Every accepted action of the match so far, in order (its move list). */
  get actions(): readonly Action[] {
    return this.played;
  }

  /** The seat whose claim ended the match (counts as his loss), or null. */
  get abandoned(): Seat | null {
    return this.abandonedBy;
  }

  /**
   * Exactly the events after event `n` of `epoch`, each with `to`'s view after it; or null when they are not all
   * here, or `epoch` is not this actor's: send `viewFor(to)` instead (resync).
   */
  since(n: number, to: Recipient = 'spectator', epoch: string = this.epoch): readonly Delivered[] | null {
    if (epoch !== this.epoch) return null;
    const items = this.history.since(n);
    return items && items.map((i) => deliver(i, to));
  }

  /** The full snapshot for one recipient, as of the last event. */
  viewFor(to: Recipient): GameView {
    return viewOf(this.moment(this.history.n), to);
  }

  /** Receives this recipient's copy of every future event; returns the unsubscribe function. */
  subscribe(to: Recipient, fn: (e: Delivered) => void): () => void {
    const sub = { to, fn };
    this.subscribers.add(sub);
    return () => void this.subscribers.delete(sub);
  }

  /** Resolves when the queue is empty and nothing more is queued (tests; graceful shutdown). */
  settled(): Promise<void> {
    return this.queue.settled();
  }

  /** Stops every timer (the game is unloaded, or the instance shuts down). Later commands are CLOSED. */
  close(): void {
    this.closed = true;
    this.cancelFlag?.();
    this.cancelRetry?.();
    this.nextGame?.cancel();
    for (const s of SEATS) this.cancelGrace[s]?.();
  }

  // --- commands ---------------------------------------------------------------------------------------------------

  /** Runs one command in turn. Exactly one answer: the new version, or an error with a code (engine codes unchanged). */
  handle(cmd: Command): Promise<Result<Accepted, ServerError>> {
    return this.enqueue(async () => {
      try {
        return await this.process(cmd);
      } finally {
        this.afterChange();
      }
    });
  }

  /** A connection for `seat` opened. */
  connect(seat: Seat): Promise<void> {
    return this.enqueue(async () => {
      if (this.presence.connect(seat)) {
        this.cancelGrace[seat]?.();
        delete this.cancelGrace[seat];
        this.publish({ type: 'presence', seat, connected: true, at: this.time.now(), claimableAt: null });
      }
    });
  }

  /** A connection for `seat` closed; on the last one the reconnection grace starts. */
  disconnect(seat: Seat): Promise<void> {
    return this.enqueue(async () => {
      const now = this.time.now();
      if (this.presence.disconnect(seat, now)) {
        this.publish({ type: 'presence', seat, connected: false, at: now, claimableAt: this.presence.claimableAt(seat) });
        this.startGrace(seat);
      }
    });
  }

  /** A rated match's new ratings, once stored: the players see them at once (no need to ask their profiles). */
  rated(ratings: BySeat<number>): Promise<void> {
    return this.enqueue(async () => {
      this.ratings = ratings;
      this.publish({ type: 'rated', ratings, at: this.time.now() });
    });
  }

  /** The lobby's word on this match's rematch, published in turn like every event. */
  rematch(note: RematchNote): Promise<void> {
    return this.enqueue(async () => {
      // Any later word (declined, withdrawn, started) closes the offer.
      this.rematchOffer = note.kind === 'rematchOffered' ? { by: note.by, ...(note.commitment === undefined ? {} : { commitment: note.commitment }) } : null;
      this.publish({ type: 'rematch', rematch: note, at: this.time.now() });
    });
  }

  private enqueue<T>(fn: () => Promise<T>): Promise<T> {
    return this.queue.run(fn);
  }

  private seatsOf(by: By): readonly Seat[] {
    if (by === 'server') return SEATS;
    return SEATS.filter((s) => {
      const h = this.header.seats[s];
      return h.kind === 'user' && h.userId === by.user;
    });
  }

  private async process(cmd: Command): Promise<Result<Accepted, ServerError>> {
    if (this.closed) return fail('CLOSED', 'this game is not running here');
    if (typeof cmd !== 'object' || cmd === null || typeof cmd.type !== 'string') return fail('BAD_COMMAND', 'a command is an object with a type');
    const now = this.time.now();
    await this.checkFlag(now);
    const mine = this.seatsOf(cmd.by);
    if (mine.length === 0) return fail('FORBIDDEN', 'you do not play in this game');
    if (cmd.version !== undefined && cmd.version !== this.state.version) {
      return fail('STALE_VERSION', `the game is at version ${this.state.version}, not ${cmd.version}`);
    }
    if (this.calledOff) return fail('GAME_OVER', 'the game was called off');
    if (this.state.phase === 'matchOver') return fail('GAME_OVER', 'the match is over');
    const actor = toAct(this.state);
    // A user who holds both seats (analysis, self-play) acts for the seat on turn.
    const seat: Seat = actor !== null && mine.includes(actor) ? actor : mine[0]!;

    switch (cmd.type) {
      case 'timeout':
        if (cmd.by !== 'server') return fail('FORBIDDEN', 'only the server reports a flag fall');
        return this.done(await this.commit({ type: 'timeout', seat: cmd.seat }, 'server', now));
      case 'claim':
        return this.claim(cmd.by, seat, now);
      case 'abort':
        return this.abort(cmd.by, seat, now);
      case 'ready':
        return this.ready(mine, now);
      default: {
        const action = this.actionFor(seat, cmd);
        if (!action.ok) return action;
        return this.done(await this.commit(action.value, cmd.by === 'server' ? 'server' : seat, now));
      }
    }
  }

  /**
   * A player is ready for the next game. Once every seat a user holds is, the pause ends now and the server's first
   * throw follows; said when there is no pause (it just ended), it changes nothing.
   */
  private async ready(seats: readonly Seat[], now: number): Promise<Result<Accepted, ServerError>> {
    const p = this.nextGame;
    if (p && p.number === this.state.game.number && this.pausing(this.state)) {
      const ready = SEATS.filter((s) => p.ready.includes(s) || seats.includes(s));
      const all = SEATS.every((s) => ready.includes(s) || this.header.seats[s].kind === 'bot');
      if (all) p.cancel();
      this.nextGame = { ...p, ready, at: all ? now : p.at };
      this.publish({ type: 'nextGame', startsAt: this.nextGame.at, ready, at: now });
    }
    return this.done({ ok: true, value: true });
  }

  private actionFor(seat: Seat, cmd: Command | BotDecision): Result<Action, ServerError> {
    switch (cmd.type) {
      case 'roll':
        return { ok: true, value: { type: 'roll', seat, dice: this.nextDice('roll') } };
      case 'move':
        if (!Array.isArray(cmd.steps)) return fail('BAD_COMMAND', 'a move carries its steps');
        return { ok: true, value: { type: 'move', seat, steps: cmd.steps } };
      case 'resign':
        return { ok: true, value: { type: 'resign', seat, level: cmd.level } };
      case 'double':
      case 'take':
      case 'pass':
      case 'beaver':
      case 'acceptResign':
      case 'declineResign':
      case 'surrender':
      case 'resignMatch':
      case 'endSession':
        return { ok: true, value: { type: cmd.type, seat } };
      default:
        return fail('BAD_COMMAND', `unknown command '${(cmd as { type: string }).type}'`);
    }
  }

  private async done(r: Result<true, ServerError>): Promise<Result<Accepted, ServerError>> {
    if (!r.ok) return r;
    await this.runAutos();
    return { ok: true, value: { version: this.state.version, n: this.history.n } };
  }

  /**
   * G5 abandonment: the claimant's opponent has been away longer than the grace. Mapping to the engine: in a
   * match, `resignMatch` by the absent seat (he loses the match); in a money session, `surrender` of the game
   * in progress by the absent seat (valued by the position, G5a) and then `endSession`. Either way the
   * `ended` event names `abandonedBy`: a rated game counts as his loss.
   */
  private async claim(by: By, seat: Seat, now: number): Promise<Result<Accepted, ServerError>> {
    const gone = this.absentOpponent(by, seat, now);
    if (!gone.ok) return gone;
    const absent = gone.value;
    const actions: Action[] =
      this.state.settings.matchLength > 0
        ? [{ type: 'resignMatch', seat: absent }]
        : betweenGames(this.state)
          ? [{ type: 'endSession', seat: absent }]
          : [
              { type: 'surrender', seat: absent },
              { type: 'endSession', seat: absent },
            ];
    this.abandonedBy = absent;
    for (const a of actions) {
      const r = await this.commit(a, 'server', now);
      if (!r.ok) {
        this.abandonedBy = null;
        return r;
      }
    }
    return { ok: true, value: { version: this.state.version, n: this.history.n } };
  }

  /** The claimant's opponent, when he has been away past the grace. */
  private absentOpponent(by: By, seat: Seat, now: number): Result<Seat, ServerError> {
    if (by === 'server') return fail('FORBIDDEN', "a claim is a player's");
    const absent = otherSeat(seat);
    if (!this.presence.abandoned(absent, now)) {
      const at = this.presence.claimableAt(absent);
      return fail('NOT_CLAIMABLE', at === null ? 'your opponent is connected' : `your opponent's reconnection grace ends at ${at}`);
    }
    return { ok: true, value: absent };
  }

  /**
   * Calling the game off (lichess's abort, only in the first moves): the opponent has been away past the grace
   * and has not made a move of his own at this table (the throws and passes the server made for him do not
   * count) — once he has, the claimant claims the win instead. The log records the abort (no result, not rated,
   * chip holds released) before anyone hears of it; the `ended` event has the reason `aborted`.
   */
  private async abort(by: By, seat: Seat, now: number): Promise<Result<Accepted, ServerError>> {
    const gone = this.absentOpponent(by, seat, now);
    if (!gone.ok) return gone;
    if (this.acted[gone.value]) return fail('NOT_ABORTABLE', 'your opponent has already played at this table: claim the win instead');
    let stored;
    try {
      stored = await this.log.abort(this.gameId, now);
    } catch (e) {
      stored = { ok: false as const, code: 'STORE_FAILED' as const, message: e instanceof Error ? e.message : String(e) };
    }
    if (!stored.ok) return fail('LOG_FAILED', `the abort could not be stored (${stored.code}: ${stored.message}); nothing changed`);
    this.calledOff = true;
    if (this.clock) this.clock = pressClock(this.clock, null, now, this.lagGraceMs);
    const { serverSeed, clientSeeds } = this.header.dice;
    this.publish({ type: 'ended', end: { winner: null, reason: 'aborted' }, score: this.state.score, serverSeed, clientSeeds, at: now });
    return { ok: true, value: { version: this.state.version, n: this.history.n } };
  }

  private nextDice(kind: 'opening' | 'roll') {
    return throwAt(this.header.dice.serverSeed, this.header.dice.clientSeeds, this.throws + 1, kind);
  }

  /**
   * Applies one action: engine `apply` (its error passes through, state untouched), the clock pressed, the
   * log entry appended — and only when that succeeded, the state advances and the events go out.
   */
  private async commit(action: Action, by: Seat | 'server', t: number): Promise<Result<true, ServerError>> {
    if (this.calledOff) return fail('GAME_OVER', 'the game was called off');
    const r = apply(this.state, action);
    if (!r.ok) return r;
    const after = r.value;
    const next = toAct(after);
    let clock = this.clock;
    if (clock) {
      // Into the pause before a game whose first throw the server makes: nobody's clock runs until that throw.
      const held = this.pausing(after) && this.serverMove(after) !== null;
      clock = pressClock(clock, held ? null : next, t, this.lagGraceMs);
      if (action.type === 'timeout' && after.phase !== 'matchOver') clock = afterFlagInMatch(clock, action.seat);
    }
    const actingSeat = action.type === 'opening' ? null : action.seat;
    const usedMs = actingSeat !== null && actingSeat === this.lastToAct ? Math.max(0, t - this.lastAt) : 0;
    const entry: LogEntry = { seq: this.seq, action, by, at: t, usedMs, clock: clock ? clockRecord(clock, t) : null };
    let stored;
    try {
      stored = await this.log.append(this.gameId, this.seq, entry);
    } catch (e) {
      stored = { ok: false as const, code: 'STORE_FAILED' as const, message: e instanceof Error ? e.message : String(e) };
    }
    if (!stored.ok) return fail('LOG_FAILED', `the move could not be stored (${stored.code}: ${stored.message}); nothing changed`);

    const before = this.state;
    this.state = after;
    this.clock = clock;
    this.seq++;
    this.played.push(action);
    if (action.type === 'opening' || action.type === 'roll') this.throws++;
    this.lastAt = t;
    this.lastToAct = next;
    if (by !== 'server') this.acted[by] = true;

    this.publish({
      type: 'action',
      seq: entry.seq,
      action,
      by,
      at: t,
      version: after.version,
      phase: after.phase,
      toAct: next,
      score: after.score,
      clock: clockView(clock, t),
    });
    for (const result of after.games.slice(before.games.length)) this.publish({ type: 'gameEnded', result, at: t });
    if (after.phase === 'matchOver' && after.end) {
      this.publish({
        type: 'ended',
        end: after.end,
        score: after.score,
        ...(this.abandonedBy ? { abandonedBy: this.abandonedBy } : {}),
        serverSeed: this.header.dice.serverSeed,
        clientSeeds: this.header.dice.clientSeeds,
        at: t,
      });
    }
    return { ok: true, value: true };
  }

  /** What the server does by itself in this state (the rule in the class comment), before any die is thrown. */
  private automatic(s: MatchState): 'opening' | 'roll' | 'pass' | null {
    return this.calledOff || this.pausing(s) ? null : this.serverMove(s);
  }

  /** What the server would do by itself in this state, pause or not. */
  private serverMove(s: MatchState): 'opening' | 'roll' | 'pass' | null {
    switch (s.phase) {
      case 'opening':
        return 'opening';
      case 'turnStart':
        return this.autoRoll && !canDouble(s, toAct(s)!).ok ? 'roll' : null;
      case 'moving':
        return currentTurns(s).length === 0 ? 'pass' : null;
      default:
        return null;
    }
  }

  /** The action the server makes by itself now, if any. */
  private autoAction(): Action | null {
    const s = this.state;
    switch (this.automatic(s)) {
      case 'opening': {
        const d = this.nextDice('opening');
        return { type: 'opening', dice: { p1: d[0], p2: d[1] } };
      }
      case 'roll':
        return { type: 'roll', seat: toAct(s)!, dice: this.nextDice('roll') };
      case 'pass':
        return { type: 'move', seat: toAct(s)!, steps: [] };
      default:
        return null;
    }
  }

  /** Whether the next game is still waiting (its pause not begun, or not over). */
  private pausing(s: MatchState): boolean {
    if (!gameBreak(s)) return false;
    return this.nextGame?.number !== s.game.number || this.time.now() < this.nextGame.at;
  }

  /**
   * Between two games: of a money session (G6), ends it when a limit the engine cannot see is reached (its time, a
   * staked player's hold); else starts the pause before the next game. Whether the next game must wait.
   */
  private async sessionPause(): Promise<boolean> {
    const s = this.state;
    if (!gameBreak(s)) return false;
    if (this.nextGame?.number === s.game.number) return this.time.now() < this.nextGame.at;
    const now = this.time.now();
    const { minutes } = s.settings.session;
    const behind: Seat = s.score.p1 < s.score.p2 ? 'p1' : 'p2';
    const spent = this.opts.sessionHoldPoints !== undefined && Math.abs(s.score.p1 - s.score.p2) >= this.opts.sessionHoldPoints;
    if (s.settings.matchLength === 0 && (spent || (minutes > 0 && now - this.startedAt >= minutes * 60_000))) {
      const r = await this.commit({ type: 'endSession', seat: behind }, 'server', now);
      if (!r.ok) {
        this.onFault(`ending the session of ${this.gameId}`, r.error);
        if (r.error.code === 'LOG_FAILED') this.scheduleRetry();
      }
      return true;
    }
    const at = now + (this.opts.nextGamePauseMs ?? DEFAULT_NEXT_GAME_PAUSE_MS);
    this.nextGame?.cancel();
    const cancel = this.time.setTimer(at, () => {
      void this.enqueue(async () => {
        if (this.closed) return;
        await this.runAutos();
        this.afterChange();
      });
    });
    this.nextGame = { number: s.game.number, at, ready: [], cancel };
    this.publish({ type: 'nextGame', startsAt: at, ready: [], at: now });
    return true;
  }

  private async runAutos(): Promise<void> {
    for (let i = 0; i < MAX_AUTO; i++) {
      if (await this.sessionPause()) return;
      const a = this.autoAction();
      if (!a) return;
      const r = await this.commit(a, 'server', this.time.now());
      if (!r.ok) {
        this.onFault(`automatic ${a.type} in ${this.gameId}`, r.error);
        if (r.error.code === 'LOG_FAILED') this.scheduleRetry();
        return;
      }
    }
  }

  private scheduleRetry(): void {
    if (this.cancelRetry || this.closed) return;
    this.cancelRetry = this.time.setTimer(this.time.now() + this.retryMs, () => {
      this.cancelRetry = null;
      void this.enqueue(async () => {
        await this.runAutos();
        this.afterChange();
      });
    });
  }

  // --- clock ------------------------------------------------------------------------------------------------------

  /** Applies the time-out if the thinking seat has flagged by `now` (before any command is looked at). */
  private async checkFlag(now: number): Promise<void> {
    if (!this.clock || this.over) return;
    const seat = flagDue(this.clock, now, this.lagGraceMs);
    if (seat === null || toAct(this.state) !== seat) return;
    const r = await this.commit({ type: 'timeout', seat }, 'server', now);
    if (!r.ok) {
      this.onFault(`time-out of ${seat} in ${this.gameId}`, r.error);
      if (r.error.code === 'LOG_FAILED') this.scheduleRetry();
      return;
    }
    await this.runAutos();
  }

  /** After every change: the flag timer and the bot's turn. */
  private afterChange(): void {
    if (this.closed) return;
    this.cancelFlag?.();
    this.cancelFlag = null;
    if (this.clock && !this.over) {
      const at = flagTimerAt(this.clock, this.lagGraceMs);
      if (at !== null) {
        this.cancelFlag = this.time.setTimer(at, () => {
          this.cancelFlag = null;
          void this.enqueue(async () => {
            await this.checkFlag(this.time.now());
            this.afterChange();
          });
        });
      }
    }
    this.scheduleBot();
  }

  // --- bots -------------------------------------------------------------------------------------------------------

  private scheduleBot(): void {
    const seat = toAct(this.state);
    if (seat === null || this.over) return;
    const h = this.header.seats[seat];
    if (h.kind !== 'bot') return;
    const version = this.state.version;
    if (this.botAsked === version) return;
    this.botAsked = version;
    const bot = this.opts.bots![h.botId]!;
    const now = this.time.now();
    const clockLeft = this.clock ? remaining(this.clock, seat, now) - this.lagGraceMs : Infinity;
    const budget = Math.max(0, Math.min(this.botBudgetMs, clockLeft));
    let asked: Promise<BotDecision> | null;
    try {
      asked = askBot(bot, this.viewFor({ seat }), budget);
    } catch (e) {
      this.onFault(`bot ${bot.id} threw`, e);
      asked = null;
    }
    let answered = false;
    const answer = (d: BotDecision | null): void => {
      if (answered) return;
      answered = true;
      cancel();
      void this.enqueue(async () => {
        try {
          await this.botAnswer(seat, version, d);
        } finally {
          this.afterChange();
        }
      });
    };
    const cancel = this.time.setTimer(now + budget, () => answer(null));
    if (asked) {
      asked.then(answer, (e: unknown) => {
        this.onFault(`bot ${bot.id} failed`, e);
        answer(null);
      });
    } else answer(null);
  }

  /** Applies a bot's decision, or the fallback when it is missing, late or illegal. */
  private async botAnswer(seat: Seat, version: number, d: BotDecision | null): Promise<void> {
    if (this.closed || this.state.version !== version || toAct(this.state) !== seat) return;
    const now = this.time.now();
    await this.checkFlag(now);
    if (this.state.version !== version) return;
    if (d) {
      const a = this.actionFor(seat, d);
      const r = a.ok ? await this.commit(a.value, seat, now) : a;
      if (r.ok) return void (await this.runAutos());
      if (r.error.code === 'LOG_FAILED') return void this.scheduleBotRetry();
      this.onFault(`bot in ${this.gameId} (${seat}) answered illegally`, r.error);
    }
    const fb = fallbackDecision(this.viewFor({ seat }).legal);
    if (!fb) return;
    const a = this.actionFor(seat, fb);
    const r = a.ok ? await this.commit(a.value, seat, now) : a;
    if (r.ok) await this.runAutos();
    else if (r.error.code === 'LOG_FAILED') this.scheduleBotRetry();
    else this.onFault(`fallback for the bot in ${this.gameId} failed`, r.error);
  }

  /** The store failed under a bot's move: ask again later. */
  private scheduleBotRetry(): void {
    this.time.setTimer(this.time.now() + this.retryMs, () => {
      this.botAsked = null;
      void this.enqueue(async () => this.afterChange());
    });
  }

  // --- presence ---------------------------------------------------------------------------------------------------

  private startGraceTimers(): void {
    for (const { seat } of this.presence.pending()) this.startGrace(seat);
  }

  private startGrace(seat: Seat): void {
    this.cancelGrace[seat]?.();
    const at = this.presence.claimableAt(seat);
    if (at === null || this.closed) return;
    this.cancelGrace[seat] = this.time.setTimer(at, () => {
      delete this.cancelGrace[seat];
      void this.enqueue(async () => {
        const now = this.time.now();
        if (this.over || !this.presence.abandoned(seat, now)) return;
        this.publish({ type: 'claimable', absent: seat, claimant: otherSeat(seat), at: now });
      });
    });
  }

  // --- events -----------------------------------------------------------------------------------------------------

  /** The actor now, as event `n`'s views show it. */
  private moment(n: number): Moment {
    const presence = (s: Seat) => ({ connected: this.presence.connected(s), claimableAt: this.presence.claimableAt(s) });
    const seat = toAct(this.state);
    const p = this.nextGame;
    return {
      header: this.header,
      epoch: this.epoch,
      n,
      match: this.state,
      aborted: this.calledOff,
      presence: { p1: presence('p1'), p2: presence('p2') },
      clock: clockView(this.clock, this.time.now()),
      throws: this.throws,
      abandonedBy: this.abandonedBy,
      rematchOffer: this.rematchOffer,
      ratings: this.ratings,
      serverActsFor: seat !== null && this.automatic(this.state) !== null ? seat : null,
      nextGame: p && p.number === this.state.game.number && this.pausing(this.state) ? { startsAt: p.at, ready: p.ready } : null,
    };
  }

  private publish(event: GameEvent): void {
    const item = this.history.push(event, (n) => this.moment(n));
    for (const s of this.subscribers) {
      try {
        s.fn(deliver(item, s.to));
      } catch (e) {
        this.onFault('a subscriber threw', e);
      }
    }
  }
}
