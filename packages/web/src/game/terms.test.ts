/**
 * Item 12 of issue 40: win kinds and the cube are named per language and variant. Russian keeps ойн, марс, кокс
 * in every variant; English short and Caucasian nardy (backgammon) say single, gammon, backgammon; English long
 * nardy keeps oin, mars, home mars, koks. Checked in each place that names a kind: the result line, the move list,
 * the resign buttons, the seek card and the table form.
 */
import { defaultMatchSettings, getVariant, VARIANT_IDS, type VariantId, type WinKind } from '@nardy/engine';
import type { TableSettings } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/resources';
import { describeSettings } from '../pages/lobby/describe';
import { entryPhrase } from './movePhrases';
import { say, type Translate } from './phrase';
import { gameResultPhrase, kindPhrase, termsContext } from './results';

const WORDS: Readonly<Record<'en' | 'ru', Readonly<Record<'long' | 'short', Partial<Record<WinKind, string>>>>>> = {
  en: {
    long: { oin: 'oin', mars: 'mars', homeMars: 'home mars', koks: 'koks' },
    short: { single: 'single game', mars: 'gammon', koks: 'backgammon' },
  },
  ru: {
    long: { oin: 'ойн', mars: 'марс', homeMars: 'домашний марс', koks: 'кокс' },
    short: { single: 'простая победа', mars: 'марс', koks: 'кокс' },
  },
};

const gameT = (lng: 'en' | 'ru'): Translate => createI18n(lng).getFixedT(lng, 'game') as Translate;
const names = { p1: 'Alice', p2: 'Bob' };

describe('win kinds per language and variant', () => {
  for (const lng of ['en', 'ru'] as const) {
    for (const variant of VARIANT_IDS) {
      const words = WORDS[lng][getVariant(variant).scoring];
      for (const [kind, word] of Object.entries(words) as [WinKind, string][]) {
        it(`${lng}, ${variant}: ${kind} is "${word}" alone, in the result line and in the move list`, () => {
          const t = gameT(lng);
          expect(say(t, kindPhrase(kind, variant))).toBe(word);
          const result = {
            number: 1,
            winner: 'p1' as const,
            white: 'p1' as const,
            end: 'bearOff' as const,
            kind,
            cubeValue: 1,
            basePoints: 2 as const,
            points: { p1: 2, p2: 0 },
          };
          expect(say(t, gameResultPhrase(result, names, variant))).toContain(` ${word},`);
          expect(say(t, entryPhrase({ at: 1, game: 1, kind: 'gameEnded', result }, names, variant))).toContain(` ${word},`);
        });
      }
    }
  }

  it('English: a resign offer in the move list says gammon in short nardy and mars in long nardy', () => {
    const t = gameT('en');
    const resign = (variant: VariantId) => say(t, entryPhrase({ at: 3, game: 1, kind: 'resign', seat: 'p2', level: 'mars' }, names, variant));
    expect(resign('short')).toContain('gammon');
    expect(resign('long')).toContain('mars');
    expect(resign('long')).not.toContain('gammon');
  });

  it('the seek card and the table form name the ceiling, the cube and Jacoby in the variant’s words', () => {
    const en = createI18n('en');
    const ru = createI18n('ru');
    const table = (variant: VariantId): TableSettings => ({ match: defaultMatchSettings(variant) as TableSettings['match'], rated: false, stake: 0 });
    const card = (i18n: typeof en, variant: VariantId) => describeSettings(table(variant)).map((p) => i18n.t(p.key, p.params));
    expect(card(en, 'short')).toContain('Up to backgammon');
    expect(card(en, 'long')).toContain('Up to mars');
    expect(card(ru, 'short')).toContain('До кокса');
    const lobby = (i18n: typeof en, key: string, variant: VariantId) => i18n.t(`tableForm:${key}`, termsContext(variant));
    expect(lobby(en, 'form.ceilingOption.mars', 'short')).toBe('up to gammon: 1 or 2');
    expect(lobby(en, 'form.cube', 'short')).toBe('Doubling cube');
    expect(lobby(en, 'form.cube', 'long')).toBe('Doubling cube (dave)');
    expect(lobby(en, 'form.jacoby', 'short')).toContain('gammons and backgammons');
    expect(lobby(ru, 'form.cube', 'short')).toBe('Куб удвоения (даве)');
  });
});

describe('points in the plural each language wants', () => {
  it('players.score: 1 point, 2 points; 1 очко, 2 очка, 5 очков, 1,5 очка', () => {
    const en = gameT('en');
    const ru = gameT('ru');
    expect([1, 2].map((count) => en('players.score', { count }))).toEqual(['1 point', '2 points']);
    expect([1, 2, 5, 21].map((count) => ru('players.score', { count }))).toEqual(['1 очко', '2 очка', '5 очков', '21 очко']);
    expect(ru('players.score', { count: 1.5 })).toBe('1.5 очка');
  });
});
