import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Action, BySeat, Dice, Die } from '@nardy/engine';

/**
 * Verifiable dice (RULES G10), derived exactly as docs/dice.md describes:
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
 *
 * A test server fixes the server seed (`diceSecret(KNOWN_SEED)`), which makes every throw reproducible.
 */

export type ThrowKind = 'opening' | 'roll';
export type ClientSeeds = BySeat<string>;

/** The dice secret of one game: the server seed (secret until the end), its commitment, both client seeds. */
export interface DiceSecret {
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeeds: ClientSeeds;
}

export const DICE_VERSION = 'nardy-dice-v1';
const SERVER_SEED = /^[0-9a-f]{64}$/;
const CLIENT_SEED = /^[0-9A-Za-z_-]{1,64}$/;
/** 252 = 42 × 6: the largest multiple of 6 that fits in a byte. */
const BYTE_LIMIT = 252;

/** A fresh server seed: 32 bytes from the operating system's generator, as 64 lowercase hex characters. */
export const newServerSeed = (): string => randomBytes(32).toString('hex');

/** A client seed for a seat that brings none (a bot, a client that sent nothing): 16 random bytes, hex. */
export const newClientSeed = (): string => randomBytes(16).toString('hex');

export const isServerSeed = (s: unknown): s is string => typeof s === 'string' && SERVER_SEED.test(s);
export const isClientSeed = (s: unknown): s is string => typeof s === 'string' && CLIENT_SEED.test(s);

/** The commitment shown before the game: SHA-256 of the seed's text, lowercase hex. */
export const commitment = (serverSeed: string): string => createHash('sha256').update(serverSeed, 'utf8').digest('hex');

/** The canonical HMAC message of throw `n` (block 0; block i ≥ 1 appends `:i`). */
export function throwMessage(clientSeeds: ClientSeeds, n: number, kind: ThrowKind): string {
  return `${DICE_VERSION}:${kind}:${n}:${clientSeeds.p1}:${clientSeeds.p2}`;
}

/** HMAC block `i` of throw `n` (hex), for docs and verifiers. */
export function throwBlock(serverSeed: string, clientSeeds: ClientSeeds, n: number, kind: ThrowKind, i = 0): Buffer {
  const msg = throwMessage(clientSeeds, n, kind) + (i === 0 ? '' : `:${i}`);
  return createHmac('sha256', Buffer.from(serverSeed, 'utf8')).update(msg, 'utf8').digest();
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

/** A new game's dice secret; `serverSeed` fixed only by tests (and a server started in test mode). */
export function diceSecret(clientSeeds: ClientSeeds, serverSeed: string = newServerSeed()): DiceSecret {
  if (!isServerSeed(serverSeed)) throw new Error('server seed must be 64 lowercase hex characters');
  if (!isClientSeed(clientSeeds.p1) || !isClientSeed(clientSeeds.p2)) throw new Error('malformed client seed');
  return Object.freeze({ serverSeed, commitment: commitment(serverSeed), clientSeeds: Object.freeze({ ...clientSeeds }) });
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

export type DiceVerification =
  | { readonly ok: true; readonly throws: number }
  | {
      readonly ok: false;
      readonly code: 'COMMITMENT_MISMATCH' | 'BAD_SEED' | 'DICE_MISMATCH';
      readonly message: string;
      /** For DICE_MISMATCH: the action's index in the log, the throw number, what it should have been and what was logged. */
      readonly index?: number;
      readonly n?: number;
      readonly kind?: ThrowKind;
      readonly expected?: readonly [number, number];
      readonly logged?: readonly [number, number];
    };

/** Recomputes every opening throw and roll of a game's log from the revealed seed; reports the first mismatch. */
export function verifyDice(record: DiceRecord): DiceVerification {
  const { serverSeed, clientSeeds } = record;
  if (!isServerSeed(serverSeed)) return { ok: false, code: 'BAD_SEED', message: 'the server seed is not 64 lowercase hex characters' };
  if (!isClientSeed(clientSeeds.p1) || !isClientSeed(clientSeeds.p2)) {
    return { ok: false, code: 'BAD_SEED', message: 'a client seed is malformed' };
  }
  const shown = Buffer.from(record.commitment.toLowerCase(), 'utf8');
  const actual = Buffer.from(commitment(serverSeed), 'utf8');
  if (shown.length !== actual.length || !timingSafeEqual(shown, actual)) {
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
