import {
  BLOCK_CHECKS,
  CEILINGS,
  CUBE_MAX_VALUES,
  DRAW_SCORINGS,
  FLAG_LOSES,
  HEAD_EXCEPTION_SCOPES,
  MARS_DEFINITIONS,
  MAX_AUTOMATIC_DOUBLES,
  MAX_MATCH_LENGTH,
  NEXT_GAME_STARTERS,
  OPENING_THROWS,
  VARIANT_IDS,
} from '@nardy/engine';
import type { Language } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { TableSettingsFields } from './TableSettingsFields';
import { defaultForm, formFromSettings, update, type TableForm } from './tableForm';

/** Renders the fields and returns the markup, the form controls' names, and any translation key that was missing. */
function render(form: TableForm, options: { part?: 'table' | 'bot' | 'pool'; guest?: boolean; lng?: Language } = {}) {
  const missing: string[] = [];
  const i18n = createI18n(options.lng ?? 'en', (key) => missing.push(key));
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <TableSettingsFields form={form} onChange={() => {}} part={options.part ?? 'table'} guest={options.guest ?? false} />
    </I18nextProvider>,
  );
  const names = [...html.matchAll(/name="(\w+)"/g)].map((m) => m[1]);
  return { html, names: new Set(names), missing };
}

const ALWAYS = ['variant', 'matchLength', 'clock', 'ceiling', 'lastRollDraw', 'cubeEnabled', 'rated', 'stake'];
const LONG_ONLY = ['marsDefinition', 'homeMars', 'koks', 'openingThrow', 'nextGameStarter', 'headExceptionScope', 'blockCheck', 'blockAheadCountsBorneOff'];
const MONEY_CUBE = ['beaver', 'jacoby', 'automaticDoubles'];

const expectFields = (names: Set<string | undefined>, shown: readonly string[], hidden: readonly string[]) => {
  for (const n of shown) expect(names.has(n), `${n} shown`).toBe(true);
  for (const n of hidden) expect(names.has(n), `${n} hidden`).toBe(false);
};

