import { otherSeat } from '@nardy/engine';
import type { GameView } from '@nardy/protocol';
import type { Translate } from './phrase';
import { seatNames } from './results';
import { useServerNow } from './useServerNow';

interface Props {
  readonly view: GameView;
  readonly busy: boolean;
  /** Server time now: the countdown runs by the server's clock (`startsAt` is server time), not the device's. */
  readonly serverNow: () => number;
  /** Says `game.next`: ready for the next game. */
  readonly next: () => void;
  readonly t: Translate;
}

/**
 * Between two games: "Next game in N s" and, for a player, "Next game" (it starts at once when both are ready;
 * against a bot at once). In a money session "End the session" stays with the other decisions.
 */
export function NextGame({ view, busy, serverNow, next, t }: Props) {
  const pause = view.nextGame;
  const now = useServerNow(serverNow, pause !== undefined, 250);
  if (!pause) return null;
  const seconds = Math.max(0, Math.ceil((pause.startsAt - now) / 1000));
  const you = view.you;
  const opponent = you === null ? null : otherSeat(you);
  const name = opponent === null ? '' : seatNames(view)[opponent];
  const youReady = you !== null && pause.ready.includes(you);
  const theyReady = opponent !== null && pause.ready.includes(opponent);
  return (
    <div className="room-next" role="group" aria-label={t('nextGame.title')}>
      <p className="room-next-countdown">{seconds > 0 ? t('nextGame.in', { count: seconds }) : t('nextGame.starting')}</p>
      {you !== null && !youReady && (
        <div className="actions">
          <button type="button" className="btn btn-primary" disabled={busy} onClick={next}>
            {t('nextGame.start')}
          </button>
        </div>
      )}
      {youReady && <p className="muted">{t('nextGame.waiting', { name })}</p>}
      {theyReady && !youReady && <p className="muted">{t('nextGame.opponentReady', { name })}</p>}
    </div>
  );
}
