/**
 * A tournament match that is ready (`tournament.match`, pushed to every connection of the player, whatever page he
 * is on): a notice with a "Play" link to its game, and while the tab is hidden its title says so.
 */
import type { Link } from '../net/types';
import { paths } from '../router';
import type { NoticeBoard } from './notices';

/** What the page needs besides the link: its title and whether it is hidden (a fake in tests). */
export interface TitleHost {
  title: string;
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

/** Starts listening; `titleText` is the translated "your match is ready". Returns the stop function. */
export function watchTournamentMatches(link: Link, board: NoticeBoard, host: TitleHost, titleText: () => string): () => void {
  let saved: string | null = null;
  const restore = () => {
    if (host.hidden || saved === null) return;
    host.title = saved;
    saved = null;
  };
  host.addEventListener('visibilitychange', restore);
  const off = link.on('tournament.match', (m) => {
    board.showInfo('common:tournamentMatch.ready', { name: m.opponent.name }, { key: 'common:tournamentMatch.play', href: paths.game(m.gameId) });
    if (host.hidden && saved === null) {
      saved = host.title;
      host.title = `▶ ${titleText()} · ${saved}`;
    }
  });
  return () => {
    off();
    host.removeEventListener('visibilitychange', restore);
    restore();
  };
}
