import { VARIANT_IDS, type VariantId } from '@nardy/engine';
import type { Leaderboard } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../app/LoadFailed';
import { describeError } from '../../app/notices';
import { ratingText } from '../../app/rating';
import { useServices } from '../../app/services';
import { paths } from '../../router';
import { monthName } from './monthName';
import './top.css';

/** How many players the table shows: all time, and this month (the seeds' sites' "ТОП 10"). */
const LIMITS = { all: 50, month: 10 } as const;
const PERIODS = ['all', 'month'] as const;
type Period = (typeof PERIODS)[number];

type Load = { readonly state: 'loading' } | { readonly state: 'done'; readonly board: Leaderboard } | { readonly state: 'failed'; readonly key: string };

/**
 * `/top/:variant`: the top players of a variant (`GET /api/leaderboard/:variant`): by rating now, or this month —
 * those who played rated games in the Moscow-time month, by their rating after their last game in it, with what
 * they gained (docs/ratings.md).
 */
export function TopPage({ variant }: { readonly variant: VariantId }) {
  const { t, i18n } = useTranslation('top');
  const { api } = useServices();
  const [period, setPeriod] = useState<Period>('all');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    api.leaderboard(variant, LIMITS[period], { period }).then(
      (board) => live && setLoad({ state: 'done', board }),
      (e: unknown) => live && setLoad({ state: 'failed', ...describeError(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, variant, period, attempt]);

  const variantName = t(`common:variant.${variant}`);
  const month = load.state === 'done' && load.board.month !== undefined ? monthName(load.board.month, i18n.language) : null;
  const monthly = period === 'month';
  return (
    <section className="card top">
      <h1>{monthly && month !== null ? t('monthTitle', { month, variant: variantName }) : t('title', { variant: variantName })}</h1>
      <nav className="segmented" aria-label={t('variants')}>
        {VARIANT_IDS.map((v) => (
          <a key={v} className="btn btn-small" href={paths.top(v)} aria-current={v === variant ? 'page' : undefined}>
            {t(`common:variant.${v}`)}
          </a>
        ))}
      </nav>
      <div className="segmented" role="group" aria-label={t('periods')}>
        {PERIODS.map((p) => (
          <button key={p} type="button" className="btn btn-small" aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {t(`period.${p}`)}
          </button>
        ))}
      </div>
      {load.state === 'loading' && <p className="empty">{t('common:loading')}</p>}
      {load.state === 'failed' && <LoadFailed errorKey={load.key} onRetry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'done' && load.board.players.length === 0 && <p className="empty">{t(monthly ? 'noneMonth' : 'none')}</p>}
      {load.state === 'done' && load.board.players.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{t('caption', { variant: variantName })}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('column.rank')}
                </th>
                <th scope="col">{t('column.name')}</th>
                <th scope="col" className="num">
                  {t('column.rating')}
                </th>
                {monthly && (
                  <th scope="col" className="num">
                    {t('column.gained')}
                  </th>
                )}
                <th scope="col" className="num">
                  {t('column.games')}
                </th>
                <th scope="col" className="num wide-only">
                  {t('column.record')}
                </th>
              </tr>
            </thead>
            <tbody>
              {load.board.players.map((p) => (
                <tr key={p.userId}>
                  <td className="num">{p.rank}</td>
                  <td>
                    <a className="user-name" href={paths.profile(p.userId)}>
                      {p.name}
                    </a>
                  </td>
                  <td className="num">{ratingText(p.rating, p.provisional)}</td>
                  {monthly && <td className="num">{p.gained === undefined ? '' : `${p.gained > 0 ? '+' : p.gained < 0 ? '−' : ''}${Math.abs(p.gained)}`}</td>}
                  <td className="num">{p.games}</td>
                  <td className="num wide-only">{t('record', { wins: p.wins, losses: p.losses, draws: p.draws })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="top-notes">
        {t('provisional')} <a href={paths.ratings()}>{t('formula')}</a>
      </p>
    </section>
  );
}
