/**
 * A tiny History-API router: the routes of the app as data, `navigate(path)`, and interception of clicks on
 * internal `<a href>` so links are plain anchors (middle click, "open in new tab" and copying still work).
 */
import { VARIANT_IDS, type VariantId } from '@nardy/engine';
import { useSyncExternalStore } from 'react';

export type Route =
  | { readonly name: 'lobby' }
  | { readonly name: 'login' }
  | { readonly name: 'signup' }
  | { readonly name: 'settings' }
  | { readonly name: 'top'; readonly variant: VariantId }
  | { readonly name: 'ratings' }
  | { readonly name: 'game'; readonly gameId: string }
  | { readonly name: 'table'; readonly tableId: string }
  | { readonly name: 'profile'; readonly userId: string }
  | { readonly name: 'replay'; readonly gameId: string }
  | { readonly name: 'dice'; readonly gameId: string }
  | { readonly name: 'analysis'; readonly gameId: string }
  | { readonly name: 'board' }
  | { readonly name: 'import' }
  | { readonly name: 'rules'; readonly variant: VariantId }
  | { readonly name: 'tournaments' }
  | { readonly name: 'tournament'; readonly tournamentId: string }
  | { readonly name: 'notFound' };

const isVariant = (s: string): s is VariantId => (VARIANT_IDS as readonly string[]).includes(s);

const decode = (s: string): string | null => {
  try {
    const d = decodeURIComponent(s);
    return d === '' ? null : d;
  } catch {
    return null;
  }
};

