import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/resources';
import { DiceProof } from './DiceProof';

const render = (serverSeed: string | null, lng: 'en' | 'ru') => {
  const i18n = createI18n(lng);
  const t = i18n.getFixedT(lng, 'game');
  return renderToStaticMarkup(<DiceProof gameId="g_1" commitment={'c'.repeat(64)} serverSeed={serverSeed} t={(k, o) => (o ? t(k, o) : t(k))} />);
};

describe('DiceProof', () => {
  it('offers the .mat download with the dice check once the match is over, in English and Russian', () => {
    expect(render('d'.repeat(64), 'en')).toContain('<a href="/api/games/g_1/mat" download="">Download .mat</a>');
    expect(render('d'.repeat(64), 'ru')).toContain('Скачать .mat');
    expect(render(null, 'en')).not.toContain('/mat');
  });
});
