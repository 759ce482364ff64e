import type { TableSettings, TournamentTerms } from '@nardy/protocol';
import type { GameFactory } from '../contracts.js';
import type { Command, GameActor } from '../game/actor.js';
import type { SeatHolder } from '../game/log.js';
import type { TimeSource } from '../game/time.js';
import type { Json, Store } from '../store/types.js';
import type { TournamentEntry, TournamentRecord } from '../store/types.js';
import type { Format, Pairing, PairingResult } from './formats/types.js';
import { pairingResult, storedEnd, type GameEnd } from './results.js';
import { prizesFor } from './terms.js';

/** How long after a game could not start it is tried again. */
const RETRY_MS = 10_000;
/**
 * A game said to have ended whose end is not in the store yet is looked at again this often, this many times: in a
 * cluster its actor may live on another instance, whose feed event goes out before its result is written.
 */
const END_RETRY_MS = 1_000;
const END_TRIES = 30;

/** What a director needs of the games: start one, look at a live one. */
export interface DirectorGames extends GameFactory {
  actorOf(gameId: string): GameActor | undefined;
  /**
   * A player's command to a game wherever it runs (in a cluster, on the instance that holds it, which after a
   * failover need not be the director's): whether it was accepted; null when there is no such game. Without it,
   * the game's local actor.
   */
  command?(gameId: string, cmd: Command): Promise<boolean | null>;
}

/** What a director tells the module (which pushes it to subscribers and players). */
interface DirectorEvents {
  /** The pairings, standings or status changed. */
  changed(tournamentId: string): void;
  /** A pairing's game started: tell its players. */
  matchReady(tournamentId: string, pairing: Pairing, gameId: string): void;
  /** The tournament is over (finished): the module drops the director. */
  finished(tournamentId: string): void;
}

export interface DirectorDeps {
  readonly store: Store;
  readonly games: DirectorGames;
  readonly time: TimeSource;
  readonly events: DirectorEvents;
  /** After this long a game a player has not come to is claimed for his opponent (the game's own claim rule). */
  readonly noShowMs: number;
  readonly log: { error(obj: object, msg: string): void };
}

/**
 * One running tournament (issue 42 item 2): asks the format for the pairings that can start, starts each as an
 * ordinary live game, records each game's result with the format's state (one transaction, once), and at the end
 * pays the prizes. Every step runs in the module's queue, so nothing interleaves; everything it knows is in the
 * store, so `resume` after a restart carries on where the last write left it.
 */
export class Director<S = unknown> {
  readonly id: string;
  private state: S;
  /** pairing id → game id, and back. */
  readonly games = new Map<string, string>();
  private readonly pairingOfGame = new Map<string, string>();
  private readonly timers = new Map<string, () => void>();
  private endTimer: (() => void) | null = null;
  private retryTimer: (() => void) | null = null;
  /** Another instance took the tournament over (cluster): nothing more is written or told. */
  private stopped = false;

  constructor(
    private rec: TournamentRecord,
    private entries: readonly TournamentEntry[],
    readonly format: Format<S>,
    private readonly deps: DirectorDeps,
  ) {
    this.id = rec.id;
    this.state = rec.state as S;
  }

  get record(): TournamentRecord {
    return { ...this.rec, state: this.state as Json };
  }

  get players(): readonly TournamentEntry[] {
    return this.entries;
  }

  private get terms(): TournamentTerms {
    return this.rec.terms as unknown as TournamentTerms;
  }

  private isBot(id: string): boolean {
    return this.entries.find((e) => e.userId === id)?.bot != null;
  }

  /** The players of one of its games (none when it is not one of them). */
  playersOf(gameId: string): string[] {
    const id = this.pairingOfGame.get(gameId);
    const p = this.format.pairings(this.state).find((v) => v.pairing.id === id)?.pairing;
    return p ? [p.a, ...(p.b !== null ? [p.b] : [])] : [];
  }

  /** The game ids of this tournament (for the module's index). */
  gameIds(): string[] {
    return [...this.pairingOfGame.keys()];
  }

  /** After a restart, first: the games already started (so their ends are recognised from now on). */
  async load(): Promise<void> {
    const rows = await this.deps.store.tournaments.games(this.id);
    if (!rows.ok) throw new Error(`tournament ${this.id}: ${rows.error.message}`);
    for (const g of rows.value) this.index(g.pairingId, g.gameId);
  }

  /**
   * After a restart, then: the games that ended while the server was down (read from their rows) are recorded, and on
   * as usual. Games still running came back with the game manager's restore and end through `ended`.
   */
  async resume(): Promise<void> {
    const rows = await this.deps.store.tournaments.games(this.id);
    if (!rows.ok) throw new Error(`tournament ${this.id}: ${rows.error.message}`);
    for (const g of rows.value) {
      if (g.result !== null) continue;
      const stored = await this.deps.store.getGame(g.gameId);
      const end = stored.ok ? storedEnd(stored.value.status, stored.value.result) : null;
      if (end) await this.record_(g.pairingId, end);
      else this.watchNoShow(g.gameId);
    }
    await this.advance();
  }

