import { err, isPowerOfTwo, isRecord, ok, type Position, type Result } from '@nardy/engine';
import { cubeEfficiency } from './cube/efficiency.js';
import { cubefulMwc, mwcToEquity, type MatchScore } from './cube/match.js';
import { matchTableFor } from './cube/met-for-variant.js';
import type { MatchEquityTable, MatchStage } from './cube/met.js';
import { moneyEquity, type CubeOwner } from './cube/money.js';
import type { Ceiling, Probabilities } from './probabilities.js';

/** Default max cube (G3). */
export const MAX_CUBE = 64;

/**
 * The cube a turn is played under, as the side to move sees it (G3): its value and owner, and for match play
 * the score (`away`, the Crawford stage); money play may have the Jacoby rule. Plain data, so that it travels in
 * a bot request.
 */
export interface PlayCube {
  readonly value: number;
  readonly owner: CubeOwner;
  /** Match play: points the side to move still needs, and its opponent. Absent: money play. */
  readonly away?: { readonly onRoll: number; readonly opponent: number };
  readonly stage?: MatchStage;
  readonly crawfordRule?: boolean;
  /** Money play: mars and koks count one while the cube is centred and never turned. */
  readonly jacoby?: boolean;
  readonly maxCube?: number;
  /** Match equity table; default the variant's (`matchTableFor`: long nardy its own, the others Kazaross-XG2). */
  readonly met?: MatchEquityTable;
}

/**
 * How a turn's result is scored under the cube: gnubg's cubeful chequer play. Money: Janowski's cubeful equity
 * (`moneyEquity`) per unit of the cube; match: the cubeful match winning chance (`cubefulMwc`) as an equity per
 * unit of the cube (`mwcToEquity`, gnubg's normalised equity), so that move filters keep their units. Near a
 * double or a pass winning chances are worth more and mars less than cubeless equity says; at a match score
 * mars may be worth nothing (the side that leads 1-away) or double.
 *
 * `p` is the mover's five numbers after the turn, `after` the result (the opponent on roll); the cube
 * efficiency is that of the result. The owner is seen from the mover: Janowski's curve for the opponent on roll
 * is the mover's mirrored.
 */
export function cubefulPlayEquity(cube: PlayCube, ceiling: Ceiling): (after: Position, p: Probabilities) => number {
  const maxCube = cube.maxCube ?? MAX_CUBE;
  const away = cube.away;
  if (!away) {
    const options = { ceiling, cube: cube.value, maxCube, jacoby: cube.jacoby === true && cube.owner === 'centred' };
    return (after, p) => moneyEquity(p, cube.owner, cubeEfficiency(after), options);
  }
  const score: MatchScore = { away: away.onRoll, opponentAway: away.opponent, stage: cube.stage ?? 'preCrawford', crawfordRule: cube.crawfordRule ?? true };
  return (after, p) => {
    const met = cube.met ?? matchTableFor(after.variant);
    return mwcToEquity(cubefulMwc(p, score, cube.owner, cube.value, cubeEfficiency(after), { met, ceiling, maxCube }), score, cube.value, met);
  };
}

const OWNERS: readonly unknown[] = ['centred', 'onRoll', 'opponent'];
const STAGES: readonly unknown[] = ['preCrawford', 'crawford', 'postCrawford'];
const isAway = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1;

/** Validates a `PlayCube` from outside (a bot request); the match equity table is always the variant's own. */
export function parsePlayCube(x: unknown): Result<PlayCube> {
  const bad = (message: string): Result<PlayCube> => err('BAD_OPTIONS', `cube: ${message}`);
  if (!isRecord(x)) return bad('must be an object');
  const { value, owner, away, stage, crawfordRule, jacoby, maxCube } = x;
  if (!isPowerOfTwo(value)) return bad('value must be a power of two');
  if (!OWNERS.includes(owner)) return bad('owner must be centred, onRoll or opponent');
  if (maxCube !== undefined && (!isPowerOfTwo(maxCube) || maxCube < value)) return bad('maxCube must be a power of two, at least the value');
  if (jacoby !== undefined && typeof jacoby !== 'boolean') return bad('jacoby must be a boolean');
  const base = { value, owner: owner as CubeOwner, ...(maxCube !== undefined ? { maxCube } : {}) };
  if (away === undefined) {
    if (stage !== undefined || crawfordRule !== undefined) return bad('stage and crawfordRule need away (match play)');
    return ok({ ...base, ...(jacoby !== undefined ? { jacoby } : {}) });
  }
  if (!isRecord(away) || !isAway(away['onRoll']) || !isAway(away['opponent'])) return bad('away must be {onRoll, opponent}, whole numbers ≥ 1');
  if (jacoby !== undefined) return bad('jacoby is for money play, not a match');
  if (stage !== undefined && !STAGES.includes(stage)) return bad('stage must be preCrawford, crawford or postCrawford');
  if (crawfordRule !== undefined && typeof crawfordRule !== 'boolean') return bad('crawfordRule must be a boolean');
  return ok({
    ...base,
    away: { onRoll: away['onRoll'], opponent: away['opponent'] },
    ...(stage !== undefined ? { stage: stage as MatchStage } : {}),
    ...(crawfordRule !== undefined ? { crawfordRule } : {}),
  });
}