/** The route a path names (query and hash ignored; a trailing slash is allowed). */
export function matchRoute(path: string): Route {
  const pathname = path.split(/[?#]/)[0] ?? '/';
  const parts = pathname.split('/').filter((p) => p !== '');
  const [head, arg, ...rest] = parts;
  if (head === 'game' && arg !== undefined && rest.length === 1 && rest[0] === 'analysis') {
    const id = decode(arg);
    return id === null ? { name: 'notFound' } : { name: 'analysis', gameId: id };
  }
  if (rest.length > 0) return { name: 'notFound' };
  if (head === undefined) return { name: 'lobby' };
  if (arg === undefined) {
    switch (head) {
      case 'login':
      case 'signup':
      case 'settings':
        return { name: head };
      case 'top':
        return { name: 'top', variant: 'long' };
      case 'ratings':
        return { name: 'ratings' };
      case 'rules':
        return { name: 'rules', variant: 'long' };
      case 'analysis':
        return { name: 'board' };
      case 'import':
        return { name: 'import' };
      case 'tournaments':
        return { name: 'tournaments' };
      default:
        return { name: 'notFound' };
    }
  }
  if (head === 'top' || head === 'rules') return isVariant(arg) ? { name: head, variant: arg } : { name: 'notFound' };
  const id = decode(arg);
  if (id === null) return { name: 'notFound' };
  switch (head) {
    case 'game':
      return { name: 'game', gameId: id };
    case 'table':
      return { name: 'table', tableId: id };
    case 'profile':
      return { name: 'profile', userId: id };
    case 'replay':
      return { name: 'replay', gameId: id };
    case 'dice':
      return { name: 'dice', gameId: id };
    case 'tournament':
      return { name: 'tournament', tournamentId: id };
    default:
      return { name: 'notFound' };
  }
}

const enc = encodeURIComponent;

/** The path of every page, so no component spells a URL by hand. */
export const paths = {
  lobby: () => '/',
  login: () => '/login',
  signup: () => '/signup',
  settings: () => '/settings',
  top: (variant: VariantId) => `/top/${variant}`,
  /** How ratings are computed. */
  ratings: () => '/ratings',
  game: (gameId: string) => `/game/${enc(gameId)}`,
  table: (tableId: string) => `/table/${enc(tableId)}`,
  profile: (userId: string) => `/profile/${enc(userId)}`,
  replay: (gameId: string) => `/replay/${enc(gameId)}`,
  dice: (gameId: string) => `/dice/${enc(gameId)}`,
  /** `watch`: a private game's invitation, passed on. */
  analysis: (gameId: string, watch?: string) => `/game/${enc(gameId)}/analysis${watch ? `?watch=${enc(watch)}` : ''}`,
  rules: (variant: VariantId) => `/rules/${variant}`,
  /** The analysis board; `query` (`?variant=…&position=…&match=…`) opens it on a position. */
  board: (query = '') => `/analysis${query}`,
  /** Uploading a `.mat` file. */
  import: () => '/import',
  tournaments: () => '/tournaments',
  tournament: (tournamentId: string) => `/tournament/${enc(tournamentId)}`,
};

/** Paths the server answers itself: links there load normally (the dice check's JSON, health). */
const SERVER_PATHS = /^\/(api|ws|healthz)(\/|$)/;

export interface ClickFacts {
  readonly button: number;
  readonly metaKey: boolean;
  readonly ctrlKey: boolean;
  readonly shiftKey: boolean;
  readonly altKey: boolean;
  readonly defaultPrevented: boolean;
}

export interface AnchorFacts {
  /** The link's absolute URL (`anchor.href`). */
  readonly href: string;
  readonly target: string;
  readonly download: boolean;
}

/**
 * The in-app path a click on an anchor should go to, or null to let the browser handle it: a plain left click
 * on a same-origin link to one of the app's pages, opened in the same tab.
 */
export function interceptedPath(click: ClickFacts, anchor: AnchorFacts, origin: string): string | null {
  if (click.defaultPrevented || click.button !== 0) return null;
  if (click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return null;
  if (anchor.download || (anchor.target !== '' && anchor.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(anchor.href, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin || SERVER_PATHS.test(url.pathname)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** What the router needs of `window` (a fake in tests). */
export interface HistoryHost {
  readonly location: { readonly pathname: string; readonly search: string; readonly hash: string; readonly origin: string };
  readonly history: { pushState(data: unknown, unused: string, url: string): void; replaceState(data: unknown, unused: string, url: string): void };
  addEventListener(type: 'popstate', listener: () => void): void;
  scrollTo?(x: number, y: number): void;
}

export interface Router {
  /** The current path with query and hash. */
  readonly path: () => string;
  readonly navigate: (path: string, options?: { readonly replace?: boolean }) => void;
  readonly subscribe: (listener: () => void) => () => void;
  /** Routes plain clicks on internal anchors under `root` through `navigate`. Returns the uninstaller. */
  readonly interceptClicks: (root: Pick<Document, 'addEventListener' | 'removeEventListener'>) => () => void;
}

export function createRouter(host: HistoryHost): Router {
  const listeners = new Set<() => void>();
  const current = () => `${host.location.pathname}${host.location.search}${host.location.hash}`;
  let path = current();
  const changed = () => {
    path = current();
    for (const l of [...listeners]) l();
  };
  host.addEventListener('popstate', changed);

  const navigate = (to: string, options: { readonly replace?: boolean } = {}) => {
    if (to === path) return;
    if (options.replace) host.history.replaceState(null, '', to);
    else host.history.pushState(null, '', to);
    changed();
    if (!to.includes('#')) host.scrollTo?.(0, 0);
  };

  const onClick = (e: Event) => {
    const m = e as MouseEvent;
    const target = m.target as Element | null;
    const anchor = target?.closest?.('a[href]') as HTMLAnchorElement | null | undefined;
    if (!anchor) return;
    const to = interceptedPath(m, { href: anchor.href, target: anchor.target, download: anchor.hasAttribute('download') }, host.location.origin);
    if (to === null) return;
    m.preventDefault();
    navigate(to);
  };

  return {
    path: () => path,
    navigate,
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    interceptClicks: (root) => {
      root.addEventListener('click', onClick);
      return () => root.removeEventListener('click', onClick);
    },
  };
}

/** The current path, re-rendering on every navigation. */
export const usePath = (router: Router): string => useSyncExternalStore(router.subscribe, router.path, router.path);
