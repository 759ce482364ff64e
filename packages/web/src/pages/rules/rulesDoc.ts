/**
 * The rules pages' content lives in the `rules` translation namespace as data (groups → sections → blocks), so
 * both languages carry the same structure and the page renders it as plain text. This module reads that data
 * defensively — a translation resource is untrusted input to the component — and says which groups each page shows.
 */

export type RulesVariant = 'long' | 'short' | 'caucasian';
export type RulesGroupId = RulesVariant | 'games';

export const RULES_VARIANTS: readonly RulesVariant[] = ['long', 'short', 'caucasian'];

/**
 * Caucasian nardy is short nardy plus C1–C4 (docs/rules.md §4), so its page shows the short-nardy rules after its own;
 * `games` (G1–G10, L27: turn, cube, match, clocks) applies to every variant.
 */
export const PAGE_GROUPS: Readonly<Record<RulesVariant, readonly RulesGroupId[]>> = {
  long: ['long', 'games'],
  short: ['short', 'games'],
  caucasian: ['caucasian', 'short', 'games'],
};

interface RulesBlock {
  /** Rule ids from docs/rules.md (L9, S5, G3 …), shown as small tags so players and support can cite them. */
  readonly rules: readonly string[];
  readonly text: string;
  readonly list: readonly string[];
}

interface RulesSection {
  /** A stable slug (the same in every language), used for anchors. */
  readonly id: string;
  readonly title: string;
  readonly blocks: readonly RulesBlock[];
}

export interface RulesGroup {
  readonly heading: string;
  readonly intro: string;
  readonly sections: readonly RulesSection[];
}

const RULE_ID = /^[LSCG]\d{1,2}$/;
const SLUG = /^[a-z][a-z0-9-]*$/;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string' && v !== '';
const stringsOf = (v: unknown, ok: (s: string) => boolean = () => true): string[] | null =>
  Array.isArray(v) && v.every((s) => isString(s) && ok(s)) ? (v as string[]) : null;

function readBlock(v: unknown): RulesBlock | null {
  if (!isRecord(v) || !isString(v.text)) return null;
  const rules = v.rules === undefined ? [] : stringsOf(v.rules, (s) => RULE_ID.test(s));
  const list = v.list === undefined ? [] : stringsOf(v.list);
  return rules && list ? { rules, text: v.text, list } : null;
}

function readSection(v: unknown): RulesSection | null {
  if (!isRecord(v) || !isString(v.id) || !SLUG.test(v.id) || !isString(v.title) || !Array.isArray(v.blocks)) return null;
  const blocks = v.blocks.map(readBlock);
  return blocks.length > 0 && blocks.every((b) => b !== null) ? { id: v.id, title: v.title, blocks: blocks as RulesBlock[] } : null;
}

/** The group as the translation resource gives it (`t('doc.<group>', { returnObjects: true })`), or null if malformed. */
export function readGroup(v: unknown): RulesGroup | null {
  if (!isRecord(v) || !isString(v.heading) || !isString(v.intro) || !Array.isArray(v.sections)) return null;
  const sections = v.sections.map(readSection);
  return sections.length > 0 && sections.every((s) => s !== null) ? { heading: v.heading, intro: v.intro, sections: sections as RulesSection[] } : null;
}

/**
 * Which rule tags carry the rule's id as their anchor: the first citation of each rule on the page (a rule may be
 * explained in several blocks), so `/rules/long#L10` lands where L10 starts. Holds `citationKey`s.
 */
export function firstCitations(groups: readonly (readonly [RulesGroupId, RulesGroup])[]): ReadonlySet<string> {
  const first = new Set<string>();
  const seen = new Set<string>();
  for (const [gid, group] of groups)
    group.sections.forEach((section, si) =>
      section.blocks.forEach((block, bi) =>
        block.rules.forEach((rule) => {
          if (seen.has(rule)) return;
          seen.add(rule);
          first.add(citationKey(gid, si, bi, rule));
        }),
      ),
    );
  return first;
}

export const citationKey = (group: RulesGroupId, section: number, block: number, rule: string): string => `${group}/${section}/${block}/${rule}`;
export const sectionAnchor = (group: RulesGroupId, sectionId: string): string => `${group}-${sectionId}`;
