import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import en from '../../i18n/locales/en/rules.json';
import ru from '../../i18n/locales/ru/rules.json';
import { createI18n } from '../../i18n/resources';
import { RulesPage } from './RulesPage';
import { PAGE_GROUPS, RULES_VARIANTS, readGroup, type RulesGroupId } from './rulesDoc';

const LANGS = { en, ru } as const;
const GROUPS: readonly RulesGroupId[] = ['long', 'short', 'caucasian', 'games'];

/** The structure of a resource with the text left out: keys, array lengths, section ids and rule ids. */
function shape(v: unknown, key = ''): unknown {
  if (Array.isArray(v)) return v.map((x) => shape(x));
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x, k)]));
  return key === 'id' || key === 'rules' ? v : typeof v;
}

const render = (lng: keyof typeof LANGS, variant: (typeof RULES_VARIANTS)[number]): string =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lng)}>
      <RulesPage variant={variant} />
    </I18nextProvider>,
  );

const cited = (lng: keyof typeof LANGS, gid: RulesGroupId): string[] =>
  readGroup(LANGS[lng].doc[gid])!.sections.flatMap((s) => s.blocks.flatMap((b) => b.rules));

describe('rules namespace', () => {
  it('has the same structure, section ids and rule ids in English and Russian', () => {
    expect(shape(ru)).toEqual(shape(en));
  });

  it.each(GROUPS.flatMap((g) => (['en', 'ru'] as const).map((l) => [l, g] as const)))('%s: group %s reads as a rules document', (lng, gid) => {
    expect(readGroup(LANGS[lng].doc[gid])).not.toBeNull();
  });

  it('covers what players ask about: setup, head, six-block, bearing off, scoring, cube, match, clocks, last throw', () => {
    const long = new Set([...cited('en', 'long'), ...cited('en', 'games')]);
    for (const id of ['L1', 'L2', 'L4', 'L9', 'L10', 'L16', 'L17', 'L19', 'L24', 'L25', 'L26', 'G3', 'G6', 'G8', 'L27']) expect(long).toContain(id);
    const short = new Set(cited('en', 'short'));
    for (const id of ['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8']) expect(short).toContain(id);
    const caucasian = new Set(cited('en', 'caucasian'));
    for (const id of ['C1', 'C2', 'C3', 'C4']) expect(caucasian).toContain(id);
  });

  it('uses the nardy words of each language', () => {
    const text = (v: unknown) => JSON.stringify(v);
    for (const word of ['голова', 'с головы', 'марс', 'кокс', 'ойн', 'блок из шести', 'Выбрасывание', 'даве', 'басе', 'пробегом'])
      expect(text(ru)).toContain(word);
    for (const word of ['head', 'mars', 'koks', 'oin', 'bear off', 'cube', 'Crawford']) expect(text(en)).toContain(word);
  });
});

describe('readGroup', () => {
  const group = { heading: 'h', intro: 'i', sections: [{ id: 'setup', title: 't', blocks: [{ rules: ['L1'], text: 'x' }] }] };

  it('reads a well-formed group and defaults the optional parts', () => {
    expect(readGroup(group)?.sections[0]?.blocks[0]).toEqual({ rules: ['L1'], text: 'x', list: [] });
  });

  it.each([
    ['a missing key (i18next returns the key string)', 'doc.long'],
    ['a block without text', { ...group, sections: [{ id: 'setup', title: 't', blocks: [{ rules: ['L1'] }] }] }],
    ['a rule id that is not one', { ...group, sections: [{ id: 'setup', title: 't', blocks: [{ rules: ['<b>'], text: 'x' }] }] }],
    ['a list item that is not text', { ...group, sections: [{ id: 'setup', title: 't', blocks: [{ text: 'x', list: [{}] }] }] }],
    ['a bad section id', { ...group, sections: [{ id: 'Set up', title: 't', blocks: [{ text: 'x' }] }] }],
  ])('refuses %s', (_, value) => {
    expect(readGroup(value)).toBeNull();
  });
});

describe('RulesPage markup', () => {
  it.each(RULES_VARIANTS.flatMap((v) => (['en', 'ru'] as const).map((l) => [l, v] as const)))('%s /rules/%s', (lng, variant) => {
    const html = render(lng, variant);
    const res = LANGS[lng];
    const name = createI18n(lng).t(`common:variant.${variant}`);
    expect(html).toContain(`<h1>${res.pageTitle.replace('{{variant}}', name)}</h1>`);
    for (const gid of PAGE_GROUPS[variant]) {
      const group = readGroup(res.doc[gid])!;
      expect(html).toContain(`<h2 id="${gid}-heading">`);
      for (const s of group.sections) expect(html).toContain(`id="${gid}-${s.id}"`);
    }
    // Every cited rule is a tag, and the first citation of each is its anchor.
    for (const rule of PAGE_GROUPS[variant].flatMap((g) => cited(lng, g))) expect(html).toContain(`id="${rule}" class="rules-tag"`);
    expect(html).toContain(`aria-current="page">${name}</a>`);
    // No raw keys: nothing rendered still looks like a key of the namespace.
    expect(html).not.toMatch(/>(doc|diagram|variant)\.[a-z]/);
  });

  it('draws the start from the engine: 15 on each head in long nardy, 2-5-3-5 in short nardy', () => {
    const checkers = (html: string) =>
      [...html.matchAll(/rules-diagram-checker-(white|black)"><circle[^>]*><\/circle><text[^>]*>(\d+)</g)].map((m) => `${m[1]}${m[2]}`);
    expect(checkers(render('en', 'long'))).toEqual(['white15', 'black15']);
    expect(checkers(render('ru', 'short'))).toEqual(['white2', 'white5', 'white3', 'white5', 'black2', 'black5', 'black3', 'black5']);
    expect(render('en', 'long')).toContain('>head</text>');
    expect(render('en', 'short')).not.toContain('>head</text>');
  });
});
