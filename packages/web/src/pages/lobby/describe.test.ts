import { defaultMatchSettings } from '@nardy/engine';
import type { TableSettings } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { describeClock, describeSettings } from './describe';

const table = (match: Partial<TableSettings['match']> & { variant: TableSettings['match']['variant'] }, more: Partial<TableSettings> = {}): TableSettings => ({
  match: { ...(defaultMatchSettings(match.variant) as TableSettings['match']), ...match },
  rated: false,
  stake: 0,
  ...more,
});

describe('table settings in words', () => {
  it('names the clock with its minutes and seconds', () => {
    const en = createI18n('en');
    const say = (p: ReturnType<typeof describeClock>) => en.t(p.key, p.params);
    expect(say(describeClock({ kind: 'matchReserve', perPointMs: 180_000, delayMs: 15_000 }))).toBe('3 min per point + 15 s delay');
    expect(say(describeClock({ kind: 'fischer', initialMs: 90_000, incrementMs: 2_500 }))).toBe('Fischer 1.5 min + 2.5 s per move');
    expect(say(describeClock({ kind: 'perMove', limitMs: 60_000 }))).toBe('60 s per move');
    expect(say(describeClock({ kind: 'none' }))).toBe('No clock');
  });

  it('says a long-nardy match with its options in Russian', () => {
    const ru = createI18n('ru');
    const words = describeSettings(
      table(
        {
          variant: 'long',
          matchLength: 5,
          homeMars: true,
          koks: true,
          lastRollDraw: true,
          timeControl: { kind: 'matchReserve', perPointMs: 180_000, delayMs: 15_000 },
        },
        { rated: true },
      ),
    ).map((p) => ru.t(p.key, p.params));
    expect(words).toEqual([
      'Длинные нарды',
      'Матч до 5 очков',
      'До кокса',
      'Домашний марс',
      'Кокс — 3 очка',
      'Последний бросок, ничья ½',
      'Без куба',
      '3 мин на очко + 15 с задержки',
      'Рейтинговая',
    ]);
  });

  it('says the money cube options and the stake', () => {
    const en = createI18n('en');
    const s = table({ variant: 'short', cube: { enabled: true, maxValue: 16, beaver: true, jacoby: true, automaticDoubles: 2 } }, { stake: 10 });
    expect(describeSettings(s).map((p) => en.t(p.key, p.params))).toEqual([
      'Short nardy',
      'Money session',
      'Up to backgammon',
      'Cube up to 16',
      'Beaver',
      'Jacoby',
      'Automatic doubles up to 2',
      'No clock',
      'Casual',
      'Stake 10 per point · 100 held from each · net points × 10, up to 100',
    ]);
  });

  it("explains long nardy's oin and mars on its scoring chip (issue 40 item 12); short nardy's words need none", () => {
    const en = createI18n('en');
    const long = describeSettings(table({ variant: 'long' })).find((p) => p.hint !== undefined);
    expect(en.t(long!.key, long!.params)).toBe('Up to mars');
    expect(en.t(long!.hint!)).toMatch(/^Oin is an ordinary win, 1 point; mars a double win, 2 points/);
    expect(createI18n('ru').t(long!.hint!)).toMatch(/^Ойн — обычная победа/);
    expect(describeSettings(table({ variant: 'short' })).filter((p) => p.hint !== undefined)).toEqual([]);
  });

  it("says a money session's limits (G6), in Russian with its plural forms", () => {
    const ru = createI18n('ru');
    const s = table({ variant: 'short', session: { games: 5, pointsAhead: 3, minutes: 45 } });
    expect(describeSettings(s).map((p) => ru.t(p.key, p.params))).toEqual(
      expect.arrayContaining(['до 5 партий', 'до перевеса в 3 очка', 'не дольше 45 минут']),
    );
    const en = createI18n('en');
    expect(
      describeSettings(s)
        .map((p) => en.t(p.key, p.params))
        .slice(3, 6),
    ).toEqual(['ends after 5 games', 'ends at a 3-point lead', 'ends after 45 minutes']);
  });

  it('says what a staked match pays: its length × the stake, the hold too', () => {
    const en = createI18n('en');
    const s = table({ variant: 'short', matchLength: 5 }, { stake: 10 });
    expect(
      describeSettings(s)
        .map((p) => en.t(p.key, p.params))
        .at(-1),
    ).toBe('Stake 10 per point · loser pays 50 (held from each)');
  });

  it('says what a win can really be worth: a long-nardy table without koks or home mars plays up to mars', () => {
    const en = createI18n('en');
    const ceiling = (s: TableSettings) => describeSettings(s).map((p) => en.t(p.key, p.params))[2];
    expect(table({ variant: 'long' }).match.ceiling).toBe('koks');
    expect(ceiling(table({ variant: 'long' }))).toBe('Up to mars');
    expect(ceiling(table({ variant: 'long', koks: true }))).toBe('Up to koks');
    expect(ceiling(table({ variant: 'long', homeMars: true }))).toBe('Up to home mars');
    expect(ceiling(table({ variant: 'long', koks: true, ceiling: 'oin' }))).toBe('Oin only');
    expect(ceiling(table({ variant: 'short' }))).toBe('Up to backgammon');
  });

  it('has every phrase in both languages', () => {
    const samples = [
      table({
        variant: 'long',
        matchLength: 1,
        marsDefinition: 'notAllHome',
        lastRollDraw: true,
        drawScoring: 'one',
        flagLoses: 'game',
        timeControl: { kind: 'bronstein', initialMs: 60_000, delayMs: 5_000 },
      }),
      table({ variant: 'caucasian', matchLength: 3, crawford: false, ceiling: 'oin' }, { rated: true, stake: 1 }),
      table({ variant: 'short', ceiling: 'mars', cube: { enabled: true, maxValue: 64, beaver: false, jacoby: false, automaticDoubles: 0 } }, { stake: 2 }),
    ];
    for (const lng of ['en', 'ru'] as const) {
      const missing: string[] = [];
      const i18n = createI18n(lng, (key) => missing.push(key));
      for (const s of samples) for (const p of describeSettings(s)) i18n.t(p.key, p.params);
      expect(missing).toEqual([]);
    }
  });
});
