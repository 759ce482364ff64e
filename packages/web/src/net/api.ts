/**
 * The server's HTTP endpoints (docs/protocol.md §11): accounts, profile, records, dice check, leaderboard.
 * Same origin, so the browser sends the HTTP-only session cookie by itself. Every failure is a `ServerError`:
 * the server's `{error: {code, message}}`, or `DISCONNECTED` when the request never got an answer.
 *
 * Logging in, signing up or out changes the cookie: the caller must then `reconnect()` the link so the socket's
 * user changes too (the app shell does, in app/session.ts).
 */
import type { VariantId } from '@nardy/engine';
import {
  ERROR_CODES,
  type AnalysisResponse,
  type ChipsReport,
  type DiceReport,
  type ErrorCode,
  type GameRecordResponse,
  type Language,
  type Leaderboard,
  type Profile,
  type ProfilePatch,
  type RatingHistory,
  type TournamentDetail,
  type TournamentList,
  type UserAnalysis,
  type UserGames,
} from '@nardy/protocol';
import { ServerError } from './types';

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/** The `ServerError` an error response stands for (a body without a known code is `INTERNAL`). */
export function errorFromBody(status: number, body: unknown): ServerError {
  const e = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  if (typeof e === 'object' && e !== null) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && KNOWN.has(code)) {
      return new ServerError(code as ErrorCode, typeof message === 'string' ? message : '');
    }
  }
  return new ServerError(status === 401 ? 'UNAUTHORIZED' : status === 429 ? 'RATE_LIMITED' : 'INTERNAL', `HTTP ${status}`);
}

const query = (params: Record<string, string | number | undefined>): string => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, String(v));
  const s = q.toString();
  return s === '' ? '' : `?${s}`;
};

const seg = encodeURIComponent;

export function createApi(fetchImpl: Fetch) {
  async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response;
    try {
      res = await fetchImpl(path, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    } catch (e) {
      throw new ServerError('DISCONNECTED', e instanceof Error ? e.message : 'the request failed');
    }
    let json: unknown = null;
    try {
      json = await res.json();
    } catch {
      // An empty or non-JSON body: judged by the status alone.
    }
    if (!res.ok) throw errorFromBody(res.status, json);
    return json as T;
  }

  const user = (r: Promise<{ user: Profile }>) => r.then((x) => x.user);

  return {
    register: (name: string, password: string, lang: Language) => user(request('POST', '/api/register', { name, password, lang })),
    login: (name: string, password: string) => user(request('POST', '/api/login', { name, password })),
    logout: () => request<{ ok: true }>('POST', '/api/logout').then(() => undefined),
    /** Ends every session of the account, this one too. */
    logoutAll: () => request<{ ok: true }>('POST', '/api/logout-all').then(() => undefined),
    /** Sets a new password, given the current one; the account's other sessions end. */
    changePassword: (current: string, password: string) => request<{ ok: true }>('POST', '/api/me/password', { current, password }).then(() => undefined),
    guest: (lang: Language) => user(request('POST', '/api/guest', { lang })),
    me: () => user(request('GET', '/api/me')),
    patchMe: (patch: ProfilePatch) => user(request('PATCH', '/api/me', patch)),
    userGames: (userId: string, page: { readonly limit?: number; readonly before?: string } = {}) =>
      request<UserGames>('GET', `/api/users/${seg(userId)}/games${query(page)}`),
    /** A player's average error rate and PR over his analysed games (issue 41). */
    userAnalysis: (userId: string) => request<UserAnalysis>('GET', `/api/users/${seg(userId)}/analysis`),
    /** `watch`: a private game's watch token (its link `?watch=`), for one who is not its player. */
    game: (gameId: string, watch?: string) => request<GameRecordResponse>('GET', `/api/games/${seg(gameId)}${query({ watch })}`),
    dice: (gameId: string, watch?: string) => request<DiceReport>('GET', `/api/games/${seg(gameId)}/dice${query({ watch })}`),
    /** A finished game's analysis at a ply: the job's status, and once done its result (issue 41). */
    analysis: (gameId: string, ply: number, watch?: string) => request<AnalysisResponse>('GET', `/api/games/${seg(gameId)}/analysis${query({ ply, watch })}`),
    /** The top players now (`all`) or of a Moscow-time month (`month`, this one unless `month` says `YYYY-MM`). */
    leaderboard: (variant: VariantId, limit?: number, period?: { readonly period: 'all' | 'month'; readonly month?: string }) =>
      request<Leaderboard>('GET', `/api/leaderboard/${seg(variant)}${query({ limit, ...period })}`),
    /** A player's rating history in a variant (issue 42). */
    ratingHistory: (userId: string, variant: VariantId) => request<RatingHistory>('GET', `/api/users/${seg(userId)}/ratings${query({ variant })}`),
    /** Tournaments upcoming (registering), running or finished (issue 42). */
    tournaments: (status: 'upcoming' | 'running' | 'finished') => request<TournamentList>('GET', `/api/tournaments${query({ status })}`),
    /** One tournament: terms, entrants, pairings, standings. */
    tournament: (tournamentId: string) => request<TournamentDetail>('GET', `/api/tournaments/${seg(tournamentId)}`),
    /** The signed-in user's chips (G9): balance and latest ledger rows. */
    chips: (limit?: number) => request<ChipsReport>('GET', `/api/me/chips${query({ limit })}`),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The app's API on the page's origin. */
export const api: Api = createApi((input, init) => fetch(input, init));

/** The link to the dice check of a game (for "verify the dice" links). */
export const diceCheckUrl = (gameId: string): string => `/api/games/${seg(gameId)}/dice`;
