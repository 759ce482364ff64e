import type { VariantId } from '@nardy/engine';
import {
  actionFromJson,
  appendRefusal,
  auditLedger,
  checkChipGrant,
  checkPayout,
  grantMove,
  holdMove,
  insufficientChips,
  settlementMoves,
  type ChipMove,
  checkLimit,
  checkNewGame,
  checkOccupant,
  checkRatingUpdates,
  checkSeq,
  checkTime,
  fromJson,
  gameFromRow,
  occupantColumns,
  randomId,
  toJson,
  userFromRow,
  usernameKey,
  type GameRow,
  type UserRow,
} from './common.js';
import {
  HOUSE_ACCOUNT,
  freeAccount,
  heldAccount,
  storeErr,
  storeOk,
  type ActionEntry,
  type ChipBalance,
  type ChipEntry,
  type ChatMessage,
  type GameFinish,
  type GamePatch,
  type GameRecord,
  type LeaderboardEntry,
  type LoadedGame,
  type NewActionEntry,
  type NewChatMessage,
  type NewGame,
  type NewUser,
  type Page,
  type PageCursor,
  type RatingRecord,
  type RatingUpdate,
  type SessionRecord,
  type Store,
  type StoreResult,
  type UserPatch,
  type UserRecord,
} from './types.js';

interface ActionRow {
  seq: number;
  action: string;
  seat: ActionEntry['seat'];
  timeUsedMs: number | null;
  createdAt: number;
  meta: string;
}

/**
 * The Store in memory, for fast scenario tests and local play. It keeps rows in the same text/number form as the
 * database (JSON as text), so values round-trip exactly as they would through SQL, and every method is atomic
 * (it never awaits in the middle). Passes the same suite as the Kysely store.
 */
export class MemoryStore implements Store {
  #closed = false;
  readonly #users = new Map<string, UserRow>();
  readonly #userKeys = new Map<string, string>();
  readonly #sessions = new Map<string, SessionRecord>();
  readonly #games = new Map<string, GameRow>();
  readonly #actions = new Map<string, ActionRow[]>();
  readonly #chat: ChatMessage[] = [];
  readonly #blocks = new Map<string, Map<string, number>>();
  readonly #ratings = new Map<string, RatingRecord>();
  readonly #chipBalances = new Map<string, number>([[HOUSE_ACCOUNT, 0]]);
  readonly #chipEntries: ChipEntry[] = [];

  async #run<T>(fn: () => StoreResult<T>): Promise<StoreResult<T>> {
    if (this.#closed) return storeErr('DB_UNAVAILABLE', 'the store is closed');
    return fn();
  }

  // ------------------------------------------------------------ users

