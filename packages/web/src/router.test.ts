import { describe, expect, it } from 'vitest';
import { createRouter, interceptedPath, matchRoute, paths, type ClickFacts, type HistoryHost } from './router';

const click: ClickFacts = { button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, defaultPrevented: false };
const anchor = (href: string, more: { target?: string; download?: boolean } = {}) => ({ href, target: more.target ?? '', download: more.download ?? false });
const ORIGIN = 'http://nardy.test';

describe('routes', () => {
  it('names every page of the app', () => {
    expect(matchRoute('/')).toEqual({ name: 'lobby' });
    expect(matchRoute('/login')).toEqual({ name: 'login' });
    expect(matchRoute('/signup/')).toEqual({ name: 'signup' });
    expect(matchRoute('/settings?x=1')).toEqual({ name: 'settings' });
    expect(matchRoute('/top/short')).toEqual({ name: 'top', variant: 'short' });
    expect(matchRoute('/top')).toEqual({ name: 'top', variant: 'long' });
    expect(matchRoute('/ratings')).toEqual({ name: 'ratings' });
    expect(matchRoute(paths.ratings())).toEqual({ name: 'ratings' });
    expect(matchRoute('/game/g_7Hk2#moves')).toEqual({ name: 'game', gameId: 'g_7Hk2' });
    expect(matchRoute('/table/tK9f2LqXv7bN3mZr')).toEqual({ name: 'table', tableId: 'tK9f2LqXv7bN3mZr' });
    expect(matchRoute('/profile/u_alice')).toEqual({ name: 'profile', userId: 'u_alice' });
    expect(matchRoute('/replay/g_1')).toEqual({ name: 'replay', gameId: 'g_1' });
    expect(matchRoute('/dice/g_1')).toEqual({ name: 'dice', gameId: 'g_1' });
    expect(matchRoute('/game/g_1/analysis?watch=w')).toEqual({ name: 'analysis', gameId: 'g_1' });
    expect(paths.analysis('g_1', 'w 1')).toBe('/game/g_1/analysis?watch=w%201');
    expect(matchRoute('/rules/caucasian')).toEqual({ name: 'rules', variant: 'caucasian' });
    expect(matchRoute('/analysis?variant=short&position=4HPwATDgc%2FABMA')).toEqual({ name: 'board' });
    expect(paths.board('?variant=long')).toBe('/analysis?variant=long');
    expect(matchRoute(paths.import())).toEqual({ name: 'import' });
    expect(matchRoute('/import/x')).toEqual({ name: 'notFound' });
    expect(matchRoute(paths.tournaments())).toEqual({ name: 'tournaments' });
    expect(matchRoute(paths.tournament('t 1'))).toEqual({ name: 'tournament', tournamentId: 't 1' });
  });

  it('sends anything else to "not found"', () => {
    for (const p of ['/nope', '/top/backgammon', '/rules/x', '/game/a/b', '/game/%E0%A4%A', '/login/x']) {
      expect(matchRoute(p)).toEqual({ name: 'notFound' });
    }
  });

  it('builds paths that match back to the same route (ids escaped)', () => {
    expect(matchRoute(paths.game('g 1/2'))).toEqual({ name: 'game', gameId: 'g 1/2' });
    expect(matchRoute(paths.profile('u_x'))).toEqual({ name: 'profile', userId: 'u_x' });
    expect(matchRoute(paths.top('caucasian'))).toEqual({ name: 'top', variant: 'caucasian' });
    expect(matchRoute(paths.table('tok'))).toEqual({ name: 'table', tableId: 'tok' });
    expect(matchRoute(paths.replay('g'))).toEqual({ name: 'replay', gameId: 'g' });
    expect(matchRoute(paths.rules('short'))).toEqual({ name: 'rules', variant: 'short' });
    expect(matchRoute(paths.lobby())).toEqual({ name: 'lobby' });
  });
});

describe('link interception', () => {
  it('takes plain left clicks on same-origin app links', () => {
    expect(interceptedPath(click, anchor(`${ORIGIN}/top/short?x=1#a`), ORIGIN)).toBe('/top/short?x=1#a');
  });

  it('leaves modified clicks, other buttons, new tabs, downloads and handled clicks to the browser', () => {
    const a = anchor(`${ORIGIN}/top/short`);
    for (const c of [{ metaKey: true }, { ctrlKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }, { defaultPrevented: true }]) {
      expect(interceptedPath({ ...click, ...c }, a, ORIGIN)).toBeNull();
    }
    expect(interceptedPath(click, anchor(`${ORIGIN}/x`, { target: '_blank' }), ORIGIN)).toBeNull();
    expect(interceptedPath(click, anchor(`${ORIGIN}/x`, { download: true }), ORIGIN)).toBeNull();
  });

  it('leaves other origins and the server own paths alone', () => {
    expect(interceptedPath(click, anchor('https://example.com/'), ORIGIN)).toBeNull();
    expect(interceptedPath(click, anchor(`${ORIGIN}/api/games/g_1/dice`), ORIGIN)).toBeNull();
    expect(interceptedPath(click, anchor(`${ORIGIN}/healthz`), ORIGIN)).toBeNull();
    expect(interceptedPath(click, anchor(`${ORIGIN}/apiary`), ORIGIN)).toBe('/apiary');
  });
});

describe('the router', () => {
  function fakeHost(start: string) {
    const entries = [start];
    let popstate: () => void = () => {};
    let scrolled = 0;
    const location = { pathname: start, search: '', hash: '', origin: ORIGIN };
    const set = (url: string) => {
      const u = new URL(url, ORIGIN);
      location.pathname = u.pathname;
      location.search = u.search;
      location.hash = u.hash;
    };
    const host: HistoryHost = {
      location,
      history: {
        pushState: (_d, _u, url) => {
          entries.push(url);
          set(url);
        },
        replaceState: (_d, _u, url) => {
          entries[entries.length - 1] = url;
          set(url);
        },
      },
      addEventListener: (_t, l) => {
        popstate = l;
      },
      scrollTo: () => void scrolled++,
    };
    const back = () => {
      entries.pop();
      set(entries[entries.length - 1]!);
      popstate();
    };
    return { host, entries, back, scrolled: () => scrolled };
  }

  it('pushes, replaces and follows the back button, telling subscribers each time', () => {
    const h = fakeHost('/');
    const r = createRouter(h.host);
    const seen: string[] = [];
    r.subscribe(() => seen.push(r.path()));
    r.navigate('/top/long');
    r.navigate('/game/g_1', { replace: true });
    r.navigate('/game/g_1');
    expect(h.entries).toEqual(['/', '/game/g_1']);
    h.back();
    expect(r.path()).toBe('/');
    expect(seen).toEqual(['/top/long', '/game/g_1', '/']);
    expect(h.scrolled()).toBe(2);
  });
});
