import type { TournamentDetail, UserRef } from '@nardy/protocol';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appendChatLine, type ChatLine } from '../../app/chatLines';
import { describeError } from '../../app/notices';
import { RoomChat } from '../../app/RoomChat';
import { UserLabel } from '../../app/UserLabel';
import { useMe, useServices } from '../../app/services';
import { paths } from '../../router';
import { Bracket } from './Bracket';
import { bracketLayout } from './bracket';
import { actionsFor, applyPush, currentMatch, currentPairings, resultText } from './detail';
import { Standings } from './Standings';
import { StartText, TermsLine, useServerNow } from './TermsLine';
import './tournaments.css';

type Failure = { readonly key: string } | null;

/** Follows a tournament: `tournament.subscribe` now and after each reconnect, the pushes applied in order. */
function useTournament(tournamentId: string): { detail: TournamentDetail | null; chat: readonly ChatLine[]; failure: Failure } {
  const { link } = useServices();
  const [detail, setDetail] = useState<TournamentDetail | null>(null);
  const [chat, setChat] = useState<readonly ChatLine[]>([]);
  const [failure, setFailure] = useState<Failure>(null);
  useEffect(() => {
    let current: TournamentDetail | null = null;
    // The server follows each state push with a snapshot (the field: who registered, left, went out).
    const apply = (m: Parameters<typeof applyPush>[1]) => {
      if (m.type === 'tournament.snapshot' && m.detail.tournament.tournamentId !== tournamentId) return;
      current = applyPush(current, m);
      setDetail(current);
    };
    const offs = [
      link.on('tournament.snapshot', apply),
      link.on('tournament.state', apply),
      link.on('tournament.pairings', apply),
      link.on('tournament.standings', apply),
      link.on('chat.message', (m) => {
        if (m.room.kind === 'tournament' && m.room.tournamentId === tournamentId) setChat((lines) => appendChatLine(lines, m));
      }),
    ];
    // Each subscription brings the room's history again.
    const subscribe = () => {
      setChat([]);
      return link.send({ type: 'tournament.subscribe', tournamentId }).then(
        () => setFailure(null),
        (e: unknown) => setFailure(describeError(e)),
      );
    };
    void subscribe();
    // The server forgets subscriptions with the socket: subscribe again once back online after a drop.
    let dropped = false;
    const offStatus = link.onStatus((s) => {
      if (s === 'offline') dropped = true;
      if (s === 'online' && dropped) {
        dropped = false;
        void subscribe();
      }
    });
    return () => {
      for (const off of offs) off();
      offStatus();
      if (link.status === 'online') link.send({ type: 'tournament.unsubscribe', tournamentId }).catch(() => {});
    };
  }, [link, tournamentId]);
  return { detail, chat, failure };
}

