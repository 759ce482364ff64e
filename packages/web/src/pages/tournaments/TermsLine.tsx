import type { TournamentSummary } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../app/services';
import { describeClock, describeLength } from '../lobby/describe';
import { countdownText } from './countdown';

/** A tournament's terms in a line: format, variant, length, clock, rated or casual, buy-in and pool. */
export function TermsLine({ summary }: { readonly summary: TournamentSummary }) {
  const { t } = useTranslation('tournaments');
  const { terms } = summary;
  const length = describeLength(terms.match.matchLength);
  const clock = describeClock(terms.match.timeControl);
  const parts = [
    t(`format.${terms.format}`),
    t(`common:variant.${terms.match.variant}`),
    t(length.key, length.params),
    t(clock.key, clock.params),
    t(terms.rated ? 'rated' : 'casual'),
    terms.buyIn > 0 ? t('buyIn', { n: terms.buyIn, pool: summary.pool }) : t('free'),
  ];
  return <span className="tournament-terms">{parts.join(' · ')}</span>;
}

/** When it starts: the countdown to a set time, or "starts when full: 5/8". */
export function StartText({ summary, now }: { readonly summary: TournamentSummary; readonly now: number }) {
  const { t } = useTranslation('tournaments');
  if (summary.startsAt === null) return <span className="tournament-start">{t('whenFull', { n: summary.players, max: summary.terms.maxPlayers })}</span>;
  const c = countdownText(summary.startsAt, now);
  return (
    <time className="tournament-start" dateTime={new Date(summary.startsAt).toISOString()} title={new Date(summary.startsAt).toLocaleString()}>
      {t(c.key, c.params)}
    </time>
  );
}

/** The server's time now (local time plus the link's clock offset), redrawn every second while `ticking`. */
export function useServerNow(ticking: boolean): number {
  const { link } = useServices();
  const [now, setNow] = useState(() => Date.now() + link.clockOffset);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now() + link.clockOffset), 1000);
    return () => clearInterval(timer);
  }, [link, ticking]);
  return now;
}
