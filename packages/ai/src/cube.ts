import { DEFAULT_SCORING, seatToPlay, type MatchState, type Position, type ScoringSettings } from '@nardy/engine';
import { cubeEfficiency } from './cube/efficiency.js';
import { decideCube, type CubeAction, type CubeResponse } from './cube/decide.js';
import type { MatchEquityTable, MatchStage } from './cube/met.js';
import type { CubeEquities, CubeOwner } from './cube/money.js';
import { MAX_CUBE, type PlayCube } from './cubeful-play.js';
import { matchTableFor } from './cube/met-for-variant.js';
import { staticEvaluator } from './evaluator.js';
import type { Probabilities } from './probabilities.js';

export * from './cube/index.js';

/** The cube as the side on roll sees it. */
export interface CubeView {
  /** The current stake multiplier (1, 2, 4 …). */
  readonly value: number;
  /** Who may double: `centred` (either), `onRoll` (the side on roll owns it), `opponent`. */
  readonly owner: CubeOwner;
}

/** The match or money context of a cube decision. */
export interface CubeContext {
  /** Points needed to win the match by the side on roll and by its opponent; omit for money play. */
  readonly away?: { readonly onRoll: number; readonly opponent: number };
  /** Match play: the Crawford stage of this game (G3); default `preCrawford`. */
  readonly stage?: MatchStage;
  /** Match play: whether the Crawford rule is in force (default true). */
  readonly crawfordRule?: boolean;
  /** Money play: the Jacoby rule — mars and koks count one while the cube is centred and never turned (G3). */
  readonly jacoby?: boolean;
  /** Money play: beavers allowed (G3). */
  readonly beaver?: boolean;
  /** The max cube (G3; default 64). */
  readonly maxCube?: number;
  readonly scoring?: ScoringSettings;
  /** The evaluator giving the side on roll's probabilities (default: the variant's 0-ply `staticEvaluator`). */
  readonly evaluator?: (position: Position) => Probabilities;
  /** Cube efficiency x; default `cubeEfficiency(position)` (by position class). */
  readonly efficiency?: number;
  /** Match equity table (default the variant's: `matchTableFor`, long nardy its own, the others Kazaross-XG2). */
  readonly met?: MatchEquityTable;
}

export interface CubeDecision {
  /** What the side on roll should do before rolling: double, not double, or play on because it is too good. */
  readonly action: CubeAction;
  /** How its opponent should answer a double. */
  readonly response: CubeResponse;
  /** Money with beavers: how the doubler should answer a beaver. */
  readonly beaverResponse: 'take' | 'pass';
  /** The doubler's cubeful equities (no double, double/take, double/pass, optimal) per unit of the current cube. */
  readonly equities: CubeEquities;
  /** Match play: the same as match winning chances. */
  readonly mwc?: { readonly noDouble: number; readonly take: number; readonly pass: number };
  /** The evaluation it was based on (side on roll) and the cube efficiency used. */
  readonly probabilities: Probabilities;
  readonly efficiency: number;
}

/**
 * The cube decision for the side on roll: the evaluator's probabilities (by default the variant's 0-ply
 * `staticEvaluator`, i.e. the trained nets; a deeper search plugs in through `context.evaluator`), the position's
 * cube efficiency, then `decideCube` — Janowski's
 * cubeful money equities, or in match play (`away` given) match winning chances from the match equity table,
 * with Crawford, the dead cube past the match's end, Jacoby and beavers as the context says.
 */
export function cubeDecision(position: Position, cube: CubeView, context: CubeContext = {}): CubeDecision {
  const scoring = context.scoring ?? DEFAULT_SCORING;
  const p = context.evaluator ? context.evaluator(position) : staticEvaluator(position.variant, scoring)(position);
  const efficiency = context.efficiency ?? cubeEfficiency(position);
  const away = context.away;
  const v = decideCube(p, {
    value: cube.value,
    owner: cube.owner,
    efficiency,
    ceiling: scoring.ceiling,
    maxCube: context.maxCube ?? MAX_CUBE,
    ...(away
      ? {
          match: {
            away: away.onRoll,
            opponentAway: away.opponent,
            stage: context.stage ?? 'preCrawford',
            crawfordRule: context.crawfordRule ?? true,
          },
          met: context.met ?? matchTableFor(position.variant),
        }
      : { jacoby: context.jacoby === true && cube.owner === 'centred', beaver: context.beaver === true }),
  });
  return {
    action: v.action,
    response: v.response,
    beaverResponse: v.beaverResponse,
    equities: v.equities,
    ...(v.mwc ? { mwc: v.mwc } : {}),
    probabilities: p,
    efficiency,
  };
}

/**
 * The inputs of `cubeDecision` for the seat to play in a match (phases `turnStart` and `cubeOffered`): the
 * position, the cube from that seat's view (before any pending offer) and the context — match: the points each
 * needs and the Crawford stage; money: Jacoby while the cube was never turned, beavers, as the table says.
 */
export function cubeInputsOf(state: MatchState): { position: Position; cube: CubeView; context: CubeContext } {
  const g = state.game;
  const seat = seatToPlay(g);
  const s = state.settings;
  const owner = g.cube.owner === null ? 'centred' : g.cube.owner === seat ? 'onRoll' : 'opponent';
  const other = seat === 'p1' ? 'p2' : 'p1';
  const base = { scoring: s, maxCube: s.cube.maxValue };
  let context: CubeContext;
  if (s.matchLength > 0) {
    const away = { onRoll: s.matchLength - state.score[seat], opponent: s.matchLength - state.score[other] };
    const stage: MatchStage = g.crawford ? 'crawford' : Math.min(away.onRoll, away.opponent) <= 1 ? 'postCrawford' : 'preCrawford';
    context = { ...base, away, stage, crawfordRule: s.crawford };
  } else {
    context = { ...base, jacoby: s.cube.jacoby && !g.cube.turned, beaver: s.cube.beaver };
  }
  return { position: g.position, cube: { value: g.cube.value, owner }, context };
}

/** The cube a turn is played under (`ChooseOptions.cube`), from the inputs of a cube decision in the same game. */
export function playCubeOf(cube: CubeView, context: CubeContext): PlayCube {
  const { away, stage, crawfordRule, jacoby, maxCube, met } = context;
  const match = away
    ? { away, ...(stage ? { stage } : {}), ...(crawfordRule !== undefined ? { crawfordRule } : {}), ...(met ? { met } : {}) }
    : { ...(jacoby !== undefined ? { jacoby } : {}) };
  return { value: cube.value, owner: cube.owner, ...(maxCube !== undefined ? { maxCube } : {}), ...match };
}