  createUser(u: NewUser): Promise<StoreResult<UserRecord>> {
    return this.#run(() => {
      const t = checkTime(u.createdAt, 'createdAt');
      if (!t.ok) return t;
      if (typeof u.username !== 'string' || u.username.trim() === '') return storeErr('BAD_INPUT', 'a username is needed');
      const prefs = toJson(u.preferredSettings ?? {}, 'preferredSettings');
      if (!prefs.ok) return prefs;
      const row: UserRow = {
        id: u.id ?? randomId(),
        username: u.username,
        username_key: usernameKey(u.username),
        display_name: u.displayName ?? u.username,
        password_hash: u.passwordHash,
        language: u.language ?? 'en',
        preferred_settings: prefs.value,
        is_guest: u.isGuest === true ? 1 : 0,
        created_at: u.createdAt,
      };
      if (this.#userKeys.has(row.username_key) || this.#users.has(row.id)) {
        return storeErr('DUPLICATE', `the username '${u.username}' (or the id) is taken`);
      }
      this.#users.set(row.id, row);
      this.#userKeys.set(row.username_key, row.id);
      return storeOk(userFromRow(row));
    });
  }

  findUserById(id: string): Promise<StoreResult<UserRecord>> {
    return this.#run(() => {
      const r = this.#users.get(id);
      return r ? storeOk(userFromRow(r)) : storeErr('NOT_FOUND', `no user ${id}`);
    });
  }

  findUserByName(username: string): Promise<StoreResult<UserRecord>> {
    return this.#run(() => {
      const id = this.#userKeys.get(usernameKey(username));
      const r = id === undefined ? undefined : this.#users.get(id);
      return r ? storeOk(userFromRow(r)) : storeErr('NOT_FOUND', `no user named '${username}'`);
    });
  }

  updateUser(id: string, patch: UserPatch): Promise<StoreResult<UserRecord>> {
    return this.#run(() => {
      const r = this.#users.get(id);
      let prefs: string | undefined;
      if (patch.preferredSettings !== undefined) {
        const j = toJson(patch.preferredSettings, 'preferredSettings');
        if (!j.ok) return j;
        prefs = j.value;
      }
      if (!r) return storeErr('NOT_FOUND', `no user ${id}`);
      const next: UserRow = {
        ...r,
        ...(patch.displayName !== undefined ? { display_name: patch.displayName } : {}),
        ...(patch.passwordHash !== undefined ? { password_hash: patch.passwordHash } : {}),
        ...(patch.language !== undefined ? { language: patch.language } : {}),
        ...(prefs !== undefined ? { preferred_settings: prefs } : {}),
      };
      this.#users.set(id, next);
      return storeOk(userFromRow(next));
    });
  }

  // ------------------------------------------------------------ sessions

  createSession(s: SessionRecord): Promise<StoreResult<SessionRecord>> {
    return this.#run(() => {
      const t1 = checkTime(s.createdAt, 'createdAt');
      if (!t1.ok) return t1;
      const t2 = checkTime(s.expiresAt, 'expiresAt');
      if (!t2.ok) return t2;
      if (this.#sessions.has(s.tokenHash)) return storeErr('DUPLICATE', 'that session token exists');
      if (!this.#users.has(s.userId)) return storeErr('NOT_FOUND', `no user ${s.userId}`);
      const rec = { tokenHash: s.tokenHash, userId: s.userId, createdAt: s.createdAt, expiresAt: s.expiresAt };
      this.#sessions.set(s.tokenHash, rec);
      return storeOk({ ...rec });
    });
  }

  findSession(tokenHash: string, now: number): Promise<StoreResult<SessionRecord>> {
    return this.#run(() => {
      const s = this.#sessions.get(tokenHash);
      return s && s.expiresAt > now ? storeOk({ ...s }) : storeErr('NOT_FOUND', 'no such session (or it expired)');
    });
  }

  deleteSession(tokenHash: string): Promise<StoreResult<void>> {
    return this.#run(() => {
      this.#sessions.delete(tokenHash);
      return storeOk(undefined);
    });
  }

  deleteExpiredSessions(now: number): Promise<StoreResult<number>> {
    return this.#run(() => {
      let n = 0;
      for (const [k, s] of this.#sessions) {
        if (s.expiresAt <= now) {
          this.#sessions.delete(k);
          n++;
        }
      }
      return storeOk(n);
    });
  }

  // ------------------------------------------------------------ games

  #knownSeat(o: { user: string | null }): boolean {
    return o.user === null || this.#users.has(o.user);
  }

  createGame(g: NewGame): Promise<StoreResult<GameRecord>> {
    return this.#run(() => {
      const c = checkNewGame(g);
      if (!c.ok) return c;
      const settings = toJson(g.settings, 'settings');
      if (!settings.ok) return settings;
      const seeds = toJson(g.clientSeeds ?? null, 'clientSeeds');
      if (!seeds.ok) return seeds;
      const p1 = occupantColumns(c.value.p1);
      const p2 = occupantColumns(c.value.p2);
      if (this.#games.has(c.value.id)) return storeErr('DUPLICATE', `a game ${c.value.id} exists`);
      if (!this.#knownSeat(p1) || !this.#knownSeat(p2)) return storeErr('NOT_FOUND', 'a seat names an unknown user');
      for (const h of c.value.holds) {
        if ((this.#chipBalances.get(freeAccount(h.userId)) ?? 0) < h.amount) return insufficientChips(h);
      }
      const row: GameRow = {
        id: c.value.id,
        variant: g.settings.variant,
        settings: settings.value,
        p1_user_id: p1.user,
        p1_bot: p1.bot,
        p2_user_id: p2.user,
        p2_bot: p2.bot,
        status: c.value.status,
        seed_commitment: g.seedCommitment,
        server_seed: g.serverSeed,
        seed_revealed: 0,
        client_seeds: seeds.value,
        rated: g.rated ? 1 : 0,
        rating_recorded: 0,
        stake: c.value.stake,
        last_seq: 0,
        result: 'null',
        created_at: g.createdAt,
        finished_at: null,
      };
      this.#games.set(row.id, row);
      this.#actions.set(row.id, []);
      for (const h of c.value.holds) this.#move(holdMove(h), row.id, g.createdAt);
      return storeOk(gameFromRow(row));
    });
  }

  updateGame(id: string, patch: GamePatch): Promise<StoreResult<GameRecord>> {
    return this.#run(() => {
      const next: Partial<GameRow> = {};
      if (patch.p1 !== undefined) {
        const o = checkOccupant(patch.p1, 'p1');
        if (!o.ok) return o;
        const c = occupantColumns(o.value);
        if (!this.#knownSeat(c)) return storeErr('NOT_FOUND', 'a seat names an unknown user');
        next.p1_user_id = c.user;
        next.p1_bot = c.bot;
      }
      if (patch.p2 !== undefined) {
        const o = checkOccupant(patch.p2, 'p2');
        if (!o.ok) return o;
        const c = occupantColumns(o.value);
        if (!this.#knownSeat(c)) return storeErr('NOT_FOUND', 'a seat names an unknown user');
        next.p2_user_id = c.user;
        next.p2_bot = c.bot;
      }
      if (patch.status !== undefined) {
        if (patch.status !== 'waiting' && patch.status !== 'active') return storeErr('BAD_INPUT', 'use finishGame to end a game');
        next.status = patch.status;
      }
      if (patch.clientSeeds !== undefined) {
        const j = toJson(patch.clientSeeds, 'clientSeeds');
        if (!j.ok) return j;
        next.client_seeds = j.value;
      }
      const g = this.#games.get(id);
      if (!g) return storeErr('NOT_FOUND', `no game ${id}`);
      if (Object.keys(next).length > 0) {
        if (g.status !== 'waiting' && g.status !== 'active') return storeErr('CONFLICT', `game ${id} is ${g.status}`);
        Object.assign(g, next);
      }
      return storeOk(gameFromRow(g));
    });
  }

  appendAction(gameId: string, seq: number, entry: NewActionEntry): Promise<StoreResult<ActionEntry>> {
    return this.#run(() => {
      const s = checkSeq(seq);
      if (!s.ok) return s;
      const t = checkTime(entry.createdAt, 'createdAt');
      if (!t.ok) return t;
      if (entry.timeUsedMs !== null) {
        const u = checkTime(entry.timeUsedMs, 'timeUsedMs');
        if (!u.ok) return u;
      }
      const action = toJson(entry.action, 'the action');
      if (!action.ok) return action;
      const meta = toJson(entry.meta ?? null, 'the action meta');
      if (!meta.ok) return meta;
      const g = this.#games.get(gameId);
      const log = this.#actions.get(gameId);
      if (!g || !log) return storeErr('NOT_FOUND', `no game ${gameId}`);
      if (g.last_seq !== seq - 1 || (g.status !== 'waiting' && g.status !== 'active')) {
        return appendRefusal(gameId, g.status, g.last_seq, seq);
      }
      log.push({ seq, action: action.value, seat: entry.seat, timeUsedMs: entry.timeUsedMs, createdAt: entry.createdAt, meta: meta.value });
      g.last_seq = seq;
      return storeOk({
        seq,
        action: actionFromJson(action.value),
        seat: entry.seat,
        timeUsedMs: entry.timeUsedMs,
        createdAt: entry.createdAt,
        meta: fromJson(meta.value),
      });
    });
  }

  getGame(id: string): Promise<StoreResult<GameRecord>> {
    return this.#run(() => {
      const g = this.#games.get(id);
      return g ? storeOk(gameFromRow(g)) : storeErr('NOT_FOUND', `no game ${id}`);
    });
  }

  loadGame(id: string): Promise<StoreResult<LoadedGame>> {
    return this.#run(() => {
      const g = this.#games.get(id);
      const log = this.#actions.get(id);
      if (!g || !log) return storeErr('NOT_FOUND', `no game ${id}`);
      return storeOk({
        game: gameFromRow(g),
        actions: log.map((a) => ({
          seq: a.seq,
          action: actionFromJson(a.action),
          seat: a.seat,
          timeUsedMs: a.timeUsedMs,
          createdAt: a.createdAt,
          meta: fromJson(a.meta),
        })),
      });
    });
  }

  listActiveGames(): Promise<StoreResult<readonly GameRecord[]>> {
    return this.#run(() =>
      storeOk(
        [...this.#games.values()]
          .filter((g) => g.status === 'active')
          .sort((a, b) => Number(a.created_at) - Number(b.created_at) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
          .map(gameFromRow),
      ),
    );
  }

  finishGame(id: string, f: GameFinish): Promise<StoreResult<GameRecord>> {
    return this.#run(() => {
      if (f.status !== 'finished' && f.status !== 'aborted') return storeErr('BAD_INPUT', "a game ends 'finished' or 'aborted'");
      const t = checkTime(f.finishedAt, 'finishedAt');
      if (!t.ok) return t;
      const result = toJson(f.result, 'the result');
      if (!result.ok) return result;
      const payout = checkPayout(f);
      if (!payout.ok) return payout;
      const g = this.#games.get(id);
      if (!g) return storeErr('NOT_FOUND', `no game ${id}`);
      if (g.status !== 'waiting' && g.status !== 'active') return storeErr('CONFLICT', `game ${id} is already ${g.status}`);
      Object.assign(g, { status: f.status, result: result.value, finished_at: f.finishedAt, seed_revealed: 1 });
      const held = new Map<string, number>();
      for (const e of this.#chipEntries) {
        if (e.gameId === id && e.account.startsWith('h:')) held.set(e.account.slice(2), (held.get(e.account.slice(2)) ?? 0) + e.amount);
      }
      for (const m of settlementMoves(held, payout.value)) this.#move(m, id, f.finishedAt);
      return storeOk(gameFromRow(g));
    });
  }

  listFinishedGames(userId: string, opts: { readonly limit: number; readonly before?: PageCursor }): Promise<StoreResult<Page<GameRecord>>> {
    return this.#run(() => {
      const l = checkLimit(opts.limit, 100);
      if (!l.ok) return l;
      const b = opts.before;
      const rows = [...this.#games.values()]
        .filter(
          (g) =>
            (g.p1_user_id === userId || g.p2_user_id === userId) &&
            (g.status === 'finished' || g.status === 'aborted') &&
            g.finished_at !== null &&
            (b === undefined || Number(g.finished_at) < b.finishedAt || (Number(g.finished_at) === b.finishedAt && g.id < b.id)),
        )
        .sort((x, y) => Number(y.finished_at) - Number(x.finished_at) || (y.id < x.id ? -1 : y.id > x.id ? 1 : 0));
      const items = rows.slice(0, l.value).map(gameFromRow);
      const last = items[items.length - 1];
      return storeOk({ items, next: rows.length > l.value && last !== undefined ? { finishedAt: last.finishedAt ?? 0, id: last.id } : null });
    });
  }

  // ------------------------------------------------------------ chat

  addChatMessage(m: NewChatMessage): Promise<StoreResult<ChatMessage>> {
    return this.#run(() => {
      const t = checkTime(m.createdAt, 'createdAt');
      if (!t.ok) return t;
      if (typeof m.channel !== 'string' || m.channel === '') return storeErr('BAD_INPUT', 'a chat message needs a channel');
      if (!this.#users.has(m.userId)) return storeErr('NOT_FOUND', `no user ${m.userId}`);
      const msg: ChatMessage = { id: this.#chat.length + 1, channel: m.channel, userId: m.userId, text: m.text, createdAt: m.createdAt };
      this.#chat.push(msg);
      return storeOk({ ...msg });
    });
  }

  listChatMessages(channel: string, limit: number): Promise<StoreResult<readonly ChatMessage[]>> {
    return this.#run(() => {
      const l = checkLimit(limit, 500);
      if (!l.ok) return l;
      return storeOk(this.#chat.filter((m) => m.channel === channel).slice(-l.value).map((m) => ({ ...m })));
    });
  }

  // ------------------------------------------------------------ blocks

  addBlock(userId: string, blockedId: string, at: number): Promise<StoreResult<void>> {
    return this.#run(() => {
      if (userId === blockedId) return storeErr('BAD_INPUT', 'a user cannot block themselves');
      const t = checkTime(at, 'at');
      if (!t.ok) return t;
      if (!this.#users.has(userId) || !this.#users.has(blockedId)) return storeErr('NOT_FOUND', 'no such user');
      let mine = this.#blocks.get(userId);
      if (!mine) this.#blocks.set(userId, (mine = new Map()));
      if (!mine.has(blockedId)) mine.set(blockedId, at);
      return storeOk(undefined);
    });
  }

  removeBlock(userId: string, blockedId: string): Promise<StoreResult<void>> {
    return this.#run(() => {
      this.#blocks.get(userId)?.delete(blockedId);
      return storeOk(undefined);
    });
  }

  listBlocks(userId: string): Promise<StoreResult<readonly string[]>> {
    return this.#run(() =>
      storeOk(
        [...(this.#blocks.get(userId) ?? new Map<string, number>())]
          .sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
          .map(([id]) => id),
      ),
    );
  }

  // ------------------------------------------------------------ ratings

  recordRatedGame(gameId: string, updates: readonly RatingUpdate[], at: number): Promise<StoreResult<readonly RatingRecord[]>> {
    return this.#run(() => {
      const u = checkRatingUpdates(updates);
      if (!u.ok) return u;
      const t = checkTime(at, 'at');
      if (!t.ok) return t;
      const g = this.#games.get(gameId);
      if (!g) return storeErr('NOT_FOUND', `no game ${gameId}`);
      if (g.rated !== 1) return storeErr('CONFLICT', `game ${gameId} is not rated`);
      if (g.status !== 'finished') return storeErr('CONFLICT', `game ${gameId} is ${g.status}, not finished`);
      if (g.rating_recorded === 1) return storeErr('CONFLICT', `game ${gameId} was already counted in the ratings`);
      if (updates.some((up) => !this.#users.has(up.userId))) return storeErr('NOT_FOUND', 'a rating update names an unknown user');
      g.rating_recorded = 1;
      const variant = g.variant as VariantId;
      const out: RatingRecord[] = [];
      for (const up of updates) {
        const key = `${up.userId}\u0000${variant}`;
        const prev = this.#ratings.get(key);
        const rec: RatingRecord = {
          userId: up.userId,
          variant,
          rating: up.rating,
          games: (prev?.games ?? 0) + 1,
          wins: (prev?.wins ?? 0) + (up.outcome === 'win' ? 1 : 0),
          losses: (prev?.losses ?? 0) + (up.outcome === 'loss' ? 1 : 0),
          draws: (prev?.draws ?? 0) + (up.outcome === 'draw' ? 1 : 0),
          updatedAt: at,
        };
        this.#ratings.set(key, rec);
        out.push({ ...rec });
      }
      return storeOk(out);
    });
  }

  getRating(userId: string, variant: VariantId): Promise<StoreResult<RatingRecord>> {
    return this.#run(() => {
      const r = this.#ratings.get(`${userId}\u0000${variant}`);
      return r ? storeOk({ ...r }) : storeErr('NOT_FOUND', `user ${userId} has no ${variant} rating`);
    });
  }

  topPlayers(variant: VariantId, limit: number): Promise<StoreResult<readonly LeaderboardEntry[]>> {
    return this.#run(() => {
      const l = checkLimit(limit, 100);
      if (!l.ok) return l;
      const out: LeaderboardEntry[] = [];
      for (const r of this.#ratings.values()) {
        const user = this.#users.get(r.userId);
        if (r.variant !== variant || !user || user.is_guest === 1) continue;
        out.push({ ...r, username: user.username, displayName: user.display_name });
      }
      out.sort((a, b) => b.rating - a.rating || b.games - a.games || (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0));
      return storeOk(out.slice(0, l.value));
    });
  }

  // ------------------------------------------------------------ chips

  /** Two legs and the two balances, at once (the caller checked that the source can pay). */
  #move(m: ChipMove, gameId: string | null, at: number): void {
    const movement = randomId();
    for (const [account, amount] of [[m.from, -m.amount], [m.to, m.amount]] as const) {
      this.#chipEntries.push({ id: this.#chipEntries.length + 1, movement, account, amount, kind: m.kind, gameId, createdAt: at });
      this.#chipBalances.set(account, (this.#chipBalances.get(account) ?? 0) + amount);
    }
  }

  openChips(userId: string, grant: number, at: number): Promise<StoreResult<ChipBalance>> {
    return this.#run(() => {
      const g = checkChipGrant(grant);
      if (!g.ok) return g;
      const t = checkTime(at, 'at');
      if (!t.ok) return t;
      if (!this.#users.has(userId)) return storeErr('NOT_FOUND', `no user ${userId}`);
      if (!this.#chipBalances.has(freeAccount(userId))) {
        this.#chipBalances.set(freeAccount(userId), 0);
        this.#chipBalances.set(heldAccount(userId), 0);
        if (g.value > 0) this.#move(grantMove(userId, g.value), null, at);
      }
      return storeOk({ userId, free: this.#chipBalances.get(freeAccount(userId))!, held: this.#chipBalances.get(heldAccount(userId))! });
    });
  }

  listChipEntries(userId: string, limit: number): Promise<StoreResult<readonly ChipEntry[]>> {
    return this.#run(() => {
      const l = checkLimit(limit, 100);
      if (!l.ok) return l;
      const mine = new Set([freeAccount(userId), heldAccount(userId)]);
      return storeOk(this.#chipEntries.filter((e) => mine.has(e.account)).slice(-l.value).reverse().map((e) => ({ ...e })));
    });
  }

  auditChips(): Promise<StoreResult<readonly string[]>> {
    return this.#run(() => {
      const ended = new Set([...this.#games.values()].filter((g) => g.status === 'finished' || g.status === 'aborted').map((g) => g.id));
      return storeOk(auditLedger([...this.#chipBalances].map(([id, balance]) => ({ id, balance })), this.#chipEntries, ended));
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
  }
}
