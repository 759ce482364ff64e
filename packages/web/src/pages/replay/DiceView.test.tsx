import type { DiceReport } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createI18n } from '../../i18n/resources';
import { DiceView } from './DiceView';

const REPORT: DiceReport = {
  gameId: 'g_1',
  status: 'finished',
  ok: true,
  serverSeed: 'd'.repeat(64),
  commitment: 'c'.repeat(64),
  clientSeeds: { p1: 'seed-a', p2: 'seed-b' },
  throws: [
    { n: 1, seq: 1, kind: 'opening', dice: [5, 3], expected: [5, 3], ok: true },
    { n: 2, seq: 2, kind: 'roll', dice: [6, 5], expected: [6, 5], ok: true },
  ],
  problem: null,
};

const render = (report: DiceReport, lng: 'en' | 'ru' = 'en') => {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lng)}>
      <DiceView report={report} />
    </I18nextProvider>,
  );
  return { html, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ') };
};

describe('the dice check, readable (G10)', () => {
  it('says every throw matches, shows the seeds and a row per throw, and links the raw JSON', () => {
    const { html, text } = render(REPORT);
    expect(text).toContain('All 2 throws follow from the seeds');
    expect(text).toContain('1 opening 5-3 5-3 ✓ matches');
    expect(text).toContain('2 roll 6-5 6-5 ✓ matches');
    expect(html).toContain('d'.repeat(64));
    expect(html).toContain('seed-a');
    expect(html).toContain('href="/api/games/g_1/dice"');
    expect(html).toContain('href="/replay/g_1"');
    expect(html).not.toContain('{"');
  });

  it('points at a throw that does not follow, in Russian too', () => {
    const bad: DiceReport = {
      ...REPORT,
      ok: false,
      throws: [REPORT.throws[0]!, { n: 2, seq: 2, kind: 'roll', dice: [6, 6], expected: [6, 5], ok: false }],
      problem: { code: 'DICE_MISMATCH', message: 'throw 2 differs', n: 2, seq: 2 },
    };
    expect(render(bad).text).toContain('Throw 2 does not follow from the seeds.');
    expect(render(bad).html).toContain('class="dice-check-bad"');
    const ru = render(bad, 'ru').text;
    expect(ru).toContain('Бросок 2 не следует из зёрен.');
    expect(ru).toContain('✗ не совпадает');
    expect(ru).not.toContain('throw 2 differs');
  });
});