  /** A live game ended: if it is one of ours, its result goes in (`tries`: how often its end was looked for already). */
  async ended(gameId: string, tries = 0): Promise<void> {
    const pairingId = this.pairingOfGame.get(gameId);
    if (pairingId === undefined || this.stopped) return;
    this.timers.get(gameId)?.();
    this.timers.delete(gameId);
    const actor = this.deps.games.actorOf(gameId);
    let end: GameEnd | null = null;
    if (actor) {
      const m = actor.match;
      const moved = { p1: false, p2: false };
      for (const a of actor.actions) if (a.type === 'move' && a.seat !== undefined) moved[a.seat] = true;
      end = { winner: m.end?.winner ?? null, score: { p1: m.score.p1, p2: m.score.p2 }, abandonedBy: actor.abandoned, aborted: actor.aborted, moved };
    } else {
      const stored = await this.deps.store.getGame(gameId);
      end = stored.ok ? storedEnd(stored.value.status, stored.value.result) : null;
    }
    if (!end) {
      if (tries < END_TRIES && !this.stopped)
        this.timers.set(
          gameId,
          this.deps.time.setTimer(this.deps.time.now() + END_RETRY_MS, () => {
            this.timers.delete(gameId);
            void this.endedAgain?.(gameId, tries + 1);
          }),
        );
      return;
    }
    await this.record_(pairingId, end);
    await this.advance();
  }

  /** A player withdraws from the running tournament: his unplayed pairings are lost (the format scores them). */
  async withdraw(userId: string): Promise<boolean> {
    const next = this.format.withdraw(this.state, userId);
    if (!next.ok || this.stopped) return false;
    const saved = await this.deps.store.tournaments.withdraw(this.id, userId, next.value as Json);
    if (!saved.ok || !saved.value) return false;
    this.state = next.value;
    this.entries = this.entries.map((e) => (e.userId === userId ? { ...e, status: 'withdrew' } : e));
    // His game in progress is resigned for him (the format has scored it already: the game's end then changes nothing).
    for (const v of this.format.pairings(this.state)) {
      const gameId = this.games.get(v.pairing.id);
      if (gameId === undefined || (v.pairing.a !== userId && v.pairing.b !== userId)) continue;
      void this.command(gameId, { by: { user: userId }, type: 'resignMatch' });
    }
    await this.advance();
    return true;
  }

  /** Another instance took the tournament over: no timer fires, nothing more is written or told. */
  stop(): void {
    this.stopped = true;
    this.close();
  }

  /** Stops the timers (the server is closing). */
  close(): void {
    for (const cancel of this.timers.values()) cancel();
    this.timers.clear();
    this.endTimer?.();
    this.endTimer = null;
    this.retryTimer?.();
    this.retryTimer = null;
  }

  /** Records a result with the state after it, once: a second submission (or one the format refuses) changes nothing. */
  private async record_(pairingId: string, end: GameEnd): Promise<void> {
    const result: PairingResult = pairingResult(pairingId, end, this.deps.time.now());
    const next = this.format.record(this.state, result);
    if (!next.ok || this.stopped) return;
    const saved = await this.deps.store.tournaments.recordResult(this.id, pairingId, result as unknown as Json, next.value as Json);
    if (!saved.ok) {
      this.deps.log.error({ tournamentId: this.id, pairingId, code: saved.error.code }, 'a tournament result could not be stored');
      return;
    }
    if (saved.value) this.state = next.value;
  }

  /**
   * The next pairings: the format's new ones (saved with the state that records them), then a game for every pairing
   * without one (also those a crash left between the two writes), then the end when the format says so.
   */
  async advance(): Promise<void> {
    if (this.rec.status !== 'running' || this.stopped) return;
    const now = this.deps.time.now();
    const active = this.entries.filter((e) => e.status === 'registered').map((e) => e.userId);
    const views = this.format.pairings(this.state);
    const busy = new Set<string>();
    for (const v of views) if (v.result === null && v.pairing.b !== null) busy.add(v.pairing.a).add(v.pairing.b);
    const step = this.format.next(this.state, { now, idle: active.filter((id) => !busy.has(id)) });
    // New pairings, and byes or forfeits scored without a game: the stored state (which REST reads) has them at once.
    if (JSON.stringify(step.state) !== JSON.stringify(this.state)) {
      const saved = await this.deps.store.tournaments.saveState(this.id, step.state as Json);
      if (!saved.ok) {
        this.deps.log.error({ tournamentId: this.id, code: saved.error.code }, 'the new state could not be stored');
        return;
      }
      this.state = step.state;
    }
    for (const v of this.format.pairings(this.state)) {
      if (v.result === null && v.pairing.b !== null && !this.games.has(v.pairing.id)) await this.startGame(v.pairing);
    }
    if (this.stopped) return;
    this.deps.events.changed(this.id);
    if (this.format.finished(this.state, now)) await this.finish();
    else this.armEnd();
  }