describe('the table settings form (RULES §7)', () => {
  it('long nardy: mars, home mars and koks options, opening throw, next starter, rule options; no cube options until the cube is on', () => {
    const { names } = render(defaultForm('long', true));
    expectFields(names, [...ALWAYS, ...LONG_ONLY], ['cubeMax', 'crawford', ...MONEY_CUBE, 'drawScoring', 'flagLoses']);
    const withCube = render(update(defaultForm('long', true), { cube: { ...defaultForm('long', true).cube, enabled: true } })).names;
    expectFields(withCube, ['cubeMax', 'crawford'], MONEY_CUBE);
  });

  for (const variant of ['short', 'caucasian'] as const) {
    it(`${variant} nardy: the cube with Crawford in a match; beaver, Jacoby and automatic doubles in a money session; no long-nardy options`, () => {
      const match = render(defaultForm(variant, true)).names;
      expectFields(match, [...ALWAYS, 'cubeMax', 'crawford'], [...LONG_ONLY, ...MONEY_CUBE]);
      const money = render(update(defaultForm(variant, true), { matchLength: 0 })).names;
      expectFields(money, [...ALWAYS, 'cubeMax', ...MONEY_CUBE], [...LONG_ONLY, 'crawford']);
    });
  }

  it('offers the draw scoring with the last-throw draw, and what a flag loses with a clock', () => {
    const names = render(update(defaultForm('long', true), { lastRollDraw: true, clock: 'tournament' })).names;
    expectFields(names, ['drawScoring', 'flagLoses'], []);
  });

  it('offers match-reserve clocks only in a match', () => {
    const match = render(defaultForm('short', true)).html;
    expect(match).toContain('value="tournament"');
    expect(match).toContain('Tournament: 3 min per point + 15 s delay');
    expect(match).toContain('US federation: 2 min per point + 12 s delay');
    const money = render(update(defaultForm('short', true), { matchLength: 0 })).html;
    expect(money).not.toContain('value="tournament"');
    expect(money).not.toContain('value="us"');
    expect(money).toContain('value="fischer"');
  });

  it('asks for a stake in chips per point and shows the hold it puts on each player and what a result pays (G9)', () => {
    const none = render(update(defaultForm('long', true), { cube: { ...defaultForm('long', true).cube, enabled: false } })).html;
    expect(/<input[^>]*name="stake"[^>]*>/.exec(none)?.[0]).toContain('value="0"');
    expect(none).toContain('0 means no stake');
    // A match to N: N × the stake, with the cube or without.
    const five = update(defaultForm('short', true), { stake: 10, matchLength: 5 });
    expect(five.cube.enabled).toBe(true);
    expect(render(five).html).toContain('Each player holds 50 chips while playing; the loser of the match pays the winner exactly that (5 points × the stake)');
    expect(render(update(five, { matchLength: 1 })).html).toContain(
      'holds 10 chips while playing; the loser of the match pays the winner exactly that (1 point × the stake)',
    );
    expect(render(five, { lng: 'ru' }).html).toContain('удерживается 50 фишек; проигравший матч платит победителю ровно столько (5 очков × ставка)');
    expect(/<input[^>]*name="stake"[^>]*>/.exec(render(five).html)?.[0]).toContain('value="10"');
    // A money session: 3× (10× with the cube), less where a game can never cost that much.
    const money = update(defaultForm('long', true), { stake: 10, matchLength: 0, cube: { ...defaultForm('long', true).cube, enabled: false } });
    expect(render(money).html).toContain('Each player holds 20 chips while playing (2× the stake). One game can cost up to 2× the stake;');
    expect(render(update(money, { koks: true })).html).toContain('holds 30 chips while playing (3× the stake)');
    const cube = update(money, { cube: { ...money.cube, enabled: true } });
    expect(render(cube).html).toContain('holds 100 chips while playing (10× the stake). One game can cost up to 128× the stake');
    expect(render(update(cube, { ceiling: 'oin', cube: { ...cube.cube, maxValue: 4 } })).html).toContain('holds 40 chips while playing (4× the stake)');
    const ru = render(cube, { lng: 'ru' });
    expect(ru.html).toContain('удерживается 100 фишек (10 × ставка)');
    expect(ru.missing).toEqual([]);
  });

  it('shows only the pool fields for quick pairing, and no rated or stake for a bot', () => {
    expectFields(
      render(defaultForm('long', true), { part: 'pool' }).names,
      ['variant', 'matchLength', 'clock', 'rated'],
      ['ceiling', 'cubeEnabled', 'stake', ...LONG_ONLY],
    );
    expectFields(render(defaultForm('short', true), { part: 'bot' }).names, ['variant', 'ceiling', 'cubeEnabled'], ['rated', 'stake']);
  });

  it('does not let a guest ask for a rated game, nor play for chips', () => {
    const { html } = render(update(defaultForm('long', true), { stake: 25 }), { guest: true });
    const rated = /<input[^>]*name="rated"[^>]*>/.exec(html)?.[0] ?? '';
    expect(rated).toContain('disabled=""');
    expect(rated).not.toContain('checked');
    expect(html).toContain('rated games need an account');
    const stake = /<input[^>]*name="stake"[^>]*>/.exec(html)?.[0] ?? '';
    expect(stake).toContain('disabled=""');
    expect(stake).toContain('value="0"');
    expect(html).toContain('playing for chips needs an account');
  });

  it("offers every value of the engine's option lists, in their order", () => {
    const f = defaultForm('long', true);
    const { html } = render(update(f, { koks: true, matchLength: 0, lastRollDraw: true, clock: 'fischer', cube: { ...f.cube, enabled: true } }));
    const offered = (name: string): string[] => {
      const select = new RegExp(`<select[^>]*name="${name}"[^>]*>(.*?)</select>`).exec(html)?.[1] ?? '';
      return [...select.matchAll(/<option[^>]*value="([^"]*)"/g)].map((m) => m[1]!);
    };
    const texts = (values: readonly (string | number)[]) => values.map(String);
    expect(offered('variant')).toEqual(texts(VARIANT_IDS));
    expect(offered('matchLength')).toEqual(texts(Array.from({ length: MAX_MATCH_LENGTH + 1 }, (_, i) => i)));
    expect(offered('ceiling')).toEqual(texts(CEILINGS));
    expect(offered('marsDefinition')).toEqual(texts(MARS_DEFINITIONS));
    expect(offered('drawScoring')).toEqual(texts(DRAW_SCORINGS));
    expect(offered('flagLoses')).toEqual(texts(FLAG_LOSES));
    expect(offered('cubeMax')).toEqual(texts(CUBE_MAX_VALUES));
    expect(offered('automaticDoubles')).toEqual(texts(Array.from({ length: MAX_AUTOMATIC_DOUBLES + 1 }, (_, i) => i)));
    expect(offered('openingThrow')).toEqual(texts(OPENING_THROWS));
    expect(offered('nextGameStarter')).toEqual(texts(NEXT_GAME_STARTERS));
    expect(offered('headExceptionScope')).toEqual(texts(HEAD_EXCEPTION_SCOPES));
    expect(offered('blockCheck')).toEqual(texts(BLOCK_CHECKS));
  });

  it('long nardy: the ceiling offers three points only when a win can count three (koks or home mars ticked)', () => {
    const ceiling = (f: TableForm, lng: Language = 'en') => {
      const select = /<select[^>]*name="ceiling"[^>]*>(.*?)<\/select>/.exec(render(f, { lng }).html)?.[1] ?? '';
      return {
        offered: [...select.matchAll(/<option[^>]*>([^<]*)</g)].map((m) => m[1]),
        selected: /<option[^>]*selected=""[^>]*>([^<]*)</.exec(select)?.[1],
      };
    };
    const f = defaultForm('long', true);
    expect([f.koks, f.homeMars, f.ceiling]).toEqual([false, false, 'mars']);
    expect(ceiling(f)).toEqual({ offered: ['oin only: 1 point', 'up to mars: 1 or 2'], selected: 'up to mars: 1 or 2' });
    const koks = update(f, { koks: true });
    expect(ceiling(koks)).toEqual({
      offered: ['oin only: 1 point', 'up to mars: 1 or 2', 'up to koks: 1, 2 or 3'],
      selected: 'up to koks: 1, 2 or 3',
    });
    expect(ceiling(update(f, { homeMars: true }), 'ru').selected).toBe('до домашнего марса: 1, 2 или 3');
    // Unticked again, the ceiling comes back to two; a lower ceiling the player chose stays.
    expect(update(koks, { koks: false }).ceiling).toBe('mars');
    expect(update(update(koks, { ceiling: 'oin' }), { koks: false }).ceiling).toBe('oin');
    expect(update(update(f, { ceiling: 'oin' }), { koks: true }).ceiling).toBe('oin');
    // Short nardy always scores up to three (S7); back in long nardy the ceiling follows the unticked options.
    const short = update(f, { variant: 'short' });
    expect(ceiling(short)).toEqual({
      offered: ['single games only: 1 point', 'up to gammon: 1 or 2', 'up to backgammon: 1, 2 or 3'],
      selected: 'up to backgammon: 1, 2 or 3',
    });
    expect(update(short, { variant: 'long' }).ceiling).toBe('mars');
    expect(formFromSettings({ match: { variant: 'long', ceiling: 'koks' }, rated: false, stake: 0 }, false).ceiling).toBe('mars');
  });

  it('has every label translated, in both languages, for every variant and state', () => {
    const states: TableForm[] = (['long', 'short', 'caucasian'] as const).flatMap((v) => {
      const f = defaultForm(v, true);
      return [f, update(f, { matchLength: 0, lastRollDraw: true, clock: 'bronstein', stake: 5, cube: { ...f.cube, enabled: true } })];
    });
    for (const lng of ['en', 'ru'] as const) {
      for (const f of states) for (const part of ['table', 'bot', 'pool'] as const) expect(render(f, { part, lng }).missing).toEqual([]);
    }
    const ru = render(defaultForm('long', true), { lng: 'ru' }).html;
    expect(ru).toContain('Длинные нарды');
    expect(ru).toContain('до марса: 1 или 2');
    expect(ru).toContain('Домашний марс');
    expect(ru).toContain('3 очка');
    expect(ru).toContain('5 очков');
    expect(ru).toContain('1 очко');
  });
});
