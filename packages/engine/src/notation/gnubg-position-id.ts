import { positionFromSetup, type Checkers, type Position } from '../position.js';
import { err, type Result } from '../result.js';
import { BAR, CHECKERS, OFF, opposite, type Color, type VariantId } from '../types.js';
import { BASE64, BASE64URL, BitReader, BitWriter, decodeBase64, encodeBase64 } from './bits.js';

/** The variants whose positions GNU Backgammon's Position ID describes (they have a bar and no first-turn flags). */
export type GnubgVariantId = Extract<VariantId, 'short' | 'caucasian'>;

const KEY_BYTES = 10;

/** One side in gnubg's order: own points 1..24 (from the last point of the route), then the bar. */
function writeSide(w: BitWriter, side: Checkers): void {
  for (let p = 1; p <= 24; p++) w.unary(side[p] ?? 0);
  w.unary(side[BAR] ?? 0);
}

/**
 * GNU Backgammon's Position ID (14 characters), from the view of the side on roll: an 80-bit key holding,
 * for the side NOT on roll and then for the side on roll, each of its own points 1..24 and its bar as
 * that many 1-bits and a 0-bit; packed least significant bit first; base64 without padding.
 * Whose turn it is is not part of the ID (`docs/position-id.md`). Bit-exact with gnubg for short nardy and
 * Caucasian; for long nardy it encodes the own-frame boards but loses the first-turn flags — use
 * `makeLongPositionId` there.
 */
export function makeGnubgPositionId(pos: Position): string {
  const w = new BitWriter(KEY_BYTES);
  writeSide(w, pos.board[opposite(pos.turn)]);
  writeSide(w, pos.board[pos.turn]);
  return encodeBase64(w.bytes);
}

const bad = (id: string, why: string): Result<never> => err('BAD_POSITION_ID', `bad Position ID ${JSON.stringify(id)}: ${why}`);

/**
 * Reads a GNU Backgammon Position ID. `turn` names the side on roll (the ID itself is colourless: the
 * second half of the key is the side on roll). Also accepts the URL-safe alphabet (`-` for `+`, `_` for
 * `/`). Strict: 14 characters, zero pad bits, at most 15 checkers a side, no point held by both sides,
 * and a position `positionFromSetup` accepts (borne-off checkers are the ones missing from the board).
 */
export function parseGnubgPositionId(id: unknown, variant: GnubgVariantId = 'short', turn: Color = 'white'): Result<Position> {
  if (typeof id !== 'string') return err('BAD_POSITION_ID', 'a Position ID must be a string');
  if (variant !== 'short' && variant !== 'caucasian') {
    return err('BAD_VARIANT', `the gnubg Position ID is for short nardy and Caucasian, not ${JSON.stringify(variant)}`);
  }
  if (turn !== 'white' && turn !== 'black') return err('BAD_SETUP', 'turn must be white or black');
  const bytes = decodeBase64(id, KEY_BYTES, [BASE64, BASE64URL]);
  if (typeof bytes === 'string') return bad(id, bytes);
  const r = new BitReader(bytes);
  const sides: number[][] = [];
  for (let s = 0; s < 2; s++) {
    const side = new Array<number>(26).fill(0);
    let total = 0;
    for (let slot = 1; slot <= 25; slot++) {
      let n = 0;
      for (;;) {
        if (r.done) return bad(id, 'the key ends inside the board');
        if (!r.bit()) break;
        n++;
      }
      side[slot] = n; // slot 25 is the bar
      total += n;
    }
    if (total > CHECKERS) return bad(id, `${total} checkers on one side (at most ${CHECKERS})`);
    side[OFF] = CHECKERS - total;
    sides.push(side);
  }
  if (!r.restIsZero()) return bad(id, 'pad bits after the board must be zero');
  const [notOnRoll, onRoll] = sides as [number[], number[]];
  for (let p = 1; p <= 24; p++) {
    if ((onRoll[p] ?? 0) > 0 && (notOnRoll[25 - p] ?? 0) > 0) {
      return bad(id, `point ${p} (of the side on roll) holds checkers of both sides`);
    }
  }
  const board = turn === 'white' ? { white: onRoll, black: notOnRoll } : { white: notOnRoll, black: onRoll };
  const pos = positionFromSetup({ variant, turn, board, firstTurn: { white: false, black: false } });
  return pos.ok ? pos : bad(id, pos.error.message);
}
