import type { Action, BySeat, MatchSettings, Seat } from '@nardy/engine';
import type { DiceSecret } from './dice.js';

/**
 * The storage the live-game core needs, and nothing more: a game's header (written once when the table is
 * set up) and its append-only action log. The database Store adapts to this; `MemoryActionLog` serves the
 * tests and local play.
 */

/** Who holds a seat. */
export type SeatHolder = { readonly kind: 'user'; readonly userId: string } | { readonly kind: 'bot'; readonly botId: string };

/** What a game is played under; stored before the first action and never changed. */
export interface GameHeader {
  readonly gameId: string;
  readonly settings: MatchSettings;
  readonly seats: BySeat<SeatHolder>;
  /** The server seed is secret until the match ends; only its commitment is shown. */
  readonly dice: DiceSecret;
  /** Whether abandoning (a claimed win, G5) counts for ratings; the actor only reports it. */
  readonly rated: boolean;
}

/** The clock after an action: time left per seat (not counting the move in progress), who is thinking and for how long. */
export interface ClockRecord {
  readonly left: BySeat<number>;
  readonly running: Seat | null;
  /** How long `running` has been thinking at this action (its move goes on across e.g. roll → move). */
  readonly runningFor: number;
  readonly flagged: Seat | null;
}

/** One accepted action, as stored. `seq` is 1, 2, 3 … per game. */
export interface LogEntry {
  readonly seq: number;
  readonly action: Action;
  /** Who sent it: a seat (its player or bot), or the server (opening throw, auto-roll, pass, time-out, claim). */
  readonly by: Seat | 'server';
  /** Server time of acceptance, ms. */
  readonly at: number;
  /** Time the acting seat used for this action (since its clock started or its previous action), ms. */
  readonly usedMs: number;
  /** The clock after the action; null at a table without a clock. */
  readonly clock: ClockRecord | null;
}

/**
 * SEQ_CONFLICT: the entry's number is taken (or the game is over); FENCED: another instance holds the game now
 * (issue 43: drop it, do not retry); STORE_FAILED: anything else (nothing written).
 */
export type AppendResult = { readonly ok: true } | { readonly ok: false; readonly code: 'SEQ_CONFLICT' | 'FENCED' | 'STORE_FAILED'; readonly message: string };

export interface ActionLog {
  /** Appends entry `seq` (must be the next one: a duplicate or a gap is SEQ_CONFLICT). Durable when it resolves ok. */
  append(gameId: string, seq: number, entry: LogEntry): Promise<AppendResult>;
  /** Every entry of the game in order (empty for an unknown game). */
  load(gameId: string): Promise<readonly LogEntry[]>;
  /** Closes the log as called off (`abort`): no more appends (SEQ_CONFLICT). Durable when it resolves ok. */
  abort(gameId: string, at: number): Promise<AppendResult>;
}

/** The in-memory log for tests and local play. `failNext` makes appends fail (tests of append-before-publish). */
export class MemoryActionLog implements ActionLog {
  private readonly games = new Map<string, LogEntry[]>();
  /** Games called off, with when. */
  readonly aborted = new Map<string, number>();
  /** How many of the next appends fail with STORE_FAILED. */
  failNext = 0;
  /** Entry numbers whose next append fails once with STORE_FAILED. */
  readonly failSeqs = new Set<number>();

  async append(gameId: string, seq: number, entry: LogEntry): Promise<AppendResult> {
    await Promise.resolve();
    if (this.failNext > 0 || this.failSeqs.delete(seq)) {
      if (this.failNext > 0) this.failNext--;
      return { ok: false, code: 'STORE_FAILED', message: 'the store is unavailable (simulated)' };
    }
    const list = this.games.get(gameId) ?? [];
    if (this.aborted.has(gameId)) return { ok: false, code: 'SEQ_CONFLICT', message: `game ${gameId} was called off` };
    if (seq !== list.length + 1 || entry.seq !== seq) {
      return { ok: false, code: 'SEQ_CONFLICT', message: `expected entry ${list.length + 1}, got ${seq}` };
    }
    list.push(structuredClone(entry));
    this.games.set(gameId, list);
    return { ok: true };
  }

  async load(gameId: string): Promise<readonly LogEntry[]> {
    await Promise.resolve();
    return structuredClone(this.games.get(gameId) ?? []);
  }

  async abort(gameId: string, at: number): Promise<AppendResult> {
    await Promise.resolve();
    if (this.failNext > 0) {
      this.failNext--;
      return { ok: false, code: 'STORE_FAILED', message: 'the store is unavailable (simulated)' };
    }
    if (this.aborted.has(gameId)) return { ok: false, code: 'SEQ_CONFLICT', message: `game ${gameId} was already called off` };
    this.aborted.set(gameId, at);
    return { ok: true };
  }

  /** Test support: rewrite a stored entry (e.g. tamper with a throw). */
  mutate(gameId: string, seq: number, f: (e: LogEntry) => LogEntry): void {
    const list = this.games.get(gameId);
    const e = list?.[seq - 1];
    if (!list || !e) throw new Error(`no entry ${seq} in ${gameId}`);
    list[seq - 1] = f(e);
  }
}
