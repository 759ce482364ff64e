import type { VariantStats } from '@nardy/protocol';
import { useTranslation } from 'react-i18next';
import { ratingText } from '../../app/rating';

/** The player's rated record per variant: rating ("1523?" while provisional), games, and wins · losses · draws in one column (fits a phone). */
export function StatsTable({ stats }: { readonly stats: readonly VariantStats[] }) {
  const { t } = useTranslation('profile');
  return (
    <section className="card profile-stats" aria-labelledby="profile-stats-title">
      <h2 id="profile-stats-title">{t('stats.title')}</h2>
      {stats.length === 0 ? (
        <p className="empty">{t('stats.none')}</p>
      ) : (
        <div className="profile-stats-scroll">
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('stats.variant')}</th>
                <th scope="col">{t('stats.rating')}</th>
                <th scope="col">{t('stats.games')}</th>
                <th scope="col">{t('stats.record')}</th>
              </tr>
            </thead>
            <tbody>
              {stats.map((s) => (
                <tr key={s.variant}>
                  <th scope="row">{t(`common:variant.${s.variant}`)}</th>
                  <td>{ratingText(s.rating, s.provisional)}</td>
                  <td>{s.games}</td>
                  <td>{t('stats.recordValue', { wins: s.wins, losses: s.losses, draws: s.draws })}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {stats.some((s) => s.provisional) && <p className="muted">{t('stats.provisional')}</p>}
        </div>
      )}
    </section>
  );
}
