import type { Seat } from '@nardy/engine';
import type { GameView } from '@nardy/protocol';
import { ratingText } from '../app/rating';
import { paths } from '../router';
import { seatColor } from './boardModel';
import { clockFace, formatClock, graceLeft, seatTicking } from './clock';
import type { Translate } from './phrase';
import { useServerNow } from './useServerNow';

interface Props {
  readonly view: GameView;
  readonly seat: Seat;
  /** Server time now; read again every tick while the clock runs or the player is away. */
  readonly serverNow: () => number;
  readonly t: Translate;
}

/**
 * One player above or below the board: name (to the profile), rating, presence with the grace left while away,
 * score and clock. Only this bar re-renders as its clock ticks.
 */
export function PlayerBar({ view, seat, serverNow, t }: Props) {
  const now = useServerNow(serverNow, seatTicking(view, seat));
  const clock = clockFace(view, seat, now);
  const grace = graceLeft(view, seat, now);
  const { user, online } = view.players[seat];
  const color = seatColor(view, seat);
  const toAct = view.end === null && view.toAct === seat;
  return (
    <section className={`player${toAct ? ' player--to-act' : ''}`} aria-label={t('players.label')}>
      <span className={`player-chip player-chip--${color}`} role="img" aria-label={t(`colors.${color}`)} />
      <span className="player-who">
        {user.bot === undefined ? (
          <a className="player-name" href={paths.profile(user.userId)}>
            {user.name}
          </a>
        ) : (
          <span className="player-name">{user.name}</span>
        )}
        {view.you === seat && <span className="player-tag">{t('players.you')}</span>}
        <span className="player-meta">
          {user.bot !== undefined
            ? t('players.bot', { level: user.bot })
            : user.guest
              ? t('players.guest')
              : user.rating !== undefined && t('players.rating', { rating: ratingText(user.rating, user.provisional) })}
        </span>
        <span className={`player-presence player-presence--${online ? 'online' : 'offline'}`}>
          {online
            ? t('players.online')
            : grace === null
              ? t('players.offline')
              : grace > 0
                ? t('players.grace', { time: formatClock(grace) })
                : t('players.graceOver')}
        </span>
        {toAct && <span className="player-tag player-tag--act">{t('players.toAct')}</span>}
      </span>
      <span className="player-score">{t('players.score', { count: view.score[seat] })}</span>
      {clock.ms !== null && (
        <span className={`player-clock${clock.running ? ' player-clock--running' : ''}${clock.flagged ? ' player-clock--flagged' : ''}`}>
          <span role="timer" aria-label={t('players.clock')}>
            {formatClock(clock.ms)}
          </span>
          {clock.delayMs !== null && <span className="player-delay">{t('players.delay', { time: formatClock(clock.delayMs) })}</span>}
        </span>
      )}
    </section>
  );
}
