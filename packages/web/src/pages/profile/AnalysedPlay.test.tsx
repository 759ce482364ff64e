import type { UserAnalysis } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { AnalysedPlay } from './AnalysedPlay';

const DATA: UserAnalysis = {
  userId: 'u_alice',
  ply: 2,
  variants: [{ variant: 'short', matches: 3, unforced: 120, errorRate: 8.53, pr: 4.265 }],
};

const render = (lang: 'en' | 'ru', data: UserAnalysis | null) =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang)}>
      <AnalysedPlay data={data} lang={lang} />
    </I18nextProvider>,
  );

describe('AnalysedPlay', () => {
  it('shows the average error rate and PR per variant, numbers as the language writes them', () => {
    const en = render('en', DATA);
    expect(en).toContain('Short nardy');
    expect(en).toContain('<td>3</td><td>8.5</td><td>4.3</td>');
    const ru = render('ru', DATA);
    expect(ru).toContain('<td>8,5</td><td>4,3</td>');
  });

  it('is not drawn before any match is analysed', () => {
    expect(render('en', { ...DATA, variants: [] })).toBe('');
    expect(render('en', null)).toBe('');
  });
});
