/**
 * Bit strings packed least-significant bit first (bit k is bit k % 8 of byte k / 8, as gnubg packs its
 * keys) and base64 without padding. Internal helpers of the ID codecs; no Node APIs (the engine is pure).
 */

export const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
export const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** Appends bits to a fixed-size key. */
export class BitWriter {
  readonly bytes: Uint8Array;
  length = 0;
  constructor(nBytes: number) {
    this.bytes = new Uint8Array(nBytes);
  }
  /** Writes the low `n` bits of `value`, least significant first. False when the key is full. */
  write(value: number, n: number): boolean {
    for (let k = 0; k < n; k++) if (!this.bit(((value >>> k) & 1) === 1)) return false;
    return true;
  }
  bit(one: boolean): boolean {
    if (this.length >= this.bytes.length * 8) return false;
    if (one) this.bytes[this.length >> 3]! |= 1 << (this.length & 7);
    this.length++;
    return true;
  }
  /** `count` ones followed by a zero (gnubg's unary checker count). */
  unary(count: number): boolean {
    for (let k = 0; k < count; k++) if (!this.bit(true)) return false;
    return this.bit(false);
  }
}

/** Reads bits from a key in the order BitWriter wrote them. */
export class BitReader {
  pos = 0;
  constructor(readonly bytes: Uint8Array) {}
  get size(): number {
    return this.bytes.length * 8;
  }
  get done(): boolean {
    return this.pos >= this.size;
  }
  bit(): boolean {
    const b = ((this.bytes[this.pos >> 3] ?? 0) >> (this.pos & 7)) & 1;
    this.pos++;
    return b === 1;
  }
  read(n: number): number {
    let v = 0;
    for (let k = 0; k < n; k++) if (this.bit()) v |= 1 << k;
    return v;
  }
  /** Whether every bit from here to the end is zero. */
  restIsZero(): boolean {
    for (let p = this.pos; p < this.size; p++) if (((this.bytes[p >> 3] ?? 0) >> (p & 7)) & 1) return false;
    return true;
  }
}

/** Base64 of `bytes` without `=` padding (a partial last group is filled with zero bits). */
export function encodeBase64(bytes: Uint8Array, alphabet: string = BASE64): string {
  let out = '';
  let acc = 0;
  let nBits = 0;
  for (const b of bytes) {
    acc = (acc << 8) | b;
    nBits += 8;
    while (nBits >= 6) {
      nBits -= 6;
      out += alphabet[(acc >> nBits) & 63];
    }
    acc &= (1 << nBits) - 1;
  }
  if (nBits > 0) out += alphabet[(acc << (6 - nBits)) & 63];
  return out;
}

/**
 * Decodes unpadded base64 of exactly `nBytes` bytes. `alphabets` lists the accepted alphabets (each
 * character may come from any of them). An error string when the length is wrong, a character is outside
 * the alphabets, or the unused low bits of the last character are not zero (a non-canonical string).
 */
export function decodeBase64(text: string, nBytes: number, alphabets: readonly string[] = [BASE64]): Uint8Array | string {
  const length = Math.ceil((nBytes * 8) / 6);
  if (text.length !== length) return `must be ${length} characters, not ${text.length}`;
  const out = new Uint8Array(nBytes);
  let acc = 0;
  let nBits = 0;
  let i = 0;
  for (const ch of text) {
    let v = -1;
    for (const a of alphabets) {
      v = a.indexOf(ch);
      if (v >= 0) break;
    }
    if (v < 0) return `${JSON.stringify(ch)} is not a base64 character`;
    acc = ((acc << 6) | v) & 0xffff;
    nBits += 6;
    if (nBits >= 8) {
      nBits -= 8;
      if (i < nBytes) out[i++] = (acc >> nBits) & 0xff;
    }
  }
  if (i !== nBytes) return `must be ${length} characters`;
  if ((acc & ((1 << nBits) - 1)) !== 0) return `the last character sets ${nBits} pad bits past the ${nBytes * 8}-bit key`;
  return out;
}
