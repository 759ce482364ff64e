import { createHash, randomBytes } from 'node:crypto';
import { fastifyCookie } from '@fastify/cookie';
import { TableSettingsInputSchema, type Language, type Profile, type TableSettingsInput } from '@nardy/protocol';
import type { ReplyError, SessionResolver, Viewer } from '../contracts.js';
import type { Json, Store, StoreError, UserRecord } from '../store/index.js';
import { fromStoreError, httpError, type Checked, type HttpError } from './http.js';
import { DEFAULT_LOCKOUT, memoryLockout, type Lockout, type LockoutFactory, type LockoutOptions } from './lockout.js';
import { DEFAULT_SCRYPT, hashPassword, needsRehash, verifyPassword, type ScryptParams } from './password.js';
import { memoryBuckets, type BucketFactory, type Buckets, type TokenBucketOptions } from './rate-limit.js';
import { checkPasswordStrength } from './password-strength.js';
import { toLanguage } from './validate.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'nardy_session';
const DAY = 24 * 60 * 60 * 1000;
/** A token is 32 random bytes in base64url (43 characters). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface AccountsOptions {
  readonly store: Store;
  /** Mark the cookie `Secure` (behind HTTPS). Default false. */
  readonly secureCookies?: boolean;
  /** Session lifetime (default 30 days, guests too). */
  readonly sessionTtlMs?: number;
  readonly now?: () => number;
  /** scrypt cost for new hashes (tests lower it). */
  readonly scrypt?: ScryptParams;
  /** Log-in attempts per IP + name (default 5, then one a minute). */
  readonly loginPerName?: Omit<TokenBucketOptions, 'now'>;
  /** Log-in attempts per IP over all names (default 20, then one per 15 s). */
  readonly loginPerIp?: Omit<TokenBucketOptions, 'now'>;
  /** Failed log-ins per account from any address (default `DEFAULT_LOCKOUT`: 5 free, then 1, 2, 4 … up to 15 min). */
  readonly loginPerAccount?: Partial<LockoutOptions>;
  /** Sign-ups and guest sessions per IP (default 10, then one a minute). */
  readonly signupPerIp?: Omit<TokenBucketOptions, 'now'>;
  /** Where these limits live: this process (default) or Redis, shared by the instances (limits.ts). */
  readonly buckets?: BucketFactory;
  readonly lockout?: LockoutFactory;
}

/**
 * The saved table settings as the profile shows them: what `PATCH /api/me` checked when they were saved, or null
 * where they no longer pass the protocol's schema (saved under an older one), so the profile is what it says.
 */
function preferredSettingsOf(saved: Json): TableSettingsInput | null {
  const r = TableSettingsInputSchema.safeParse(saved);
  return r.success ? r.data : null;
}

/** The profile as its owner sees it (`GET /api/me`). */
export const profileOf = (u: UserRecord): Profile => ({
  id: u.id,
  username: u.username,
  displayName: u.displayName,
  guest: u.isGuest,
  lang: toLanguage(u.language),
  preferredSettings: preferredSettingsOf(u.preferredSettings),
  createdAt: u.createdAt,
});

const viewerOf = (u: UserRecord): Viewer => ({
  userId: u.id,
  username: u.username,
  displayName: u.displayName,
  guest: u.isGuest,
  language: toLanguage(u.language),
});

/** SHA-256 of a session token (hex): the only form a token is stored in. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** The session token in a `Cookie` header (for the socket layer's upgrade request), if any. */
export function sessionTokenFromCookieHeader(header: string | readonly string[] | undefined): string | undefined {
  const raw = Array.isArray(header) ? header.join('; ') : header;
  if (typeof raw !== 'string' || raw === '') return undefined;
  try {
    const v = fastifyCookie.parse(raw)[SESSION_COOKIE];
    return typeof v === 'string' && v !== '' ? v : undefined;
  } catch {
    return undefined;
  }
}

