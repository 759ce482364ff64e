import type { RatingHistory } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { RatingHistoryGraph } from './RatingHistoryPanel';
import { StatsTable } from './StatsTable';

const history: RatingHistory = {
  user: { id: 'u_bob', name: 'Bob', username: 'bob' },
  variant: 'short',
  current: { variant: 'short', rating: 1500, games: 2, wins: 1, losses: 1, draws: 0, experience: 6, provisional: true },
  points: [
    { gameId: 'g1', at: Date.UTC(2026, 11, 1), outcome: 'win', before: 1500, after: 1517, provisional: true },
    { gameId: 'g2', at: Date.UTC(2026, 11, 2), outcome: 'loss', before: 1517, after: 1500, provisional: true },
  ],
};

const render = (lang: 'en' | 'ru', node: React.ReactNode) => renderToStaticMarkup(<I18nextProvider i18n={createI18n(lang)}>{node}</I18nextProvider>);

describe('the profile’s ratings', () => {
  it('draws the history: a line, a dot per game with its outcome and rating (provisional marked)', () => {
    const html = render('en', <RatingHistoryGraph history={history} lang="en" />);
    expect(html).toContain('aria-label="Rating over 2 rated games, now 1500?"');
    expect(html.match(/<circle/g)).toHaveLength(2);
    expect(html).toContain('rating-graph-dot--win');
    expect(html).toContain('Won, 1517?');
    expect(render('ru', <RatingHistoryGraph history={history} lang="ru" />)).toContain('Рейтинг за 2 рейтинговые партии, сейчас 1500?');
    expect(render('en', <RatingHistoryGraph history={{ ...history, points: [] }} lang="en" />)).toContain('No rated games in this variant yet.');
  });
  it('the statistics mark a provisional rating and say what the mark means', () => {
    const html = render(
      'ru',
      <StatsTable
        stats={[history.current!, { variant: 'long', rating: 1612, games: 90, wins: 50, losses: 40, draws: 0, experience: 450, provisional: false }]}
      />,
    );
    expect(html).toContain('<td>1500?</td>');
    expect(html).toContain('<td>1612</td>');
    expect(html).toContain('предварительный');
  });
});
