import { crc32 as zlibCrc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { seededRng } from '@nardy/engine';
import { crc32 } from './crc32.js';

describe('crc32', () => {
  it("is zlib's CRC-32 (the one the committed tables were written with)", () => {
    const rng = seededRng(9);
    for (const length of [0, 1, 7, 64, 1000, 65_537]) {
      const bytes = Uint8Array.from({ length }, () => Math.floor(rng() * 256));
      expect(crc32(bytes)).toBe(zlibCrc32(bytes));
    }
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
