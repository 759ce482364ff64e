import type { GameView } from '@nardy/protocol';
import { useEffect, useRef } from 'react';
import { paths } from '../router';
import { toneClass } from './ActionBar';
import type { RematchChoice } from './choices';
import { RatingChange } from './RatingChange';
import { say, type Translate } from './phrase';
import { gameResultPhrase, matchEndPhrase, seatNames } from './results';

/** About half a second at 60 frames a second. */
const SETTLE_FRAMES = 30;

export type RematchCommand = 'offer' | 'accept' | 'decline' | 'cancel' | 'bot';

interface Props {
  readonly view: GameView;
  readonly rematch: RematchChoice;
  readonly busy: boolean;
  readonly onRematch: (command: RematchCommand) => void;
  readonly t: Translate;
}

/**
 * The games finished so far (winner, oin / mars / koks, how, cube, points); after the match its end, the final
 * score and the rematch (after a tournament's match: the way back to the tournament instead). During a match only the last finished game is shown.
 */
export function ResultPanel({ view, rematch, busy, onRematch, t }: Props) {
  const names = seatNames(view);
  const actions = useRef<HTMLDivElement>(null);
  // The opponent's offer or his answer comes while the player may be looking elsewhere (a phone scrolls), and after a
  // reload the open offer (his to answer, or one's own to take back) is what the page is about: in view.
  // Kept there for the first frames: a page just loaded is still laying out the board above it.
  useEffect(() => {
    if (rematch !== 'answer' && rematch !== 'declined' && rematch !== 'waiting') return undefined;
    let frame = 0;
    let id = 0;
    const keep = () => {
      actions.current?.scrollIntoView({ block: 'nearest' });
      if (++frame < SETTLE_FRAMES) id = requestAnimationFrame(keep);
    };
    keep();
    return () => cancelAnimationFrame(id);
  }, [rematch]);
  const shown = view.end ? view.games : view.games.slice(-1);
  if (shown.length === 0 && !view.end) return null;
  const button = (command: RematchCommand, key: string, tone: 'primary' | 'plain') => (
    <button type="button" className={toneClass(tone)} disabled={busy} onClick={() => onRematch(command)}>
      {t(key)}
    </button>
  );
  const opponent = view.you === 'p1' ? names.p2 : names.p1;
  return (
    <section className="room-result card" aria-label={t('result.title')}>
      {shown.length > 0 && (
        <ul className="room-result-games">
          {shown.map((g) => (
            <li key={g.number}>{say(t, gameResultPhrase(g, names, view.settings.match.variant))}</li>
          ))}
        </ul>
      )}
      {view.end && <p className="room-result-match">{say(t, matchEndPhrase(view.end, view.score, names, view.settings.match.matchLength))}</p>}
      <RatingChange view={view} t={t} />
      {/* Called off at a staked table: the holds went back with no transfer (G9). */}
      {view.end?.reason === 'aborted' && view.settings.stake > 0 && <p>{t('result.stakeReturned')}</p>}
      {/* A tournament's match has no rematch: the tournament pairs the next one. */}
      {view.end && view.tournament && (
        <p>
          <a className={toneClass('primary')} href={paths.tournament(view.tournament.id)}>
            {t('result.backToTournament')}
          </a>
        </p>
      )}
      {rematch !== 'none' && (
        <div className="actions" aria-live="polite" ref={actions}>
          {rematch === 'offer' && button('offer', 'rematch.offer', 'primary')}
          {rematch === 'bot' && button('bot', 'rematch.bot', 'primary')}
          {rematch === 'answer' && (
            <>
              <p>{t('rematch.offered', { name: opponent })}</p>
              {button('accept', 'rematch.accept', 'primary')}
              {button('decline', 'rematch.decline', 'plain')}
            </>
          )}
          {rematch === 'waiting' && (
            <>
              <p>{t('rematch.waiting', { name: opponent })}</p>
              {button('cancel', 'rematch.withdraw', 'plain')}
            </>
          )}
          {rematch === 'declined' && <p>{t('rematch.declined', { name: opponent })}</p>}
          {rematch === 'youDeclined' && (
            <>
              <p>{t('rematch.youDeclined', { name: opponent })}</p>
              {button('offer', 'rematch.offer', 'plain')}
            </>
          )}
        </div>
      )}
    </section>
  );
}
