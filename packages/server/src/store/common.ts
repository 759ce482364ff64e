import { randomBytes } from 'node:crypto';
import type { Action, MatchSettings, VariantId } from '@nardy/engine';
import type { GamesTable } from './schema.js';
import { skeleton } from './skeleton.js';
import {
  CHIP_KINDS,
  HOUSE_ACCOUNT,
  freeAccount,
  heldAccount,
  storeErr,
  storeOk,
  type ChipEntry,
  type ChipHold,
  type ChipKind,
  type ChipPayout,
  type GameFinish,
  type GameRecord,
  type GameTournament,
  type ImportedMatch,
  type GameStatus,
  type Json,
  type NewGame,
  type SeatOccupant,
  type StoreResult,
  type UserRecord,
} from './types.js';

/** Checks and rules shared by both store implementations, so they cannot drift apart. */

/**
 * A URL-safe random id (96 bits, less a bit of the first character): it never starts with `-`, which a command
 * line would take for an option (`nardy verify-dice -_x…` was refused as an unknown option).
 */
export const randomId = (): string => randomBytes(12).toString('base64url').replace(/^-/, '_');

/** The unique key of a username: NFKC, lower case. */
export const usernameKey = (username: string): string => username.normalize('NFKC').toLowerCase();

/**
 * The key by which two names look alike (a display name that would pass for another user's): NFKC, without the
 * characters that show nothing (Unicode's format characters: zero-width spaces and joiners, bidi controls), runs of
 * white space as one space, lower case; then Unicode's confusables skeleton, lower case again (so 'ＡＬＩＣＥ',
 * 'аlice' with a Cyrillic 'а' and 'a1ice'… are one key; a name's case is ignored, so 'I' and 'l' stay apart).
 */
export const nameKey = (name: string): string =>
  skeleton(
    usernameKey(name)
      .replace(/\p{Cf}/gu, '')
      .replace(/\s+/gu, ' ')
      .trim(),
  ).toLowerCase();

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

