import { crc32 } from './crc32.js';
import type { Result } from '@nardy/engine';
import { positionCount } from './position-number.js';
import { SOLVE_THROWS, type OneSidedSolution } from './solve.js';

/**
 * The bear-off files: little-endian, probabilities as Uint16 fixed point (65535 = 1), each distribution
 * rounded so that its entries sum to exactly 65535 and stored over its non-zero range only.
 *
 * One-sided (`bearoff-os.bin`), n = positions:
 *   0–7     magic "NRDBOS01"
 *   8–11    u32 n           12–15  u32 D, the number of Uint16 entries of all distributions
 *   16      n × 4 bytes: first throw count and length of the bear-off distribution, the same for the
 *           first-off distribution (length 0 unless all 15 checkers are on the board)
 *   16+4n   n × float32: expected throws to bear off (exact before rounding; for choosing moves)
 *   16+8n   D × u16: the distributions, position by position, bear-off first
 *   end     u32 CRC-32 of everything before it
 * Two-sided (`bearoff-ts.bin`), n = C(c + 6, 6) positions of up to c checkers:
 *   0–7 magic "NRDBTS01", 8–11 u32 c, 12–15 u32 n, 16 n² × u16 (row = side on roll), end u32 CRC-32.
 */
export const FIXED_ONE = 65535;
const ONE_SIDED_MAGIC = 'NRDBOS01';
const TWO_SIDED_MAGIC = 'NRDBTS01';
const HEADER = 16;

export interface BearOffFileError {
  readonly code: 'BAD_BEAROFF_FILE';
  readonly message: string;
}

/** A decoded one-sided table. Position n's bear-off distribution is `data[offAt[n] ..]`, starting at `offStart[n]` throws. */
export interface OneSidedTable {
  readonly count: number;
  readonly offStart: Uint8Array;
  readonly offLength: Uint8Array;
  readonly offAt: Uint32Array;
  readonly firstStart: Uint8Array;
  readonly firstLength: Uint8Array;
  readonly firstAt: Uint32Array;
  readonly mean: Float32Array;
  readonly data: Uint16Array;
}

export interface TwoSidedTable {
  readonly checkers: number;
  readonly count: number;
  /** Entry a·count + b: the chance the side on roll with position a beats position b, × 65535. */
  readonly win: Uint16Array;
}

/**
 * A distribution rounded to Uint16 entries summing to exactly 65535 (largest remainders get the spare units),
 * trimmed to its non-zero range: [first index, entries].
 */
export function quantize(dist: ArrayLike<number>): [number, Uint16Array] {
  const floors = Array.from(dist, (p) => Math.floor(p * FIXED_ONE));
  let spare = FIXED_ONE - floors.reduce((s, x) => s + x, 0);
  const order = Array.from(floors.keys()).sort((i, j) => dist[j]! * FIXED_ONE - floors[j]! - (dist[i]! * FIXED_ONE - floors[i]!) || i - j);
  for (const i of order) {
    if (spare <= 0) break;
    floors[i]!++;
    spare--;
  }
  let lo = 0;
  while (lo < floors.length && floors[lo] === 0) lo++;
  let hi = floors.length;
  while (hi > lo && floors[hi - 1] === 0) hi--;
  return [lo, Uint16Array.from(floors.slice(lo, hi))];
}

/**
 * Encodes the one-sided solution of all 15 checkers. The first-off distribution is kept only for positions
 * with 15 checkers on the board: with one off the mars is already saved (L24, S7).
 */
export function encodeOneSided(solution: OneSidedSolution, keepFirstOff: (n: number) => boolean): Uint8Array {
  const n = solution.count;
  const parts: Uint16Array[] = [];
  const index = new Uint8Array(4 * n);
  let entries = 0;
  for (let i = 0; i < n; i++) {
    const row = (table: Float64Array): Float64Array => table.subarray(i * SOLVE_THROWS, (i + 1) * SOLVE_THROWS);
    const [offStart, off] = quantize(row(solution.offIn));
    const [firstStart, first] = keepFirstOff(i) ? quantize(row(solution.firstOffIn)) : [0, new Uint16Array(0)];
    index.set([offStart, off.length, firstStart, first.length], 4 * i);
    parts.push(off, first);
    entries += off.length + first.length;
  }
  const bytes = new Uint8Array(HEADER + 8 * n + 2 * entries + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(ONE_SIDED_MAGIC), 0);
  view.setUint32(8, n, true);
  view.setUint32(12, entries, true);
  bytes.set(index, HEADER);
  for (let i = 0; i < n; i++) view.setFloat32(HEADER + 4 * n + 4 * i, solution.mean[i]!, true);
  let at = HEADER + 8 * n;
  for (const part of parts) {
    for (const x of part) {
      view.setUint16(at, x, true);
      at += 2;
    }
  }
  view.setUint32(at, crc32(bytes.subarray(0, at)), true);
  return bytes;
}

