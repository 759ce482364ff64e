import { expect, it } from 'vitest';
import { randomId } from './common.js';

it('ids are 16 URL-safe characters and never start with "-" (a command line would read an option)', () => {
  const ids = Array.from({ length: 20_000 }, randomId);
  for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{15}$/);
  expect(new Set(ids).size).toBe(ids.length);
});
