import type { Ceiling, Probabilities } from '../probabilities.js';
import { matchEquity, type MatchEquityTable, type MatchStage } from './met.js';
import type { CubeEquities, CubeOwner } from './money.js';
import { conditionalOutcomes, outcomes, type Outcome } from './outcomes.js';
import { interpolate, liveCurve, solve, type Anchor } from './piecewise.js';

/** The score of a match as the side on roll sees it. */
export interface MatchScore {
  /** Points the side on roll still needs, and its opponent. */
  readonly away: number;
  readonly opponentAway: number;
  /** Crawford stage of the game being played (G3). */
  readonly stage: MatchStage;
  /** Whether the match uses the Crawford rule (G3; on by default). */
  readonly crawfordRule?: boolean;
}

/** Everything besides the probabilities that match-play cube equities depend on. */
export interface MatchCubeOptions {
  readonly met: MatchEquityTable;
  readonly ceiling?: Ceiling;
  /** The max cube (G3): no one doubles past it. */
  readonly maxCube?: number;
}

/**
 * The match winning chance after this game, when the side on roll wins `points` (< 0: loses). The next game is
 * the Crawford game if this one was before Crawford and leaves a player 1-away (and the rule is on);
 * otherwise a 1-away score is post-Crawford.
 */
export function mwcAfter(met: MatchEquityTable, score: MatchScore, points: number): number {
  const post = score.stage !== 'preCrawford' || score.crawfordRule === false;
  return points >= 0 ? matchEquity(met, score.away - points, score.opponentAway, post) : matchEquity(met, score.away, score.opponentAway + points, post);
}

/** The dead-cube match winning chance: each result of the game at cube value `cube`, weighted by its chance. */
export function deadCubeMwc(p: Probabilities, score: MatchScore, cube: number, options: MatchCubeOptions): number {
  return expected(outcomes(p, options.ceiling), score, cube, options.met);
}

const expected = (results: readonly Outcome[], score: MatchScore, cube: number, met: MatchEquityTable): number =>
  results.reduce((s, o) => s + o.chance * mwcAfter(met, score, o.points * cube), 0);

/**
 * Whether a side may usefully double a cube of value `cube` (G3): not in the Crawford game, not past the max
 * cube, and only while winning `cube` points would not already win it the match (past that the cube is dead
 * for it: a double could only hand the opponent the cube).
 */
export function mayDoubleInMatch(score: MatchScore, side: 'onRoll' | 'opponent', cube: number, maxCube = Infinity): boolean {
  const away = side === 'onRoll' ? score.away : score.opponentAway;
  return score.stage !== 'crawford' && 2 * cube <= maxCube && away > cube;
}

/**
 * Janowski's fully live cube in match play, as a curve of the side on roll's match winning chance against its
 * win chance p (the split of wins and losses into single, mars and koks held fixed): from (0, MWC if it loses)
 * to (1, MWC if it wins), through the take point (the opponent doubles it out: MWC after losing `cube`) and the
 * cash point (it doubles the opponent out: MWC after winning `cube`). Take and cash points come from the
 * curves one cube level up — where the taker owns the cube — solved for the value of passing, so redoubles are
 * followed recursively until the cube is dead (a side needing no more than the cube, the max cube, Crawford).
 */
export function liveMatchCurve(p: Probabilities, score: MatchScore, owner: CubeOwner, cube: number, options: MatchCubeOptions): Anchor[] {
  const { wins, losses } = conditionalOutcomes(p, options.ceiling);
  const memo = new Map<string, Anchor[]>();
  const curve = (o: CubeOwner, v: number): Anchor[] => {
    const key = `${o}${v}`;
    const known = memo.get(key);
    if (known) return known;
    const passed = mwcAfter(options.met, score, -v);
    const cashed = mwcAfter(options.met, score, v);
    const take = o !== 'onRoll' && mayDoubleInMatch(score, 'opponent', v, options.maxCube) ? { p: solve(curve('onRoll', 2 * v), passed), value: passed } : null;
    const cash =
      o !== 'opponent' && mayDoubleInMatch(score, 'onRoll', v, options.maxCube) ? { p: solve(curve('opponent', 2 * v), cashed), value: cashed } : null;
    const result = liveCurve(expected(losses, score, v, options.met), expected(wins, score, v, options.met), take, cash);
    memo.set(key, result);
    return result;
  };
  return curve(owner, cube);
}

/**
 * Cubeful match winning chance, the generalisation of Janowski's formula gnubg's manual describes:
 * MWC = x·MWC_live + (1 − x)·MWC_dead.
 */
export function cubefulMwc(p: Probabilities, score: MatchScore, owner: CubeOwner, cube: number, x: number, options: MatchCubeOptions): number {
  const live = interpolate(liveMatchCurve(p, score, owner, cube, options), p.win);
  return x * live + (1 - x) * deadCubeMwc(p, score, cube, options);
}

/**
 * A match winning chance as an equity per unit of the cube `cube` (gnubg's "normalised" match equity): −1 at the
 * MWC of losing `cube` points, +1 at that of winning them, linear in between (and beyond).
 */
export function mwcToEquity(mwc: number, score: MatchScore, cube: number, met: MatchEquityTable): number {
  const lose = mwcAfter(met, score, -cube);
  const win = mwcAfter(met, score, cube);
  return win > lose ? (2 * (mwc - lose)) / (win - lose) - 1 : 0;
}

/** The inverse of `mwcToEquity`. */
export function equityToMwc(equity: number, score: MatchScore, cube: number, met: MatchEquityTable): number {
  const lose = mwcAfter(met, score, -cube);
  const win = mwcAfter(met, score, cube);
  return lose + ((equity + 1) / 2) * (win - lose);
}

/** Match-play cube equities: the three match winning chances and the same as normalised equities. */
export interface MatchCubeEquities extends Omit<CubeEquities, 'optimal'> {
  readonly mwc: { readonly noDouble: number; readonly take: number; readonly pass: number };
}

/**
 * The match cube decision's numbers for the side on roll with cube `cube`: no double (cube as it is), double/take
 * (the opponent owns it at 2·cube), double/pass (MWC after winning `cube`), as MWC and normalised to `cube`.
 */
export function matchCubeEquities(
  p: Probabilities,
  score: MatchScore,
  owner: CubeOwner,
  cube: number,
  x: number,
  options: MatchCubeOptions,
): MatchCubeEquities {
  const mwc = {
    noDouble: cubefulMwc(p, score, owner, cube, x, options),
    take: cubefulMwc(p, score, 'opponent', 2 * cube, x, options),
    pass: mwcAfter(options.met, score, cube),
  };
  const eq = (m: number): number => mwcToEquity(m, score, cube, options.met);
  return { mwc, noDouble: eq(mwc.noDouble), take: eq(mwc.take), pass: eq(mwc.pass) };
}
