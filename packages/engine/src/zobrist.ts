/**
 * Zobrist tables for hashing boards inside the move generator. Filled from a fixed-seed xorshift, so
 * the engine stays deterministic (no Math.random). Hashes only speed up look-ups: every hit is
 * confirmed by comparing the boards, so a collision can never change a result.
 */
const SLOT_VALUES = 32; // counts 0..15 (a bar or off can reach 15), padded to a power of two
export const Z_SIDE = 26 * SLOT_VALUES;

function fill(seed: number, n: number): Int32Array {
  const out = new Int32Array(n);
  let x = seed | 0;
  for (let i = 0; i < n; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x;
  }
  return out;
}

/** [me | opp] × slot × count → a 32-bit key. */
export const Z1 = fill(0x2545f491, 2 * Z_SIDE + 8 * SLOT_VALUES);
/** Extra keys: depth (0..4) and Caucasian hitters (points 1..6, count 0..15). */
export const Z_DEPTH = 2 * Z_SIDE;
export const Z_HITTER = 2 * Z_SIDE + SLOT_VALUES;
export const zIndex = (slot: number, count: number): number => slot * SLOT_VALUES + count;
