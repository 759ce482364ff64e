/**
 * The rules pages and the project's rule book (docs/rules.md) say the same thing: every rule id the pages cite is a
 * rule of the book, and the book's rule options and defaults are the engine's.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEFAULT_RULE_OPTIONS, ruleOptions, type RuleOptions } from '@nardy/engine';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/rules.json';
import ru from '../../i18n/locales/ru/rules.json';
import { readGroup, type RulesGroupId } from './rulesDoc';

const BOOK = readFileSync(fileURLToPath(new URL('../../../../../docs/rules.md', import.meta.url)), 'utf8');
const GROUPS: readonly RulesGroupId[] = ['long', 'short', 'caucasian', 'games'];

/** The ids the book defines: each rule is a list item that starts with its id in bold (`* **L10 …**`). */
const defined = [...BOOK.matchAll(/^\* \*\*([LSCG]\d{1,2})\b/gm)].map((m) => m[1]!);

const range = (prefix: string, n: number): string[] => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);

describe('docs/rules.md', () => {
  it('defines L1–L27, S1–S8, C1–C4 and G1–G11, each once', () => {
    expect(defined).toEqual([...range('L', 27), ...range('S', 8), ...range('C', 4), ...range('G', 11)]);
  });

  it.each(['en', 'ru'] as const)('defines every rule id the %s rules pages cite', (lng) => {
    const doc = { en, ru }[lng].doc;
    const cited = GROUPS.flatMap((g) => readGroup(doc[g])!.sections.flatMap((s) => s.blocks.flatMap((b) => b.rules)));
    expect(cited.length).toBeGreaterThan(40);
    expect(cited.filter((id) => !defined.includes(id))).toEqual([]);
  });

  it("lists the engine's rule options with the engine's defaults first (§2.9)", () => {
    const rows = new Map([...BOOK.matchAll(/^\| `(\w+)` \| `?([^|`]+)`? \| ([^|]+) \|/gm)].map((m) => [m[1]!, { dflt: m[2]!, others: m[3]! }]));
    const literal = (s: string): unknown => JSON.parse(s.trim().replaceAll("'", '"'));
    for (const key of Object.keys(DEFAULT_RULE_OPTIONS) as (keyof RuleOptions)[]) {
      const row = rows.get(key);
      expect(row, key).toBeDefined();
      expect(literal(row!.dflt)).toBe(DEFAULT_RULE_OPTIONS[key]);
      for (const value of row!.others.split(',').map((v) => literal(v.replaceAll('`', ''))))
        expect(ruleOptions({ [key]: value }).ok, `${key}: ${String(value)}`).toBe(true);
    }
  });
});
