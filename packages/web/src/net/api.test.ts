import { describe, expect, it } from 'vitest';
import { createApi, errorFromBody, type Fetch } from './api';
import { ServerError } from './types';

/** A fetch that records each request and answers with the given status and JSON body. */
function fakeFetch(status: number, body: unknown) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch: Fetch = async (url, init) => {
    calls.push({ url, init });
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { calls, fetch };
}

const profile = { id: 'u_1', username: 'alice', displayName: 'Alice', guest: false, lang: 'en', preferredSettings: null, createdAt: 1 };

describe('the REST helpers (protocol §11)', () => {
  it('posts JSON with the cookie and returns the profile', async () => {
    const f = fakeFetch(201, { user: profile });
    const u = await createApi(f.fetch).register('alice', 'secret123', 'ru');
    expect(u).toEqual(profile);
    expect(f.calls[0]?.url).toBe('/api/register');
    expect(f.calls[0]?.init?.method).toBe('POST');
    expect(f.calls[0]?.init?.credentials).toBe('same-origin');
    expect(JSON.parse(String(f.calls[0]?.init?.body))).toEqual({ name: 'alice', password: 'secret123', lang: 'ru' });
  });

  it('turns the {error:{code,message}} body into a ServerError', async () => {
    const f = fakeFetch(409, { error: { code: 'CONFLICT', message: "the name 'alice' is taken" } });
    await expect(createApi(f.fetch).register('alice', 'secret123', 'en')).rejects.toEqual(new ServerError('CONFLICT', "the name 'alice' is taken"));
  });

  it('falls back on the status when the body has no known code', () => {
    expect(errorFromBody(401, null).code).toBe('UNAUTHORIZED');
    expect(errorFromBody(429, { error: 'x' }).code).toBe('RATE_LIMITED');
    expect(errorFromBody(500, { error: { code: 'NOPE', message: 'x' } }).code).toBe('INTERNAL');
  });

  it('reports a request that got no answer as DISCONNECTED', async () => {
    const api = createApi(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(api.me()).rejects.toMatchObject({ code: 'DISCONNECTED' });
  });

  it('builds the records, leaderboard and tournaments paths with their query', async () => {
    const f = fakeFetch(200, { games: [], next: null, user: { id: 'u 1', name: 'a', username: 'a' } });
    const api = createApi(f.fetch);
    await api.userGames('u 1', { limit: 5, before: '10:g_1' });
    await api.leaderboard('short', 20);
    await api.leaderboard('long');
    await api.dice('g_1');
    await api.tournaments('running');
    await api.tournament('t 1');
    expect(f.calls.map((c) => c.url)).toEqual([
      '/api/users/u%201/games?limit=5&before=10%3Ag_1',
      '/api/leaderboard/short?limit=20',
      '/api/leaderboard/long',
      '/api/games/g_1/dice',
      '/api/tournaments?status=running',
      '/api/tournaments/t%201',
    ]);
    expect(f.calls[0]?.init?.method).toBe('GET');
    expect(f.calls[0]?.init?.body).toBeUndefined();
  });

  it('patches the profile', async () => {
    const f = fakeFetch(200, { user: { ...profile, lang: 'ru' } });
    const u = await createApi(f.fetch).patchMe({ lang: 'ru' });
    expect(u.lang).toBe('ru');
    expect(f.calls[0]?.init?.method).toBe('PATCH');
  });
});
