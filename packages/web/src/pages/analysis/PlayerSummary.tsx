import type { Translate } from '../../game/phrase';
import type { PlayerStats } from './analysisModel';
import type { Formats } from './format';

interface Props {
  readonly players: readonly [PlayerStats, PlayerStats];
  /** Display names by the order of `players`. */
  readonly names: readonly [string, string];
  readonly match: boolean;
  readonly f: Formats;
  readonly t: Translate;
}

/** gnubg's rating labels as translation keys. */
const RATING_KEYS: Readonly<Record<string, string>> = {
  'Awful!': 'awful',
  Beginner: 'beginner',
  'Casual player': 'casual',
  Intermediate: 'intermediate',
  Advanced: 'advanced',
  Expert: 'expert',
  'World class': 'worldClass',
  Supernatural: 'supernatural',
};

/** Both players' figures side by side, as gnubg's statistics. */
export function PlayerSummary({ players, names, match, f, t }: Props) {
  const rows: readonly (readonly [string, (p: PlayerStats) => string])[] = [
    ['unforced', (p) => String(p.unforcedMoves + p.unforcedCube)],
    ['chequer', (p) => f.rate(p.chequerErrorRate)],
    ['cube', (p) => f.rate(p.cubeErrorRate)],
    ['total', (p) => f.rate(p.errorRate)],
    ...(match ? [['totalMwc', (p: PlayerStats) => f.rate(p.errorRateMwc)] as const] : []),
    ['pr', (p) => f.rate(p.pr)],
    ['marks', (p) => `${p.marks.doubtful} / ${p.marks.bad} / ${p.marks.veryBad}`],
    ['luck', (p) => f.equity(p.luck)],
    ['adjusted', (p) => f.equity(p.luckAdjustedResult)],
    ['rating', (p) => (p.rating === null ? '—' : t(`rating.${RATING_KEYS[p.rating] ?? 'none'}`))],
  ];
  return (
    <section className="card analysis-summary" aria-label={t('summary.title')}>
      <h2>{t('summary.title')}</h2>
      <table className="analysis-table">
        <thead>
          <tr>
            <td />
            <th scope="col">{names[0]}</th>
            <th scope="col">{names[1]}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">{t(`summary.${key}`)}</th>
              <td>{value(players[0])}</td>
              <td>{value(players[1])}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
