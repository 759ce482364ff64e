import { otherSeat, type MatchState, type Seat } from '@nardy/engine';
import { matchEquity } from '../cube/met.js';
import { matchTableFor } from '../cube/met-for-variant.js';
import { ratingOf } from './marks.js';
import type { AnalyseOptions, Decision, GameAnalysis, MatchAnalysis, PlayerStats, ResignDecision } from './types.js';

/** The figures per game and for the match (docs/analysis.md), from the decisions and the match's results. */
export function summarise(
  final: MatchState,
  decisions: readonly Decision[],
  resignations: readonly ResignDecision[],
  ply: number,
  options: AnalyseOptions,
): MatchAnalysis {
  const settings = final.settings;
  const isMatch = settings.matchLength > 0;
  const names = { p1: options.names?.p1 ?? 'p1', p2: options.names?.p2 ?? 'p2' };
  // What each game won, per seat: points (money) or match winning chance gained (match).
  const mwcAt = (score: { p1: number; p2: number }, seat: Seat, gameNumber: number): number => {
    const post = !settings.crawford || (final.crawfordGame !== null && gameNumber > final.crawfordGame);
    const n = settings.matchLength;
    return matchEquity(matchTableFor(settings.variant), n - score[seat], n - score[otherSeat(seat)], post);
  };
  const results = new Map<number, { p1: number; p2: number }>();
  const score = { p1: 0, p2: 0 };
  for (const r of final.games) {
    if (isMatch) {
      const before = { p1: mwcAt(score, 'p1', r.number), p2: mwcAt(score, 'p2', r.number) };
      score.p1 += r.points.p1;
      score.p2 += r.points.p2;
      results.set(r.number, { p1: mwcAt(score, 'p1', r.number + 1) - before.p1, p2: mwcAt(score, 'p2', r.number + 1) - before.p2 });
    } else {
      results.set(r.number, { p1: r.points.p1 - r.points.p2, p2: r.points.p2 - r.points.p1 });
    }
  }
  const numbers = [...new Set([...decisions.map((d) => d.game), ...final.games.map((g) => g.number)])].sort((a, b) => a - b);
  const games: GameAnalysis[] = numbers.map((game) => {
    const own = decisions.filter((d) => d.game === game);
    const resigns = resignations.filter((d) => d.game === game);
    const r = results.get(game) ?? { p1: 0, p2: 0 };
    const ended = final.games.find((g) => g.number === game);
    return {
      game,
      players: [stats(own, resigns, 'p1', names.p1, r.p1, isMatch), stats(own, resigns, 'p2', names.p2, r.p2, isMatch)],
      end: ended ? { winner: ended.winner, how: ended.end, points: ended.winner ? ended.points[ended.winner] : ended.points.p1 } : null,
    };
  });
  let matchResult = { p1: 0, p2: 0 };
  if (isMatch) {
    const start = { p1: mwcAt({ p1: 0, p2: 0 }, 'p1', 1), p2: mwcAt({ p1: 0, p2: 0 }, 'p2', 1) };
    const w = final.end?.winner;
    const last = final.game.number + (final.phase === 'opening' ? 0 : 1);
    const end = w ? { p1: w === 'p1' ? 1 : 0, p2: w === 'p2' ? 1 : 0 } : { p1: mwcAt(final.score, 'p1', last), p2: mwcAt(final.score, 'p2', last) };
    matchResult = { p1: end.p1 - start.p1, p2: end.p2 - start.p2 };
  } else {
    matchResult = { p1: final.score.p1 - final.score.p2, p2: final.score.p2 - final.score.p1 };
  }
  return {
    variant: settings.variant,
    matchLength: settings.matchLength,
    ply,
    decisions,
    resignations,
    games,
    players: [stats(decisions, resignations, 'p1', names.p1, matchResult.p1, isMatch), stats(decisions, resignations, 'p2', names.p2, matchResult.p2, isMatch)],
    end: final.end,
  };
}

const rate = (error: number, count: number): number | null => (count > 0 ? (1000 * error) / count : null);

/** One player's figures over `decisions` (a game's or the match's); `result` is what he won there. */
function stats(
  decisions: readonly Decision[],
  resignations: readonly ResignDecision[],
  seat: Seat,
  name: string,
  result: number,
  isMatch: boolean,
): PlayerStats {
  let unforcedMoves = 0;
  let unforcedCube = 0;
  let chequerError = 0;
  let cubeError = 0;
  let errorMwc = 0;
  const marks = { doubtful: 0, bad: 0, veryBad: 0 };
  // Luck in points (money) or match winning chances (match), own throws minus the opponent's.
  let luck = 0;
  let luckMwc = 0;
  let luckEdge = 0;
  for (const d of decisions) {
    if (d.kind === 'move' && d.luck) {
      const sign = d.player === seat ? 1 : -1;
      if (d.player === seat) {
        luck += d.luck.luck;
        luckMwc += d.luck.luckMwc ?? 0;
      }
      luckEdge += sign * (isMatch ? (d.luck.luckMwc ?? 0) : d.luck.luck * d.cubeValue);
    }
    if (d.player !== seat) continue;
    if (d.mark !== 'none') marks[d.mark]++;
    if (!d.unforced) continue;
    errorMwc += d.errorMwc ?? 0;
    if (d.kind === 'move') {
      unforcedMoves++;
      chequerError += d.error;
    } else {
      unforcedCube++;
      cubeError += d.error;
    }
  }
  const unforced = unforcedMoves + unforcedCube;
  const errorRate = rate(chequerError + cubeError, unforced);
  return {
    name,
    seat,
    unforcedMoves,
    unforcedCube,
    chequerError,
    cubeError,
    chequerErrorRate: rate(chequerError, unforcedMoves),
    cubeErrorRate: rate(cubeError, unforcedCube),
    errorRate,
    ...(isMatch ? { errorRateMwc: rate(errorMwc, unforced) } : {}),
    pr: errorRate === null ? null : errorRate / 2,
    marks,
    luck,
    ...(isMatch ? { luckMwc } : {}),
    result,
    luckAdjustedResult: result - luckEdge,
    rating: ratingOf(errorRate),
    resignError: resignations.reduce((sum, d) => sum + (d.player === seat ? d.error : 0), 0),
  };
}
