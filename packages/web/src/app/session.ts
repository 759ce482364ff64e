/**
 * Who the player is, from the HTTP side (docs/protocol.md §11): a registered account or a guest session. The
 * socket is whoever the session cookie says, so every change of account ends with `link.reconnect()`.
 *
 * A first visit without a cookie asks for a guest session (`POST /api/guest`) before the socket opens, so the
 * guest keeps one identity — and his seat in a game — across reconnects. If that fails the socket still
 * connects, as an anonymous watcher: the server makes guests only through that (rate-limited) endpoint.
 *
 * The cookie is HTTP-only, so the app cannot see it; a `SessionHint` in localStorage remembers that this
 * browser has one, and a returning visitor's socket opens alongside `GET /api/me` instead of after it (main.tsx).
 */
import { useSyncExternalStore } from 'react';
import type { Language, Profile, ProfilePatch } from '@nardy/protocol';
import type { Api } from '../net/api';
import { ServerError } from '../net/types';

export interface Session {
  /** The account, null when the server could not be asked (the socket is then an anonymous guest). */
  readonly profile: () => Profile | null;
  readonly subscribe: (listener: () => void) => () => void;
  /**
   * Finds the session, or starts a guest one. Never throws. Resolves true when it made a new session: a socket
   * opened before then was not this session's.
   */
  readonly start: (lang: Language) => Promise<boolean>;
  readonly login: (name: string, password: string) => Promise<void>;
  readonly register: (name: string, password: string, lang: Language) => Promise<void>;
  /** Ends the account's session and goes on as a fresh guest. */
  readonly logout: (lang: Language) => Promise<void>;
  /** Ends every session of the account (other browsers too) and goes on as a fresh guest. */
  readonly logoutEverywhere: (lang: Language) => Promise<void>;
  /**
   * The server ended this session's socket (a log-out or password change on another device): asks who the cookie
   * is now, going on as a fresh guest when nobody. A change of account made here meanwhile is left alone.
   */
  readonly ended: (lang: Language) => Promise<void>;
  readonly update: (patch: ProfilePatch) => Promise<void>;
  /** Called after each change of account (the app reconnects its link there). */
  readonly onIdentityChange: (listener: () => void) => () => void;
}

/** A note kept in this browser that it holds a session cookie. */
export interface SessionHint {
  readonly present: () => boolean;
  readonly set: (present: boolean) => void;
}

export const SESSION_HINT_KEY = 'nardy.session';

/** The hint in `storage` (none kept where storage is disabled or refuses: every visit then counts as a first one). */
export function storedSessionHint(storage: Storage | null): SessionHint {
  return {
    present: () => {
      try {
        return storage?.getItem(SESSION_HINT_KEY) === '1';
      } catch {
        return false;
      }
    },
    set: (present) => {
      try {
        if (present) storage?.setItem(SESSION_HINT_KEY, '1');
        else storage?.removeItem(SESSION_HINT_KEY);
      } catch {
        // full or refused storage: the next visit waits for GET /api/me, as a first one does
      }
    },
  };
}

export function createSession(api: Api, hint: SessionHint = storedSessionHint(null)): Session {
  let profile: Profile | null = null;
  const listeners = new Set<() => void>();
  const identity = new Set<() => void>();
  const set = (p: Profile | null) => {
    profile = p;
    // No profile: the server could not be asked, or the session is gone; either way the next visit waits for it.
    hint.set(p !== null);
    for (const l of [...listeners]) l();
  };
  const changed = (p: Profile | null) => {
    set(p);
    for (const l of [...identity]) l();
  };
  const guestOrNull = (lang: Language) => api.guest(lang).catch(() => null);
  // Log-in, sign-up and log-out under way: they change the account themselves (and the server ends the old socket).
  let changing = 0;
  const changingAccount = async (run: () => Promise<void>): Promise<void> => {
    changing++;
    try {
      await run();
    } finally {
      changing--;
    }
  };

  return {
    profile: () => profile,
    subscribe: (l) => {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
    start: async (lang) => {
      const me = await api.me().catch(() => null);
      if (me) {
        set(me);
        return false;
      }
      const guest = await guestOrNull(lang);
      set(guest);
      return guest !== null;
    },
    login: (name, password) => changingAccount(async () => changed(await api.login(name, password))),
    register: (name, password, lang) => changingAccount(async () => changed(await api.register(name, password, lang))),
    logout: (lang) =>
      changingAccount(async () => {
        await api.logout();
        changed(await guestOrNull(lang));
      }),
    logoutEverywhere: (lang) =>
      changingAccount(async () => {
        await api.logoutAll();
        changed(await guestOrNull(lang));
      }),
    ended: async (lang) => {
      if (changing > 0) return;
      // null: signed out; undefined: the server could not be asked (the link's reconnect will tell).
      const me = await api.me().catch((e: unknown) => (e instanceof ServerError && e.code === 'UNAUTHORIZED' ? null : undefined));
      if (me === undefined || changing > 0 || me?.id === profile?.id) return;
      changed(me ?? (await guestOrNull(lang)));
    },
    update: async (patch) => set(await api.patchMe(patch)),
    onIdentityChange: (l) => {
      identity.add(l);
      return () => void identity.delete(l);
    },
  };
}

export const useProfile = (session: Session): Profile | null => useSyncExternalStore(session.subscribe, session.profile, session.profile);

/**
 * Tells the server the language shown, when it has another one for this account (its own texts then follow):
 * after the session starts and after each change of account. Failures are ignored; the next switch retries.
 */
export function keepServerLanguage(session: Session, current: () => Language): void {
  const sync = () => {
    const p = session.profile();
    const lang = current();
    if (p && p.lang !== lang) session.update({ lang }).catch(() => {});
  };
  sync();
  session.onIdentityChange(sync);
}
