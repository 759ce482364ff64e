import { describe, expect, it } from 'vitest';
import { field } from './drive.suite.js';
import { FORMAT_IDS, FORMATS } from './index.js';

describe('FORMATS', () => {
  it('has every format under its id, each refusing a field out of its limits', () => {
    for (const id of FORMAT_IDS) {
      const format = FORMATS[id];
      expect(format.id).toBe(id);
      expect(format.start(field(format.minPlayers - 1), { seed: 's', endsAt: 1 })).toMatchObject({ ok: false, error: { code: 'BAD_FIELD' } });
      expect(format.start(field(format.minPlayers), { seed: 's', endsAt: 1 }).ok).toBe(true);
    }
  });
});