export function checkNewGame(
  g: NewGame,
): StoreResult<{ id: string; p1: SeatOccupant; p2: SeatOccupant; status: GameStatus; stake: number; holds: readonly ChipHold[] }> {
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
  const stake = g.stake ?? 0;
  if (!isNonNegInt(stake)) return storeErr('BAD_INPUT', 'a stake is a whole number of chips');
  const holds = g.holds ?? [];
  if (holds.length > 0 && stake === 0) return storeErr('BAD_INPUT', 'holds are for a table with a stake');
  for (const h of holds) {
    const seated = [p1.value, p2.value].some((o) => o !== null && 'userId' in o && o.userId === h.userId);
    if (!seated || !isChips(h.amount)) return storeErr('BAD_INPUT', 'a hold is a positive whole number of chips for a seated user');
  }
  if (new Set(holds.map((h) => h.userId)).size !== holds.length) return storeErr('BAD_INPUT', 'one hold per user');
  // Always in the same order, so two games placing holds on the same two players cannot deadlock (PostgreSQL).
  const sorted = [...holds].sort((a, b) => (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
  return storeOk({ id: g.id ?? randomId(), p1: p1.value, p2: p2.value, status, stake, holds: sorted });
}

/** A positive whole number of chips (at most 2^53 − 1). */
const isChips = (n: unknown): n is number => isNonNegInt(n) && n > 0;

/** The chips a game's finish may move: a positive amount between two different users, or none. */
export function checkPayout(f: GameFinish): StoreResult<ChipPayout | null> {
  const p = f.payout ?? null;
  if (p === null) return storeOk(null);
  if (f.status !== 'finished') return storeErr('BAD_INPUT', 'only a finished game pays out (an aborted one releases its holds)');
  if (typeof p.from !== 'string' || typeof p.to !== 'string' || p.from === p.to || !isChips(p.amount)) {
    return storeErr('BAD_INPUT', 'a payout is a positive whole number of chips from one user to another');
  }
  return storeOk(p);
}

export function checkChipGrant(grant: unknown): StoreResult<number> {
  return isNonNegInt(grant) ? storeOk(grant) : storeErr('BAD_INPUT', 'a chip grant is a whole number of chips');
}

export const insufficientChips = (h: ChipHold): StoreResult<never> =>
  storeErr('INSUFFICIENT_CHIPS', `user ${h.userId} has fewer than ${h.amount} free chips (or no chips account)`);

interface ChipEntryRow {
  id: number | string;
  movement: string;
  account: string;
  amount: number | string;
  kind: string;
  game_id: string | null;
  created_at: number | string;
}

export const chipEntryFromRow = (r: ChipEntryRow): ChipEntry => ({
  id: num(r.id),
  movement: r.movement,
  account: r.account,
  amount: num(r.amount),
  kind: r.kind as ChipKind,
  gameId: r.game_id,
  createdAt: num(r.created_at),
});

/**
 * The books' invariants over the whole ledger (both stores read every row and ask this): every movement and the
 * ledger sum to zero, each account's balance is the sum of its legs, no user account is below zero, and nothing
 * is held for a game that has ended. Returns the problems found.
 */
export function auditLedger(
  accounts: readonly { readonly id: string; readonly balance: number }[],
  entries: readonly Pick<ChipEntry, 'movement' | 'account' | 'amount' | 'kind' | 'gameId'>[],
  ended: ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const byMovement = new Map<string, { sum: number; legs: number }>();
  const byAccount = new Map<string, number>();
  const heldByGame = new Map<string, number>();
  let total = 0;
  for (const e of entries) {
    total += e.amount;
    const m = byMovement.get(e.movement) ?? { sum: 0, legs: 0 };
    m.sum += e.amount;
    m.legs++;
    byMovement.set(e.movement, m);
    byAccount.set(e.account, (byAccount.get(e.account) ?? 0) + e.amount);
    if (!(CHIP_KINDS as readonly string[]).includes(e.kind)) problems.push(`a leg of movement ${e.movement} has the unknown kind '${e.kind}'`);
    if (e.gameId !== null && e.account.startsWith('h:')) {
      const key = `${e.gameId}\u0000${e.account}`;
      heldByGame.set(key, (heldByGame.get(key) ?? 0) + e.amount);
    }
  }
  if (total !== 0) problems.push(`the ledger sums to ${total}, not 0`);
  for (const [id, m] of byMovement) if (m.sum !== 0 || m.legs !== 2) problems.push(`movement ${id} has ${m.legs} legs summing to ${m.sum}`);
  const known = new Set<string>();
  for (const a of accounts) {
    known.add(a.id);
    const legs = byAccount.get(a.id) ?? 0;
    if (legs !== a.balance) problems.push(`account ${a.id} has balance ${a.balance} but its legs sum to ${legs}`);
    if (a.id !== HOUSE_ACCOUNT && a.balance < 0) problems.push(`account ${a.id} is below zero (${a.balance})`);
  }
  for (const id of byAccount.keys()) if (!known.has(id)) problems.push(`legs on the unknown account ${id}`);
  for (const [key, held] of heldByGame) {
    const [gameId, account] = key.split('\u0000') as [string, string];
    if (held < 0) problems.push(`${account} released more than it held at game ${gameId}`);
    if (held !== 0 && ended.has(gameId)) problems.push(`${account} still holds ${held} at the ended game ${gameId}`);
  }
  return problems;
}

/** The game row as text/number columns: the SQL table's shape, less its lease (`owner`, `fence`: store/cluster.ts). */
type GameRow = Omit<GamesTable, 'owner' | 'fence'>;

/** PostgreSQL returns `bigint` columns as strings. */
export const num = (x: number | string): number => (typeof x === 'number' ? x : Number(x));

const occupant = (userId: string | null, bot: string | null): SeatOccupant => (userId !== null ? { userId } : bot !== null ? { bot } : null);

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
    stake: num(r.stake),
    watchToken: r.watch_token,
    lastSeq: num(r.last_seq),
    result: fromJson(r.result),
    createdAt: num(r.created_at),
    finishedAt: r.finished_at === null ? null : num(r.finished_at),
    ...(r.imported_by !== null && r.import_info !== null ? { imported: { by: r.imported_by, ...fromJson<Omit<ImportedMatch, 'by'>>(r.import_info) } } : {}),
    ...(r.tournament !== null ? { tournament: fromJson<GameTournament>(r.tournament) } : {}),
  };
}

interface UserRow {
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

/** One chip movement: `amount` from one account to another (two legs). */
export interface ChipMove {
  readonly kind: ChipKind;
  readonly from: string;
  readonly to: string;
  readonly amount: number;
}

/**
 * How a game's chips settle (G9), given what each user still holds at it: the payout from the loser's hold to the
 * winner's free chips, capped by that hold, then every remaining hold released to its owner.
 */
export function settlementMoves(held: ReadonlyMap<string, number>, payout: ChipPayout | null): ChipMove[] {
  const left = new Map(held);
  const moves: ChipMove[] = [];
  if (payout !== null) {
    const amount = Math.min(payout.amount, left.get(payout.from) ?? 0);
    if (amount > 0) {
      moves.push({ kind: 'settle', from: heldAccount(payout.from), to: freeAccount(payout.to), amount });
      left.set(payout.from, (left.get(payout.from) ?? 0) - amount);
    }
  }
  for (const [userId, amount] of left) if (amount > 0) moves.push({ kind: 'release', from: heldAccount(userId), to: freeAccount(userId), amount });
  return moves;
}

export const holdMove = (h: ChipHold): ChipMove => ({ kind: 'hold', from: freeAccount(h.userId), to: heldAccount(h.userId), amount: h.amount });
export const grantMove = (userId: string, amount: number): ChipMove => ({ kind: 'grant', from: HOUSE_ACCOUNT, to: freeAccount(userId), amount });
