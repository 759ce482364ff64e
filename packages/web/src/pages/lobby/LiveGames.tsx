import type { GameSummary } from '@nardy/protocol';
import { useTranslation } from 'react-i18next';
import { UserLabel } from '../../app/UserLabel';
import { paths } from '../../router';
import { describeLength } from './describe';

/** Games being played now, to watch. */
export function LiveGames({ games, ready }: { readonly games: readonly GameSummary[]; readonly ready: boolean }) {
  const { t } = useTranslation('lobby');
  const length = (g: GameSummary) => describeLength(g.settings.match.matchLength);
  return (
    <section className="card live-games" aria-labelledby="live-title">
      <h2 id="live-title">{t('live.title')}</h2>
      {!ready ? (
        <p className="empty">{t('common:loading')}</p>
      ) : games.length === 0 ? (
        <p className="empty">{t('live.none')}</p>
      ) : (
        <ul className="plain-list">
          {games.map((g) => (
            <li key={g.gameId} className="live-game">
              <div className="live-players">
                <UserLabel user={g.players.p1} />
                <span className="score" aria-label={t('live.score', { p1: g.score.p1, p2: g.score.p2 })}>
                  {t('live.scoreShort', { p1: g.score.p1, p2: g.score.p2 })}
                </span>
                <UserLabel user={g.players.p2} />
              </div>
              <div className="live-meta">
                <span className="chip">{t(`common:variant.${g.settings.match.variant}`)}</span>
                <span className="chip">{t(length(g).key, length(g).params)}</span>
                <span className="muted">{t('live.spectators', { count: g.spectators })}</span>
                <a className="btn btn-small" href={paths.game(g.gameId)}>
                  {t('live.watch')}
                </a>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
