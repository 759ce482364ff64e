/**
 * The app-wide notice area: a refused command shows its code translated (`errors` namespace), never the server's
 * own words (English, whatever the page's language); short confirmations ("link copied") show as info. Any module may post one; the shell's
 * `Notices` component shows them and each fades after a while.
 */
import { ServerError } from '../net/types';

interface Notice {
  readonly id: number;
  readonly kind: 'error' | 'info';
  /** A translation key with its namespace, e.g. `errors:NOT_FOUND`. */
  readonly key: string;
  readonly params: Readonly<Record<string, string | number>>;
  /** A link to act on it (e.g. "Play" for a tournament match that is ready): a translation key and a path. */
  readonly action?: NoticeAction;
}

interface NoticeAction {
  readonly key: string;
  readonly href: string;
}

/** At most this many at once: the oldest goes first. */
const MAX_SHOWN = 4;
const ERROR_MS = 10_000;
const INFO_MS = 4_000;
/** A notice with something to do stays long enough to be seen on coming back to the tab. */
const ACTION_MS = 60_000;

/** What a failure says to the player: its code's translation (every code the server sends has one, keys.test.ts). */
export function describeError(e: unknown): { readonly key: string } {
  return { key: e instanceof ServerError ? `errors:${e.code}` : 'errors:INTERNAL' };
}

export interface NoticeBoard {
  readonly list: () => readonly Notice[];
  readonly showError: (e: unknown) => void;
  readonly showInfo: (key: string, params?: Readonly<Record<string, string | number>>, action?: NoticeAction) => void;
  readonly dismiss: (id: number) => void;
  /** The player is at `path` now: a notice whose link leads there has done its work (the "Play" of a match he opened). */
  readonly arrived: (path: string) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createNoticeBoard(timers: { set: (fn: () => void, ms: number) => unknown } = { set: (fn, ms) => setTimeout(fn, ms) }): NoticeBoard {
  let notices: readonly Notice[] = [];
  let nextId = 0;
  const listeners = new Set<() => void>();
  const publish = (next: readonly Notice[]) => {
    notices = next;
    for (const l of [...listeners]) l();
  };
  const dismiss = (id: number) => {
    if (notices.some((n) => n.id === id)) publish(notices.filter((n) => n.id !== id));
  };
  const post = (n: Omit<Notice, 'id'>, ms: number) => {
    // The same message twice in a row (a double click) shows once.
    const last = notices[notices.length - 1];
    if (last && last.key === n.key && JSON.stringify(last.params) === JSON.stringify(n.params)) return;
    const notice: Notice = { ...n, id: ++nextId };
    publish([...notices, notice].slice(-MAX_SHOWN));
    timers.set(() => dismiss(notice.id), ms);
  };
  return {
    list: () => notices,
    showError: (e) => post({ kind: 'error', params: {}, ...describeError(e) }, ERROR_MS),
    showInfo: (key, params = {}, action) => (action ? post({ kind: 'info', key, params, action }, ACTION_MS) : post({ kind: 'info', key, params }, INFO_MS)),
    dismiss,
    arrived: (path) => {
      if (notices.some((n) => n.action?.href === path)) publish(notices.filter((n) => n.action?.href !== path));
    },
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

/** The app's notice board. */
export const notices: NoticeBoard = createNoticeBoard();
/** Shows a failure (a `ServerError` by its code) in the notice area. */
export const showError = (e: unknown): void => notices.showError(e);
