import { err, ok, type Result } from '../result.js';
import type { MatchSettings } from './settings.js';
import { otherSeat, type BySeat, type Seat } from './seats.js';

/** G3: the doubling cube of one game. */
export interface CubeState {
  /** The stake multiplier: 1, 2, 4 … up to the max cube. */
  readonly value: number;
  /** Who may redouble; null = centred (either player may double). */
  readonly owner: Seat | null;
  /** Whether a double was taken this game (the Jacoby rule counts mars/koks only then). Automatic doubles do not turn it. */
  readonly turned: boolean;
  /** Automatic doubles made at this game's opening throw (G3). */
  readonly automaticDoubles: number;
}

/** A pending cube decision. */
export interface CubeOffer {
  /** Who made the last offer: the doubler, or after a beaver the beaverer. The other seat must answer. */
  readonly by: Seat;
  /** The cube's value if the offer is taken. A pass loses half of it (the value before the offer). */
  readonly value: number;
  /** True after a beaver: the original doubler answers (take or pass), no further beaver. */
  readonly beaver: boolean;
}

export const CENTRED_CUBE: CubeState = Object.freeze({ value: 1, owner: null, turned: false, automaticDoubles: 0 });

/** The seat that must answer an offer. */
export const responder = (offer: CubeOffer): Seat => otherSeat(offer.by);

/**
 * What doubling needs beyond phase and turn: whether `seat` may offer the cube in this game (G3, SN-02, Crawford).
 * In a match, once each player needs no more points than the cube already gives (a match to 1, or 2-away both at
 * a cube of 2), any win at the present stake wins the match and a draw moves both scores alike: a double could
 * change nothing, so it is not offered (the cube is dead, as gnubg and the match equity tables treat it).
 */
export function mayDouble(
  settings: MatchSettings,
  cube: CubeState,
  seat: Seat,
  game: { readonly turnsPlayed: number; readonly crawford: boolean; readonly lastThrow: boolean },
  score: BySeat<number>,
): Result<true> {
  if (!settings.cube.enabled) return err('CUBE_NOT_ALLOWED', 'this table plays without the cube (G3, L26)');
  const n = settings.matchLength;
  if (n > 0 && n - score.p1 <= cube.value && n - score.p2 <= cube.value) {
    return err('CUBE_NOT_ALLOWED', `the cube is dead: a win at the stake of ${cube.value} already wins the match for either player (G3, G6)`);
  }
  if (game.turnsPlayed === 0) return err('CUBE_NOT_ALLOWED', "no cube action before the game's first move (SN-02)");
  if (game.crawford) return err('CUBE_NOT_ALLOWED', 'no doubling in the Crawford game (G3)');
  if (game.lastThrow) return err('CUBE_NOT_ALLOWED', 'no doubling on the last throw (L27)');
  if (cube.owner !== null && cube.owner !== seat) return err('CUBE_NOT_ALLOWED', 'the opponent owns the cube (G3)');
  if (cube.value * 2 > settings.cube.maxValue) {
    return err('CUBE_NOT_ALLOWED', `the cube is at its maximum, ${settings.cube.maxValue} (G3)`);
  }
  return ok(true);
}

/** G3 beaver: allowed to the doubled player, once, when the table allows beavers and the max cube is not passed. */
export function mayBeaver(settings: MatchSettings, offer: CubeOffer): Result<true> {
  if (!settings.cube.beaver) return err('CUBE_NOT_ALLOWED', 'this table plays without beavers (G3)');
  if (offer.beaver) return err('CUBE_NOT_ALLOWED', 'a beaver cannot be beavered again (G3)');
  if (offer.value * 2 > settings.cube.maxValue) {
    return err('CUBE_NOT_ALLOWED', `a beaver would pass the max cube, ${settings.cube.maxValue} (G3)`);
  }
  return ok(true);
}

/** The cube after a take: the offered value; the taker owns it, or after a beaver the beaverer keeps it (G3). */
export const takenCube = (cube: CubeState, offer: CubeOffer): CubeState =>
  Object.freeze({
    value: offer.value,
    owner: offer.beaver ? offer.by : responder(offer),
    turned: true,
    automaticDoubles: cube.automaticDoubles,
  });

/** G3 automatic doubles: equal opening dice double the stake, the cube stays centred, up to the limit and the max. */
export function automaticDouble(settings: MatchSettings, cube: CubeState): CubeState {
  const c = settings.cube;
  if (!c.enabled || cube.automaticDoubles >= c.automaticDoubles || cube.value * 2 > c.maxValue) return cube;
  return Object.freeze({ ...cube, value: cube.value * 2, automaticDoubles: cube.automaticDoubles + 1 });
}
