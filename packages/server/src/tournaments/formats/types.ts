/**
 * The contract between a tournament format (pure: who plays whom, standings) and the director (server/tournaments:
 * lifecycle, games, chips, persistence). A format's state is plain JSON, so the director stores it with each result
 * in one transaction and a restart resumes from it; the same inputs always give the same pairings (no clock, no
 * randomness here: the director passes `now`, and any shuffling uses the tournament's seed).
 */

export const FORMAT_IDS = ['knockout', 'swiss', 'roundRobin', 'arena'] as const;
export type FormatId = (typeof FORMAT_IDS)[number];

/** A registered player as the format sees him: the rating he had at the start orders seeds and pairings. */
export interface Entrant {
  readonly id: string;
  readonly rating: number;
}

/**
 * One match to play. `b` null: a bye (scored as a win for `a`, no game is played). The format scores byes itself
 * (and the forfeits of a withdrawn player's later pairings): `next` never returns them, `pairings` shows them.
 */
export interface Pairing {
  /** Unique within the tournament, stable across restarts (e.g. "r2-5", "cons-r1-3", "third"). */
  readonly id: string;
  readonly round: number;
  readonly a: string;
  readonly b: string | null;
  /** Knockout only: which bracket ("main", "consolation", "third") and the slot in its round (for drawing it). */
  readonly bracket?: 'main' | 'consolation' | 'third';
  readonly slot?: number;
}

/** How a pairing ended. A forfeit (no-show, abandoned match) is a win for the other side all the same. */
export interface PairingResult {
  readonly pairingId: string;
  readonly winner: 'a' | 'b' | 'draw';
  /** Points won in the match by each side (match play), for tie-breaks and the table. */
  readonly scoreA: number;
  readonly scoreB: number;
  readonly forfeit?: boolean;
  /** Arena: when the match ended (ms), to pair the players again and to stop pairing at the end. */
  readonly at?: number;
}

export interface PairingView {
  readonly pairing: Pairing;
  readonly result: PairingResult | null;
}

export interface Standing {
  readonly rank: number;
  readonly id: string;
  /** Tournament points (swiss/round robin: 1 a win, ½ a draw; arena: with the streak bonus; knockout: rounds won). */
  readonly points: number;
  readonly played: number;
  readonly won: number;
  /** Named tie-breaks in the order they apply (e.g. { buchholz: 7.5, sonnebornBerger: 12 }). */
  readonly tieBreaks: Readonly<Record<string, number>>;
  /** Knockout: out in this round (null while still in); arena: current streak. */
  readonly note?: string;
}

export type FormatErrorCode = 'UNKNOWN_PAIRING' | 'ALREADY_RECORDED' | 'BAD_FIELD' | 'NOT_RUNNING';
export type FormatResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: { readonly code: FormatErrorCode; readonly message: string } };

export interface FormatOptions {
  /** Swiss: number of rounds. */
  readonly rounds?: number;
  /** Knockout: play a consolation bracket for the first round's losers, and a match for third place. */
  readonly consolation?: boolean;
  readonly thirdPlace?: boolean;
  /** Arena: when pairing stops (ms since epoch); matches running then still count. */
  readonly endsAt?: number;
  /** Seed for any tie that must be broken by lot (string, from the tournament's id). */
  readonly seed: string;
}

/**
 * One format. All functions are pure. `next` returns the games that can start now (possibly none; never a bye) and the state
 * that records them as started; calling it again without a new result returns none. A result for a pairing
 * already recorded is `ALREADY_RECORDED` (a double submission counts once).
 */
export interface Format<S> {
  readonly id: FormatId;
  /** The field's limits for this format (round robin: 3..12; knockout: 2..256; swiss: 2..512; arena: 2..1000). */
  readonly minPlayers: number;
  readonly maxPlayers: number;
  start(entrants: readonly Entrant[], options: FormatOptions): FormatResult<S>;
  /** `idle`: arena only — the players who are waiting for a new match now (others are playing or gone). */
  /** The state may change even when no game is returned (byes, forfeits of the withdrawn): store it all the same. */
  next(state: S, ctx: { readonly now: number; readonly idle?: readonly string[] }): { readonly state: S; readonly pairings: readonly Pairing[] };
  record(state: S, result: PairingResult): FormatResult<S>;
  /** A player leaves a running tournament (withdraws or is removed): his unplayed pairings become forfeits. */
  withdraw(state: S, playerId: string): FormatResult<S>;
  standings(state: S): readonly Standing[];
  /** Every pairing made so far (byes and forfeits included) with its result, in the order made: for the bracket and tables. */
  pairings(state: S): readonly PairingView[];
  /** True when no further pairing will be made and every pairing has a result. */
  finished(state: S, now: number): boolean;
}
