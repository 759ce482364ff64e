/**
 * A finished game's dice check (`GET /api/games/:id/dice`, G10) for people: whether every throw follows from the
 * seeds, the seeds themselves, and a table of the throws — as logged, as the seeds give them, and whether they match.
 * The raw JSON stays a link away for anyone who checks with his own tools.
 */
import type { DiceReport } from '@nardy/protocol';
import { useTranslate } from '../../game/useTranslate';
import { diceCheckUrl } from '../../net/api';
import { paths } from '../../router';

const pair = (d: readonly [number, number] | null): string => (d === null ? '—' : `${d[0]}-${d[1]}`);

export function DiceView({ report }: { readonly report: DiceReport }) {
  const t = useTranslate('game');
  const bad = report.problem;
  return (
    <section className="dice-check">
      <h1>{t('diceCheck.title')}</h1>
      <p className={report.ok ? 'dice-check-ok' : 'alert'} role="status">
        {report.ok ? t('diceCheck.ok', { count: report.throws.length }) : t('diceCheck.bad', { n: bad?.n ?? '?' })}
      </p>
      <dl className="dice-check-seeds">
        <dt>{t('diceCheck.commitment')}</dt>
        <dd>
          <code>{report.commitment}</code>
        </dd>
        <dt>{t('diceCheck.serverSeed')}</dt>
        <dd>
          <code>{report.serverSeed}</code>
        </dd>
        <dt>{t('diceCheck.clientSeeds')}</dt>
        <dd>
          <code>{report.clientSeeds.p1}</code> · <code>{report.clientSeeds.p2}</code>
        </dd>
      </dl>
      <table className="dice-check-throws">
        <thead>
          <tr>
            <th scope="col">{t('diceCheck.n')}</th>
            <th scope="col">{t('diceCheck.kind')}</th>
            <th scope="col">{t('diceCheck.logged')}</th>
            <th scope="col">{t('diceCheck.expected')}</th>
            <th scope="col">{t('diceCheck.verdict')}</th>
          </tr>
        </thead>
        <tbody>
          {report.throws.map((row) => (
            <tr key={row.n} className={row.ok ? undefined : 'dice-check-bad'}>
              <td>{row.n}</td>
              <td>{t(`diceCheck.kinds.${row.kind}`)}</td>
              <td>{pair(row.dice)}</td>
              <td>{pair(row.expected)}</td>
              <td>{row.ok ? t('diceCheck.match') : t('diceCheck.mismatch')}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="dice-check-links">
        <a href={paths.replay(report.gameId)}>{t('diceCheck.replay')}</a>
        <a href={diceCheckUrl(report.gameId)}>{t('diceCheck.raw')}</a>
      </p>
    </section>
  );
}
