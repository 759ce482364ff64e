import { SERVER_EXAMPLES } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { createNoticeBoard } from './notices';
import { createMatchNotifier, type TitleHost } from './tournamentMatch';

/** A tab whose visibility the test sets. */
function kit(hidden: boolean, path = '/') {
  let onVisible: (() => void) | null = null;
  const host: TitleHost & { hidden: boolean } = {
    title: 'Play nardy online · Nardy',
    hidden,
    addEventListener: (_type, l) => (onVisible = l),
    removeEventListener: () => (onVisible = null),
  };
  const board = createNoticeBoard({ set: () => 0 });
  const notifier = createMatchNotifier(
    board,
    host,
    () => 'Your match is ready',
    () => path,
  );
  return { host, board, notifier, show: () => ((host.hidden = false), onVisible?.()), listening: () => onVisible !== null };
}

describe('a tournament match that is ready', () => {
  it('posts a notice with a Play link to its game', () => {
    const k = kit(false);
    k.notifier.notify(SERVER_EXAMPLES['tournament.match']);
    expect(k.board.list().map((n) => [n.key, n.params, n.action])).toEqual([
      ['common:tournamentMatch.ready', { name: 'Борис' }, { key: 'common:tournamentMatch.play', href: '/game/g_7Hk2' }],
    ]);
    expect(k.host.title).toBe('Play nardy online · Nardy');
  });

  it("shows nothing in the match's own room (the push comes again on a reconnect), and going there clears the notice", () => {
    const inRoom = kit(false, '/game/g_7Hk2');
    inRoom.notifier.notify(SERVER_EXAMPLES['tournament.match']);
    expect(inRoom.board.list()).toEqual([]);
    const k = kit(false);
    k.notifier.notify(SERVER_EXAMPLES['tournament.match']);
    k.board.showInfo('lobby:table.copied');
    k.board.arrived('/game/g_7Hk2');
    expect(k.board.list().map((n) => n.key)).toEqual(['lobby:table.copied']);
  });

  it('marks the title of a hidden tab until it is shown again', () => {
    const k = kit(true);
    k.notifier.notify(SERVER_EXAMPLES['tournament.match']);
    k.notifier.notify(SERVER_EXAMPLES['tournament.match']);
    expect(k.host.title).toBe('▶ Your match is ready · Play nardy online · Nardy');
    k.show();
    expect(k.host.title).toBe('Play nardy online · Nardy');
    k.notifier.stop();
    expect(k.listening()).toBe(false);
  });
});
