import type { Ceiling, Probabilities } from '../probabilities.js';
import { KAZAROSS_XG2 } from './met-kazaross-xg2.js';
import type { MatchEquityTable } from './met.js';
import { matchCubeEquities, mayDoubleInMatch, type MatchScore } from './match.js';
import { moneyCubeEquities, type CubeEquities, type CubeOwner } from './money.js';

/**
 * What the side on roll should do with the cube: `double`; `noDouble` (not good enough, or the cube is not its
 * to turn); `tooGood` — the opponent would pass, but playing on for mars is worth more than the cube's value.
 */
export type CubeAction = 'double' | 'noDouble' | 'tooGood';

/** How the opponent should answer a double: take, pass, or (money, when the table allows) beaver (G3). */
export type CubeResponse = 'take' | 'pass' | 'beaver';

/** The settings of a cube decision beyond the probabilities. */
export interface CubeSituation {
  readonly value: number;
  readonly owner: CubeOwner;
  /** Cube efficiency x (see `cubeEfficiency`). */
  readonly efficiency: number;
  readonly ceiling?: Ceiling;
  /** Max cube (G3). */
  readonly maxCube?: number;
  /** Match play; omit for money. */
  readonly match?: MatchScore;
  /** Match equity table (default Kazaross-XG2). */
  readonly met?: MatchEquityTable;
  /** Money: Jacoby rule in force and the cube never turned (G3). */
  readonly jacoby?: boolean;
  /** Money: beavers allowed (G3). */
  readonly beaver?: boolean;
}

/** A cube decision with the numbers behind it. */
export interface CubeVerdict {
  readonly action: CubeAction;
  readonly response: CubeResponse;
  /** Money with beavers: how the doubler answers a beaver (take the cube at four times, or pass two). */
  readonly beaverResponse: 'take' | 'pass';
  /** The doubler's cubeful equities per unit of the current cube (gnubg's normalisation; match: from MWC). */
  readonly equities: CubeEquities;
  /** Match play: the same as match winning chances. */
  readonly mwc?: { readonly noDouble: number; readonly take: number; readonly pass: number };
  /** Whether the side on roll may (usefully) double at all. */
  readonly mayDouble: boolean;
}

/** Equities closer than this count as equal (rounding in the model's sums). */
const TIE = 1e-9;

/**
 * The cube decision from the probabilities of the side on roll. Equities from Janowski's model (money) or its
 * match-play generalisation (MWC from the table); then, as gnubg decides:
 * - the opponent passes when double/take is worth more to the doubler than double/pass (+1), else takes;
 *   beavers when beavers are allowed and the doubled cube is worth more than nothing to him (take < 0);
 * - the doubler doubles when min(take, pass) > noDouble; if instead the opponent would pass and playing on is
 *   worth more than +1, he is too good to double.
 * A side may not double when the opponent owns the cube, past the max cube, in the Crawford game, or when it
 * already wins the match by winning the current stake (the double could only give the opponent the cube).
 */
export function decideCube(p: Probabilities, s: CubeSituation): CubeVerdict {
  const maxCube = s.maxCube ?? Infinity;
  const options = { ceiling: s.ceiling ?? 'koks', maxCube } as const;
  const match = s.match ? matchCubeEquities(p, s.match, s.owner, s.value, s.efficiency, { ...options, met: s.met ?? KAZAROSS_XG2 }) : null;
  const raw = match ?? moneyCubeEquities(p, s.owner, s.efficiency, { ...options, cube: s.value, jacoby: s.jacoby === true });
  const mayDouble = s.owner !== 'opponent' && (s.match ? mayDoubleInMatch(s.match, 'onRoll', s.value, maxCube) : 2 * s.value <= maxCube);
  const doubled = Math.min(raw.take, raw.pass);
  const passes = raw.take > raw.pass;
  const mayBeaver = !s.match && s.beaver === true && 4 * s.value <= maxCube;
  const response: CubeResponse = passes ? 'pass' : mayBeaver && raw.take < 0 ? 'beaver' : 'take';
  let action: CubeAction = 'noDouble';
  // A tie with a pass (a certain win, or Jacoby's cash of a gammonish game) is a double: it ends the game now.
  if (mayDouble && (doubled > raw.noDouble || (passes && doubled >= raw.noDouble - TIE))) action = 'double';
  else if (mayDouble && passes && raw.noDouble > raw.pass) action = 'tooGood';
  return {
    action,
    response,
    // After a beaver the doubler faces 4 × cube owned by the beaverer (2·take per current cube) or passes 2.
    beaverResponse: raw.take >= -1 ? 'take' : 'pass',
    equities: {
      noDouble: raw.noDouble,
      take: raw.take,
      pass: raw.pass,
      optimal: mayDouble ? Math.max(raw.noDouble, doubled) : raw.noDouble,
    },
    ...(match ? { mwc: match.mwc } : {}),
    mayDouble,
  };
}
