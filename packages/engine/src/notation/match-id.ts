import { err, ok, type Result } from '../result.js';
import { BASE64, BASE64URL, BitReader, BitWriter, decodeBase64, encodeBase64 } from './bits.js';

/** gnubg's players: 0 and 1 (gnubg's match records call player 0 "X" and player 1 "O"). */
export type GnubgPlayer = 0 | 1;

/** Bits 9–11 of the Match ID, in gnubg's numbering 0..4. */
export const MATCH_GAME_STATES = ['none', 'playing', 'over', 'resigned', 'dropped'] as const;
export type MatchGameState = (typeof MATCH_GAME_STATES)[number];

/** Everything a GNU Backgammon Match ID holds (`docs/position-id.md`). */
export interface MatchIdInfo {
  /** Cube value 1, 2, 4 … 32768 (stored as its base-2 logarithm in 4 bits). */
  readonly cube: number;
  /** Who owns the cube. */
  readonly cubeOwner: GnubgPlayer | 'centre';
  /** The player on roll, or who rolled (bit 7). */
  readonly diceOwner: GnubgPlayer;
  /** This game is the Crawford game. */
  readonly crawford: boolean;
  readonly gameState: MatchGameState;
  /** The player who must act now (bit 12): differs from `diceOwner` while a double or resignation is pending. */
  readonly turn: GnubgPlayer;
  /** A double is being offered. */
  readonly doubled: boolean;
  /** A resignation on offer: 0 none, 1 single game, 2 gammon, 3 backgammon. */
  readonly resigned: 0 | 1 | 2 | 3;
  /** The dice, 0 0 when not rolled. `makeMatchId` writes the higher die first, as gnubg does. */
  readonly dice: readonly [number, number];
  /** 0 = money game. */
  readonly matchLength: number;
  /** Points of player 0 and player 1. */
  readonly score: readonly [number, number];
  /** Bit 67 (not in gnubg's manual) is 1 when the Jacoby rule is NOT in force; gnubg always sets it in match play. */
  readonly jacoby: boolean;
}

const KEY_BYTES = 9;
const MAX_15 = 0x7fff;

const bad = (why: string): Result<never> => err('BAD_MATCH_ID', why);
const isInt = (n: unknown, lo: number, hi: number): n is number => Number.isInteger(n) && (n as number) >= lo && (n as number) <= hi;
const isPlayer = (n: unknown): n is GnubgPlayer => n === 0 || n === 1;

function checkDice(dice: unknown): string | undefined {
  if (!Array.isArray(dice) || dice.length !== 2 || !isInt(dice[0], 0, 6) || !isInt(dice[1], 0, 6)) {
    return 'dice must be two integers 0..6';
  }
  if ((dice[0] === 0) !== (dice[1] === 0)) return 'dice must be both 0 (not rolled) or both 1..6';
  return undefined;
}

/**
 * GNU Backgammon's Match ID (12 characters): a 72-bit key, fields packed least significant bit first
 * (cube log2 ×4, owner ×2, dice owner, Crawford, game state ×3, turn, doubled, resigned ×2, die ×3, die ×3,
 * match length ×15, score 0 ×15, score 1 ×15, no-Jacoby), base64. Bit-exact with gnubg 1.07.
 * An error for values the key cannot hold (a cube that is not a power of two, scores over 32767 …).
 */
export function makeMatchId(info: MatchIdInfo): Result<string> {
  const cubeLog = Math.log2(info.cube);
  if (!isInt(cubeLog, 0, 15) || !isInt(info.cube, 1, 32768)) return bad('cube must be a power of two from 1 to 32768');
  if (!isPlayer(info.cubeOwner) && info.cubeOwner !== 'centre') return bad("cubeOwner must be 0, 1 or 'centre'");
  if (!isPlayer(info.diceOwner)) return bad('diceOwner must be 0 or 1');
  if (!isPlayer(info.turn)) return bad('turn must be 0 or 1');
  const state = MATCH_GAME_STATES.indexOf(info.gameState);
  if (state < 0) return bad(`gameState must be one of ${MATCH_GAME_STATES.join(', ')}`);
  if (!isInt(info.resigned, 0, 3)) return bad('resigned must be 0, 1, 2 or 3');
  const diceError = checkDice(info.dice);
  if (diceError) return bad(diceError);
  if (!isInt(info.matchLength, 0, MAX_15)) return bad(`matchLength must be an integer 0..${MAX_15}`);
  if (!Array.isArray(info.score) || info.score.length !== 2 || !isInt(info.score[0], 0, MAX_15) || !isInt(info.score[1], 0, MAX_15)) {
    return bad(`score must be two integers 0..${MAX_15}`);
  }
  for (const k of ['crawford', 'doubled', 'jacoby'] as const) {
    if (typeof info[k] !== 'boolean') return bad(`${k} must be a boolean`);
  }
  const w = new BitWriter(KEY_BYTES);
  w.write(cubeLog, 4);
  w.write(info.cubeOwner === 'centre' ? 3 : info.cubeOwner, 2);
  w.write(info.diceOwner, 1);
  w.write(info.crawford ? 1 : 0, 1);
  w.write(state, 3);
  w.write(info.turn, 1);
  w.write(info.doubled ? 1 : 0, 1);
  w.write(info.resigned, 2);
  w.write(Math.max(info.dice[0], info.dice[1]), 3);
  w.write(Math.min(info.dice[0], info.dice[1]), 3);
  w.write(info.matchLength, 15);
  w.write(info.score[0], 15);
  w.write(info.score[1], 15);
  w.write(info.jacoby ? 0 : 1, 1);
  return ok(encodeBase64(w.bytes));
}

/**
 * Reads a GNU Backgammon Match ID (also in the URL-safe alphabet). Strict: 12 characters, a cube owner
 * of 0, 1 or centred (3), a game state 0..4, dice 0..6 (both rolled or both not), zero pad bits 68–72.
 * The dice come back in the order stored (gnubg stores the higher first).
 */
export function parseMatchId(id: unknown): Result<MatchIdInfo> {
  if (typeof id !== 'string') return bad('a Match ID must be a string');
  const where = `bad Match ID ${JSON.stringify(id)}`;
  const bytes = decodeBase64(id, KEY_BYTES, [BASE64, BASE64URL]);
  if (typeof bytes === 'string') return bad(`${where}: ${bytes}`);
  const r = new BitReader(bytes);
  const cube = 2 ** r.read(4);
  const owner = r.read(2);
  const diceOwner = r.read(1) as GnubgPlayer;
  const crawford = r.bit();
  const state = r.read(3);
  const turn = r.read(1) as GnubgPlayer;
  const doubled = r.bit();
  const resigned = r.read(2) as 0 | 1 | 2 | 3;
  const dice: [number, number] = [r.read(3), r.read(3)];
  const matchLength = r.read(15);
  const score: [number, number] = [r.read(15), r.read(15)];
  const jacoby = !r.bit();
  if (owner === 2) return bad(`${where}: cube owner bits 10 (only 00, 01 and 11 are used)`);
  const gameState = MATCH_GAME_STATES[state];
  if (gameState === undefined) return bad(`${where}: game state ${state} (0..4 are used)`);
  const diceError = checkDice(dice);
  if (diceError) return bad(`${where}: ${diceError}`);
  if (!r.restIsZero()) return bad(`${where}: pad bits after bit 67 must be zero`);
  return ok({
    cube,
    cubeOwner: owner === 3 ? 'centre' : (owner as GnubgPlayer),
    diceOwner,
    crawford,
    gameState,
    turn,
    doubled,
    resigned,
    dice,
    matchLength,
    score,
    jacoby,
  });
}