export interface SignedIn {
  readonly user: UserRecord;
  /** The new session's token (goes into the cookie). */
  readonly token: string;
}

const inSeconds = (ms: number): number => Math.ceil(ms / 1000);

const rateLimited = (retryAfterMs: number): HttpError => httpError(429, 'RATE_LIMITED', `too many attempts; try again in ${inSeconds(retryAfterMs)} s`);

const storeFailure = (e: StoreError): ReplyError =>
  e.code === 'DB_UNAVAILABLE' ? { code: 'UNAVAILABLE', message: 'the database is unavailable' } : { code: 'INTERNAL', message: 'a database error' };

/**
 * Accounts: registration, log-in (scrypt, rate-limited), guests, sessions (cookie token → SHA-256 in the store).
 * Also the `SessionResolver` the socket layer asks who is behind a connection.
 */
export class Accounts implements SessionResolver {
  readonly store: Store;
  readonly secureCookies: boolean;
  readonly sessionTtlMs: number;
  readonly now: () => number;
  readonly #scrypt: ScryptParams;
  readonly #loginPerName: Buckets;
  readonly #loginPerIp: Buckets;
  readonly #signupPerIp: Buckets;
  readonly #lockout: Lockout;
  #dummyHash: Promise<string> | null = null;

  constructor(opts: AccountsOptions) {
    this.store = opts.store;
    this.secureCookies = opts.secureCookies ?? false;
    this.sessionTtlMs = opts.sessionTtlMs ?? 30 * DAY;
    this.now = opts.now ?? Date.now;
    this.#scrypt = opts.scrypt ?? DEFAULT_SCRYPT;
    const now = this.now;
    const buckets = opts.buckets ?? memoryBuckets;
    this.#loginPerName = buckets('login-name', { capacity: 5, refillMs: 60_000, ...opts.loginPerName, now });
    this.#loginPerIp = buckets('login-ip', { capacity: 20, refillMs: 15_000, ...opts.loginPerIp, now });
    this.#signupPerIp = buckets('signup-ip', { capacity: 10, refillMs: 60_000, ...opts.signupPerIp, now });
    this.#lockout = (opts.lockout ?? memoryLockout)({ ...DEFAULT_LOCKOUT, ...opts.loginPerAccount }, now);
  }

  // ------------------------------------------------------------ sessions

  /** A session for `userId`: a fresh random token, stored only as its SHA-256. */
  async openSession(userId: string): Promise<Checked<string>> {
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const r = await this.store.createSession({ tokenHash: hashToken(token), userId, createdAt: now, expiresAt: now + this.sessionTtlMs });
    return r.ok ? { ok: true, value: token } : { ok: false, error: fromStoreError(r.error) };
  }

  /** The user behind a token: null for no token, a malformed, unknown or expired one; an error when the store fails. */
  async resolve(token: string | undefined): Promise<{ ok: true; value: UserRecord | null } | { ok: false; error: ReplyError }> {
    if (token === undefined || !TOKEN.test(token)) return { ok: true, value: null };
    const s = await this.store.findSession(hashToken(token), this.now());
    if (!s.ok) return s.error.code === 'NOT_FOUND' ? { ok: true, value: null } : { ok: false, error: storeFailure(s.error) };
    const u = await this.store.findUserById(s.value.userId);
    if (!u.ok) return u.error.code === 'NOT_FOUND' ? { ok: true, value: null } : { ok: false, error: storeFailure(u.error) };
    return { ok: true, value: u.value };
  }

  /** SessionResolver: the viewer behind a cookie token, or null (also when the store fails: the caller treats it as signed out). */
  async viewerForToken(token: string | undefined): Promise<Viewer | null> {
    const r = await this.resolve(token);
    return r.ok && r.value ? viewerOf(r.value) : null;
  }

