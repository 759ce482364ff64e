import type { GameView } from '@nardy/protocol';
import type { Translate } from './phrase';

/** "1512 (+12)": the rating after the match and its change from the one the match started with. */
export function ratingWithChange(before: number, after: number): string {
  const d = after - before;
  return `${after} (${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)})`;
}

/**
 * After a rated match between two people, each one's new rating and its change: the start rating is in the view's
 * players, the new one comes in the view (`ratings`) as soon as the server has stored it — pushed, not asked for.
 */
export function RatingChange({ view, t }: { readonly view: GameView; readonly t: Translate }) {
  const p1 = view.players.p1.user;
  const p2 = view.players.p2.user;
  const after = view.ratings;
  if (!after || !view.settings.rated || p1.rating === undefined || p2.rating === undefined) return null;
  return (
    <p className="room-result-ratings">
      {t('result.ratings', {
        p1: p1.name,
        r1: ratingWithChange(p1.rating, after.p1),
        p2: p2.name,
        r2: ratingWithChange(p2.rating, after.p2),
      })}
    </p>
  );
}
