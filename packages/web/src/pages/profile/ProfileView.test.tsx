import type { UserGame, UserGames } from '@nardy/protocol';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/resources';
import { ProfileView } from './ProfileView';

const WON: UserGame = {
  id: 'g_won',
  variant: 'long',
  matchLength: 3,
  rated: true,
  status: 'finished',
  createdAt: 1_767_225_000_000,
  finishedAt: 1_767_225_600_000,
  seat: 'p2',
  opponent: { userId: 'u_boris', name: 'Борис', username: 'boris', guest: false },
  outcome: 'win',
  result: {
    winner: 'p2',
    reason: 'points',
    score: { p1: 1, p2: 4 },
    phase: 'matchOver',
    gameNumber: 2,
    games: [
      { number: 1, winner: 'p1', end: 'bearOff', kind: 'oin', cube: 1, basePoints: 1, points: { p1: 1, p2: 0 } },
      { number: 2, winner: 'p2', end: 'cubePass', kind: 'mars', cube: 2, basePoints: 2, points: { p1: 0, p2: 4 } },
    ],
  },
};
const LOST: UserGame = {
  ...WON,
  id: 'g_lost',
  variant: 'short',
  matchLength: 0,
  rated: false,
  seat: 'p1',
  opponent: { bot: 'gnu-5' },
  outcome: 'loss',
  result: {
    winner: 'p2',
    reason: 'sessionEnded',
    score: { p1: 0, p2: 3 },
    phase: 'matchOver',
    gameNumber: 2,
    games: [{ number: 1, winner: 'p2', end: 'surrender', kind: 'koks', cube: 1, basePoints: 3, points: { p1: 0, p2: 3 } }],
  },
};
const DATA: UserGames = { user: { id: 'u_alice', name: 'Alice', username: 'alice' }, games: [WON, LOST], next: '1767225000000:g_old' };

const render = (data: UserGames, own: boolean, lang: 'en' | 'ru' = 'en'): string =>
  renderToStaticMarkup(
    <I18nextProvider i18n={createI18n(lang)}>
      <ProfileView data={data} own={own} lang={lang} loadingMore={false} onMore={() => undefined} />
    </I18nextProvider>,
  );
const text = (html: string): string => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('ProfileView', () => {
  it('lists each match: outcome, opponent, variant and match, each game with its kind, cube and points, links', () => {
    const html = render(DATA, false);
    const s = text(html);
    expect(s).toContain('Won');
    expect(s).toContain('Lost');
    expect(html).toContain('href="/profile/u_boris"');
    expect(s).toContain('Bot gnu-5');
    expect(s).toContain('Long nardy · match to 3 · rated');
    expect(s).toContain('Short nardy · money session · casual');
    expect(s).toContain('score 4 : 1');
    expect(s).toContain('the match length was reached');
    expect(s).toContain('the session was ended');
    expect(s).toContain('Game 2: Alice wins — mars, the cube was passed, cube 2: 4 points.');
    expect(s).toContain('Game 1: Борис wins — oin, all checkers borne off, cube 1: 1 point.');
    expect(s).toContain('Game 1: Bot gnu-5 wins — backgammon, surrender, cube 1: 3 points.');
    expect(html).toContain('href="/replay/g_won"');
    expect(html).toContain('href="/game/g_lost"');
    expect(html).toContain('dateTime="2026-01-01T00:00:00.000Z"');
    expect(s).toContain('Show older games');
    expect(s).not.toContain('This is your profile');
  });

  it('on one’s own profile: the display name and where to change it', () => {
    const html = render({ ...DATA, next: null }, true);
    expect(text(html)).toContain('This is your profile. Other players see you as Alice.');
    expect(html).toContain('href="/settings"');
    expect(text(html)).not.toContain('Show older games');
  });

  it('shows the rated record per variant (none yet: says so)', () => {
    const stats = [{ variant: 'long' as const, rating: 1512, games: 5, wins: 3, losses: 1, draws: 1 }];
    const s = text(render({ ...DATA, stats }, false));
    expect(s).toContain('Rated games by variant');
    expect(s).toMatch(/Long nardy\s*1512\s*5\s*3 · 1 · 1/);
    expect(text(render({ ...DATA, stats: [] }, false, 'ru'))).toContain('Рейтинговых партий пока нет.');
    expect(text(render(DATA, false))).not.toContain('Rated games by variant');
  });

  it('shows the tournaments played and won, once he has played one', () => {
    expect(text(render({ ...DATA, tournaments: { played: 3, won: 1 } }, false))).toContain('Tournaments: 3 played, 1 won');
    expect(text(render({ ...DATA, tournaments: { played: 2, won: 0 } }, false, 'ru'))).toContain('Турниры: сыграно 2, выиграно 0');
    expect(text(render({ ...DATA, tournaments: { played: 0, won: 0 } }, false))).not.toContain('Tournaments');
  });

  it('speaks Russian; no games yet', () => {
    const s = text(render({ ...DATA, games: [], next: null }, false, 'ru'));
    expect(s).toContain('Сыгранные партии');
    expect(s).toContain('Сыгранных партий пока нет.');
    expect(text(render(DATA, false, 'ru'))).toContain('Партия 2: победа — Alice, марс, отказ от куба, куб 2: 4 очка.');
  });
});
