import type { GameView } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RatingChange } from './RatingChange';
import { play, viewOf } from './views.suite';

describe('the rating change after a rated match', () => {
  it('shows the new ratings the view brings (pushed by the server), nothing before they come', () => {
    const base = viewOf(
      play({ variant: 'short', matchLength: 1 }, [
        { type: 'opening', dice: { p1: 5, p2: 3 } },
        { type: 'resignMatch', seat: 'p2' },
      ]),
      'p1',
    );
    const rated: GameView = {
      ...base,
      settings: { ...base.settings, rated: true },
      players: {
        p1: { ...base.players.p1, user: { ...base.players.p1.user, rating: 1500 } },
        p2: { ...base.players.p2, user: { ...base.players.p2.user, rating: 1500, provisional: true } },
      },
    };
    const t = (key: string, params?: Record<string, unknown>) => `${key} ${JSON.stringify(params)}`;
    expect(renderToStaticMarkup(<RatingChange view={rated} t={t} />)).toBe('');
    const html = renderToStaticMarkup(<RatingChange view={{ ...rated, ratings: { p1: 1502, p2: 1498 } }} t={t} />);
    expect(html).toContain('1502 (+2)');
    expect(html).toContain('1498? (−2)');
  });
});
