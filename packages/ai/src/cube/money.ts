import { cubelessEquity, type Ceiling, type Probabilities } from '../probabilities.js';
import { winLossValues } from './outcomes.js';
import { interpolate, liveCurve } from './piecewise.js';

/** Who owns the cube, seen from the side on roll (G3): either may double while it is centred. */
export type CubeOwner = 'centred' | 'onRoll' | 'opponent';

/**
 * Janowski's money take point ("Take-Points in Money Games", 1993): the least win chance at which the doubled
 * side should take, TP = (L − ½) / (W + L + ½x), where W and L are the taker's average win and loss values and
 * x the cube efficiency. x = 0 is the dead cube (25 % without mars), x = 1 the fully live cube (20 %).
 */
export const moneyTakePoint = (W: number, L: number, x = 1): number => (L - 0.5) / (W + L + 0.5 * x);

/** The doubler's cash point: one minus the opponent's take point (the opponent's W is the doubler's L). */
export const moneyCashPoint = (W: number, L: number, x = 1): number => 1 - moneyTakePoint(L, W, x);

/** What the money formulas need beyond the probabilities. */
export interface MoneyOptions {
  /** The table's scoring ceiling (G4). */
  readonly ceiling?: Ceiling;
  /** Jacoby (G3, money only): while the cube is centred and never turned, mars and koks count one. */
  readonly jacoby?: boolean;
  /** The cube's value (default 1) and the max cube (G3, default none): no one redoubles past the max. */
  readonly cube?: number;
  readonly maxCube?: number;
}

/** Whether a double from `cube` stays within the max cube (G3). */
const underMax = (o: MoneyOptions): boolean => 2 * (o.cube ?? 1) <= (o.maxCube ?? Infinity);

/**
 * Cubeful money equity per unit of the current cube, Janowski's model: E = x·E_live + (1 − x)·E_dead.
 * E_dead is the cubeless equity. E_live, the fully live cube, is linear between the points where something
 * happens: (0, −L), the take point (−1: the opponent doubles the side out), the cash point (+1: the side
 * doubles the opponent out) and (1, +W); the take point only where the opponent may double (cube centred or
 * his), the cash point only where the side may. With both points TP = (L − ½)/(W + L + ½) and
 * CP = (L + 1)/(W + L + ½) (the fully live points; W and L are the side's own values).
 * Jacoby, centred cube: a game that ends with the cube never turned counts single, so the dead part and the
 * two ends of the live curve use 1 for W and L (the take and cash points do not: after a double, mars counts).
 */
export function moneyEquity(p: Probabilities, owner: CubeOwner, x: number, options: MoneyOptions = {}): number {
  const ceiling = options.ceiling ?? 'koks';
  const { W, L } = winLossValues(p, ceiling);
  const single = options.jacoby === true && owner === 'centred';
  const oppDoubles = owner !== 'onRoll' && underMax(options);
  const iDouble = owner !== 'opponent' && underMax(options);
  const live = liveCurve(
    single ? -1 : -L,
    single ? 1 : W,
    oppDoubles ? { p: moneyTakePoint(W, L), value: -1 } : null,
    iDouble ? { p: moneyCashPoint(W, L), value: 1 } : null,
  );
  const dead = cubelessEquity(p, single ? 'oin' : ceiling);
  return x * interpolate(live, p.win) + (1 - x) * dead;
}

/** The three cubeful equities of a cube decision for the side on roll, per unit of the current cube (gnubg's normalisation). */
export interface CubeEquities {
  /** Play on without doubling. */
  readonly noDouble: number;
  /** Double and the opponent takes (he then owns the cube at twice the value). */
  readonly take: number;
  /** Double and the opponent passes: the current stake, +1. */
  readonly pass: number;
  /** max(noDouble, min(take, pass)) where doubling is allowed, else noDouble. */
  readonly optimal: number;
}

/**
 * Money cube equities: no double = the cubeful equity with the cube as it is; double/take = twice the equity
 * with the opponent owning the cube (turned: Jacoby no longer applies); double/pass = +1.
 */
export function moneyCubeEquities(p: Probabilities, owner: CubeOwner, x: number, options: MoneyOptions = {}): Omit<CubeEquities, 'optimal'> {
  const turned: MoneyOptions = { ...options, jacoby: false, cube: 2 * (options.cube ?? 1) };
  return {
    noDouble: moneyEquity(p, owner, x, options),
    take: 2 * moneyEquity(p, 'opponent', x, turned),
    pass: 1,
  };
}
