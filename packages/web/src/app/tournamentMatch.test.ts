import { SERVER_EXAMPLES, type ServerToClient } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import type { Link } from '../net/types';
import { createNoticeBoard } from './notices';
import { watchTournamentMatches, type TitleHost } from './tournamentMatch';

/** A link that only delivers pushes, and a tab whose visibility the test sets. */
function kit(hidden: boolean) {
  const handlers = new Map<string, (m: ServerToClient) => void>();
  const link = { on: (type: string, h: (m: ServerToClient) => void) => (handlers.set(type, h), () => handlers.delete(type)) } as unknown as Link;
  let onVisible: (() => void) | null = null;
  const host: TitleHost & { hidden: boolean } = {
    title: 'Play nardy online · Nardy',
    hidden,
    addEventListener: (_type, l) => (onVisible = l),
    removeEventListener: () => (onVisible = null),
  };
  const board = createNoticeBoard({ set: () => 0 });
  const stop = watchTournamentMatches(link, board, host, () => 'Your match is ready');
  return { push: (m: ServerToClient) => handlers.get(m.type)?.(m), host, board, stop, show: () => ((host.hidden = false), onVisible?.()), handlers };
}

describe('a tournament match that is ready', () => {
  it('posts a notice with a Play link to its game', () => {
    const k = kit(false);
    k.push(SERVER_EXAMPLES['tournament.match']);
    expect(k.board.list().map((n) => [n.key, n.params, n.action])).toEqual([
      ['common:tournamentMatch.ready', { name: 'Борис' }, { key: 'common:tournamentMatch.play', href: '/game/g_7Hk2' }],
    ]);
    expect(k.host.title).toBe('Play nardy online · Nardy');
  });

  it('marks the title of a hidden tab until it is shown again, and stops listening when stopped', () => {
    const k = kit(true);
    k.push(SERVER_EXAMPLES['tournament.match']);
    expect(k.host.title).toBe('▶ Your match is ready · Play nardy online · Nardy');
    k.show();
    expect(k.host.title).toBe('Play nardy online · Nardy');
    k.stop();
    expect(k.handlers.size).toBe(0);
  });
});
