import { randomBytes } from 'node:crypto';
import { commitment, isClientSeed, isServerSeed, throwBlock as protocolThrowBlock, type ClientSeeds, type ThrowKind } from '@nardy/protocol';

/**
 * Verifiable dice (RULES G10, docs/dice.md). The derivation — commitment, throw message, the rejection-sampled
 * dice from HMAC-SHA256 blocks, the verifier — lives in `@nardy/protocol` (packages/protocol/src/dice.ts), so the
 * server, the CLI's `nardy verify-dice` and the browser compute the same dice with the same code. What stays here
 * is the randomness: fresh server and client seeds from node:crypto, and the dice secret of a new game.
 *
 * A test server fixes the server seed (`diceSecret(KNOWN_SEED)`), which makes every throw reproducible.
 */

export { commitment, diceOf, isClientSeed, isServerSeed, throwAt, verifyDice, type ClientSeeds, type ThrowKind } from '@nardy/protocol';

/** The dice secret of one game: the server seed (secret until the end), its commitment, both client seeds. */
export interface DiceSecret {
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeeds: ClientSeeds;
}

/** A fresh server seed: 32 bytes from the operating system's generator, as 64 lowercase hex characters. */
export const newServerSeed = (): string => randomBytes(32).toString('hex');

/** A client seed for a seat that brings none (a bot, a client that sent nothing): 16 random bytes, hex. */
export const newClientSeed = (): string => randomBytes(16).toString('hex');

/** HMAC block `i` of throw `n` as a Buffer (the protocol's `throwBlock` gives a Uint8Array), for docs and tests. */
export function throwBlock(serverSeed: string, clientSeeds: ClientSeeds, n: number, kind: ThrowKind, i = 0): Buffer {
  const block = protocolThrowBlock(serverSeed, clientSeeds, n, kind, i);
  return Buffer.from(block.buffer, block.byteOffset, block.byteLength);
}

/** A new game's dice secret; `serverSeed` fixed only by tests (and a server started in test mode). */
export function diceSecret(clientSeeds: ClientSeeds, serverSeed: string = newServerSeed()): DiceSecret {
  if (!isServerSeed(serverSeed)) throw new Error('server seed must be 64 lowercase hex characters');
  if (!isClientSeed(clientSeeds.p1) || !isClientSeed(clientSeeds.p2)) throw new Error('malformed client seed');
  return Object.freeze({ serverSeed, commitment: commitment(serverSeed), clientSeeds: Object.freeze({ ...clientSeeds }) });
}
