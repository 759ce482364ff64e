import type { VariantId } from '@nardy/engine';
import type { RatingHistory } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ratingText } from '../../app/rating';
import { useServices } from '../../app/services';
import { paths } from '../../router';
import { ratingGraph } from './ratingGraph';

const BOX = { width: 600, height: 200, left: 44, pad: 12 };

/** The graph of one history (no fetching: ProfilePage's panel below, and tests). */
export function RatingHistoryGraph({ history, lang }: { readonly history: RatingHistory; readonly lang: string }) {
  const { t } = useTranslation('profile');
  const g = ratingGraph(history.points, BOX);
  if (g === null) return <p className="empty">{t('history.none')}</p>;
  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium' });
  const last = history.points[history.points.length - 1]!;
  return (
    <figure className="rating-graph">
      <svg
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={t('history.label', { count: history.points.length, rating: ratingText(last.after, last.provisional) })}
      >
        {g.grid.map((l) => (
          <g key={l.rating} className="rating-graph-grid">
            <line x1={BOX.left} x2={BOX.width - BOX.pad} y1={l.y} y2={l.y} />
            <text x={BOX.left - 6} y={l.y + 4} textAnchor="end">
              {l.rating}
            </text>
          </g>
        ))}
        <path className="rating-graph-line" d={g.line} />
        {g.dots.map((d) => (
          <circle key={d.point.gameId} className={`rating-graph-dot rating-graph-dot--${d.point.outcome}`} cx={d.x} cy={d.y} r={3}>
            <title>
              {t('history.dot', {
                date: date.format(d.point.at),
                outcome: t(`outcome.${d.point.outcome}`),
                rating: ratingText(d.point.after, d.point.provisional),
              })}
            </title>
          </circle>
        ))}
      </svg>
    </figure>
  );
}

type Load = { readonly state: 'loading' } | { readonly state: 'done'; readonly history: RatingHistory } | { readonly state: 'failed' };

/** The player's rating over his rated games, one variant at a time (`GET /api/users/:id/ratings`). */
export function RatingHistoryPanel({ userId, variants, lang }: { readonly userId: string; readonly variants: readonly VariantId[]; readonly lang: string }) {
  const { t } = useTranslation('profile');
  const { api } = useServices();
  const [variant, setVariant] = useState<VariantId | null>(variants[0] ?? null);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    if (variant === null) return;
    let live = true;
    setLoad({ state: 'loading' });
    api.ratingHistory(userId, variant).then(
      (history) => live && setLoad({ state: 'done', history }),
      () => live && setLoad({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [api, userId, variant]);

  if (variant === null) return null;
  return (
    <section className="card rating-history" aria-labelledby="rating-history-title">
      <h2 id="rating-history-title">{t('history.title')}</h2>
      {variants.length > 1 && (
        <div className="segmented" role="group" aria-label={t('stats.variant')}>
          {variants.map((v) => (
            <button key={v} type="button" className="btn btn-small" aria-pressed={v === variant} onClick={() => setVariant(v)}>
              {t(`common:variant.${v}`)}
            </button>
          ))}
        </div>
      )}
      {load.state === 'loading' && <p className="empty">{t('common:loading')}</p>}
      {load.state === 'failed' && <p className="alert">{t('history.failed')}</p>}
      {load.state === 'done' && <RatingHistoryGraph history={load.history} lang={lang} />}
      <p className="muted">
        <a href={paths.ratings()}>{t('history.formula')}</a>
      </p>
    </section>
  );
}