/** `/tournament/:id`: the terms, the players, what the viewer may do, his match, the bracket or the standings. */
export function TournamentPage({ tournamentId }: { readonly tournamentId: string }) {
  const { t } = useTranslation('tournaments');
  const { link } = useServices();
  const me = useMe(link);
  const { detail, chat, failure } = useTournament(tournamentId);
  const now = useServerNow(detail?.tournament.status === 'registering' && detail.tournament.startsAt !== null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (detail === null) {
    return failure ? (
      <div className="alert" role="alert">
        {t(failure.key)} <a href={paths.tournaments()}>{t('backToList')}</a>
      </div>
    ) : (
      <p className="empty">{t('common:loading')}</p>
    );
  }

  const summary = detail.tournament;
  const { terms } = summary;
  const myId = me?.userId ?? null;
  const can = actionsFor(detail, myId, me?.guest ?? true);
  // A bot by its level in the reader's language ("Bot, level 4"), as everywhere else on the site.
  const users = new Map(detail.entrants.map(({ user: u }) => [u.userId, u.bot === undefined ? u : { ...u, name: t('common:user.bot', { level: u.bot }) }]));
  const names = (id: string): UserRef => users.get(id) ?? { userId: id, name: id, guest: false };
  const mine = currentMatch(detail, myId);
  const opponent = mine && (mine.a === myId ? mine.b : mine.a);
  const entered = detail.entrants.some((e) => e.user.userId === myId && (e.status === 'registered' || e.status === 'playing'));

  const act = (type: 'tournament.register' | 'tournament.leave' | 'tournament.cancel') => {
    if (
      type !== 'tournament.register' &&
      !window.confirm(t(type === 'tournament.cancel' ? 'confirm.cancel' : summary.status === 'running' ? 'confirm.withdraw' : 'confirm.leave'))
    )
      return;
    setRefusal(null);
    setBusy(true);
    link.send({ type, tournamentId }).then(
      () => setBusy(false),
      (e: unknown) => {
        setBusy(false);
        setRefusal(describeError(e).key);
      },
    );
  };

  const payout = Math.floor((summary.pool * terms.payoutPercent) / 100);
  const live = currentPairings(terms.format, detail.pairings);
  return (
    <div className="tournament">
      <section className="card">
        <p className="crumbs">
          <a href={paths.tournaments()}>{t('backToList')}</a>
        </p>
        <h1>
          {terms.name} <span className={`badge badge-${summary.status}`}>{t(`status.${summary.status}`)}</span>
        </h1>
        <TermsLine summary={summary} />
        {summary.status === 'registering' && (
          <p className="tournament-countdown">
            <StartText summary={summary} now={now} />
          </p>
        )}
        <dl className="tournament-facts">
          <dt>{t('facts.players')}</dt>
          <dd>
            {summary.players}/{terms.maxPlayers}
          </dd>
          <dt>{t('facts.pool')}</dt>
          <dd>{terms.buyIn > 0 ? t('facts.poolValue', { pool: summary.pool, payout, percent: terms.payoutPercent }) : t('free')}</dd>
          {terms.buyIn > 0 && (
            <>
              <dt>{t('facts.prizes')}</dt>
              <dd>{terms.prizeShares.map((s, i) => t('facts.place', { place: i + 1, share: s, chips: Math.floor((payout * s) / 100) })).join(', ')}</dd>
            </>
          )}
          {summary.createdBy && (
            <>
              <dt>{t('facts.createdBy')}</dt>
              <dd>
                <UserLabel user={summary.createdBy} />
              </dd>
            </>
          )}
        </dl>
        <div className="actions">
          {can.register && (
            <button type="button" className="btn btn-primary" disabled={busy} onClick={() => act('tournament.register')}>
              {terms.buyIn > 0 ? t('action.registerBuyIn', { n: terms.buyIn }) : t('action.register')}
            </button>
          )}
          {can.leave && (
            <button type="button" className="btn" disabled={busy} onClick={() => act('tournament.leave')}>
              {t(summary.status === 'running' ? 'action.withdraw' : 'action.leave')}
            </button>
          )}
          {can.cancel && (
            <button type="button" className="btn btn-danger" disabled={busy} onClick={() => act('tournament.cancel')}>
              {t('action.cancel')}
            </button>
          )}
        </div>
        {me?.guest && summary.status === 'registering' && <p className="muted">{t('signUpToPlay')}</p>}
        {refusal && (
          <div className="alert" role="alert">
            {t(refusal)}
          </div>
        )}
      </section>

      {summary.status === 'running' && entered && (
        <section className="card your-match" aria-label={t('yourMatch.title')}>
          {mine && opponent ? (
            <>
              <p>{t(mine.gameId ? 'yourMatch.ready' : 'yourMatch.waitingGame', { name: names(opponent).name })}</p>
              {mine.gameId && (
                <a className="btn btn-primary" href={paths.game(mine.gameId)}>
                  {t('yourMatch.play')}
                </a>
              )}
            </>
          ) : (
            <p className="muted">{t('yourMatch.waiting')}</p>
          )}
        </section>
      )}

      {terms.format === 'knockout' && detail.pairings.length > 0 && (
        <section className="card">
          <h2>{t('bracket.title')}</h2>
          <Bracket layout={bracketLayout(detail.pairings, detail.entrants.length, terms.options.consolation ?? false)} names={names} me={myId} />
        </section>
      )}

      {terms.format !== 'knockout' && live.length > 0 && (
        <section className="card">
          <h2>{t(terms.format === 'arena' ? 'pairings.arena' : 'pairings.round', { n: live[0]?.round ?? 1 })}</h2>
          <ul className="pairing-list">
            {live.map((p) => (
              <li key={p.pairingId} className={p.a === myId || p.b === myId ? 'is-me' : undefined}>
                <span className={p.result?.winner === 'a' ? 'is-winner' : undefined}>{names(p.a).name}</span>
                {p.result ? (
                  <span className="pairing-vs" title={resultText(p.result).title}>
                    {resultText(p.result).text}
                  </span>
                ) : (
                  <span className="pairing-vs">–</span>
                )}
                <span className={p.result?.winner === 'b' ? 'is-winner' : undefined}>{p.b === null ? t('bracket.bye') : names(p.b).name}</span>
                {p.result === null && p.gameId !== null && <a href={paths.game(p.gameId)}>{t(p.a === myId || p.b === myId ? 'yourMatch.play' : 'watch')}</a>}
              </li>
            ))}
          </ul>
        </section>
      )}

      {detail.standings.length > 0 && summary.status !== 'registering' && (
        <section className="card">
          <h2>{t('standings.title')}</h2>
          <Standings format={terms.format} standings={detail.standings} entrants={detail.entrants} me={myId} />
        </section>
      )}

      <section className="card">
        <h2>{t('entrants.title', { n: detail.entrants.length })}</h2>
        {detail.entrants.length === 0 ? (
          <p className="empty">{t('entrants.none')}</p>
        ) : (
          <ol className="entrant-list">
            {detail.entrants.map((e) => (
              <li key={e.user.userId} className={e.user.userId === myId ? 'is-me' : undefined}>
                <UserLabel user={{ ...e.user, rating: e.rating }} />
                {/* Once it is over everybody is out: the mark would say nothing. */}
                {e.status !== 'registered' && !(e.status === 'out' && summary.status === 'finished') && (
                  <span className="badge">{t(`entrantStatus.${e.status}`)}</span>
                )}
              </li>
            ))}
          </ol>
        )}
      </section>
      <RoomChat room={{ kind: 'tournament', tournamentId }} lines={chat} ns="tournaments" />
    </div>
  );
}
