/**
 * Single elimination. Seeds by rating (ties by lot) in the standard bracket (1 v N, 2 v N−1, 1 and 2 meet only in
 * the final); byes to the top seeds; a match starts as soon as both its feeders are decided. Optional: a
 * consolation bracket for the losers of played first-round matches (placed where they lost, so it too starts
 * match by match), and a match for third place between the semi-finals' losers. Rules in docs/tournaments.md.
 */
import {
  type Book,
  byeResult,
  resultsOf,
  forfeitResult,
  gamesByPlayer,
  hasResult,
  isWithdrawn,
  issue,
  ok,
  openBook,
  pendingPairings,
  recordIn,
  viewsOf,
  withdrawIn,
} from './book.js';
import type { Format, Pairing, PairingResult, Standing } from './types.js';

export interface KnockoutState extends Book {
  /** The bracket's size: the field rounded up to a power of two. */
  readonly size: number;
  readonly rounds: number;
  /** The main bracket's first-round positions: a player's id, or null for a bye. */
  readonly leaves: readonly (string | null)[];
  readonly consolation: boolean;
  readonly thirdPlace: boolean;
}

type Seat = { readonly id: string } | 'empty' | 'pending';
type BracketName = 'main' | 'consolation';

/** Seed numbers (1-based) in bracket order for a bracket of `size`: 1, 8, 4, 5, 2, 7, 3, 6 for 8. */
export function bracketOrder(size: number): number[] {
  let order = [1];
  for (let n = 2; n <= size; n *= 2) order = order.flatMap((s) => [s, n + 1 - s]);
  return order;
}

const pairingId = (bracket: BracketName, round: number, slot: number): string => `${bracket === 'main' ? '' : 'cons-'}r${round}-${slot}`;
const THIRD = 'third';

/** A draw cannot stand in a knockout: more points won advances, then the better seed. */
function winnerOf(state: KnockoutState, pairing: Pairing, result: PairingResult): string {
  if (pairing.b === null || result.winner === 'a') return pairing.a;
  if (result.winner === 'b') return pairing.b;
  if (result.scoreA !== result.scoreB) return result.scoreA > result.scoreB ? pairing.a : pairing.b;
  return seedIndex(state, pairing.a) < seedIndex(state, pairing.b) ? pairing.a : pairing.b;
}

const seedIndex = (state: KnockoutState, id: string): number => state.entrants.findIndex((e) => e.id === id);

const loserOf = (state: KnockoutState, pairing: Pairing, result: PairingResult): string | null =>
  pairing.b === null ? null : winnerOf(state, pairing, result) === pairing.a ? pairing.b : pairing.a;

/** The number of first-round matches actually played (the rest are byes). */
const playedFirstRound = (state: KnockoutState): number => state.entrants.length - state.size / 2;

const hasConsolation = (state: KnockoutState): boolean => state.consolation && playedFirstRound(state) >= 2;

type Match = readonly [BracketName, number, number];

/** The matches a decided one feeds: the next in its bracket and, from the main first round, the consolation's first. */
function completes(state: KnockoutState, p: Pairing): Match[] {
  if (p.bracket !== 'main' && p.bracket !== 'consolation') return [];
  const slot = (p.slot ?? 0) >> 1;
  const out: Match[] = p.round < (p.bracket === 'main' ? state.rounds : state.rounds - 1) ? [[p.bracket, p.round + 1, slot]] : [];
  if (p.bracket === 'main' && p.round === 1 && hasConsolation(state)) out.push(['consolation', 1, slot]);
  return out;
}

/** Reads the bracket as it stands: who sits where, given the pairings made and the results in. */
class Reader {
  private readonly byId: Map<string, Pairing>;
  private readonly seats = new Map<string, Seat>();
  constructor(private state: KnockoutState) {
    this.byId = new Map(state.pairings.map((p) => [p.id, p]));
  }

  /** The state after `pairing` was made (and maybe scored): forget what it may change. */
  made(state: KnockoutState, pairing: Pairing): void {
    this.state = state;
    this.byId.set(pairing.id, pairing);
    this.seats.clear();
  }

  pairing(id: string): Pairing | undefined {
    return this.byId.get(id);
  }

  /** The player out of match (round, slot) of a bracket; round 0: the bracket's first-round positions. */
  seat(bracket: BracketName, round: number, slot: number): Seat {
    if (round === 0) return this.leaf(bracket, slot);
    const id = pairingId(bracket, round, slot);
    const known = this.seats.get(id);
    if (known) return known;
    const made = this.decided(id);
    let seat: Seat;
    if (made !== undefined) seat = made === null ? 'pending' : { id: made.winner };
    else {
      const x = this.seat(bracket, round - 1, 2 * slot);
      const y = this.seat(bracket, round - 1, 2 * slot + 1);
      seat = x === 'empty' && y === 'empty' ? 'empty' : 'pending';
    }
    this.seats.set(id, seat);
    return seat;
  }

  /** undefined: not made yet; null: made, no result yet. */
  decided(id: string): { winner: string; loser: string | null } | null | undefined {
    const pairing = this.byId.get(id);
    if (!pairing) return undefined;
    const result = resultsOf(this.state).get(id);
    if (!result) return null;
    return { winner: winnerOf(this.state, pairing, result), loser: loserOf(this.state, pairing, result) };
  }

