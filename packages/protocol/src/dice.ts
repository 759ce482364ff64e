import type { Action, BySeat, Dice, Die } from '@nardy/engine';

/**
 * Verifiable dice (RULES G10), derived exactly as docs/dice.md describes — the one implementation the server
 * (which throws the dice), the CLI (`nardy verify-dice`) and the browser all use. Pure and synchronous: no
 * randomness here (the server draws its seeds with node:crypto) and no dependency (SHA-256 and HMAC-SHA256
 * below are written from FIPS 180-4 and RFC 2104, and checked against node:crypto by the tests).
 *
 * - the table's **server seed** is 32 random bytes written as 64 lowercase hex characters; its
 *   **commitment** is SHA-256 of that 64-character text, shown before the players sit down;
 * - each player gives a **client seed** (1–64 characters of `0-9 A-Z a-z _ -`) when he sits down;
 * - throw number `n` (1, 2, 3 … over the whole match, opening throws and rolls counted together, in log
 *   order) of kind `opening` or `roll` is read from HMAC-SHA256 with the server seed's text as the key and
 *   the message `nardy-dice-v1:<kind>:<n>:<p1 client seed>:<p2 client seed>`; if its 32 bytes run out,
 *   the next blocks are HMAC of the same message followed by `:1`, `:2` …;
 * - bytes are read in order; a byte below 252 gives the die `1 + byte % 6`, a byte of 252..255 is skipped
 *   (rejection sampling: 252 = 42 × 6, so every face is exactly equally likely). The first two dice are
 *   the throw: for `roll`, the dice in that order; for `opening`, p1's die then p2's die.
 */

// ---------------------------------------------------------------------------------------------------------
// SHA-256 (FIPS 180-4 §6.2) and HMAC-SHA256 (FIPS 198-1 / RFC 2104)
// ---------------------------------------------------------------------------------------------------------

/** §4.2.2: the first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
const K = Uint32Array.of(
  0x428a2f98,
  0x71374491,
  0xb5c0fbcf,
  0xe9b5dba5,
  0x3956c25b,
  0x59f111f1,
  0x923f82a4,
  0xab1c5ed5,
  0xd807aa98,
  0x12835b01,
  0x243185be,
  0x550c7dc3,
  0x72be5d74,
  0x80deb1fe,
  0x9bdc06a7,
  0xc19bf174,
  0xe49b69c1,
  0xefbe4786,
  0x0fc19dc6,
  0x240ca1cc,
  0x2de92c6f,
  0x4a7484aa,
  0x5cb0a9dc,
  0x76f988da,
  0x983e5152,
  0xa831c66d,
  0xb00327c8,
  0xbf597fc7,
  0xc6e00bf3,
  0xd5a79147,
  0x06ca6351,
  0x14292967,
  0x27b70a85,
  0x2e1b2138,
  0x4d2c6dfc,
  0x53380d13,
  0x650a7354,
  0x766a0abb,
  0x81c2c92e,
  0x92722c85,
  0xa2bfe8a1,
  0xa81a664b,
  0xc24b8b70,
  0xc76c51a3,
  0xd192e819,
  0xd6990624,
  0xf40e3585,
  0x106aa070,
  0x19a4c116,
  0x1e376c08,
  0x2748774c,
  0x34b0bcb5,
  0x391c0cb3,
  0x4ed8aa4a,
  0x5b9cca4f,
  0x682e6ff3,
  0x748f82ee,
  0x78a5636f,
  0x84c87814,
  0x8cc70208,
  0x90befffa,
  0xa4506ceb,
  0xbef9a3f7,
  0xc67178f2,
);

/** §5.3.3: the initial hash value, the first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const H0 = Uint32Array.of(0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19);

const rotr = (x: number, n: number): number => (x >>> n) | (x << (32 - n));

/** SHA-256 of `data`: 32 bytes. */
export function sha256(data: Uint8Array): Uint8Array {
  const length = data.length;
  // §5.1.1 padding: the message, a 1 bit, zeros, then the length in bits as a 64-bit big-endian integer.
  const padded = new Uint8Array(Math.ceil((length + 9) / 64) * 64);
  padded.set(data);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000)); // high 32 bits of length × 8
  view.setUint32(padded.length - 4, (length << 3) >>> 0); // low 32 bits of length × 8

  const h = Uint32Array.from(H0);
  const w = new Uint32Array(64);
  for (let offset = 0; offset < padded.length; offset += 64) {
    // §6.2.2 step 1: the message schedule.
    for (let t = 0; t < 16; t++) w[t] = view.getUint32(offset + 4 * t);
    for (let t = 16; t < 64; t++) {
      const w15 = w[t - 15]!;
      const w2 = w[t - 2]!;
      const s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >>> 3);
      const s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >>> 10);
      w[t] = (w[t - 16]! + s0 + w[t - 7]! + s1) >>> 0;
    }
    // Steps 2–3: the working variables and the 64 rounds.
    let a = h[0]!;
    let b = h[1]!;
    let c = h[2]!;
    let d = h[3]!;
    let e = h[4]!;
    let f = h[5]!;
    let g = h[6]!;
    let hh = h[7]!;
    for (let t = 0; t < 64; t++) {
      const S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[t]! + w[t]!) >>> 0;
      const S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    // Step 4: the intermediate hash value (Uint32Array stores modulo 2^32).
    h[0] = h[0]! + a;
    h[1] = h[1]! + b;
    h[2] = h[2]! + c;
    h[3] = h[3]! + d;
    h[4] = h[4]! + e;
    h[5] = h[5]! + f;
    h[6] = h[6]! + g;
    h[7] = h[7]! + hh;
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setUint32(4 * i, h[i]!);
  return out;
}

