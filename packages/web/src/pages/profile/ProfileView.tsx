/**
 * A player's finished games, newest first: the outcome, the opponent, variant and match, each game's result
 * (oin / mars / koks, cube, points — named as in the game room), the date, and links to the replay and the game.
 */
import type { BySeat, Seat } from '@nardy/engine';
import type { Language, PublicSeat, UserGame, UserGames } from '@nardy/protocol';
import type { ReactNode } from 'react';
import { botSeatName } from '../../app/botSeat';
import { say, type Translate } from '../../game/phrase';
import { gameResultPhrase } from '../../game/results';
import { useTranslate } from '../../game/useTranslate';
import { paths } from '../../router';
import { StatsTable } from './StatsTable';
import './profile.css';

interface Props {
  readonly data: UserGames;
  /** The viewer's own profile (his display name is shown; it is edited in the settings). */
  readonly own: boolean;
  readonly lang: Language;
  /** An older page is on its way. */
  readonly loadingMore: boolean;
  readonly onMore: () => void;
  /** Shown under the name on one's own profile: his chips (ChipsPanel). */
  readonly chips?: ReactNode;
  /** Under the rated record: the rating history graph (RatingHistoryPanel). */
  readonly history?: ReactNode;
  /** Under the rated record: the average error rate and PR over analysed games (AnalysedPlay). */
  readonly analysed?: ReactNode;
}

function Opponent({ seat, t }: { readonly seat: PublicSeat; readonly t: Translate }) {
  if (seat === null) return <span>{t('nobody')}</span>;
  if ('bot' in seat) return <span>{botSeatName(t, seat.bot)}</span>;
  if ('imported' in seat) return <span>{seat.name}</span>;
  return (
    <a className="user-name" href={paths.profile(seat.userId)}>
      {seat.name}
    </a>
  );
}

function GameItem({ game, userName, lang }: { readonly game: UserGame; readonly userName: string; readonly lang: Language }) {
  const t = useTranslate('profile');
  const tGame = useTranslate('game');
  const other: Seat = game.seat === 'p1' ? 'p2' : 'p1';
  const opponentName = game.opponent === null ? t('nobody') : 'bot' in game.opponent ? botSeatName(t, game.opponent.bot) : game.opponent.name;
  const names = { [game.seat]: userName, [other]: opponentName } as BySeat<string>;
  const when = game.finishedAt ?? game.createdAt;
  const result = game.result;
  const ended = game.status === 'aborted' ? 'aborted' : (result?.reason ?? null);
  return (
    <li className="profile-game">
      <div className="profile-game-head">
        <span className={`chip profile-outcome profile-outcome--${game.outcome ?? 'none'}`}>{t(`outcome.${game.outcome ?? 'none'}`)}</span>
        <span>
          {t('opponent')} <Opponent seat={game.opponent} t={t} />
        </span>
        <time className="muted" dateTime={new Date(when).toISOString()}>
          {new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(when)}
        </time>
      </div>
      <p className="profile-game-meta muted">
        {t('meta', {
          variant: t(`common:variant.${game.variant}`),
          match: game.matchLength > 0 ? t('match.points', { length: game.matchLength }) : t('match.money'),
          rated: t(game.rated ? 'rated' : 'casual'),
        })}
        {result && <span className="profile-score">{t('score', { mine: result.score[game.seat], theirs: result.score[other] })}</span>}
        {ended !== null && <span className="profile-ended">{tGame(`matchEnds.${ended}`)}</span>}
      </p>
      {result && result.games.length > 0 && (
        <ul className="profile-game-results">
          {result.games.map((g) => (
            <li key={g.number}>{say(tGame, gameResultPhrase({ ...g, cubeValue: g.cube }, names, game.variant))}</li>
          ))}
        </ul>
      )}
      {game.replayError !== undefined && <p className="alert">{t('replayError')}</p>}
      <p className="profile-game-links">
        <a href={paths.replay(game.id)}>{t('replay')}</a>
        <a href={paths.game(game.id)}>{t('game')}</a>
      </p>
    </li>
  );
}

export function ProfileView({ data, own, lang, loadingMore, onMore, chips, history, analysed }: Props) {
  const t = useTranslate('profile');
  return (
    <div className="profile">
      <h1 className="user-name">{data.user.name}</h1>
      {own && (
        <p className="profile-own">
          {t('own', { name: data.user.name })} <a href={paths.settings()}>{t('ownSettings')}</a>
        </p>
      )}
      {own && chips}
      {data.tournaments !== undefined && data.tournaments.played > 0 && (
        <p className="profile-tournaments">
          <a href={paths.tournaments()}>{t('tournaments', { played: data.tournaments.played, won: data.tournaments.won })}</a>
        </p>
      )}
      {data.stats && <StatsTable stats={data.stats} />}
      {history}
      {analysed}
      <section className="card" aria-label={t('games')}>
        <h2>{t('games')}</h2>
        {data.games.length === 0 ? (
          <p className="empty">{t('empty')}</p>
        ) : (
          <ul className="plain-list">
            {data.games.map((g) => (
              <GameItem key={g.id} game={g} userName={data.user.name} lang={lang} />
            ))}
          </ul>
        )}
        {data.next !== null && (
          <div className="actions">
            <button type="button" className="btn" disabled={loadingMore} onClick={onMore}>
              {t('more')}
            </button>
          </div>
        )}
      </section>
    </div>
  );
}
