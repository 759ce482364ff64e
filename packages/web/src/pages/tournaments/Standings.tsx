import type { TournamentFormat, TournamentPlayer, TournamentStanding } from '@nardy/protocol';
import { useTranslation } from 'react-i18next';
import { UserLabel } from '../../app/UserLabel';
import { FIRE_STREAK, scoreText, standingRows, tieBreakColumns } from './standings';

/** The standings table: rank, player (rating at registration), points, played, won, the format's tie-breaks, prizes. */
export function Standings({
  format,
  standings,
  entrants,
  me,
}: {
  readonly format: TournamentFormat;
  readonly standings: readonly TournamentStanding[];
  readonly entrants: readonly TournamentPlayer[];
  readonly me: string | null;
}) {
  const { t } = useTranslation('tournaments');
  const rows = standingRows(format, standings, entrants);
  const columns = tieBreakColumns(standings);
  const prizes = rows.some((r) => r.prize !== null);
  return (
    <div className="table-scroll">
      <table className="data-table standings">
        <caption className="visually-hidden">{t('standings.title')}</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('standings.player')}</th>
            <th scope="col" className="num">
              {t('standings.points')}
            </th>
            <th scope="col" className="num played">
              {t('standings.played')}
            </th>
            <th scope="col" className="num won">
              {t('standings.won')}
            </th>
            {columns.map((c) => (
              <th key={c} scope="col" className="num tie-break">
                <abbr title={t(`tieBreak.${c}.long`, { defaultValue: c })}>{t(`tieBreak.${c}.short`, { defaultValue: c })}</abbr>
              </th>
            ))}
            {prizes && (
              <th scope="col" className="num">
                {t('standings.prize')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.user.userId} className={r.user.userId === me ? 'is-me' : undefined}>
              <td>{r.rank}</td>
              <td className="standings-player">
                <UserLabel user={r.rating === null ? r.user : { ...r.user, rating: r.rating }} />
                {r.streak !== null && r.streak >= FIRE_STREAK && (
                  <span className="fire" title={t('standings.fire', { n: r.streak })} aria-label={t('standings.fire', { n: r.streak })}>
                    🔥
                  </span>
                )}
                {r.withdrawn && <span className="badge">{t('standings.withdrawn')}</span>}
              </td>
              <td className="num">{scoreText(r.points)}</td>
              <td className="num played">{r.played}</td>
              <td className="num won">{r.won}</td>
              {r.tieBreaks.map((v, i) => (
                <td key={columns[i]} className="num tie-break">
                  {scoreText(v)}
                </td>
              ))}
              {prizes && <td className="num">{r.prize ?? ''}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
