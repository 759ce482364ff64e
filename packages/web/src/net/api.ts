/**
 * The server's HTTP endpoints (docs/protocol.md §11): accounts, profile, records, dice check, leaderboard.
 * Same origin, so the browser sends the HTTP-only session cookie by itself. Every failure is a `ServerError`:
 * the server's `{error: {code, message}}`, or `DISCONNECTED` when the request never got an answer.
 *
 * Logging in, signing up or out changes the cookie: the caller must then `reconnect()` the link so the socket's
 * user changes too (the app shell does, in app/session.ts).
 */
import type { Action, BySeat, MatchSettings, Seat, VariantId } from '@nardy/engine';
import { ERROR_CODES, type ChipsReport, type ErrorCode, type Language, type MatchSummary, type TableSettingsInput } from '@nardy/protocol';
import { ServerError } from './types';

/** Your own account as `GET /api/me` shows it. */
export interface Profile {
  readonly id: string;
  readonly username: string;
  readonly displayName: string;
  readonly guest: boolean;
  readonly lang: Language;
  /** Table settings last saved on the settings page (null when none). */
  readonly preferredSettings: TableSettingsInput | null;
  readonly createdAt: number;
}

export interface ProfilePatch {
  readonly displayName?: string;
  readonly lang?: Language;
  readonly preferredSettings?: TableSettingsInput | null;
}

/** A seat of a recorded game as anyone may see it. */
export type PublicSeat =
  | { readonly userId: string; readonly name: string; readonly username: string; readonly guest: boolean }
  | { readonly bot: string }
  | null;

export type GameStatus = 'waiting' | 'active' | 'finished' | 'aborted';

/** One entry of `GET /api/users/:id/games`. */
export interface UserGame {
  readonly id: string;
  readonly variant: VariantId;
  readonly matchLength: number;
  readonly rated: boolean;
  readonly status: GameStatus;
  readonly createdAt: number;
  readonly finishedAt: number | null;
  /** The user's seat in it. */
  readonly seat: Seat;
  readonly opponent: PublicSeat;
  readonly outcome: 'win' | 'loss' | 'draw' | null;
  readonly result: MatchSummary | null;
  readonly replayError?: string;
}

export interface UserGames {
  readonly user: { readonly id: string; readonly name: string; readonly username: string };
  readonly games: readonly UserGame[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  readonly next: string | null;
}

interface GameRecordBase {
  readonly id: string;
  readonly variant: VariantId;
  readonly settings: MatchSettings;
  readonly rated: boolean;
  readonly status: GameStatus;
  readonly seats: BySeat<PublicSeat>;
  readonly createdAt: number;
  readonly finishedAt: number | null;
  readonly commitment: string;
  readonly clientSeeds: Partial<BySeat<string>>;
  /** Actions in the log so far. */
  readonly version: number;
}

/** `GET /api/games/:id`: a finished game's whole action log (for replay), or a live game's progress. */
export type GameRecordResponse =
  | { readonly game: GameRecordBase; readonly progress: MatchSummary | null }
  | {
      readonly game: GameRecordBase & { readonly serverSeed: string | null; readonly recorded: unknown };
      readonly result: MatchSummary | null;
      readonly replayError?: string;
      readonly actions: readonly {
        readonly seq: number;
        readonly action: Action;
        readonly seat: Seat | null;
        readonly at: number;
        readonly timeUsedMs: number | null;
      }[];
    };

/** `GET /api/games/:id/dice`: every throw of a finished game recomputed from the revealed seed (§8). */
export interface DiceReport {
  readonly gameId: string;
  readonly status: 'finished' | 'aborted';
  readonly ok: boolean;
  readonly serverSeed: string;
  readonly commitment: string;
  readonly clientSeeds: BySeat<string>;
  readonly throws: readonly {
    readonly n: number;
    readonly seq: number;
    readonly kind: 'opening' | 'roll';
    readonly dice: readonly [number, number];
    readonly expected: readonly [number, number] | null;
    readonly ok: boolean;
  }[];
  readonly problem: { readonly code: string; readonly message: string; readonly n?: number; readonly seq?: number } | null;
}

export interface LeaderboardEntry {
  readonly rank: number;
  readonly userId: string;
  readonly username: string;
  readonly name: string;
  readonly rating: number;
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
}

export interface Leaderboard {
  readonly variant: VariantId;
  readonly players: readonly LeaderboardEntry[];
}

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
    register: (name: string, password: string, lang: Language) =>
      user(request('POST', '/api/register', { name, password, lang })),
    login: (name: string, password: string) => user(request('POST', '/api/login', { name, password })),
    logout: () => request<{ ok: true }>('POST', '/api/logout').then(() => undefined),
    guest: (lang: Language) => user(request('POST', '/api/guest', { lang })),
    me: () => user(request('GET', '/api/me')),
    patchMe: (patch: ProfilePatch) => user(request('PATCH', '/api/me', patch)),
    userGames: (userId: string, page: { readonly limit?: number; readonly before?: string } = {}) =>
      request<UserGames>('GET', `/api/users/${seg(userId)}/games${query(page)}`),
    game: (gameId: string) => request<GameRecordResponse>('GET', `/api/games/${seg(gameId)}`),
    dice: (gameId: string) => request<DiceReport>('GET', `/api/games/${seg(gameId)}/dice`),
    leaderboard: (variant: VariantId, limit?: number) =>
      request<Leaderboard>('GET', `/api/leaderboard/${seg(variant)}${query({ limit })}`),
    /** The signed-in user's chips (G9): balance and latest ledger rows. */
    chips: (limit?: number) => request<ChipsReport>('GET', `/api/me/chips${query({ limit })}`),
  };
}

export type Api = ReturnType<typeof createApi>;

/** The app's API on the page's origin. */
export const api: Api = createApi((input, init) => fetch(input, init));

/** The link to the dice check of a game (for "verify the dice" links). */
export const diceCheckUrl = (gameId: string): string => `/api/games/${seg(gameId)}/dice`;
