import type { UserAnalysis } from '@nardy/protocol';
import { useTranslation } from 'react-i18next';

/**
 * The player's average error rate and PR over his analysed games and matches, per variant
 * (`GET /api/users/:id/analysis`); nothing until one of them is analysed.
 */
export function AnalysedPlay({ data, lang }: { readonly data: UserAnalysis | null; readonly lang: string }) {
  const { t } = useTranslation('profile');
  if (!data || data.variants.length === 0) return null;
  const rate = new Intl.NumberFormat(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const figure = (x: number | null) => (x === null ? '—' : rate.format(x));
  return (
    <section className="card profile-stats" aria-labelledby="profile-analysed-title">
      <h2 id="profile-analysed-title">{t('analysed.title')}</h2>
      <div className="profile-stats-scroll">
        <table className="data-table">
          <thead>
            <tr>
              <th scope="col">{t('stats.variant')}</th>
              <th scope="col">{t('analysed.matches')}</th>
              <th scope="col">{t('analysed.errorRate')}</th>
              <th scope="col">{t('analysed.pr')}</th>
            </tr>
          </thead>
          <tbody>
            {data.variants.map((v) => (
              <tr key={v.variant}>
                <th scope="row">{t(`common:variant.${v.variant}`)}</th>
                <td>{v.matches}</td>
                <td>{figure(v.errorRate)}</td>
                <td>{figure(v.pr)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">{t('analysed.note')}</p>
    </section>
  );
}
