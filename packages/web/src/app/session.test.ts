import { describe, expect, it } from 'vitest';
import type { Api, Profile } from '../net/api';
import { ServerError } from '../net/types';
import { createSession, keepServerLanguage } from './session';

const alice: Profile = { id: 'u_1', username: 'alice', displayName: 'Alice', guest: false, lang: 'en', preferredSettings: null, createdAt: 1 };
const guest: Profile = { ...alice, id: 'u_g', username: 'guest-1a2b', displayName: 'Guest 1a2b', guest: true };

/** An API where only what the test names answers; the rest throws. */
function fakeApi(over: Partial<Api>, calls: string[]): Api {
  const refuse = (name: string) => async () => {
    calls.push(name);
    throw new ServerError('UNAUTHORIZED', 'not signed in');
  };
  const names = ['register', 'login', 'logout', 'guest', 'me', 'patchMe', 'userGames', 'game', 'dice', 'leaderboard'] as const;
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
      fakeApi({ login: async () => alice, logout: async () => undefined, guest: async () => guest, patchMe: async () => ({ ...alice, displayName: 'Al' }) }, calls),
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
  });

  it('lets a refused log in through to the form, changing nothing', async () => {
    const s = createSession(fakeApi({ me: async () => guest }, []));
    await s.start('en');
    await expect(s.login('alice', 'wrong')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(s.profile()).toEqual(guest);
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
