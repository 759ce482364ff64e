import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { engineFixture } from '../../../test/files.js';
import { VARIANT_IDS } from '../../types.js';
import { parseMat } from './parse.js';
import { randomMatch } from './random-match.suite.js';
import { writeMat } from './write.js';

// Seeds that give short files with a cube action each; NARDY_UPDATE_GOLDEN=1 rewrites the files.
const SEEDS = { short: 11, long: 3, caucasian: 11 } as const;

describe('.mat golden files: the exact text we write, and it reads back', () => {
  for (const variant of VARIANT_IDS) {
    it(variant, () => {
      const m = randomMatch(variant, SEEDS[variant], 1);
      const text = writeMat({ ...m, names: { p1: 'Alice', p2: 'Борис' }, date: new Date('2026-12-05T19:30:00Z'), site: 'nardy', matchId: `golden-${variant}` });
      const path = engineFixture(`mat/golden-${variant}.mat`);
      if (process.env['NARDY_UPDATE_GOLDEN']) writeFileSync(path, text);
      expect(text).toBe(readFileSync(path, 'utf8'));
      const back = parseMat(text);
      expect(back.ok && back.value.actions.length).toBeGreaterThan(0);
    });
  }
});
