import { toAct, type Action, type BySeat, type GameResult, type MatchEnd, type MatchState, type Phase, type Seat } from '@nardy/engine';
import { legalFor, type Legal } from '@nardy/protocol';
import type { ClientSeeds } from './dice.js';
import type { ClockView } from './clock.js';
import type { GameHeader, SeatHolder } from './log.js';

/**
 * The game core's own events and views (mapped one to one to @nardy/protocol's wire messages in games/views.ts).
 * Every event of a game gets the next number n = 1, 2, 3 …, and these numbers are the ones on the wire;
 * `epoch` changes when the actor is rebuilt (restart), so a client's number from before the restart is never
 * mistaken for one after it.
 */

/** How a table ended: the engine's match end, or called off (`abort`: no winner, no result). */
type TableEnd = MatchEnd | { readonly winner: null; readonly reason: 'aborted' };

/** Who receives an event or a view: a seated player, or anyone watching. */
export type Recipient = { readonly seat: Seat } | 'spectator';

/** An open rematch offer: who made it and its dice commitment, as its `rematchOffered` note said. */
export type RematchOffer = Omit<Extract<RematchNote, { kind: 'rematchOffered' }>, 'kind'>;

/** The pause before the next game: when it ends (server time) and the players who said they are ready. */
interface NextGame {
  readonly startsAt: number;
  readonly ready: readonly Seat[];
}

/** What happened to the rematch of a finished match (the lobby decides; the game's players hear it here). */
export type RematchNote =
  | { readonly kind: 'rematchOffered'; readonly by: Seat; readonly commitment?: string }
  | { readonly kind: 'rematchDeclined'; readonly by: Seat }
  | { readonly kind: 'rematchWithdrawn'; readonly by: Seat }
  | { readonly kind: 'rematchStarted'; readonly gameId: string };

export type GameEvent =
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
    }
  /** The action just published finished a game of the match. */
  | { readonly type: 'gameEnded'; readonly result: GameResult; readonly at: number }
  /** A seat's connection changed; `claimableAt` is when its opponent may claim (absent seats only). */
  | { readonly type: 'presence'; readonly seat: Seat; readonly connected: boolean; readonly at: number; readonly claimableAt: number | null }
  /** The grace ran out: `claimant` may now claim the game against the absent seat. */
  | { readonly type: 'claimable'; readonly absent: Seat; readonly claimant: Seat; readonly at: number }
  /** Between games: the pause before the next game began, or a player said he is ready (`startsAt`: now when all are). */
  | { readonly type: 'nextGame'; readonly startsAt: number; readonly ready: readonly Seat[]; readonly at: number }
  /** After a rated match: the players' new ratings, once stored. */
  | { readonly type: 'rated'; readonly ratings: BySeat<number>; readonly at: number }
  /** After the match, from the lobby: a rematch was offered, declined, or started as the game `gameId`. */
  | { readonly type: 'rematch'; readonly rematch: RematchNote; readonly at: number }
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

/** A full view for one recipient: after an event (`Delivered`), or now (sent on join and on resync). */
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
    /** Dice throws made from the seed so far (opening throws included). */
    readonly throws: number;
  };
  /** The seat whose claim ended the match (counts as his loss), or null. */
  readonly abandonedBy: Seat | null;
  /** The open rematch offer after the match, or null. */
  readonly rematchOffer: RematchOffer | null;
  /** Between games: when the next game starts and who is ready for it; null otherwise. */
  readonly nextGame: NextGame | null;
  /** After a rated match, once stored: the players' new ratings; null before (or unrated). */
  readonly ratings: BySeat<number> | null;
  /**
   * What `you` may do now (@nardy/protocol's `legalFor`, the one projection of the engine's legal actions); null
   * for a spectator, after the end, and for the seat whose next action the server makes itself (so a player never
   * races the server).
   */
  readonly legal: Legal | null;
}

/** An event as delivered to one recipient: numbered, with that recipient's view after it. */
export interface Delivered {
  readonly epoch: string;
  readonly n: number;
  readonly event: GameEvent;
  readonly view: GameView;
}

/** The actor at one instant: everything a view for any recipient is made from. */
export interface Moment {
  readonly header: GameHeader;
  readonly epoch: string;
  readonly n: number;
  readonly match: MatchState;
  readonly aborted: boolean;
  readonly presence: BySeat<{ readonly connected: boolean; readonly claimableAt: number | null }>;
  readonly clock: ClockView | null;
  readonly throws: number;
  readonly abandonedBy: Seat | null;
  /** The open rematch offer, for views made after a reload. */
  readonly rematchOffer: RematchOffer | null;
  /** The seat whose next action the server makes itself now (the actor's automatic actions), or null. */
  readonly serverActsFor: Seat | null;
  readonly nextGame: NextGame | null;
  readonly ratings: BySeat<number> | null;
}

/** The view of `moment` for one recipient: the dice secret only once the match is over, choices only for `you`. */
export function viewOf(m: Moment, to: Recipient): GameView {
  const you = to === 'spectator' ? null : to.seat;
  const over = m.match.phase === 'matchOver' || m.aborted;
  const { dice, seats } = m.header;
  const seat = (s: Seat) => ({ holder: seats[s], ...m.presence[s] });
  return {
    gameId: m.header.gameId,
    epoch: m.epoch,
    n: m.n,
    you,
    match: m.match,
    aborted: m.aborted,
    toAct: m.aborted ? null : toAct(m.match),
    seats: { p1: seat('p1'), p2: seat('p2') },
    clock: m.clock,
    dice: {
      commitment: dice.commitment,
      serverSeed: over ? dice.serverSeed : null,
      clientSeeds: over ? { ...dice.clientSeeds } : you === 'p1' ? { p1: dice.clientSeeds.p1 } : you === 'p2' ? { p2: dice.clientSeeds.p2 } : {},
      throws: m.throws,
    },
    abandonedBy: m.abandonedBy,
    rematchOffer: m.rematchOffer,
    nextGame: m.nextGame,
    ratings: m.ratings,
    legal: you === null || m.aborted || m.serverActsFor === you ? null : legalFor(m.match, you),
  };
}

/** A published event with the moment after it (each recipient's view of it is made from that when needed). */
export interface HistoryItem {
  readonly n: number;
  readonly event: GameEvent;
  readonly moment: Moment;
}

/** Delivers a stored event to one recipient (lila-ws `versionFor`). */
export const deliver = (item: HistoryItem, to: Recipient): Delivered => ({
  epoch: item.moment.epoch,
  n: item.n,
  event: item.event,
  view: viewOf(item.moment, to),
});

/** The last `size` events of a game (lila-ws `History`): the game's one event history. */
export class History {
  private items: HistoryItem[] = [];
  private last = 0;

  constructor(private readonly size: number) {}

  get n(): number {
    return this.last;
  }

  /** Numbers the next event; `momentAt(n)` is the actor after it. */
  push(event: GameEvent, momentAt: (n: number) => Moment): HistoryItem {
    const n = ++this.last;
    const item: HistoryItem = Object.freeze({ n, event, moment: momentAt(n) });
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
