import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with Node's scrypt. A hash is one self-describing string,
 * `scrypt$N$r$p$<salt>$<hash>` (salt and hash in base64url), so the cost can be raised later and old hashes still
 * verify with the parameters they were made with.
 */

export interface ScryptParams {
  /** CPU/memory cost, a power of two. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** 2^15 × 8 × 128 B = 32 MiB and ~50–100 ms per hash on a server core (OWASP's scrypt minimum is 2^17 / 2^15 at r=8). */
export const DEFAULT_SCRYPT: ScryptParams = Object.freeze({ N: 2 ** 15, r: 8, p: 1 });
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Parameters read from a stored hash are bounded, so a corrupt row cannot make the server allocate gigabytes. */
const MAX_N = 2 ** 20;
const MAX_R = 32;
const MAX_P = 16;

function scrypt(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  const opts: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keylen, opts, (e, key) => (e ? reject(e) : resolve(key)));
  });
}

const isPow2 = (n: number): boolean => Number.isSafeInteger(n) && n >= 2 && (n & (n - 1)) === 0;

function checkParams(p: ScryptParams): boolean {
  return isPow2(p.N) && p.N <= MAX_N && Number.isSafeInteger(p.r) && p.r >= 1 && p.r <= MAX_R && Number.isSafeInteger(p.p) && p.p >= 1 && p.p <= MAX_P;
}

/** Hashes a password with a fresh random salt: `scrypt$N$r$p$salt$hash`. */
export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  if (!checkParams(params)) throw new Error('bad scrypt parameters');
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export interface ParsedHash {
  readonly params: ScryptParams;
  readonly salt: Buffer;
  readonly key: Buffer;
}

const B64URL = /^[A-Za-z0-9_-]+$/;
const DIGITS = /^[1-9][0-9]{0,9}$/;

/** Reads a stored hash; null when it is not a well-formed `scrypt$…` string with sane parameters. */
export function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  if (!DIGITS.test(n) || !DIGITS.test(r) || !DIGITS.test(p) || !B64URL.test(salt) || !B64URL.test(key)) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!checkParams(params)) return null;
  const saltBuf = Buffer.from(salt, 'base64url');
  const keyBuf = Buffer.from(key, 'base64url');
  if (saltBuf.length < 8 || keyBuf.length < 16 || keyBuf.length > 128) return null;
  return { params, salt: saltBuf, key: keyBuf };
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const key = await scrypt(password, parsed.salt, parsed.key.length, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with weaker parameters than `params` (re-hash on the next log-in). */
export function needsRehash(stored: string, params: ScryptParams = DEFAULT_SCRYPT): boolean {
  const parsed = parseHash(stored);
  return parsed === null || parsed.params.N < params.N || parsed.params.r < params.r || parsed.params.p < params.p;
}
