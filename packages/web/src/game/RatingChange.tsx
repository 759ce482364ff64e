import type { GameView } from '@nardy/protocol';
import { ratingWithChange } from '../app/rating';
import type { Translate } from './phrase';

/**
 * After a rated match between two people, each one's new rating and its change: the start rating is in the view's
 * players, the new one comes in the view (`ratings`) as soon as the server has stored it — pushed, not asked for.
 * The provisional mark is the one the match started with (one match rarely ends it; the profile has the latest).
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
        r1: ratingWithChange(p1.rating, after.p1, p1.provisional),
        p2: p2.name,
        r2: ratingWithChange(p2.rating, after.p2, p2.provisional),
      })}
    </p>
  );
}
