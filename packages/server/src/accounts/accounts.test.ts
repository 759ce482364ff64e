import { afterEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/index.js';
import { Accounts, hashToken, sessionTokenFromCookieHeader } from './accounts.js';
import { cookieOf, expectError, get, kit, post, type Kit } from './http-kit.suite.js';
import { hashPassword, needsRehash, parseHash, verifyPassword } from './password.js';
import { TokenBucket } from './rate-limit.js';

async function sqliteStore(): Promise<Store> {
  const r = await openStore(':memory:');
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('accounts routes', () => {
  let k: Kit;
  afterEach(async () => {
    await k.server.close();
  });

  it('register → me → logout → me; log in again', async () => {
    k = await kit();
    const reg = await post(k.app, '/api/register', { name: 'Alice', password: 'correct horse', lang: 'ru' });
    expect(reg.statusCode, reg.body).toBe(201);
    expect(reg.json()).toMatchObject({ user: { username: 'Alice', displayName: 'Alice', guest: false, lang: 'ru' } });
    const setCookie = String(reg.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = cookieOf(reg);

    // Only the token's SHA-256 is stored.
    const token = sessionTokenFromCookieHeader(cookie)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await k.store.findSession(token, k.clock.now())).ok).toBe(false);
    expect((await k.store.findSession(hashToken(token), k.clock.now())).ok).toBe(true);

    const me = await get(k.app, '/api/me', cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { username: 'Alice', lang: 'ru', guest: false } });
    const viewer = await k.accounts.viewerForToken(token);
    expect(viewer).toMatchObject({ username: 'Alice', displayName: 'Alice', guest: false, language: 'ru' });

    const out = await post(k.app, '/api/logout', undefined, cookie);
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/Max-Age=0/);
    expectError(await get(k.app, '/api/me', cookie), 401, 'UNAUTHORIZED');
    expect(await k.accounts.viewerForToken(token)).toBeNull();

    const login = await post(k.app, '/api/login', { name: 'alice', password: 'correct horse' });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json()).toMatchObject({ user: { username: 'Alice' } });
    expect((await get(k.app, '/api/me', cookieOf(login))).statusCode).toBe(200);
  });

  it('duplicate usernames (ignoring case) are a conflict', async () => {
    k = await kit();
    expect((await post(k.app, '/api/register', { name: 'Boris', password: 'board-game-42' })).statusCode).toBe(201);
    expectError(await post(k.app, '/api/register', { name: 'boris', password: 'another-board-77' }), 409, 'CONFLICT', /taken/);
  });

  it('wrong password and unknown names get the same 401', async () => {
    k = await kit();
    await post(k.app, '/api/register', { name: 'Carol', password: 'board-game-42' });
    const wrong = await post(k.app, '/api/login', { name: 'Carol', password: 'password2' });
    expectError(wrong, 401, 'UNAUTHORIZED', /wrong name or password/);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    expectError(await post(k.app, '/api/login', { name: 'Nobody', password: 'board-game-42' }), 401, 'UNAUTHORIZED', /wrong name or password/);
  });

  it('bad input gets a clear 400', async () => {
    k = await kit();
    expectError(await post(k.app, '/api/register', { name: 'ab', password: 'board-game-42' }), 400, 'BAD_MESSAGE', /3–24/);
    expectError(await post(k.app, '/api/register', { name: 'bad name!', password: 'board-game-42' }), 400, 'BAD_MESSAGE', /letters/);
    expectError(await post(k.app, '/api/register', { name: 'guest-me', password: 'board-game-42' }), 400, 'BAD_MESSAGE', /reserved/);
    expectError(await post(k.app, '/api/register', { name: 'Dmitri', password: 'short' }), 400, 'BAD_MESSAGE', /at least 8/);
    expectError(await post(k.app, '/api/register', { name: 'Dmitri', password: 'board-game-42', lang: 'de' }), 400, 'BAD_MESSAGE', /ru.*en/);
    expectError(await post(k.app, '/api/register', { name: 'Dmitri', password: 'board-game-42', admin: true }), 400, 'BAD_MESSAGE', /unknown field: admin/);
    expectError(await post(k.app, '/api/register', [1, 2]), 400, 'BAD_MESSAGE', /JSON object/);
    expectError(await post(k.app, '/api/login', { name: 'Dmitri' }), 400, 'BAD_MESSAGE', /password/);
    const notJson = await k.app.inject({ method: 'POST', url: '/api/login', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expectError(notJson, 400, 'BAD_MESSAGE');
    const huge = await post(k.app, '/api/register', { name: 'Dmitri', password: 'x'.repeat(20_000) });
    expectError(huge, 413, 'TOO_LARGE');
    // Cyrillic names are fine.
    expect((await post(k.app, '/api/register', { name: 'Дмитрий', password: 'board-game-42' })).statusCode).toBe(201);
  });

  it('log-in is rate limited per IP and name (429), and the bucket refills', async () => {
    k = await kit();
    await post(k.app, '/api/register', { name: 'Eve', password: 'board-game-42' });
    for (let i = 0; i < 5; i++) expectError(await post(k.app, '/api/login', { name: 'Eve', password: 'guess' + i }), 401, 'UNAUTHORIZED');
    const limited = await post(k.app, '/api/login', { name: 'Eve', password: 'board-game-42' });
    expectError(limited, 429, 'RATE_LIMITED', /try again/);
    // Another name from this IP is not limited by Eve's bucket; another IP is held by Eve's account lock (login-limits.test.ts).
    expectError(await post(k.app, '/api/login', { name: 'Frank', password: 'board-game-42' }), 401, 'UNAUTHORIZED');
    expectError(await post(k.app, '/api/login', { name: 'Eve', password: 'board-game-42' }, undefined, '10.0.0.2'), 429, 'ACCOUNT_LOCKED');
    k.clock.advance(60_000);
    expect((await post(k.app, '/api/login', { name: 'Eve', password: 'board-game-42' })).statusCode).toBe(200);
  });

  it('guest play: a guest session, kept when asked again; PATCH /api/me', async () => {
    k = await kit();
    const g = await post(k.app, '/api/guest', { lang: 'ru' });
    expect(g.statusCode, g.body).toBe(201);
    const body = g.json() as { user: { id: string; username: string; displayName: string; guest: boolean } };
    expect(body.user.guest).toBe(true);
    expect(body.user.username).toMatch(/^guest-[0-9a-f]{8}$/);
    expect(body.user.displayName).toMatch(/^Гость /);
    const cookie = cookieOf(g);
    const again = await post(k.app, '/api/guest', undefined, cookie);
    expect(again.statusCode).toBe(200);
    expect((again.json() as typeof body).user.id).toBe(body.user.id);
    // A guest cannot log in by name (no password).
    expectError(await post(k.app, '/api/login', { name: body.user.username, password: 'anything' }), 401, 'UNAUTHORIZED');

    const settings = { match: { variant: 'long', matchLength: 5 }, rated: true, stake: 0 };
    const p = await k.app.inject({
      method: 'PATCH',
      url: '/api/me',
      headers: { cookie },
      payload: { displayName: 'Странник', lang: 'en', preferredSettings: settings },
    });
    expect(p.statusCode, p.body).toBe(200);
    expect(p.json()).toMatchObject({ user: { displayName: 'Странник', lang: 'en', preferredSettings: settings } });
    expect(await k.accounts.viewerForToken(sessionTokenFromCookieHeader(cookie))).toMatchObject({ displayName: 'Странник', language: 'en', guest: true });

    const patch = (payload: object) => k.app.inject({ method: 'PATCH', url: '/api/me', headers: { cookie }, payload });
    expectError(await patch({ displayName: '   ' }), 400, 'BAD_MESSAGE', /displayName/);
    expectError(await patch({ displayName: 'x'.repeat(33) }), 400, 'BAD_MESSAGE', /displayName/);
    expectError(await patch({ lang: 'fr' }), 400, 'BAD_MESSAGE', /lang/);
    expectError(
      await patch({ preferredSettings: { match: { variant: 'chess' }, rated: true, stake: 0 } }),
      400,
      'BAD_MESSAGE',
      /preferredSettings.*match\.variant/,
    );
    expectError(
      await patch({ preferredSettings: { match: { variant: 'short', matchLength: 26 }, rated: false, stake: 0 } }),
      400,
      'BAD_MESSAGE',
      /preferredSettings/,
    );
    expectError(await patch({ username: 'root' }), 400, 'BAD_MESSAGE', /unknown field/);
    expectError(await k.app.inject({ method: 'PATCH', url: '/api/me', payload: { lang: 'en' } }), 401, 'UNAUTHORIZED');
  });

  it('GET /api/me shows the saved settings as the protocol types them: ones that no longer pass its schema as null', async () => {
    k = await kit();
    const g = await post(k.app, '/api/guest', { lang: 'en' });
    const cookie = cookieOf(g);
    const id = (g.json() as { user: { id: string } }).user.id;
    const settings = { match: { variant: 'short', matchLength: 3 }, rated: false, stake: 0 };
    expect((await k.store.updateUser(id, { preferredSettings: settings })).ok).toBe(true);
    expect((await get(k.app, '/api/me', cookie)).json()).toMatchObject({ user: { preferredSettings: settings } });
    // Saved under an older schema, or by hand: not table settings any more.
    expect((await k.store.updateUser(id, { preferredSettings: { match: { variant: 'short', koks: 'yes' } } })).ok).toBe(true);
    expect((await get(k.app, '/api/me', cookie)).json()).toMatchObject({ user: { preferredSettings: null } });
  });

  it('expired sessions resolve to nobody', async () => {
    k = await kit();
    const reg = await post(k.app, '/api/register', { name: 'Gleb', password: 'board-game-42' });
    const cookie = cookieOf(reg);
    k.clock.advance(k.accounts.sessionTtlMs + 1);
    expectError(await get(k.app, '/api/me', cookie), 401, 'UNAUTHORIZED');
    expect(await k.accounts.sweepExpiredSessions()).toBe(1);
    // Garbage cookies are nobody, not an error.
    expect(await k.accounts.viewerForToken('not a token')).toBeNull();
    expect(await k.accounts.viewerForToken(undefined)).toBeNull();
  });
});

