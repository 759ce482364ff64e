import type { TournamentSummary } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../app/LoadFailed';
import { describeError } from '../../app/notices';
import { useProfile } from '../../app/session';
import { useServices } from '../../app/services';
import { paths } from '../../router';
import { CreateTournament } from './CreateTournament';
import { StartText, TermsLine, useServerNow } from './TermsLine';
import './tournaments.css';

const LISTS = ['upcoming', 'running', 'finished'] as const;
type ListName = (typeof LISTS)[number];
type Lists = { readonly [L in ListName]: readonly TournamentSummary[] };

/** The lists are read again this often, so the counts of players and the statuses stay current. */
const REFRESH_MS = 15_000;

type Load = { readonly state: 'loading' } | { readonly state: 'done'; readonly lists: Lists } | { readonly state: 'failed'; readonly key: string };

/** `/tournaments`: upcoming (with the countdowns), running and finished tournaments, and the form to create one. */
export function TournamentsPage() {
  const { t } = useTranslation('tournaments');
  const { api, session } = useServices();
  const profile = useProfile(session);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    const read = () =>
      Promise.all(LISTS.map((l) => api.tournaments(l).then((r) => r.tournaments))).then(
        ([upcoming = [], running = [], finished = []]) => live && setLoad({ state: 'done', lists: { upcoming, running, finished } }),
        (e: unknown) => live && setLoad({ state: 'failed', ...describeError(e) }),
      );
    void read();
    const timer = setInterval(() => void read(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, attempt]);

  const now = useServerNow(load.state === 'done' && load.lists.upcoming.some((x) => x.startsAt !== null));
  return (
    <div className="tournaments">
      <section className="card">
        <h1>{t('title')}</h1>
        <p className="muted">{t('intro')}</p>
        {profile && !profile.guest ? <CreateTournament /> : <p className="muted">{t('create.signUp')}</p>}
      </section>
      {load.state === 'loading' && <p className="empty">{t('common:loading')}</p>}
      {load.state === 'failed' && <LoadFailed errorKey={load.key} onRetry={() => setAttempt((n) => n + 1)} />}
      {load.state === 'done' &&
        LISTS.map((l) => (
          <section key={l} className="card" aria-labelledby={`tournaments-${l}`}>
            <h2 id={`tournaments-${l}`}>{t(`list.${l}`)}</h2>
            {load.lists[l].length === 0 ? (
              <p className="empty">{t(`list.none.${l}`)}</p>
            ) : (
              <ul className="tournament-list">
                {load.lists[l].map((x) => (
                  <TournamentRow key={x.tournamentId} summary={x} now={now} />
                ))}
              </ul>
            )}
          </section>
        ))}
    </div>
  );
}

function TournamentRow({ summary, now }: { readonly summary: TournamentSummary; readonly now: number }) {
  const { t } = useTranslation('tournaments');
  return (
    <li className="tournament-row">
      <div className="tournament-row-main">
        <a className="tournament-name" href={paths.tournament(summary.tournamentId)}>
          {summary.terms.name}
        </a>
        <TermsLine summary={summary} />
      </div>
      <div className="tournament-row-side">
        <span className="tournament-players">{t('players', { n: summary.players, max: summary.terms.maxPlayers })}</span>
        {summary.status === 'registering' ? <StartText summary={summary} now={now} /> : <span className="badge">{t(`status.${summary.status}`)}</span>}
      </div>
    </li>
  );
}
