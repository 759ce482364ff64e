import type { Seat } from '@nardy/engine';
import type { GameView, UserGames } from '@nardy/protocol';
import { useContext, useEffect, useState } from 'react';
import { ServicesContext } from '../app/services';
import type { Translate } from './phrase';

/** Tries and the wait between them: the server records the ratings just after the match's last event. */
const TRIES = 6;
const WAIT_MS = 700;

type After = Partial<Record<Seat, number>>;

/** "1512 (+12)": the rating after the match and its change from the one the match started with. */
export function ratingWithChange(before: number, after: number): string {
  const d = after - before;
  return `${after} (${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)})`;
}

/**
 * After a rated match between two people, each one's new rating and its change (the start rating is in the view;
 * the new one is read from his profile's stats, again until it has moved or the tries run out).
 */
export function RatingChange({ view, t }: { readonly view: GameView; readonly t: Translate }) {
  const api = useContext(ServicesContext)?.api;
  const [after, setAfter] = useState<After>({});
  const p1 = view.players.p1.user;
  const p2 = view.players.p2.user;
  const rated = view.end !== null && view.end.reason !== 'aborted' && view.settings.rated && p1.rating !== undefined && p2.rating !== undefined;
  const variant = view.settings.match.variant;

  useEffect(() => {
    if (!rated || !api) return;
    let stop = false;
    const ratingOf = (page: UserGames) => page.stats?.find((s) => s.variant === variant)?.rating;
    const load = async (tries: number): Promise<void> => {
      const pages = await Promise.all([api.userGames(p1.userId, { limit: 1 }), api.userGames(p2.userId, { limit: 1 })]);
      if (stop) return;
      const next: After = {};
      const r1 = ratingOf(pages[0]);
      const r2 = ratingOf(pages[1]);
      if (r1 !== undefined) next.p1 = r1;
      if (r2 !== undefined) next.p2 = r2;
      const moved = next.p1 !== undefined && next.p1 !== p1.rating && next.p2 !== undefined && next.p2 !== p2.rating;
      if (moved || tries <= 1) return setAfter(next);
      await new Promise((r) => setTimeout(r, WAIT_MS));
      if (!stop) return load(tries - 1);
    };
    // Without the new ratings the panel just shows none.
    load(TRIES).catch(() => {});
    return () => {
      stop = true;
    };
  }, [rated, api, p1.userId, p2.userId, p1.rating, p2.rating, variant]);

  if (!rated || after.p1 === undefined || after.p2 === undefined) return null;
  return (
    <p className="room-result-ratings">
      {t('result.ratings', {
        p1: p1.name,
        r1: ratingWithChange(p1.rating!, after.p1),
        p2: p2.name,
        r2: ratingWithChange(p2.rating!, after.p2),
      })}
    </p>
  );
}