export function encodeTwoSided(checkers: number, win: Float64Array): Uint8Array {
  const n = positionCount(checkers);
  const bytes = new Uint8Array(HEADER + 2 * n * n + 4);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode(TWO_SIDED_MAGIC), 0);
  view.setUint32(8, checkers, true);
  view.setUint32(12, n, true);
  for (let i = 0; i < n * n; i++) view.setUint16(HEADER + 2 * i, Math.round(win[i]! * FIXED_ONE), true);
  view.setUint32(HEADER + 2 * n * n, crc32(bytes.subarray(0, HEADER + 2 * n * n)), true);
  return bytes;
}

const bad = (message: string): Result<never, BearOffFileError> => ({ ok: false, error: { code: 'BAD_BEAROFF_FILE', message } });

/** Magic, size and checksum; the DataView when they hold. */
function check(bytes: Uint8Array, magic: string, size: (view: DataView) => number): Result<DataView, BearOffFileError> {
  if (bytes.length < HEADER + 4 || new TextDecoder().decode(bytes.subarray(0, 8)) !== magic) return bad(`not a bear-off table (expected magic ${magic})`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const expected = size(view);
  if (bytes.length !== expected) return bad(`truncated or padded: ${bytes.length} bytes, expected ${expected}`);
  if (view.getUint32(bytes.length - 4, true) !== crc32(bytes.subarray(0, bytes.length - 4))) return bad('checksum mismatch (corrupt file)');
  return { ok: true, value: view };
}

export function decodeOneSided(bytes: Uint8Array): Result<OneSidedTable, BearOffFileError> {
  const checked = check(bytes, ONE_SIDED_MAGIC, (v) => HEADER + 8 * v.getUint32(8, true) + 2 * v.getUint32(12, true) + 4);
  if (!checked.ok) return checked;
  const view = checked.value;
  const count = view.getUint32(8, true);
  const entries = view.getUint32(12, true);
  const table = {
    count,
    offStart: new Uint8Array(count),
    offLength: new Uint8Array(count),
    offAt: new Uint32Array(count),
    firstStart: new Uint8Array(count),
    firstLength: new Uint8Array(count),
    firstAt: new Uint32Array(count),
    mean: new Float32Array(count),
    data: new Uint16Array(entries),
  };
  let at = 0;
  for (let i = 0; i < count; i++) {
    const o = HEADER + 4 * i;
    table.offStart[i] = view.getUint8(o);
    table.offLength[i] = view.getUint8(o + 1);
    table.firstStart[i] = view.getUint8(o + 2);
    table.firstLength[i] = view.getUint8(o + 3);
    table.offAt[i] = at;
    table.firstAt[i] = at + table.offLength[i]!;
    at += table.offLength[i]! + table.firstLength[i]!;
    table.mean[i] = view.getFloat32(HEADER + 4 * count + 4 * i, true);
  }
  if (at !== entries) return bad(`index covers ${at} entries, header says ${entries}`);
  for (let i = 0; i < entries; i++) table.data[i] = view.getUint16(HEADER + 8 * count + 2 * i, true);
  return { ok: true, value: table };
}

export function decodeTwoSided(bytes: Uint8Array): Result<TwoSidedTable, BearOffFileError> {
  const checked = check(bytes, TWO_SIDED_MAGIC, (v) => HEADER + 2 * v.getUint32(12, true) ** 2 + 4);
  if (!checked.ok) return checked;
  const view = checked.value;
  const checkers = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  if (checkers > 15 || positionCount(checkers) !== count) return bad(`${count} positions do not match ${checkers} checkers`);
  const win = new Uint16Array(count * count);
  for (let i = 0; i < win.length; i++) win[i] = view.getUint16(HEADER + 2 * i, true);
  return { ok: true, value: { checkers, count, win } };
}
