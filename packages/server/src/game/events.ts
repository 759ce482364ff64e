import type {
  Action,
  BySeat,
  GameResult,
  MatchEnd,
  MatchSettings,
  MatchState,
  Phase,
  ResignLevel,
  Seat,
  StepInput,
} from '@nardy/engine';
import type { ClientSeeds } from './dice.js';
import type { ClockView } from './clock.js';
import type { SeatHolder } from './log.js';

/**
 * The game core's own events and views (mapped to @nardy/protocol's wire messages elsewhere). Every event
 * of a game gets the next number n = 1, 2, 3 …; `epoch` changes when the actor is rebuilt (restart), so a
 * client's number from before the restart is never mistaken for one after it.
 */

/** How a table ended: the engine's match end, or called off (`abort`: no winner, no result). */
export type TableEnd = MatchEnd | { readonly winner: null; readonly reason: 'aborted' };

/** Who receives an event or a view: a seated player, or anyone watching. */
export type Recipient = { readonly seat: Seat } | 'spectator';

/** A decision open to one seat, as a thin client needs it (server-only actions — opening, timeout — left out). */
export type LegalChoice =
  | { readonly type: 'roll' | 'double' | 'take' | 'pass' | 'beaver' | 'acceptResign' | 'declineResign' | 'surrender' | 'resignMatch' | 'endSession' }
  | { readonly type: 'move'; readonly turns: readonly (readonly StepInput[])[] }
  | { readonly type: 'resign'; readonly level: ResignLevel };

/** What the seat to act may do (sent to that seat only). */
export interface LegalView {
  readonly seat: Seat;
  readonly version: number;
  readonly choices: readonly LegalChoice[];
}

export type GameEvent =
  /** n = 1 of every epoch-0 game: who plays, under what, and the dice commitment (G10). */
  | {
      readonly type: 'started';
      readonly gameId: string;
      readonly settings: MatchSettings;
      readonly seats: BySeat<SeatHolder>;
      readonly commitment: string;
      readonly at: number;
    }
  /** An accepted action (already in the log). `by` is 'server' for the automatic ones. */
  | {
      readonly type: 'action';
      readonly seq: number;
      readonly action: Action;
      readonly by: Seat | 'server';
      readonly at: number;
      /** The engine state's version after it (the optimistic check's value). */
      readonly version: number;
      readonly phase: Phase;
      readonly toAct: Seat | null;
      readonly score: BySeat<number>;
      readonly clock: ClockView | null;
      /** Set when this action finished a game. */
      readonly gameResult?: GameResult;
    }
  /** A seat's connection changed; `claimableAt` is when its opponent may claim (absent seats only). */
  | { readonly type: 'presence'; readonly seat: Seat; readonly connected: boolean; readonly at: number; readonly claimableAt: number | null }
  /** The grace ran out: `claimant` may now claim the game against the absent seat. */
  | { readonly type: 'claimable'; readonly absent: Seat; readonly claimant: Seat; readonly at: number }
  /** The match is over (or was called off): the dice secret is revealed so anyone can verify every throw. */
  | {
      readonly type: 'ended';
      readonly end: TableEnd;
      readonly score: BySeat<number>;
      /** Set when the end came from a claim (an abandoned game; counts as a loss). */
      readonly abandonedBy?: Seat;
      readonly serverSeed: string;
      readonly clientSeeds: ClientSeeds;
      readonly at: number;
    };

/** An event as delivered to one recipient: numbered, and for the seat to act with its legal choices. */
export interface Delivered {
  readonly epoch: string;
  readonly n: number;
  readonly event: GameEvent;
  /** Only in the copy for the seat that must act next. */
  readonly legal?: LegalView;
}

/** A full snapshot for one recipient (sent on join and on resync). */
export interface GameView {
  readonly gameId: string;
  readonly epoch: string;
  /** The number of the last event included. */
  readonly n: number;
  readonly you: Seat | null;
  /** The whole engine state: board, dice, cube, score, phase (no secrets in it). */
  readonly match: MatchState;
  /** Called off (`abort`): the state stays where it was, and nothing more happens. */
  readonly aborted: boolean;
  readonly toAct: Seat | null;
  readonly seats: BySeat<{ readonly holder: SeatHolder; readonly connected: boolean; readonly claimableAt: number | null }>;
  readonly clock: ClockView | null;
  readonly dice: {
    readonly commitment: string;
    /** Revealed when the match is over. */
    readonly serverSeed: string | null;
    /** Your own seed while playing; both once the match is over. */
    readonly clientSeeds: Partial<ClientSeeds>;
  };
  /** Only for the seat that must act now. */
  readonly legal: LegalView | null;
}

/** A stored event with what per-recipient filtering needs. */
export interface HistoryItem {
  readonly n: number;
  readonly event: GameEvent;
  readonly legal: LegalView | null;
}

/** Delivers a stored event to one recipient (lila-ws `versionFor`). */
export function deliver(epoch: string, item: HistoryItem, to: Recipient): Delivered {
  const mine = to !== 'spectator' && item.legal !== null && item.legal.seat === to.seat;
  return mine ? { epoch, n: item.n, event: item.event, legal: item.legal! } : { epoch, n: item.n, event: item.event };
}

/** The last `size` events of a game (lila-ws `History`). */
export class History {
  private items: HistoryItem[] = [];
  private last = 0;

  constructor(private readonly size: number) {}

  get n(): number {
    return this.last;
  }

  push(event: GameEvent, legal: LegalView | null): HistoryItem {
    const item: HistoryItem = Object.freeze({ n: ++this.last, event, legal });
    this.items.push(item);
    if (this.items.length > this.size) this.items.splice(0, this.items.length - this.size);
    return item;
  }

  /**
   * The events after `n`, or null when they are no longer all here (or `n` is from the future): the caller
   * then sends a full snapshot.
   */
  since(n: number): readonly HistoryItem[] | null {
    if (!Number.isInteger(n) || n < 0 || n > this.last) return null;
    if (n === this.last) return [];
    const first = this.items[0];
    if (!first || first.n > n + 1) return null;
    return this.items.slice(n + 1 - first.n);
  }
}
