import { describe, expect, it } from 'vitest';
import { parsePlainBoard } from './notation/plain-board.js';
import { boardKey } from './position.js';
import { legalTurns } from './turns.js';
import { VARIANTS } from './variants/registry.js';
import { legalFixtureLines } from '../test/files.js';

/**
 * Every line of test/fixtures/legal/<variant>.jsonl.gz (independent reference generator; short nardy agrees with
 * GNU Backgammon): the same set of resulting positions, under the default options.
 */
describe.each(VARIANTS.map((v) => v.id))('fixtures: %s.jsonl', (variant) => {
  const lines = legalFixtureLines(variant);

  it(`reproduces all ${lines.length} lines`, () => {
    const failures: string[] = [];
    lines.forEach((line, i) => {
      const input = JSON.parse(line) as { expected: { count: number; results: string[] } };
      const parsed = parsePlainBoard(input);
      if (!parsed.ok || !parsed.value.dice) {
        failures.push(`line ${i + 1}: ${parsed.ok ? 'no dice' : parsed.error.message}`);
        return;
      }
      const keys = [...new Set(legalTurns(parsed.value.position, parsed.value.dice).map((t) => boardKey(t.after)))].sort();
      const want = input.expected.results;
      if (keys.length !== input.expected.count || keys.join('\n') !== want.join('\n')) {
        const missing = want.filter((k) => !keys.includes(k));
        const extra = keys.filter((k) => !want.includes(k));
        failures.push(`line ${i + 1}: missing ${JSON.stringify(missing)} extra ${JSON.stringify(extra)}`);
      }
    });
    expect(failures).toEqual([]);
  });
});
