import type { MatchEquityTable } from './met.js';
import { interpolate, solve, type Anchor } from './piecewise.js';

/**
 * How long-nardy games end, as measured in self-play (`train/met-long-main.ts`): the share of won games that
 * are a mars (2 points, L24) and that are worth 3 (home mars or koks, L25 options; 0 without them), the rest
 * oin (1). Plus the starter's single-game win chance (L3/L4; the winner of a game starts the next).
 */
export interface LongGameRates {
  readonly mars: number;
  readonly triple?: number;
  /** Default 0.5: the usual symmetric table. */
  readonly starterWin?: number;
}

export interface LongMetOptions {
  /** Points to the table's edge (default 25, the longest match G6 allows). */
  readonly length?: number;
  /** G3: no one doubles past it (default 64). */
  readonly maxCube?: number;
}

type Owner = 'centre' | 'me' | 'them';

/**
 * A match equity table for long nardy by the standard recursive method (Zadeh's continuous-game model, as in
 * the tables of Kazaross and Rockwell before their rollouts), from the single-game rates alone:
 *
 * - **post-Crawford** (`postCrawford[j − 1]`): the trailer j-away doubles at once; the 1-away leader takes, or
 *   drops when that is better for him (the free drop at even scores); a won game counts 1, 2 or 3 times the cube
 *   by the rates;
 * - **Crawford game** (row and column 1): no cube (G3);
 * - **before Crawford**: a game is a continuous process in the win chance p; its match winning chance is linear
 *   in p between the points where a cube action happens. A side doubles exactly at its opponent's take point
 *   (there the opponent is indifferent between taking and passing: no market is lost in a continuous game),
 *   so each curve runs from the opponent's doubling point (or p = 0) to its own (or p = 1); a take point is
 *   where the taker's curve one cube level up, as owner, meets the value of passing. Redoubles are followed
 *   until the cube is dead (a side needing no more than the cube, the max cube).
 *
 * Each entry is the chance of the player whose it is at the start of a game **he starts** (L3: the winner of a
 * game starts the next), except the Crawford game's column 1, where the 1-away leader starts. With `starterWin` 0.5 this is the usual
 * table (symmetric, 50 % at 1-away/1-away). Simplification, as in Zadeh's model: a side too good to double
 * (playing on for mars) is not modelled.
 */
export function longMatchEquityTable(rates: LongGameRates, options: LongMetOptions = {}): MatchEquityTable {
  const n = options.length ?? 25;
  const maxCube = options.maxCube ?? 64;
  const s = rates.starterWin ?? 0.5;
  const triple = rates.triple ?? 0;
  const shares: readonly (readonly [points: number, share: number])[] = [
    [1, 1 - rates.mars - triple],
    [2, rates.mars],
    [3, triple],
  ];
  if (shares.some(([, x]) => x < 0 || x > 1)) throw new RangeError('mars and triple shares must lie in 0..1 and sum to at most 1');

  // Post-Crawford: the trailer's chance at j-away, starting the game (he won the last one).
  const post: number[] = [1, s];
  const postAt = (j: number): number => (j <= 0 ? 1 : post[j]!);
  for (let j = 2; j <= n; j++) {
    const take = s * shares.reduce((sum, [k, x]) => sum + x * postAt(j - 2 * k), 0);
    post[j] = Math.min(take, postAt(j - 1));
  }
  // The Crawford game: the 1-away leader starts (he just won), no cube; a trailer's win leads to post-Crawford.
  const crawford = (j: number): number => s + (1 - s) * shares.reduce((sum, [k, x]) => sum + x * (1 - postAt(j - k)), 0);

  const pre = new Map<number, number>();
  /** My chance at i-away against j-away at the start of a game I start, the match still before Crawford. */
  const start = (i: number, j: number): number => {
    if (i <= 0) return 1;
    if (j <= 0) return 0;
    if (i === 1 && j === 1) return s;
    if (i === 1) return crawford(j);
    if (j === 1) return 1 - crawford(i);
    const key = i * 1000 + j;
    let value = pre.get(key);
    if (value === undefined) {
      value = interpolate(gameCurve(i, j, 'centre', 1), s);
      pre.set(key, value);
    }
    return value;
  };
  // After this game: I won (and start the next) or my opponent won (and starts it).
  const won = (i: number, j: number, points: number): number => start(i - points, j);
  const lost = (i: number, j: number, points: number): number => 1 - start(j - points, i);
  const mix = (result: (points: number) => number, cube: number): number => shares.reduce((sum, [k, x]) => (x > 0 ? sum + x * result(k * cube) : sum), 0);

  /** My match winning chance against my game win chance p, cube `cube` owned by `owner` (see above). */
  const gameCurve = (i: number, j: number, owner: Owner, cube: number): Anchor[] => {
    const live = 2 * cube <= maxCube;
    let low: Anchor = { p: 0, value: mix((k) => lost(i, j, k), cube) };
    let high: Anchor = { p: 1, value: mix((k) => won(i, j, k), cube) };
    if (live && owner !== 'me' && j > cube) {
      const passed = lost(i, j, cube);
      low = { p: solve(gameCurve(i, j, 'me', 2 * cube), passed), value: passed };
    }
    if (live && owner !== 'them' && i > cube) {
      const cashed = won(i, j, cube);
      high = { p: solve(gameCurve(i, j, 'them', 2 * cube), cashed), value: cashed };
    }
    if (low.p >= high.p)
      return [
        { p: 0, value: low.value },
        { p: 1, value: high.value },
      ]; // no doubling window: the cube is left out
    return [{ p: 0, value: low.value }, low, high, { p: 1, value: high.value }];
  };

  const range = Array.from({ length: n }, (_, k) => k + 1);
  return {
    name: `long-nardy-${n}`,
    notice: `Computed by longMatchEquityTable (Zadeh's model) from mars ${rates.mars}, triple ${triple}, starter ${s}.`,
    preCrawford: range.map((i) => range.map((j) => start(i, j))),
    postCrawford: range.map((j) => post[j]!),
  };
}
