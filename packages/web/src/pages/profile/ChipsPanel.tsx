/**
 * The viewer's chips on his own profile (RULES G9, `GET /api/me/chips`): what he may stake, what is on hold at his
 * tables in play, and his latest ledger rows (grant, hold, release, the chips a result moved). A guest is told
 * that only registered players play for chips, and what an account starts with.
 */
import type { ChipLine, ChipsReport, Language } from '@nardy/protocol';
import { useTranslate } from '../../game/useTranslate';
import { paths } from '../../router';

interface Props {
  /** Null while loading. */
  readonly report: ChipsReport | null;
  readonly lang: Language;
}

function Line({ line, lang }: { readonly line: ChipLine; readonly lang: Language }) {
  const t = useTranslate('profile');
  const n = new Intl.NumberFormat(lang, { signDisplay: 'always' });
  return (
    <li className="chips-line">
      <span className={`chips-amount ${line.amount < 0 ? 'chips-amount--out' : 'chips-amount--in'}`}>{n.format(line.amount)}</span>
      <span>{t(`chips.kind.${line.kind}`)}</span>
      <span className="muted">{t(`chips.account.${line.account}`)}</span>
      {line.gameId !== null && <a href={paths.game(line.gameId)}>{t('chips.game')}</a>}
      <time className="muted" dateTime={new Date(line.at).toISOString()}>
        {new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(line.at)}
      </time>
    </li>
  );
}

export function ChipsPanel({ report, lang }: Props) {
  const t = useTranslate('profile');
  const n = new Intl.NumberFormat(lang);
  return (
    // Not the global `.chips` class (a row of tags), which would run the whole panel into one line.
    <section className="chips-panel" aria-labelledby="chips-title">
      <h2 id="chips-title">{t('chips.title')}</h2>
      {report === null ? (
        <p className="muted">{t('chips.loading')}</p>
      ) : report.balance === null ? (
        <p>{t('chips.guest', { grant: n.format(report.grant) })}</p>
      ) : (
        <>
          <p className="chips-balance">
            <span>
              {t('chips.free')} <strong data-chips="free">{n.format(report.balance.free)}</strong>
            </span>
            <span>
              {t('chips.held')} <strong data-chips="held">{n.format(report.balance.held)}</strong>
            </span>
          </p>
          {report.entries.length > 0 && (
            <ul className="chips-lines">
              {report.entries.map((line) => (
                <Line key={line.id} line={line} lang={lang} />
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
