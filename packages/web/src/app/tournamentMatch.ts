/**
 * A tournament match that is ready (`tournament.match`, pushed to every connection of the player, whatever page he
 * is on): a notice with a "Play" link to its game, and while the tab is hidden its title says so. (Loading this
 * lazily made Rollup split React's chunk in two, a larger first load than these few lines.)
 */
import type { ServerToClient } from '@nardy/protocol';
import { paths } from '../router';
import type { NoticeBoard } from './notices';

type MatchReady = Extract<ServerToClient, { type: 'tournament.match' }>;

/** What the notifier needs of the page: its title and whether it is hidden (a fake in tests). */
export interface TitleHost {
  title: string;
  readonly hidden: boolean;
  addEventListener(type: 'visibilitychange', listener: () => void): void;
  removeEventListener(type: 'visibilitychange', listener: () => void): void;
}

export interface MatchNotifier {
  readonly notify: (m: MatchReady) => void;
  readonly stop: () => void;
}

/** `titleText`: the translated "your match is ready"; `here`: the path the player is at (no notice in the match's own room). */
export function createMatchNotifier(board: NoticeBoard, host: TitleHost, titleText: () => string, here: () => string): MatchNotifier {
  let saved: string | null = null;
  const restore = () => {
    if (host.hidden || saved === null) return;
    host.title = saved;
    saved = null;
  };
  host.addEventListener('visibilitychange', restore);
  return {
    notify: (m) => {
      // Sent again on every reconnect while the match waits: a player already in its room needs no notice.
      if (here() === paths.game(m.gameId)) return;
      board.showInfo('common:tournamentMatch.ready', { name: m.opponent.name }, { key: 'common:tournamentMatch.play', href: paths.game(m.gameId) });
      if (host.hidden && saved === null) {
        saved = host.title;
        host.title = `▶ ${titleText()} · ${saved}`;
      }
    },
    stop: () => {
      host.removeEventListener('visibilitychange', restore);
      restore();
    },
  };
}
