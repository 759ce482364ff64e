/**
 * Swiss: a fixed number of rounds, each paired when the last is complete, by a simplified Dutch system: players in
 * score groups, the top half of a group against its bottom half, the odd one floating down; no repeat pairing
 * while one can be avoided (a bounded backtracking search; failing that, the fewest repeats found); seats balanced;
 * the bye to the lowest-ranked player without one. Tie-breaks: Buchholz Cut-1, Sonneborn–Berger, rating.
 * Rules in docs/tournaments.md.
 */
import { type Book, byeResult, type Game, gamesByPlayer, isWithdrawn, issue, ok, openBook, pendingPairings, recordIn, viewsOf, withdrawIn } from './book.js';
import type { Format, Pairing, Standing } from './types.js';

export interface SwissState extends Book {
  readonly rounds: number;
  /** Rounds paired so far. */
  readonly round: number;
}

/** The tries a round's search may take before it allows more repeats (keeps a 512-player round quick). */
const SEARCH_BUDGET = 20_000;

export const defaultSwissRounds = (players: number): number => Math.max(1, Math.min(players - 1, Math.ceil(Math.log2(players)) + 1));

interface Standing0 {
  readonly points: number;
  readonly seed: number;
  readonly byes: number;
  /** Times in seat `a` less times in seat `b`. */
  readonly balance: number;
  readonly lastSeat: 'a' | 'b' | null;
  readonly met: ReadonlyMap<string, number>;
}

function tally(state: SwissState, games: Map<string, Game[]>): Map<string, Standing0> {
  return new Map(
    state.entrants.map((e, seed) => {
      const mine = games.get(e.id) ?? [];
      const played = mine.filter((g) => g.opponent !== null);
      const met = new Map<string, number>();
      for (const g of played) met.set(g.opponent as string, (met.get(g.opponent as string) ?? 0) + 1);
      const last = played[played.length - 1];
      return [
        e.id,
        {
          points: mine.reduce((sum, g) => sum + g.score, 0),
          seed,
          byes: mine.length - played.length,
          balance: played.reduce((sum, g) => sum + (g.side === 'a' ? 1 : -1), 0),
          lastSeat: last ? last.side : null,
          met,
        },
      ];
    }),
  );
}

/**
 * Pairs `ranked` (even, best first) with at most `maxRepeats` repeated pairings, or null. The first player takes,
 * in order: the middle of his score group downwards, then its upper half upwards, then lower groups (he floats).
 */
function pairUp(ranked: readonly string[], info: Map<string, Standing0>, maxRepeats: number, budget: { steps: number }): [string, string][] | null {
  const points = (id: string): number => info.get(id)?.points ?? 0;
  const search = (rest: readonly string[], repeats: number): [string, string][] | null => {
    const [p, ...others] = rest;
    if (p === undefined) return [];
    // Alone in his score group, he floats down: the players below him in rank order, the next group's top first.
    const group = rest.filter((id) => points(id) === points(p));
    const half = group.length === 1 ? 1 : Math.floor(group.length / 2);
    const inGroup = new Set(group);
    // Within each part, a player both of whose seats would go further out of balance comes last (the Dutch transposition).
    const balance = (id: string): number => info.get(id)?.balance ?? 0;
    const clash = (q: string): number => (Math.sign(balance(p)) === Math.sign(balance(q)) && Math.max(Math.abs(balance(p)), Math.abs(balance(q))) >= 2 ? 1 : 0);
    const byClash = (ids: string[]): string[] =>
      ids
        .map((id, i) => ({ id, i, c: clash(id) }))
        .sort((x, y) => x.c - y.c || x.i - y.i)
        .map((x) => x.id);
    const order = [...byClash(group.slice(half)), ...byClash(group.slice(1, half).reverse()), ...byClash(others.filter((id) => !inGroup.has(id)))];
    for (const q of order) {
      if (--budget.steps < 0) return null;
      const repeat = (info.get(p)?.met.get(q) ?? 0) > 0 ? 1 : 0;
      if (repeats + repeat > maxRepeats) continue;
      const found = search(
        others.filter((id) => id !== q),
        repeats + repeat,
      );
      if (found) return [[p, q], ...found];
      if (budget.steps < 0) return null;
    }
    return null;
  };
  return search(ranked, 0);
}

