import { positionFromSetup, type Position } from '../position.js';
import { err, type Result } from '../result.js';
import { CHECKERS, COLORS, OFF } from '../types.js';
import { BASE64URL, BitReader, BitWriter, decodeBase64, encodeBase64 } from './bits.js';

const KEY_BYTES = 10;

/**
 * The long-nardy Position ID (14 characters, URL-safe), `docs/position-id.md`. An 80-bit key, packed
 * least significant bit first like gnubg's:
 *
 * - bit 0: the side on roll (0 White, 1 Black); bits 1, 2: White's and Black's first-turn flags (L10, L11);
 * - White's own points 1..24, then Black's own points 1..24, each as that many 1-bits and a 0-bit
 *   (borne-off checkers are the ones missing; long nardy has no bar);
 * - zero bits up to 80. With all 30 checkers on the board the key needs 81 bits: the 0-bit closing
 *   Black's 24-point (his head) is then the one left out — the end of the key closes it.
 *
 * Then base64url without padding. The start position, White to play, both first turns ahead:
 * `BgAA_P8BAAD-_w` (worked out in the doc). Every position has exactly one ID, and every valid ID names
 * one position.
 */
export function makeLongPositionId(pos: Position): string {
  const w = new BitWriter(KEY_BYTES);
  w.bit(pos.turn === 'black');
  w.bit(pos.firstTurn.white);
  w.bit(pos.firstTurn.black);
  for (const color of COLORS) {
    const side = pos.board[color];
    for (let p = 1; p <= 24; p++) w.unary(side[p] ?? 0); // the very last 0-bit may not fit: implied
  }
  return encodeBase64(w.bytes, BASE64URL);
}

const bad = (id: string, why: string): Result<never> => err('BAD_POSITION_ID', `bad long-nardy Position ID ${JSON.stringify(id)}: ${why}`);

/**
 * Reads a long-nardy Position ID. Strict: 14 characters of the base64url alphabet, zero pad bits, at most
 * 15 checkers a side, no point held by both colours (checked by `positionFromSetup`).
 */
export function parseLongPositionId(id: unknown): Result<Position> {
  if (typeof id !== 'string') return err('BAD_POSITION_ID', 'a Position ID must be a string');
  const bytes = decodeBase64(id, KEY_BYTES, [BASE64URL]);
  if (typeof bytes === 'string') return bad(id, bytes);
  const r = new BitReader(bytes);
  const turn = r.bit() ? 'black' : 'white';
  const firstTurn = { white: r.bit(), black: r.bit() };
  const board = { white: new Array<number>(26).fill(0), black: new Array<number>(26).fill(0) };
  for (const color of COLORS) {
    const side = board[color];
    let total = 0;
    for (let p = 1; p <= 24; p++) {
      const last = color === 'black' && p === 24;
      let n = 0;
      for (;;) {
        if (r.done) {
          if (last) break; // the implied closing 0-bit
          return bad(id, 'the key ends inside the board');
        }
        if (!r.bit()) break;
        n++;
      }
      side[p] = n;
      total += n;
    }
    if (total > CHECKERS) return bad(id, `${total} ${color} checkers (at most ${CHECKERS})`);
    side[OFF] = CHECKERS - total;
  }
  if (!r.restIsZero()) return bad(id, 'pad bits after the board must be zero');
  const pos = positionFromSetup({ variant: 'long', turn, board, firstTurn });
  return pos.ok ? pos : bad(id, pos.error.message);
}
