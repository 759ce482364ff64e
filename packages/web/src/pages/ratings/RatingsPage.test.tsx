import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { RatingsPage } from './RatingsPage';

describe('the ratings formula page', () => {
  it('publishes the formula, the experience factor and the provisional mark in both languages', () => {
    for (const [lang, words] of [
      ['en', ['1 / (1 + 10^((Rb − Ra) · √N / 2000))', 'max(1, 5 − experience / 100)', '1523?', 'Moscow']],
      ['ru', ['1 / (1 + 10^((Rb − Ra) · √N / 2000))', 'max(1, 5 − опыт / 100)', '1523?', 'московскому']],
    ] as const) {
      const i18n = createI18n(lang);
      const html = renderToStaticMarkup(
        <I18nextProvider i18n={i18n}>
          <RatingsPage />
        </I18nextProvider>,
      );
      for (const w of words) expect(html).toContain(w);
    }
  });
});