/** The round's pairs and bye: no repeats if the search finds a way, else the fewest it finds. */
function pairRound(ranked: readonly string[], info: Map<string, Standing0>): { pairs: [string, string][]; bye: string | null } {
  // The bye goes to the lowest-ranked player without one, unless that forces a repeat another choice avoids.
  const byeChoices: (string | null)[] = ranked.length % 2 === 0 ? [null] : [...ranked].reverse().filter((id) => (info.get(id)?.byes ?? 0) === 0);
  if (byeChoices.length === 0) byeChoices.push(ranked[ranked.length - 1] as string);
  // Repeats allowed: 0, then 1, 2, 4 … (few tries on a large field), each try with a fresh search budget.
  for (let maxRepeats = 0; ; maxRepeats = Math.max(1, 2 * maxRepeats)) {
    const budget = { steps: SEARCH_BUDGET };
    const allowed = maxRepeats >= ranked.length / 2 ? Infinity : maxRepeats;
    for (const bye of maxRepeats === 0 ? byeChoices : byeChoices.slice(0, 1)) {
      const pairs = pairUp(bye === null ? ranked : ranked.filter((id) => id !== bye), info, allowed, budget);
      if (pairs) return { pairs, bye };
    }
  }
}

/** Seat `a` to the player who had it less; then to the one who had `b` last; then by board, alternating. */
function seat([p, q]: [string, string], board: number, info: Map<string, Standing0>): [string, string] {
  const x = info.get(p) as Standing0;
  const y = info.get(q) as Standing0;
  if (x.balance !== y.balance) return x.balance < y.balance ? [p, q] : [q, p];
  if (x.lastSeat !== y.lastSeat && x.lastSeat !== null && y.lastSeat !== null) return x.lastSeat === 'b' ? [p, q] : [q, p];
  return board % 2 === 0 ? [p, q] : [q, p];
}

const activeOf = (state: SwissState): string[] => state.entrants.map((e) => e.id).filter((id) => !isWithdrawn(state, id));

export const swiss: Format<SwissState> = {
  id: 'swiss',
  minPlayers: 2,
  maxPlayers: 512,

  start(entrants, options) {
    const opened = openBook(entrants, options, swiss);
    if (!opened.ok) return opened;
    const n = entrants.length;
    const rounds = Math.max(1, Math.min(n - 1, options.rounds ?? defaultSwissRounds(n)));
    return ok({ ...opened.value, rounds, round: 0 });
  },

  next(state) {
    const active = activeOf(state);
    if (pendingPairings(state).length > 0 || state.round >= state.rounds || active.length < 2) return { state, pairings: [] };
    const info = tally(state, gamesByPlayer(state));
    const rank = (id: string): Standing0 => info.get(id) as Standing0;
    const ranked = [...active].sort((x, y) => rank(y).points - rank(x).points || rank(x).seed - rank(y).seed);
    const round = state.round + 1;
    const { pairs, bye } = pairRound(ranked, info);
    const games: Pairing[] = pairs.map((pair, board) => {
      const [a, b] = seat(pair, board, info);
      return { id: `r${round}-${board + 1}`, round, a, b, slot: board };
    });
    const made: { pairing: Pairing; result?: ReturnType<typeof byeResult> }[] = games.map((pairing) => ({ pairing }));
    if (bye !== null) {
      const pairing: Pairing = { id: `r${round}-bye`, round, a: bye, b: null, slot: games.length };
      made.push({ pairing, result: byeResult(pairing) });
    }
    return { state: { ...issue(state, made), round }, pairings: games };
  },

  record: recordIn,

  withdraw: withdrawIn,

  standings(state) {
    const games = gamesByPlayer(state);
    const info = tally(state, games);
    const points = (id: string | null): number => (id === null ? 0 : (info.get(id)?.points ?? 0));
    const rows = state.entrants.map((e, seed) => {
      const mine = games.get(e.id) ?? [];
      // A bye counts as an opponent with no points, so Cut-1 usually drops it.
      const opponents = mine.map((g) => points(g.opponent)).sort((x, y) => x - y);
      const played = mine.filter((g) => g.opponent !== null);
      return {
        id: e.id,
        seed,
        points: points(e.id),
        played: played.length,
        won: played.filter((g) => g.score === 1).length,
        buchholzCut1: opponents.slice(1).reduce((sum, x) => sum + x, 0),
        sonnebornBerger: mine.reduce((sum, g) => sum + g.score * points(g.opponent), 0),
        rating: e.rating,
      };
    });
    rows.sort(
      (x, y) => y.points - x.points || y.buchholzCut1 - x.buchholzCut1 || y.sonnebornBerger - x.sonnebornBerger || y.rating - x.rating || x.seed - y.seed,
    );
    return rows.map((r, i): Standing => {
      const standing: Standing = {
        rank: i + 1,
        id: r.id,
        points: r.points,
        played: r.played,
        won: r.won,
        tieBreaks: { buchholzCut1: r.buchholzCut1, sonnebornBerger: r.sonnebornBerger, rating: r.rating },
      };
      return isWithdrawn(state, r.id) ? { ...standing, note: 'withdrawn' } : standing;
    });
  },

  pairings: viewsOf,

  finished(state) {
    return pendingPairings(state).length === 0 && (state.round >= state.rounds || activeOf(state).length < 2);
  },
};