  /** An arena stops pairing at its end time: the director looks again then. */
  private armEnd(): void {
    const minutes = this.terms.options.minutes;
    if (minutes === undefined || this.endTimer || this.rec.startedAt === null) return;
    this.endTimer = this.deps.time.setTimer(this.rec.startedAt + minutes * 60_000, () => {
      this.endTimer = null;
      void this.again?.();
    });
  }

  /** Set by the module: runs `advance` in its queue (the arena's time is up; a game that could not start is tried again). */
  again: (() => Promise<void>) | null = null;

  /** Set by the module: runs `ended` again in its queue (a game's end was not stored yet). */
  endedAgain: ((gameId: string, tries: number) => Promise<void>) | null = null;

  private seat(id: string): SeatHolder {
    const bot = this.entries.find((e) => e.userId === id)?.bot;
    return bot != null ? { kind: 'bot', botId: bot } : { kind: 'user', userId: id };
  }

  private async startGame(p: Pairing): Promise<void> {
    if (this.stopped) return;
    const b = p.b!;
    const settings: TableSettings = { match: this.terms.match, rated: this.terms.rated && !this.isBot(p.a) && !this.isBot(b), stake: 0 };
    const started = await this.deps.games.startGame({
      settings,
      seats: { p1: this.seat(p.a), p2: this.seat(b) },
      clientSeeds: {},
      rated: settings.rated,
      tournament: { id: this.id, name: this.rec.name, round: p.round, pairingId: p.id },
    });
    if (!started.ok) {
      this.deps.log.error({ tournamentId: this.id, pairingId: p.id, code: started.error.code }, 'a tournament game could not start');
      // Tried again in a while (a restart tries too: a pairing without a game gets one).
      this.retryTimer ??= this.deps.time.setTimer(this.deps.time.now() + RETRY_MS, () => {
        this.retryTimer = null;
        void this.again?.();
      });
      return;
    }
    const gameId = started.value.gameId;
    if (this.stopped) return;
    const saved = await this.deps.store.tournaments.addGame(this.id, p.id, gameId, this.state as Json, this.deps.time.now());
    if (!saved.ok) {
      this.deps.log.error({ tournamentId: this.id, pairingId: p.id, code: saved.error.code }, 'a tournament game could not be stored');
      return;
    }
    this.index(p.id, gameId);
    this.watchNoShow(gameId);
    this.deps.events.matchReady(this.id, p, gameId);
  }

  private index(pairingId: string, gameId: string): void {
    this.games.set(pairingId, gameId);
    this.pairingOfGame.set(gameId, pairingId);
  }

  /**
   * No-shows: `noShowMs` after the game starts (or the server restarts), a seat that is away past the game's
   * reconnection grace is claimed for its opponent, as the opponent could claim it himself (G5); both away: `a`'s
   * claim goes first. Checked again every `noShowMs` while the game runs (abandoned matches).
   */
  private watchNoShow(gameId: string): void {
    const check = (): void => {
      this.timers.delete(gameId);
      const pairingId = this.pairingOfGame.get(gameId);
      const pairing = this.format.pairings(this.state).find((v) => v.pairing.id === pairingId);
      if (!pairing || pairing.result !== null) return;
      void (async () => {
        for (const id of [pairing.pairing.a, pairing.pairing.b]) {
          if (id === null || this.isBot(id)) continue;
          const r = await this.command(gameId, { by: { user: id }, type: 'claim' });
          if (r !== false) return;
        }
        this.watchNoShow(gameId);
      })();
    };
    this.timers.set(gameId, this.deps.time.setTimer(this.deps.time.now() + this.deps.noShowMs, check));
  }

  /** A command to one of the tournament's games, wherever it runs; null: no such game (here, without `command`). */
  private async command(gameId: string, cmd: Command): Promise<boolean | null> {
    if (this.deps.games.command) return this.deps.games.command(gameId, cmd);
    const actor = this.deps.games.actorOf(gameId);
    return actor ? (await actor.handle(cmd)).ok : null;
  }

  private async finish(): Promise<void> {
    if (this.stopped) return;
    this.close();
    const pool = this.entries.reduce((a, e) => a + e.paid, 0);
    // Bots and players who withdrew win nothing: the places after them move up.
    const unpaid = (id: string): boolean => this.entries.some((e) => e.userId === id && (e.bot !== null || e.status === 'withdrew'));
    const prizes = prizesFor(pool, this.terms, this.format.standings(this.state), unpaid);
    const now = this.deps.time.now();
    const done = await this.deps.store.tournaments.finish(this.id, this.state as Json, prizes, now);
    if (!done.ok) {
      this.deps.log.error({ tournamentId: this.id, code: done.error.code }, 'the tournament could not be finished');
      return;
    }
    const prize = new Map(prizes.map((p) => [p.userId, p.amount]));
    this.entries = this.entries.map((e) => ({ ...e, prize: prize.get(e.userId) ?? e.prize }));
    this.rec = { ...this.rec, status: 'finished', finishedAt: now };
    this.deps.events.finished(this.id);
  }
}
