import { VARIANT_IDS, type VariantId } from '@nardy/engine';
import type { Leaderboard } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../app/notices';
import { useServices } from '../../app/services';
import { paths } from '../../router';
import './top.css';

/** How many players the table shows. */
const TOP_LIMIT = 50;

type Load = { readonly state: 'loading' } | { readonly state: 'done'; readonly board: Leaderboard } | { readonly state: 'failed'; readonly key: string };

/** `/top/:variant`: the top players of a variant by rating (`GET /api/leaderboard/:variant`). */
export function TopPage({ variant }: { readonly variant: VariantId }) {
  const { t } = useTranslation('top');
  const { api } = useServices();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setLoad({ state: 'loading' });
    api.leaderboard(variant, TOP_LIMIT).then(
      (board) => live && setLoad({ state: 'done', board }),
      (e: unknown) => live && setLoad({ state: 'failed', ...describeError(e) }),
    );
    return () => {
      live = false;
    };
  }, [api, variant, attempt]);

  return (
    <section className="card top">
      <h1>{t('title', { variant: t(`common:variant.${variant}`) })}</h1>
      <nav className="segmented" aria-label={t('variants')}>
        {VARIANT_IDS.map((v) => (
          <a key={v} className="btn btn-small" href={paths.top(v)} aria-current={v === variant ? 'page' : undefined}>
            {t(`common:variant.${v}`)}
          </a>
        ))}
      </nav>
      {load.state === 'loading' && <p className="empty">{t('common:loading')}</p>}
      {load.state === 'failed' && (
        <div className="alert" role="alert">
          {t(load.key)}
          <div className="actions">
            <button type="button" className="btn btn-small" onClick={() => setAttempt((n) => n + 1)}>
              {t('common:actions.retry')}
            </button>
          </div>
        </div>
      )}
      {load.state === 'done' && load.board.players.length === 0 && <p className="empty">{t('none')}</p>}
      {load.state === 'done' && load.board.players.length > 0 && (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{t('caption', { variant: t(`common:variant.${variant}`) })}</caption>
            <thead>
              <tr>
                <th scope="col" className="num">
                  {t('column.rank')}
                </th>
                <th scope="col">{t('column.name')}</th>
                <th scope="col" className="num">
                  {t('column.rating')}
                </th>
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
                  <td className="num">{p.rating}</td>
                  <td className="num">{p.games}</td>
                  <td className="num wide-only">{t('record', { wins: p.wins, losses: p.losses, draws: p.draws })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