  private leaf(bracket: BracketName, slot: number): Seat {
    if (bracket === 'main') {
      const id = this.state.leaves[slot];
      return id ? { id } : 'empty';
    }
    // The consolation bracket's position k holds the loser of the main bracket's first-round match k.
    const made = this.decided(pairingId('main', 1, slot));
    if (made === undefined || made === null) return 'pending';
    return made.loser === null ? 'empty' : { id: made.loser };
  }
}

export const knockout: Format<KnockoutState> = {
  id: 'knockout',
  minPlayers: 2,
  maxPlayers: 256,

  start(entrants, options) {
    const opened = openBook(entrants, options, knockout);
    if (!opened.ok) return opened;
    const book = opened.value;
    let size = 2;
    while (size < book.entrants.length) size *= 2;
    const leaves = bracketOrder(size).map((seed) => book.entrants[seed - 1]?.id ?? null);
    return ok({ ...book, size, rounds: Math.log2(size), leaves, consolation: options.consolation ?? false, thirdPlace: options.thirdPlace ?? false });
  },

  next(state) {
    let current = state;
    const reader = new Reader(current);
    const games: Pairing[] = [];
    // Only a match one of whose feeders is decided can be made now (all of the first round at the start).
    const work: Match[] = state.pairings.length === 0 ? Array.from({ length: state.size / 2 }, (_, slot): Match => ['main', 1, slot]) : [];
    const results = resultsOf(state);
    for (const p of state.pairings) if (results.has(p.id)) work.push(...completes(state, p));
    // A match made with its result (a bye, a forfeit) feeds the next one at once.
    const make = (pairing: Pairing): void => {
      const absent = [pairing.a, pairing.b].find((id) => id !== null && isWithdrawn(current, id));
      const result = pairing.b === null ? byeResult(pairing) : absent ? forfeitResult(pairing, absent) : undefined;
      current = issue(current, [result ? { pairing, result } : { pairing }]);
      reader.made(current, pairing);
      if (result) work.push(...completes(state, pairing));
      else games.push(pairing);
    };
    for (let i = 0; i < work.length; i++) {
      const [bracket, round, slot] = work[i] as Match;
      const id = pairingId(bracket, round, slot);
      if (reader.pairing(id)) continue;
      const x = reader.seat(bracket, round - 1, 2 * slot);
      const y = reader.seat(bracket, round - 1, 2 * slot + 1);
      if (x === 'pending' || y === 'pending' || (x === 'empty' && y === 'empty')) continue;
      const [a, b] = x === 'empty' ? [y, x] : [x, y];
      if (a === 'empty') continue;
      make({ id, round, a: a.id, b: b === 'empty' ? null : b.id, bracket, slot });
    }
    if (state.thirdPlace && state.rounds >= 2 && !reader.pairing(THIRD)) {
      const semis = [0, 1].map((slot) => reader.decided(pairingId('main', state.rounds - 1, slot)));
      const [x, y] = semis.map((s) => s?.loser);
      if (x && y) make({ id: THIRD, round: state.rounds, a: x, b: y, bracket: 'third', slot: 0 });
    }
    return { state: current, pairings: games };
  },

  record: recordIn,

  withdraw: withdrawIn,

  standings(state) {
    const reader = new Reader(state);
    const games = gamesByPlayer(state);
    const final = reader.decided(pairingId('main', state.rounds, 0));
    const third = reader.decided(THIRD);
    const rows = state.entrants.map((e, seed) => {
      const mine = games.get(e.id) ?? [];
      const won = (bracket: string) => mine.filter((g) => g.pairing.bracket === bracket && winnerOf(state, g.pairing, g.result) === e.id).length;
      const roundsWon = won('main');
      const lostMain = mine.find((g) => g.pairing.bracket === 'main' && winnerOf(state, g.pairing, g.result) !== e.id);
      const played = mine.filter((g) => g.opponent !== null);
      // Places 1–4 come from the final and the match for third; otherwise from the round reached.
      const place =
        final?.winner === e.id
          ? 1
          : final?.loser === e.id
            ? 2
            : third?.winner === e.id
              ? 3
              : third?.loser === e.id
                ? 4
                : lostMain && state.rounds >= 2 && lostMain.pairing.round === state.rounds - 1 && !third
                  ? 3
                  : 5;
      return {
        id: e.id,
        seed,
        place,
        roundsWon,
        stillIn: !lostMain,
        roundOut: lostMain?.pairing.round ?? null,
        consolation: won('consolation'),
        played: played.length,
        won: played.filter((g) => winnerOf(state, g.pairing, g.result) === e.id).length,
        rating: e.rating,
      };
    });
    rows.sort(
      (x, y) => x.place - y.place || y.roundsWon - x.roundsWon || Number(y.stillIn) - Number(x.stillIn) || y.consolation - x.consolation || x.seed - y.seed,
    );
    return rows.map((r, i): Standing => {
      const shared = r.place === 3 && !third ? rows.findIndex((o) => o.place === 3) : i;
      const standing: Standing = {
        rank: shared + 1,
        id: r.id,
        points: r.roundsWon,
        played: r.played,
        won: r.won,
        tieBreaks: { roundReached: r.roundOut ?? Math.min(r.roundsWon + 1, state.rounds), consolation: r.consolation, rating: r.rating },
      };
      return r.roundOut === null ? standing : { ...standing, note: String(r.roundOut) };
    });
  },

  pairings: viewsOf,

  finished(state, now) {
    const { state: after, pairings } = knockout.next(state, { now });
    return pairings.length === 0 && pendingPairings(after).length === 0 && hasResult(after, pairingId('main', state.rounds, 0));
  },
};
