import { describe, expect, it } from 'vitest';
import type { Profile } from '@nardy/protocol';
import type { Api } from '../net/api';
import { ServerError } from '../net/types';
import { SESSION_HINT_KEY, createSession, keepServerLanguage, storedSessionHint } from './session';

const alice: Profile = { id: 'u_1', username: 'alice', displayName: 'Alice', guest: false, lang: 'en', preferredSettings: null, createdAt: 1 };
const guest: Profile = { ...alice, id: 'u_g', username: 'guest-1a2b', displayName: 'Guest 1a2b', guest: true };

/** An API where only what the test names answers; the rest throws. */
function fakeApi(over: Partial<Api>, calls: string[]): Api {
  const refuse = (name: string) => async () => {
    calls.push(name);
    throw new ServerError('UNAUTHORIZED', 'not signed in');
  };
  const names = ['register', 'login', 'logout', 'logoutAll', 'guest', 'me', 'patchMe', 'userGames', 'game', 'dice', 'leaderboard'] as const;
  const api = Object.fromEntries(names.map((n) => [n, refuse(n)])) as unknown as Record<string, unknown>;
  for (const [k, fn] of Object.entries(over)) {
    api[k] = async (...args: unknown[]) => {
      calls.push(k);
      return (fn as (...a: unknown[]) => unknown)(...args);
    };
  }
  return api as unknown as Api;
}

describe('the session', () => {
  it('keeps an existing session', async () => {
    const calls: string[] = [];
    const s = createSession(fakeApi({ me: async () => alice }, calls));
    await s.start('en');
    expect(s.profile()).toEqual(alice);
    expect(calls).toEqual(['me']);
  });

  it('starts a guest session on a first visit, and survives a server that does not answer', async () => {
    const calls: string[] = [];
    const s = createSession(fakeApi({ guest: async () => guest }, calls));
    await s.start('ru');
    expect(s.profile()).toEqual(guest);
    expect(calls).toEqual(['me', 'guest']);
    const none = createSession(fakeApi({}, []));
    await none.start('en');
    expect(none.profile()).toBeNull();
  });

  it('reconnects after log in and log out (the cookie changed), not after a profile edit', async () => {
    const calls: string[] = [];
    const s = createSession(
      fakeApi(
        {
          login: async () => alice,
          logout: async () => undefined,
          logoutAll: async () => undefined,
          guest: async () => guest,
          patchMe: async () => ({ ...alice, displayName: 'Al' }),
        },
        calls,
      ),
    );
    let reconnects = 0;
    s.onIdentityChange(() => reconnects++);
    await s.login('alice', 'secret123');
    expect(s.profile()?.username).toBe('alice');
    await s.update({ displayName: 'Al' });
    expect(s.profile()?.displayName).toBe('Al');
    expect(reconnects).toBe(1);
    await s.logout('en');
    expect(s.profile()).toEqual(guest);
    expect(reconnects).toBe(2);
    await s.login('alice', 'secret123');
    await s.logoutEverywhere('en');
    expect(s.profile()).toEqual(guest);
    expect(reconnects).toBe(4);
    expect(calls.filter((c) => c.startsWith('logout'))).toEqual(['logout', 'logoutAll']);
  });

  it('follows a session ended on another device: a guest then, unless the cookie is still this account', async () => {
    const calls: string[] = [];
    let me: Profile | null = alice;
    const s = createSession(
      fakeApi(
        {
          me: async () => {
            if (me === null) throw new ServerError('UNAUTHORIZED', 'not signed in');
            return me;
          },
          guest: async () => guest,
        },
        calls,
      ),
    );
    await s.start('en');
    let reconnects = 0;
    s.onIdentityChange(() => reconnects++);
    await s.ended('en');
    expect([s.profile(), reconnects]).toEqual([alice, 0]);
    me = null;
    await s.ended('en');
    expect([s.profile(), reconnects]).toEqual([guest, 1]);
    expect(calls).toEqual(['me', 'me', 'me', 'guest']);
  });

  it('leaves a session ended by its own log-out to the log-out', async () => {
    const calls: string[] = [];
    const s = createSession(fakeApi({ me: async () => alice, logout: async () => undefined, guest: async () => guest }, calls));
    await s.start('en');
    const out = s.logout('en');
    await s.ended('en');
    await out;
    expect(s.profile()).toEqual(guest);
    expect(calls).toEqual(['me', 'logout', 'guest']);
  });

  it('lets a refused log in through to the form, changing nothing', async () => {
    const s = createSession(fakeApi({ me: async () => guest }, []));
    await s.start('en');
    await expect(s.login('alice', 'wrong')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(s.profile()).toEqual(guest);
  });
});

/** A localStorage stand-in holding only what the hint uses. */
function memoryStorage(): Storage & { readonly items: Map<string, string> } {
  const items = new Map<string, string>();
  const storage = {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
  return storage as unknown as Storage & { readonly items: Map<string, string> };
}

describe('the session hint (the cookie is HTTP-only, so the browser keeps a note that it has one)', () => {
  it('is set once a session is found or made, and says whether start made a new one', async () => {
    const storage = memoryStorage();
    const found = createSession(fakeApi({ me: async () => alice }, []), storedSessionHint(storage));
    await expect(found.start('en')).resolves.toBe(false);
    expect(storage.items.get(SESSION_HINT_KEY)).toBe('1');

    const fresh = memoryStorage();
    const made = createSession(fakeApi({ guest: async () => guest }, []), storedSessionHint(fresh));
    expect(storedSessionHint(fresh).present()).toBe(false);
    await expect(made.start('en')).resolves.toBe(true);
    expect(storedSessionHint(fresh).present()).toBe(true);
  });

  it('is cleared when no session could be had (the next visit waits for GET /api/me)', async () => {
    const storage = memoryStorage();
    storage.setItem(SESSION_HINT_KEY, '1');
    const s = createSession(fakeApi({}, []), storedSessionHint(storage));
    await expect(s.start('en')).resolves.toBe(false);
    expect(storage.items.has(SESSION_HINT_KEY)).toBe(false);
  });

  it('stays after log out, which goes on as a fresh guest', async () => {
    const storage = memoryStorage();
    const s = createSession(fakeApi({ me: async () => alice, logout: async () => undefined, guest: async () => guest }, []), storedSessionHint(storage));
    await s.start('en');
    await s.logout('en');
    expect(storedSessionHint(storage).present()).toBe(true);
  });

  it('is absent, and harmless, where storage refuses', () => {
    const deny = () => {
      throw new Error('denied');
    };
    const hint = storedSessionHint({ getItem: deny, setItem: deny, removeItem: deny } as unknown as Storage);
    expect(hint.present()).toBe(false);
    expect(() => hint.set(true)).not.toThrow();
    expect(storedSessionHint(null).present()).toBe(false);
  });
});

describe('the server language', () => {
  it('follows the language shown, at start and after logging in', async () => {
    const calls: string[] = [];
    const patched: unknown[] = [];
    const s = createSession(
      fakeApi(
        {
          me: async () => ({ ...guest, lang: 'ru' }),
          login: async () => alice,
          patchMe: async (p) => {
            patched.push(p);
            return { ...alice, lang: 'ru' };
          },
        },
        calls,
      ),
    );
    await s.start('ru');
    keepServerLanguage(s, () => 'ru');
    expect(patched).toEqual([]);
    await s.login('alice', 'secret123');
    await Promise.resolve();
    expect(patched).toEqual([{ lang: 'ru' }]);
  });
});