describe('password hashes', () => {
  it('are self-describing scrypt$N$r$p$salt$hash with a random salt, and verify', async () => {
    const h1 = await hashPassword('correct horse battery staple');
    const h2 = await hashPassword('correct horse battery staple');
    expect(h1).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(h1).not.toBe(h2);
    expect(parseHash(h1)?.params).toEqual({ N: 32768, r: 8, p: 1 });
    expect(await verifyPassword('correct horse battery staple', h1)).toBe(true);
    expect(await verifyPassword('correct horse battery stapler', h1)).toBe(false);
    expect(await verifyPassword('', h1)).toBe(false);
  });

  it('verify with the parameters stored in the hash; malformed or absurd hashes never verify', async () => {
    const weak = await hashPassword('pw-123456', { N: 1024, r: 8, p: 1 });
    expect(weak.startsWith('scrypt$1024$8$1$')).toBe(true);
    expect(await verifyPassword('pw-123456', weak)).toBe(true);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword('x'))).toBe(false);
    for (const bad of [
      '',
      'plain',
      'scrypt$1024$8$1$abc',
      'bcrypt$1024$8$1$AAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAA',
      weak.replace('$1024$', '$1000$'),
      weak.replace('$1024$', '$1073741824$'),
      weak.replace(/\$[^$]+$/, '$!!'),
    ]) {
      expect(parseHash(bad)).toBeNull();
      expect(await verifyPassword('pw-123456', bad)).toBe(false);
    }
    // A changed hash byte fails (the compare is timingSafeEqual over equal lengths).
    const parts = weak.split('$');
    const key = Buffer.from(parts[5]!, 'base64url');
    key[0] = key[0]! ^ 1;
    parts[5] = key.toString('base64url');
    expect(await verifyPassword('pw-123456', parts.join('$'))).toBe(false);
  });

  it('Secure cookies when configured (behind HTTPS)', async () => {
    const store = await sqliteStore();
    const accounts = new Accounts({ store, secureCookies: true });
    expect(accounts.sessionCookie('t'.repeat(43))).toMatch(/Secure/);
    expect(new Accounts({ store }).sessionCookie('t'.repeat(43))).not.toMatch(/Secure/);
    await store.close();
  });

  it('the login of a weak hash upgrades it to the configured cost', async () => {
    const store = await sqliteStore();
    const weak = await hashPassword('password1', { N: 1024, r: 8, p: 1 });
    const u = await store.createUser({ username: 'Old', passwordHash: weak, createdAt: 1 });
    if (!u.ok) throw new Error();
    const accounts = new Accounts({ store, scrypt: { N: 2048, r: 8, p: 1 } });
    const r = await accounts.login('old', 'password1', '1.2.3.4');
    expect(r.ok).toBe(true);
    const after = await store.findUserById(u.value.id);
    expect(after.ok && after.value.passwordHash?.startsWith('scrypt$2048$8$1$')).toBe(true);
    await store.close();
  });
});

describe('TokenBucket', () => {
  it('allows a burst, then one per refill period, and bounds its table', () => {
    let t = 0;
    const b = new TokenBucket({ capacity: 3, refillMs: 1000, maxKeys: 2, now: () => t });
    expect([b.take('a'), b.take('a'), b.take('a')].every((r) => r.ok)).toBe(true);
    const no = b.take('a');
    expect(no).toEqual({ ok: false, retryAfterMs: 1000 });
    t = 999;
    expect(b.take('a').ok).toBe(false);
    t = 1000;
    expect(b.take('a').ok).toBe(true);
    expect(b.take('a').ok).toBe(false);
    b.take('b');
    b.take('c');
    expect(b.size).toBe(2);
    expect(b.take('a').ok).toBe(true); // 'a' was dropped as the oldest: a fresh bucket
  });
});
