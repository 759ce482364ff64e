import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { Action } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import { commitment, diceOf, hmacSha256, isServerSeed, sha256, throwAt, throwBlock, throwMessage, toHex, utf8, verifyDice } from './dice.js';

const nodeSha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex');
const nodeHmac = (k: Uint8Array, m: Uint8Array): string => createHmac('sha256', k).update(m).digest('hex');

/** Lengths around every padding boundary (55 fits one block with its length, 56 does not; 64 is one block), then random ones. */
const BOUNDARIES = [0, 1, 2, 31, 32, 54, 55, 56, 57, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 191, 192, 193, 1000, 4096, 65537];

describe('SHA-256 (FIPS 180-4)', () => {
  it('the FIPS 180-4 / NIST examples', () => {
    expect(toHex(sha256(utf8('')))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(toHex(sha256(utf8('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(toHex(sha256(utf8('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(toHex(sha256(new Uint8Array(1_000_000).fill(0x61)))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('agrees with node:crypto on every boundary length and thousands of random inputs', () => {
    for (const len of BOUNDARIES) {
      for (let rep = 0; rep < 20; rep++) {
        const b = randomBytes(len);
        expect(toHex(sha256(b)), `length ${len}`).toBe(nodeSha(b));
      }
    }
    for (let i = 0; i < 3000; i++) {
      const b = randomBytes(Math.floor(Math.random() * 300));
      expect(toHex(sha256(b)), `length ${b.length}`).toBe(nodeSha(b));
    }
  });

  it('does not change its input; a view into a larger buffer hashes only its bytes', () => {
    const big = randomBytes(200);
    const view = new Uint8Array(big.buffer, big.byteOffset + 10, 70);
    const copy = Uint8Array.from(view);
    expect(toHex(sha256(view))).toBe(nodeSha(copy));
    expect(view).toEqual(copy);
  });
});

describe('HMAC-SHA256 (RFC 2104)', () => {
  it('RFC 4231 test cases 1, 2 and 6 (a key longer than the block)', () => {
    expect(toHex(hmacSha256(new Uint8Array(20).fill(0x0b), utf8('Hi There')))).toBe('b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7');
    expect(toHex(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
    expect(toHex(hmacSha256(new Uint8Array(131).fill(0xaa), utf8('Test Using Larger Than Block-Size Key - Hash Key First')))).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    );
  });

  it('agrees with node:crypto on keys and messages of every boundary length and thousands of random ones', () => {
    for (const kl of BOUNDARIES.filter((l) => l <= 1000)) {
      for (const ml of BOUNDARIES) {
        const k = randomBytes(kl);
        const m = randomBytes(ml);
        expect(toHex(hmacSha256(k, m)), `key ${kl}, message ${ml}`).toBe(nodeHmac(k, m));
      }
    }
    for (let i = 0; i < 3000; i++) {
      const k = randomBytes(Math.floor(Math.random() * 150));
      const m = randomBytes(Math.floor(Math.random() * 300));
      expect(toHex(hmacSha256(k, m))).toBe(nodeHmac(k, m));
    }
  });
});

const SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const SEEDS = { p1: 'alice-7f3a', p2: 'bob-19c2' };

describe('the dice derivation (docs/dice.md)', () => {
  it('reproduces the worked example', () => {
    expect(commitment(SEED)).toBe('1309f953015195d9eadc0455c1e42a5cfc463d4cad90c0cc940ff77b5f1633bd');
    expect(throwMessage(SEEDS, 1, 'opening')).toBe('nardy-dice-v1:opening:1:alice-7f3a:bob-19c2');
    expect(toHex(throwBlock(SEED, SEEDS, 1, 'opening'))).toBe('f3f07051ce1f84f3ea7d3cce5d0793314e8ca3ed8c1275dae77b2a47d19d0f1c');
    expect(throwAt(SEED, SEEDS, 1, 'opening')).toEqual([4, 1]);
    expect(toHex(throwBlock(SEED, SEEDS, 2, 'opening')).slice(0, 8)).toBe('f20e0485');
    expect(throwAt(SEED, SEEDS, 2, 'opening')).toEqual([3, 3]);
    expect(toHex(throwBlock(SEED, SEEDS, 3, 'roll')).slice(0, 8)).toBe('1420ba10');
    expect(throwAt(SEED, SEEDS, 3, 'roll')).toEqual([3, 3]);
    expect(toHex(throwBlock(SEED, SEEDS, 4, 'roll')).slice(0, 8)).toBe('585044f8');
    expect(throwAt(SEED, SEEDS, 4, 'roll')).toEqual([5, 3]);
    // Throw 15: the first byte, 0xff, is skipped.
    expect(toHex(throwBlock(SEED, SEEDS, 15, 'roll')).slice(0, 8)).toBe('ffb5b354');
    expect(throwAt(SEED, SEEDS, 15, 'roll')).toEqual([2, 6]);
  });

  it('blocks are HMAC of the message (block i ≥ 1: followed by :i), as node:crypto computes them', () => {
    for (let n = 1; n <= 200; n++) {
      for (const kind of ['opening', 'roll'] as const) {
        const msg = throwMessage(SEEDS, n, kind);
        expect(toHex(throwBlock(SEED, SEEDS, n, kind))).toBe(nodeHmac(Buffer.from(SEED), Buffer.from(msg)));
        expect(toHex(throwBlock(SEED, SEEDS, n, kind, 3))).toBe(nodeHmac(Buffer.from(SEED), Buffer.from(`${msg}:3`)));
      }
    }
  });

  it('rejects malformed seeds and throw numbers', () => {
    expect(isServerSeed(SEED)).toBe(true);
    expect(isServerSeed(SEED.toUpperCase())).toBe(false);
    expect(() => throwAt('abc', SEEDS, 1, 'roll')).toThrow();
    expect(() => throwAt(SEED, { p1: 'has space', p2: 'x' }, 1, 'roll')).toThrow();
    expect(() => throwAt(SEED, SEEDS, 0, 'roll')).toThrow();
  });

  it('verifyDice recomputes a log, names the first altered throw, and checks the commitment and seeds', () => {
    const o = throwAt(SEED, SEEDS, 1, 'opening');
    const r = throwAt(SEED, SEEDS, 2, 'roll');
    const actions: Action[] = [
      { type: 'opening', dice: { p1: o[0], p2: o[1] } },
      { type: 'move', seat: 'p1', steps: [] },
      { type: 'roll', seat: 'p2', dice: r },
    ];
    expect(actions.map(diceOf)).toEqual([{ kind: 'opening', dice: o }, null, { kind: 'roll', dice: r }]);
    const rec = { serverSeed: SEED, commitment: commitment(SEED), clientSeeds: SEEDS, actions };
    expect(verifyDice(rec)).toEqual({ ok: true, throws: 2 });
    expect(verifyDice({ ...rec, commitment: commitment(SEED).toUpperCase() })).toEqual({ ok: true, throws: 2 });
    const altered: readonly [number, number] = [r[0] === 6 ? 1 : 6, r[1]];
    expect(verifyDice({ ...rec, actions: [actions[0]!, actions[1]!, { type: 'roll', seat: 'p2', dice: altered as [1, 1] }] })).toEqual({
      ok: false,
      code: 'DICE_MISMATCH',
      message: `throw 2 (roll, action 2) should be ${r.join('-')} but the log has ${altered.join('-')}`,
      index: 2,
      n: 2,
      kind: 'roll',
      expected: r,
      logged: altered,
    });
    const other = 'b'.repeat(64);
    expect(verifyDice({ ...rec, commitment: commitment(other) })).toMatchObject({ ok: false, code: 'COMMITMENT_MISMATCH' });
    expect(verifyDice({ ...rec, serverSeed: 'xyz' })).toMatchObject({ ok: false, code: 'BAD_SEED' });
    expect(verifyDice({ ...rec, clientSeeds: { p1: '', p2: 'b' } })).toMatchObject({ ok: false, code: 'BAD_SEED' });
  });
});
