/**
 * Arena (as lichess): until `endsAt`, every idle player is paired again at once with the idle player nearest him
 * in score, not his last opponent while another is free. 2 points a win, 1 a draw, 0 a loss; after two wins in a
 * row a win scores 4 until a game is not won. Standings by points, then performance. Rules in docs/tournaments.md.
 */
import { type Book, fail, type Game, gamesByPlayer, isWithdrawn, issue, ok, openBook, pendingPairings, recordIn, viewsOf, withdrawIn } from './book.js';
import type { Format, Pairing, Standing } from './types.js';

export interface ArenaState extends Book {
  readonly endsAt: number;
}

interface Score {
  readonly points: number;
  /** Games won in a row, up to now. */
  readonly streak: number;
  readonly lastOpponent: string | null;
  /** Times in seat `a` less times in seat `b`. */
  readonly balance: number;
}

/** A player's arena score from his games in the order played (one at a time, so the order made). */
function scoreOf(games: readonly Game[]): Score {
  let points = 0;
  let streak = 0;
  for (const g of games) {
    if (g.score === 1) {
      points += streak >= 2 ? 4 : 2;
      streak++;
    } else {
      points += g.score === 0.5 ? 1 : 0;
      streak = 0;
    }
  }
  const last = games[games.length - 1];
  return { points, streak, lastOpponent: last?.opponent ?? null, balance: games.reduce((sum, g) => sum + (g.side === 'a' ? 1 : -1), 0) };
}

export const arena: Format<ArenaState> = {
  id: 'arena',
  minPlayers: 2,
  maxPlayers: 1000,

  start(entrants, options) {
    if (options.endsAt === undefined) return fail('BAD_FIELD', 'an arena needs endsAt');
    const opened = openBook(entrants, options, arena);
    if (!opened.ok) return opened;
    return ok({ ...opened.value, endsAt: options.endsAt });
  },

  next(state, { now, idle = [] }) {
    if (now >= state.endsAt) return { state, pairings: [] };
    const busy = new Set(pendingPairings(state).flatMap((p) => [p.a, p.b]));
    const seedOf = new Map(state.entrants.map((e, i) => [e.id, i]));
    const games = gamesByPlayer(state);
    const scores = new Map(
      [...new Set(idle)].filter((id) => seedOf.has(id) && !busy.has(id) && !isWithdrawn(state, id)).map((id) => [id, scoreOf(games.get(id) ?? [])]),
    );
    const score = (id: string): Score => scores.get(id) as Score;
    const waiting = [...scores.keys()].sort((x, y) => score(y).points - score(x).points || (seedOf.get(x) ?? 0) - (seedOf.get(y) ?? 0));
    const made: Pairing[] = [];
    while (waiting.length >= 2) {
      const p = waiting.shift() as string;
      // Nearest in score, then in rank; a rematch of the last game only when nobody else is free.
      const rematch = (q: string): boolean => score(p).lastOpponent === q || score(q).lastOpponent === p;
      const choices = waiting
        .map((q, i) => ({ q, i, cost: Math.abs(score(p).points - score(q).points) }))
        .sort((x, y) => Number(rematch(x.q)) - Number(rematch(y.q)) || x.cost - y.cost || x.i - y.i);
      const q = choices[0]?.q as string;
      waiting.splice(waiting.indexOf(q), 1);
      const [a, b] = score(q).balance < score(p).balance ? [q, p] : [p, q];
      const number = state.pairings.length + made.length + 1;
      made.push({ id: `a${number}`, round: number, a, b });
    }
    return {
      state: issue(
        state,
        made.map((pairing) => ({ pairing })),
      ),
      pairings: made,
    };
  },

  record: recordIn,

  withdraw: withdrawIn,

  standings(state) {
    const games = gamesByPlayer(state);
    const rating = new Map(state.entrants.map((e) => [e.id, e.rating]));
    const rows = state.entrants.map((e, seed) => {
      const mine = games.get(e.id) ?? [];
      const { points, streak } = scoreOf(mine);
      const won = mine.filter((g) => g.score === 1).length;
      const lost = mine.filter((g) => g.score === 0).length;
      // Lichess's performance: the opponents' mean rating, ±500 for the balance of wins and losses.
      const performance =
        mine.length === 0
          ? 0
          : Math.round(mine.reduce((sum, g) => sum + (rating.get(g.opponent ?? '') ?? 0), 0) / mine.length + (500 * (won - lost)) / mine.length);
      return { id: e.id, seed, points, streak, played: mine.length, won, performance };
    });
    rows.sort((x, y) => y.points - x.points || y.performance - x.performance || x.seed - y.seed);
    return rows.map((r, i): Standing => ({
      rank: i + 1,
      id: r.id,
      points: r.points,
      played: r.played,
      won: r.won,
      tieBreaks: { performance: r.performance },
      note: String(r.streak),
    }));
  },

  pairings: viewsOf,

  finished(state, now) {
    return now >= state.endsAt && pendingPairings(state).length === 0;
  },
};
