/**
 * Round robin for 3..12 players: Berger tables (the circle method, rounds in Berger's order so seats alternate);
 * with an odd field one player sits out each round. Paired round by round. Tie-breaks: head-to-head,
 * Sonneborn–Berger, points won in matches, rating. Rules in docs/tournaments.md.
 */
import { type Book, forfeitResult, gamesByPlayer, isWithdrawn, issue, ok, openBook, pendingPairings, recordIn, viewsOf, withdrawIn } from './book.js';
import type { Format, Pairing, PairingResult, Standing } from './types.js';

export interface RoundRobinState extends Book {
  readonly rounds: number;
  /** Rounds paired so far. */
  readonly round: number;
}

/**
 * Round `j` (0-based) of a Berger table for `m` (even) places: pairs of place numbers, `a` first. Place m − 1 is
 * fixed and the others turn; taking the turns m/2 apart (mod m − 1) alternates everyone's seats.
 */
export function bergerRound(m: number, j: number): [number, number][] {
  const turn = (j * (m / 2)) % (m - 1);
  const fixed: [number, number] = j % 2 === 0 ? [turn, m - 1] : [m - 1, turn];
  const others = Array.from({ length: m / 2 - 1 }, (_, i): [number, number] => [(turn + i + 1) % (m - 1), (turn - i - 1 + (m - 1)) % (m - 1)]);
  return [fixed, ...others];
}

export const roundRobin: Format<RoundRobinState> = {
  id: 'roundRobin',
  minPlayers: 3,
  maxPlayers: 12,

  start(entrants, options) {
    const opened = openBook(entrants, options, roundRobin);
    if (!opened.ok) return opened;
    const n = entrants.length;
    return ok({ ...opened.value, rounds: n % 2 === 0 ? n - 1 : n, round: 0 });
  },

  next(state) {
    let current = state;
    const games: Pairing[] = [];
    // A round of nothing but forfeits (players withdrawn) is complete at once: go on to the next.
    while (games.length === 0 && current.round < current.rounds && pendingPairings(current).length === 0) {
      const n = current.entrants.length;
      const round = current.round + 1;
      const made = bergerRound(n % 2 === 0 ? n : n + 1, round - 1)
        .filter(([x, y]) => x < n && y < n)
        .map(([x, y], table): { pairing: Pairing; result?: PairingResult } => {
          const pairing: Pairing = {
            id: `r${round}-${table + 1}`,
            round,
            a: current.entrants[x]?.id as string,
            b: current.entrants[y]?.id as string,
            slot: table,
          };
          const absent = [pairing.a, pairing.b as string].find((id) => isWithdrawn(current, id));
          if (absent) return { pairing, result: forfeitResult(pairing, absent) };
          games.push(pairing);
          return { pairing };
        });
      current = { ...issue(current, made), round };
    }
    return { state: current, pairings: games };
  },

  record: recordIn,

  withdraw: withdrawIn,

  standings(state) {
    const games = gamesByPlayer(state);
    const points = new Map(state.entrants.map((e) => [e.id, (games.get(e.id) ?? []).reduce((sum, g) => sum + g.score, 0)]));
    const pts = (id: string | null): number => (id === null ? 0 : (points.get(id) ?? 0));
    const rows = state.entrants.map((e, seed) => {
      const mine = games.get(e.id) ?? [];
      return {
        id: e.id,
        seed,
        points: pts(e.id),
        played: mine.length,
        won: mine.filter((g) => g.score === 1).length,
        // Points in the games among the players level with him on points.
        headToHead: mine.filter((g) => g.opponent !== null && pts(g.opponent) === pts(e.id)).reduce((sum, g) => sum + g.score, 0),
        sonnebornBerger: mine.reduce((sum, g) => sum + g.score * pts(g.opponent), 0),
        pointsWon: mine.reduce((sum, g) => sum + g.pointsFor, 0),
        rating: e.rating,
      };
    });
    rows.sort(
      (x, y) =>
        y.points - x.points ||
        y.headToHead - x.headToHead ||
        y.sonnebornBerger - x.sonnebornBerger ||
        y.pointsWon - x.pointsWon ||
        y.rating - x.rating ||
        x.seed - y.seed,
    );
    return rows.map((r, i): Standing => {
      const standing: Standing = {
        rank: i + 1,
        id: r.id,
        points: r.points,
        played: r.played,
        won: r.won,
        tieBreaks: { headToHead: r.headToHead, sonnebornBerger: r.sonnebornBerger, pointsWon: r.pointsWon, rating: r.rating },
      };
      return isWithdrawn(state, r.id) ? { ...standing, note: 'withdrawn' } : standing;
    });
  },

  pairings: viewsOf,

  finished(state, now) {
    // Rounds of forfeits only are made by `next` without a game: look through them.
    const { state: after, pairings } = roundRobin.next(state, { now });
    return pairings.length === 0 && after.round >= after.rounds && pendingPairings(after).length === 0;
  },
};