  /** Ends the session of `token` (a no-op for an unknown one). */
  async closeSession(token: string | undefined): Promise<Checked<void>> {
    if (token === undefined || !TOKEN.test(token)) return { ok: true, value: undefined };
    const r = await this.store.deleteSession(hashToken(token));
    return r.ok ? { ok: true, value: undefined } : { ok: false, error: fromStoreError(r.error) };
  }

  /** Deletes expired sessions (call now and then); returns how many went. */
  async sweepExpiredSessions(): Promise<number> {
    const r = await this.store.deleteExpiredSessions(this.now());
    return r.ok ? r.value : 0;
  }

  /**
   * The `Set-Cookie` value that stores `token` (HTTP-only, SameSite=Lax, Secure when configured or when this request
   * came over HTTPS: `overHttps`, from a trusted proxy's X-Forwarded-Proto).
   */
  sessionCookie(token: string, overHttps = false): string {
    return fastifyCookie.serialize(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies || overHttps,
      path: '/',
      maxAge: Math.floor(this.sessionTtlMs / 1000),
    });
  }

  /** The `Set-Cookie` value that clears the session cookie. */
  clearedCookie(): string {
    return fastifyCookie.serialize(SESSION_COOKIE, '', {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookies,
      path: '/',
      maxAge: 0,
      expires: new Date(0),
    });
  }

  // ------------------------------------------------------------ accounts

  /**
   * Creates an account (name and password already validated) and signs it in. Signed up from a guest's session,
   * the guest (`guest`) becomes the account: the same user id, so its finished and running games and its settings
   * stay its own.
   */
  async register(name: string, password: string, lang: Language, ip: string, guest: UserRecord | null = null): Promise<Checked<SignedIn>> {
    const limit = await this.#signupPerIp.take(ip);
    if (!limit.ok) return { ok: false, error: rateLimited(limit.retryAfterMs) };
    const passwordHash = await hashPassword(password, this.#scrypt);
    const u = guest
      ? await this.store.registerGuest(guest.id, { username: name, passwordHash, language: lang })
      : await this.store.createUser({ username: name, displayName: name, passwordHash, language: lang, createdAt: this.now() });
    if (!u.ok) {
      return {
        ok: false,
        error: u.error.code === 'DUPLICATE' ? httpError(409, 'CONFLICT', `the name '${name}' is taken`) : fromStoreError(u.error),
      };
    }
    return this.#signIn(u.value);
  }

  /**
   * Checks a name and password. Every attempt takes a token from the per IP + name and per IP buckets (a success
   * refills the first), and the account's lock (see `AccountLockout`) is asked. An unknown name costs the same
   * scrypt as a wrong password and is locked the same way, so neither timing nor the lock tells which names exist.
   */
  async login(name: string, password: string, ip: string): Promise<Checked<SignedIn>> {
    const guard = await this.#guard(name, ip);
    if (!guard.ok) return guard;
    const u = await this.store.findUserByName(name);
    if (!u.ok && u.error.code !== 'NOT_FOUND') return { ok: false, error: fromStoreError(u.error) };
    const user = u.ok ? u.value : null;
    const stored = user?.passwordHash ?? (await this.#dummy());
    const good = await verifyPassword(password, stored);
    if (!user || user.passwordHash === null || !good) {
      await this.#lockout.failed(guard.value);
      return { ok: false, error: httpError(401, 'UNAUTHORIZED', 'wrong name or password') };
    }
    await this.#passed(guard.value, ip);
    if (needsRehash(user.passwordHash, this.#scrypt)) {
      // Parameters were raised since this hash was made: store a stronger one (best effort).
      await this.store.updateUser(user.id, { passwordHash: await hashPassword(password, this.#scrypt) });
    }
    return this.#signIn(user);
  }

  /** A new guest user (no password) signed in. */
  async guest(lang: Language, ip: string): Promise<Checked<SignedIn>> {
    const limit = await this.#signupPerIp.take(ip);
    if (!limit.ok) return { ok: false, error: rateLimited(limit.retryAfterMs) };
    for (let attempt = 0; attempt < 5; attempt++) {
      const tag = randomBytes(4).toString('hex');
      const u = await this.store.createUser({
        username: `guest-${tag}`,
        displayName: `${lang === 'ru' ? 'Гость' : 'Guest'} ${tag.slice(0, 4)}`,
        passwordHash: null,
        language: lang,
        isGuest: true,
        createdAt: this.now(),
      });
      if (u.ok) return this.#signIn(u.value);
      if (u.error.code !== 'DUPLICATE') return { ok: false, error: fromStoreError(u.error) };
    }
    return { ok: false, error: httpError(500, 'INTERNAL', 'could not pick a guest name') };
  }

  /**
   * Sets a new password after checking the current one (limited like a log-in), and ends every other session of
   * the user: whoever knew the old password is signed out. `keepToken` is the session the change came from.
   */
  async changePassword(user: UserRecord, current: string, next: string, ip: string, keepToken: string | undefined): Promise<Checked<void>> {
    if (user.passwordHash === null) return { ok: false, error: httpError(403, 'FORBIDDEN', 'a guest has no password; sign up first') };
    const guard = await this.#guard(user.username, ip);
    if (!guard.ok) return guard;
    if (!(await verifyPassword(current, user.passwordHash))) {
      await this.#lockout.failed(guard.value);
      return { ok: false, error: httpError(403, 'WRONG_PASSWORD', 'the current password is wrong') };
    }
    await this.#passed(guard.value, ip);
    const strong = checkPasswordStrength(next, user.username);
    if (!strong.ok) return strong;
    const u = await this.store.updateUser(user.id, { passwordHash: await hashPassword(next, this.#scrypt) });
    if (!u.ok) return { ok: false, error: fromStoreError(u.error) };
    return this.endSessions(user.id, keepToken);
  }

  /** Ends every session of `userId` but the one of `keepToken` (all of them without it). */
  async endSessions(userId: string, keepToken?: string): Promise<Checked<void>> {
    const keep = keepToken !== undefined && TOKEN.test(keepToken) ? hashToken(keepToken) : undefined;
    const r = await this.store.deleteUserSessions(userId, keep);
    return r.ok ? { ok: true, value: undefined } : { ok: false, error: fromStoreError(r.error) };
  }

  /** The limits a password check passes first (per IP + name, per IP, the account's lock); the account's key. */
  async #guard(name: string, ip: string): Promise<Checked<string>> {
    const account = name.normalize('NFKC').toLowerCase();
    const perName = await this.#loginPerName.take(`${ip}\u0000${account}`);
    if (!perName.ok) return { ok: false, error: rateLimited(perName.retryAfterMs) };
    const perIp = await this.#loginPerIp.take(ip);
    if (!perIp.ok) return { ok: false, error: rateLimited(perIp.retryAfterMs) };
    const lock = await this.#lockout.check(account, ip);
    if (!lock.ok) {
      return {
        ok: false,
        error: httpError(429, 'ACCOUNT_LOCKED', `too many failed log-ins to this account; try again in ${inSeconds(lock.retryAfterMs)} s`),
      };
    }
    return { ok: true, value: account };
  }

  async #passed(account: string, ip: string): Promise<void> {
    await this.#loginPerName.reset(`${ip}\u0000${account}`);
    await this.#lockout.succeeded(account, ip);
  }

  async #signIn(user: UserRecord): Promise<Checked<SignedIn>> {
    const t = await this.openSession(user.id);
    return t.ok ? { ok: true, value: { user, token: t.value } } : t;
  }

  /** A hash of a random password, so an unknown name costs one scrypt like a known one. */
  #dummy(): Promise<string> {
    this.#dummyHash ??= hashPassword(randomBytes(16).toString('hex'), this.#scrypt);
    return this.#dummyHash;
  }
}
