import { startPosition, type Position } from '../position.js';
import type { WinKind } from '../rules/scoring.js';
import type { Color, Dice, Die } from '../types.js';
import type { ResignLevel } from './actions.js';
import { CENTRED_CUBE, type CubeOffer, type CubeState } from './cube.js';
import type { MatchSettings } from './settings.js';
import { otherSeat, type BySeat, type Seat } from './seats.js';

/**
 * Where a match stands — what the next action may be.
 * - `opening`: waiting for the opening throw (G1), one die per seat.
 * - `turnStart`: the seat on turn may double (G3) or roll (G2).
 * - `moving`: the dice are thrown; the seat on turn must play a whole turn (`[]` when none is legal, L14).
 * - `cubeOffered`: the other seat must take, pass or beaver (G3).
 * - `resignOffered`: the other seat must accept or decline (G5b).
 * - `matchOver`: the match or money session has ended; every action is `GAME_OVER`.
 */
export const PHASES = ['opening', 'turnStart', 'moving', 'cubeOffered', 'resignOffered', 'matchOver'] as const;
export type Phase = (typeof PHASES)[number];

/** A pending resign offer (G5b) and the phase play resumes in if it is declined. */
export interface ResignOffer {
  readonly by: Seat;
  readonly level: ResignLevel;
  readonly resume: 'turnStart' | 'moving';
}

/** One game of a match. */
export interface GameState {
  /** 1, 2, … within the match or session. */
  readonly number: number;
  /** The seat playing White this game (long nardy: the starter, G6; short nardy: always p1). */
  readonly white: Seat;
  /** Who moved first (won the opening throw or started by G6); null before the opening throw. */
  readonly starter: Seat | null;
  /** The board; `position.turn` is the colour on turn in `turnStart` and `moving`. */
  readonly position: Position;
  /** The dice to play in `moving` (the opening dice in short nardy's first turn, S2); null otherwise. */
  readonly dice: Dice | null;
  /** This game's opening throws in order, ties included (G1). */
  readonly openingThrows: readonly BySeat<Die>[];
  readonly cube: CubeState;
  readonly cubeOffer: CubeOffer | null;
  readonly resignOffer: ResignOffer | null;
  /** Turns completed this game (an empty turn counts). No cube action before the first (SN-02). */
  readonly turnsPlayed: number;
  /** L27: the starter has borne off all 15 and the other seat is playing its one last throw. */
  readonly lastThrow: boolean;
  /** The Crawford game: no doubling (G3). */
  readonly crawford: boolean;
}

/** How a game ended. */
export const GAME_ENDS = ['bearOff', 'cubePass', 'resign', 'surrender', 'timeout'] as const;
export type GameEnd = (typeof GAME_ENDS)[number];

/** A finished game. */
export interface GameResult {
  readonly number: number;
  /** The winning seat, or null for a last-throw draw (L27). */
  readonly winner: Seat | null;
  readonly end: GameEnd;
  /** The kind of win (L24–L25, S7) or `draw`; a cube pass is a single win. */
  readonly kind: WinKind | 'draw';
  /** Points before the cube, after the ceiling (G4) and Jacoby (G3). For a draw: ½ or 1 (G7). */
  readonly basePoints: number;
  /** The cube's value the game was scored at. */
  readonly cubeValue: number;
  /** What each seat scored from this game. */
  readonly points: BySeat<number>;
  readonly white: Seat;
  /** The board when the game ended. */
  readonly position: Position;
}

export const colorOf = (game: Pick<GameState, 'white'>, seat: Seat): Color => (game.white === seat ? 'white' : 'black');
export const seatOf = (game: Pick<GameState, 'white'>, color: Color): Seat => (color === 'white' ? game.white : otherSeat(game.white));

/** The seat whose colour is on turn in the position (meaningful in `turnStart` and `moving`). */
export const seatToPlay = (game: GameState): Seat => seatOf(game, game.position.turn);

/** A game waiting for its opening throw (G1). White is provisionally p1 until the throw decides (long nardy). */
export function openingGame(settings: MatchSettings, number: number, crawford: boolean): GameState {
  return Object.freeze({
    number,
    white: 'p1',
    starter: null,
    position: startPosition(settings.variant, 'white'),
    dice: null,
    openingThrows: Object.freeze([]),
    cube: CENTRED_CUBE,
    cubeOffer: null,
    resignOffer: null,
    turnsPlayed: 0,
    lastThrow: false,
    crawford,
  });
}

/** A long-nardy game begun without an opening throw (G6): `starter` plays White and throws first. */
export function startedGame(settings: MatchSettings, number: number, crawford: boolean, starter: Seat): GameState {
  return Object.freeze({ ...openingGame(settings, number, crawford), white: starter, starter });
}
