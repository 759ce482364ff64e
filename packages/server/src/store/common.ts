import { randomBytes } from 'node:crypto';
import type { Action, MatchSettings, VariantId } from '@nardy/engine';
import type { GamesTable } from './schema.js';
import {
  storeErr,
  storeOk,
  type GameRecord,
  type GameStatus,
  type Json,
  type NewGame,
  type Outcome,
  type RatingUpdate,
  type SeatOccupant,
  type StoreResult,
  type UserRecord,
} from './types.js';

/** Checks and rules shared by both store implementations, so they cannot drift apart. */

/** A URL-safe random id (96 bits). */
export const randomId = (): string => randomBytes(12).toString('base64url');

/** The unique key of a username: NFKC, lower case. */
export const usernameKey = (username: string): string => username.normalize('NFKC').toLowerCase();

/** JSON text for a column; BAD_INPUT when the value cannot be serialised (cycles, BigInt). */
export function toJson(value: unknown, what: string): StoreResult<string> {
  try {
    const s = JSON.stringify(value);
    return storeOk(s === undefined ? 'null' : s);
  } catch (e) {
    return storeErr('BAD_INPUT', `${what} is not JSON-serialisable: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export const fromJson = <T = Json>(text: string): T => JSON.parse(text) as T;

const isNonNegInt = (n: unknown): n is number => typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;

export function checkTime(t: unknown, what: string): StoreResult<number> {
  return isNonNegInt(t) ? storeOk(t) : storeErr('BAD_INPUT', `${what} must be a non-negative integer of milliseconds`);
}

export function checkOccupant(o: SeatOccupant | undefined, seat: string): StoreResult<SeatOccupant> {
  if (o === undefined || o === null) return storeOk(null);
  if ('userId' in o && typeof o.userId === 'string' && o.userId !== '') return storeOk({ userId: o.userId });
  if ('bot' in o && typeof o.bot === 'string' && o.bot !== '') return storeOk({ bot: o.bot });
  return storeErr('BAD_INPUT', `seat ${seat} must be { userId }, { bot: id } or null`);
}

export function checkLimit(limit: unknown, max: number): StoreResult<number> {
  return isNonNegInt(limit) && limit >= 1 && limit <= max ? storeOk(limit) : storeErr('BAD_INPUT', `limit must be an integer 1..${max}`);
}

export function checkSeq(seq: unknown): StoreResult<number> {
  return isNonNegInt(seq) && seq >= 1 ? storeOk(seq) : storeErr('BAD_INPUT', 'an action seq is an integer from 1');
}

export function checkNewGame(g: NewGame): StoreResult<{ id: string; p1: SeatOccupant; p2: SeatOccupant; status: GameStatus }> {
  const p1 = checkOccupant(g.p1, 'p1');
  if (!p1.ok) return p1;
  const p2 = checkOccupant(g.p2, 'p2');
  if (!p2.ok) return p2;
  const t = checkTime(g.createdAt, 'createdAt');
  if (!t.ok) return t;
  const status = g.status ?? 'waiting';
  if (status !== 'waiting' && status !== 'active') return storeErr('BAD_INPUT', "a new game is 'waiting' or 'active'");
  if (typeof g.settings !== 'object' || g.settings === null || typeof g.settings.variant !== 'string') {
    return storeErr('BAD_INPUT', 'a game needs its match settings');
  }
  return storeOk({ id: g.id ?? randomId(), p1: p1.value, p2: p2.value, status });
}

export function checkRatingUpdates(updates: readonly RatingUpdate[]): StoreResult<readonly RatingUpdate[]> {
  const outcomes: readonly Outcome[] = ['win', 'loss', 'draw'];
  const seen = new Set<string>();
  for (const u of updates) {
    if (typeof u.userId !== 'string' || seen.has(u.userId)) return storeErr('BAD_INPUT', 'each rating update names a different user');
    if (typeof u.rating !== 'number' || !Number.isFinite(u.rating)) return storeErr('BAD_INPUT', 'a rating is a finite number');
    if (!outcomes.includes(u.outcome)) return storeErr('BAD_INPUT', "an outcome is 'win', 'loss' or 'draw'");
    seen.add(u.userId);
  }
  return storeOk(updates);
}

/** The game row as text/number columns: the SQL table's shape, also the in-memory store's row. */
export type GameRow = GamesTable;

/** PostgreSQL returns `bigint` columns as strings. */
export const num = (x: number | string): number => (typeof x === 'number' ? x : Number(x));

const occupant = (userId: string | null, bot: string | null): SeatOccupant =>
  userId !== null ? { userId } : bot !== null ? { bot } : null;

export const occupantColumns = (o: SeatOccupant): { user: string | null; bot: string | null } => ({
  user: o !== null && 'userId' in o ? o.userId : null,
  bot: o !== null && 'bot' in o ? o.bot : null,
});

export function gameFromRow(r: GameRow): GameRecord {
  return {
    id: r.id,
    variant: r.variant as VariantId,
    settings: fromJson<MatchSettings>(r.settings),
    p1: occupant(r.p1_user_id, r.p1_bot),
    p2: occupant(r.p2_user_id, r.p2_bot),
    status: r.status as GameStatus,
    seedCommitment: r.seed_commitment,
    serverSeed: r.server_seed,
    seedRevealed: num(r.seed_revealed) === 1,
    clientSeeds: fromJson(r.client_seeds),
    rated: num(r.rated) === 1,
    lastSeq: num(r.last_seq),
    result: fromJson(r.result),
    createdAt: num(r.created_at),
    finishedAt: r.finished_at === null ? null : num(r.finished_at),
  };
}

export interface UserRow {
  id: string;
  username: string;
  username_key: string;
  display_name: string;
  password_hash: string | null;
  language: string;
  preferred_settings: string;
  is_guest: number;
  created_at: number | string;
}

export const userFromRow = (r: UserRow): UserRecord => ({
  id: r.id,
  username: r.username,
  displayName: r.display_name,
  passwordHash: r.password_hash,
  language: r.language,
  preferredSettings: fromJson(r.preferred_settings),
  isGuest: num(r.is_guest) === 1,
  createdAt: num(r.created_at),
});

export const actionFromJson = (text: string): Action => fromJson<Action>(text);

/** Why an append was refused, given the game's state (shared wording). */
export function appendRefusal(gameId: string, status: string, lastSeq: number, seq: number): StoreResult<never> {
  if (status === 'finished' || status === 'aborted') return storeErr('CONFLICT', `game ${gameId} is ${status}: no more actions`);
  return storeErr(
    'CONFLICT',
    seq <= lastSeq
      ? `action ${seq} of game ${gameId} is already taken (the log is at ${lastSeq})`
      : `action ${seq} of game ${gameId} would leave a gap (the log is at ${lastSeq})`,
  );
}
