import { describe, expect, it } from 'vitest';
import { MAX_BACKOFF_MS, backoffDelay, clockOffset } from './timing';

describe('reconnect backoff', () => {
  it('starts at 0.5 s and doubles up to 10 s (jitter in the middle)', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((a) => backoffDelay(a, 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000, 10000]);
  });

  it('jitters by at most ±20 %', () => {
    expect(backoffDelay(0, 0)).toBe(400);
    expect(backoffDelay(0, 0.999999)).toBe(600);
    for (let a = 0; a < 12; a++) expect(backoffDelay(a, 0.999999)).toBeLessThanOrEqual(MAX_BACKOFF_MS * 1.2);
  });
});

describe('clock offset', () => {
  it('is server time minus the local time half a round trip after sending', () => {
    // Sent at local 1000, answered at local 1200: the server read 5100 at local ≈1100.
    expect(clockOffset(1000, 1200, 5100)).toBe(4000);
    expect(clockOffset(1000, 1000, 900)).toBe(-100);
  });
});