const BLOCK = 64;

/** HMAC-SHA256 of `message` under `key`: 32 bytes. */
export function hmacSha256(key: Uint8Array, message: Uint8Array): Uint8Array {
  const k = new Uint8Array(BLOCK);
  k.set(key.length > BLOCK ? sha256(key) : key);
  const inner = new Uint8Array(BLOCK + message.length);
  const outer = new Uint8Array(BLOCK + 32);
  for (let i = 0; i < BLOCK; i++) {
    inner[i] = k[i]! ^ 0x36;
    outer[i] = k[i]! ^ 0x5c;
  }
  inner.set(message, BLOCK);
  outer.set(sha256(inner), BLOCK);
  return sha256(outer);
}

const encoder = new TextEncoder();

/** A string's UTF-8 bytes. */
export const utf8 = (s: string): Uint8Array => encoder.encode(s);

/** Bytes as lowercase hex. */
export const toHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

// ---------------------------------------------------------------------------------------------------------
// The dice derivation (docs/dice.md)
// ---------------------------------------------------------------------------------------------------------

export type ThrowKind = 'opening' | 'roll';
export type ClientSeeds = BySeat<string>;

export const DICE_VERSION = 'nardy-dice-v1';
const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[0-9A-Za-z_-]{1,64}$/;
/** 252 = 42 × 6: the largest multiple of 6 that fits in a byte. */
const BYTE_LIMIT = 252;

export const isServerSeed = (s: unknown): s is string => typeof s === 'string' && SERVER_SEED.test(s);
export const isClientSeed = (s: unknown): s is string => typeof s === 'string' && CLIENT_SEED.test(s);

/** The commitment shown before the game: SHA-256 of the seed's text, lowercase hex. */
export const commitment = (serverSeed: string): string => toHex(sha256(utf8(serverSeed)));

/** The canonical HMAC message of throw `n` (block 0; block i ≥ 1 appends `:i`). */
export function throwMessage(clientSeeds: ClientSeeds, n: number, kind: ThrowKind): string {
  return `${DICE_VERSION}:${kind}:${n}:${clientSeeds.p1}:${clientSeeds.p2}`;
}

/** HMAC block `i` of throw `n` (32 bytes), for docs and verifiers. */
export function throwBlock(serverSeed: string, clientSeeds: ClientSeeds, n: number, kind: ThrowKind, i = 0): Uint8Array {
  const msg = throwMessage(clientSeeds, n, kind) + (i === 0 ? '' : `:${i}`);
  return hmacSha256(utf8(serverSeed), utf8(msg));
}

