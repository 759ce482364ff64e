import { QuickPairPoolSchema, TableSettingsInputSchema, type Language } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { PresetRow, presetName, tileText } from './FirstScreen';
import { PRESETS, presetPool, presetRows } from './presets';

describe('the first screen presets', () => {
  it.each(PRESETS)('$id is a valid quick-pairing pool and table, rated or casual', (p) => {
    for (const rated of [true, false]) {
      const pool = presetPool(p, rated);
      expect(QuickPairPoolSchema.safeParse(pool).success).toBe(true);
      const table = { match: { variant: pool.variant, matchLength: pool.matchLength, timeControl: pool.timeControl }, rated, stake: 0 };
      const parsed = TableSettingsInputSchema.safeParse(table);
      expect(parsed.error?.issues ?? []).toEqual([]);
    }
  });

  it('declares each game once', () => {
    const games = PRESETS.map((p) => `${p.variant}/${p.matchLength}/${p.clock}`);
    expect(new Set(games).size).toBe(PRESETS.length);
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
  });

  it('a row shares its clock (its head names it once)', () => {
    for (const row of presetRows()) expect(new Set(row.presets.map((p) => p.clock)).size, row.group).toBe(1);
  });

  const LABELS: Record<Language, { long: string; short: string; money: string; points: (n: number) => string; clock: string }> = {
    en: { long: 'Long nardy', short: 'Short nardy', money: 'Money session', points: (n) => `Match to ${n} point`, clock: '3 min per point + 15 s delay' },
    ru: { long: 'Длинные нарды', short: 'Короткие нарды', money: 'Свободная игра', points: (n) => `Матч до ${n}`, clock: '3 мин на очко + 15 с задержки' },
  };
  it.each(['en', 'ru'] as const)('every tile is labelled in %s: its rows, its text, its full name', (lng) => {
    const missing: string[] = [];
    const i18n = createI18n(lng, (key) => missing.push(key));
    const want = LABELS[lng];
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={i18n}>
        {presetRows().map((row) => (
          <PresetRow key={row.group} {...row} tile={(p) => tileText(i18n.t, p)} />
        ))}
      </I18nextProvider>,
    );
    for (const text of [want.long, want.short, want.money, want.clock]) expect(html).toContain(text);
    for (const p of PRESETS) {
      const name = presetName(i18n.t, p);
      expect(name).toContain(want[p.variant]);
      expect(name).toContain(p.matchLength > 0 ? want.points(p.matchLength) : want.money);
      expect(html).toContain(tileText(i18n.t, p));
    }
    expect(
      tileText(
        i18n.t,
        PRESETS.find((p) => p.id === 'short5')!,
      ),
    ).toBe(lng === 'en' ? '5 points' : '5 очков');
    expect(missing).toEqual([]);
  });
});
