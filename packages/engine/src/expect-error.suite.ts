import { expect } from 'vitest';
import type { ErrorCode, Result } from './result.js';

/** Test support: `r` is an error with this code and a message matching `why`. */
export function expectError(r: Result<unknown>, code: ErrorCode, why: RegExp): void {
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    expect(r.error.message).toMatch(why);
  }
}