/**
 * Throw number `n` (1-based) of a game: two dice, unbiased. For `opening` the first die is p1's, the second
 * p2's. Throws on a malformed seed or number (a bug: seeds are checked when the game is set up).
 */
export function throwAt(serverSeed: string, clientSeeds: ClientSeeds, n: number, kind: ThrowKind): Dice {
  if (!isServerSeed(serverSeed)) throw new Error('server seed must be 64 lowercase hex characters');
  if (!isClientSeed(clientSeeds.p1) || !isClientSeed(clientSeeds.p2)) throw new Error('malformed client seed');
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`throw number must be a positive integer, got ${n}`);
  const dice: Die[] = [];
  for (let block = 0; dice.length < 2; block++) {
    for (const byte of throwBlock(serverSeed, clientSeeds, n, kind, block)) {
      if (byte >= BYTE_LIMIT) continue;
      dice.push((1 + (byte % 6)) as Die);
      if (dice.length === 2) break;
    }
  }
  return [dice[0]!, dice[1]!];
}

/** The dice an action carries, in throw order (opening: p1, p2), or null for actions without dice. */
export function diceOf(action: Action): { readonly kind: ThrowKind; readonly dice: readonly [number, number] } | null {
  if (action.type === 'opening') return { kind: 'opening', dice: [action.dice.p1, action.dice.p2] };
  if (action.type === 'roll') return { kind: 'roll', dice: [action.dice[0], action.dice[1]] };
  return null;
}

/** What a verifier needs: the revealed seed, the commitment shown at the start, the client seeds, the actions. */
export interface DiceRecord {
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeeds: ClientSeeds;
  readonly actions: readonly Action[];
}

export type DiceProblemCode = 'COMMITMENT_MISMATCH' | 'BAD_SEED' | 'DICE_MISMATCH';

export type DiceVerification =
  | { readonly ok: true; readonly throws: number }
  | {
      readonly ok: false;
      readonly code: DiceProblemCode;
      readonly message: string;
      /** For DICE_MISMATCH: the action's index in the log, the throw number, what it should have been and what was logged. */
      readonly index?: number;
      readonly n?: number;
      readonly kind?: ThrowKind;
      readonly expected?: readonly [number, number];
      readonly logged?: readonly [number, number];
    };

/** Equal strings, compared in time that does not depend on where they differ. */
function sameText(x: string, y: string): boolean {
  if (x.length !== y.length) return false;
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x.charCodeAt(i) ^ y.charCodeAt(i);
  return diff === 0;
}

/** Recomputes every opening throw and roll of a game's log from the revealed seed; reports the first mismatch. */
export function verifyDice(record: DiceRecord): DiceVerification {
  const { serverSeed, clientSeeds } = record;
  if (!isServerSeed(serverSeed)) return { ok: false, code: 'BAD_SEED', message: 'the server seed is not 64 lowercase hex characters' };
  if (!isClientSeed(clientSeeds.p1) || !isClientSeed(clientSeeds.p2)) {
    return { ok: false, code: 'BAD_SEED', message: 'a client seed is malformed' };
  }
  if (!sameText(record.commitment.toLowerCase(), commitment(serverSeed))) {
    return { ok: false, code: 'COMMITMENT_MISMATCH', message: 'SHA-256 of the revealed seed is not the commitment shown at the start' };
  }
  let n = 0;
  for (let index = 0; index < record.actions.length; index++) {
    const d = diceOf(record.actions[index]!);
    if (!d) continue;
    n++;
    const expected = throwAt(serverSeed, clientSeeds, n, d.kind);
    if (expected[0] !== d.dice[0] || expected[1] !== d.dice[1]) {
      return {
        ok: false,
        code: 'DICE_MISMATCH',
        message: `throw ${n} (${d.kind}, action ${index}) should be ${expected.join('-')} but the log has ${d.dice.join('-')}`,
        index,
        n,
        kind: d.kind,
        expected,
        logged: d.dice,
      };
    }
  }
  return { ok: true, throws: n };
}
