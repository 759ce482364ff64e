import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ReplyError } from '../contracts.js';
import type { UserPatch } from '../store/index.js';
import { profileOf, sessionTokenFromCookieHeader, type Accounts, type SignedIn } from './accounts.js';
import { fromStoreError, httpError, jsonErrors, objectBody, sendError, type Checked } from './http.js';
import { checkPasswordStrength } from './password-strength.js';
import { checkDisplayName, checkLanguage, checkLoginPassword, checkNameFree, checkPassword, checkPreferredSettings, checkUsername } from './validate.js';

const unavailable = (e: ReplyError) => httpError(e.code === 'UNAVAILABLE' ? 503 : 500, e.code, e.message);

/** Request bodies are small: 16 KiB is plenty for a profile with preferred settings. */
const BODY_LIMIT = 16 * 1024;

/** The open sockets (the ConnectionHub): a session that ends closes its sockets too. */
export interface SessionLinks {
  endSession(token: string): void;
  endUser(userId: string, keepToken?: string): void;
}

/** The games held in memory (the GameManager): a guest who signs up plays on in them under his new name. */
export interface LivePlayers {
  renamed(userId: string, name: string, guest: boolean): void;
}

/**
 * The accounts routes (register, log in/out, guest, profile, password). Register it with
 * `app.register(accountsRoutes(accounts, hub, games))`; it parses the session cookie itself (no @fastify/cookie registration
 * needed) and answers every error as `{error: {code, message}}`.
 */
export function accountsRoutes(accounts: Accounts, links: SessionLinks, players: LivePlayers): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    jsonErrors(app);
    const opts = { bodyLimit: BODY_LIMIT };

    const signedIn = (reply: FastifyReply, r: Checked<SignedIn>, status: number): FastifyReply => {
      if (!r.ok) return sendError(reply, r.error);
      return reply
        .code(status)
        .header('set-cookie', accounts.sessionCookie(r.value.token, reply.request.protocol === 'https'))
        .send({ user: profileOf(r.value.user) });
    };

    const tokenOf = (request: FastifyRequest): string | undefined => sessionTokenFromCookieHeader(request.headers.cookie);

    app.post('/api/register', opts, async (request, reply) => {
      const body = objectBody(request.body, ['name', 'password', 'lang']);
      if (!body.ok) return sendError(reply, body.error);
      const name = checkUsername(body.value['name']);
      if (!name.ok) return sendError(reply, name.error);
      const free = await checkNameFree(accounts.store, name.value, null);
      if (!free.ok) return sendError(reply, free.error);
      const password = checkPassword(body.value['password']);
      if (!password.ok) return sendError(reply, password.error);
      const strong = checkPasswordStrength(password.value, name.value);
      if (!strong.ok) return sendError(reply, strong.error);
      const lang = body.value['lang'] === undefined ? ({ ok: true, value: 'en' } as const) : checkLanguage(body.value['lang']);
      if (!lang.ok) return sendError(reply, lang.error);
      const token = tokenOf(request);
      const current = await accounts.resolve(token);
      if (!current.ok) return sendError(reply, unavailable(current.error));
      const guest = current.value?.isGuest === true ? current.value : null;
      const r = await accounts.register(name.value, password.value, lang.value, request.ip, guest);
      if (r.ok && guest) players.renamed(r.value.user.id, r.value.user.displayName, false);
      if (r.ok && token !== undefined) {
        // The old session ends; its sockets reconnect with the new cookie (the same user when it was the guest).
        await accounts.closeSession(token);
        links.endSession(token);
      }
      return signedIn(reply, r, 201);
    });

    app.post('/api/login', opts, async (request, reply) => {
      const body = objectBody(request.body, ['name', 'password']);
      if (!body.ok) return sendError(reply, body.error);
      const rawName = body.value['name'];
      if (typeof rawName !== 'string' || rawName.length === 0 || rawName.length > 64) {
        return sendError(reply, httpError(400, 'BAD_MESSAGE', 'name must be a non-empty string'));
      }
      const password = checkLoginPassword(body.value['password']);
      if (!password.ok) return sendError(reply, password.error);
      const r = await accounts.login(rawName, password.value, request.ip);
      if (r.ok) await accounts.closeSession(tokenOf(request));
      return signedIn(reply, r, 200);
    });

    app.post('/api/logout', opts, async (request, reply) => {
      const token = tokenOf(request);
      const r = await accounts.closeSession(token);
      if (!r.ok) return sendError(reply, r.error);
      if (token !== undefined) links.endSession(token);
      return reply.code(200).header('set-cookie', accounts.clearedCookie()).send({ ok: true });
    });

    app.post('/api/logout-all', opts, async (request, reply) => {
      const current = await accounts.resolve(tokenOf(request));
      if (!current.ok) return sendError(reply, unavailable(current.error));
      if (!current.value) return sendError(reply, httpError(401, 'UNAUTHORIZED', 'not signed in'));
      const r = await accounts.endSessions(current.value.id);
      if (!r.ok) return sendError(reply, r.error);
      links.endUser(current.value.id);
      return reply.code(200).header('set-cookie', accounts.clearedCookie()).send({ ok: true });
    });

    app.post('/api/me/password', opts, async (request, reply) => {
      const token = tokenOf(request);
      const current = await accounts.resolve(token);
      if (!current.ok) return sendError(reply, unavailable(current.error));
      if (!current.value) return sendError(reply, httpError(401, 'UNAUTHORIZED', 'not signed in'));
      const body = objectBody(request.body, ['current', 'password']);
      if (!body.ok) return sendError(reply, body.error);
      const old = checkLoginPassword(body.value['current']);
      if (!old.ok) return sendError(reply, old.error);
      const next = checkPassword(body.value['password']);
      if (!next.ok) return sendError(reply, next.error);
      const r = await accounts.changePassword(current.value, old.value, next.value, request.ip, token);
      if (!r.ok) return sendError(reply, r.error);
      links.endUser(current.value.id, token);
      return { ok: true };
    });

    app.post('/api/guest', opts, async (request, reply) => {
      const body = objectBody(request.body, ['lang'], true);
      if (!body.ok) return sendError(reply, body.error);
      const lang = body.value['lang'] === undefined ? ({ ok: true, value: 'en' } as const) : checkLanguage(body.value['lang']);
      if (!lang.ok) return sendError(reply, lang.error);
      const token = tokenOf(request);
      const current = await accounts.resolve(token);
      if (!current.ok) return sendError(reply, unavailable(current.error));
      // Already a guest: keep that identity (and its games) rather than making another.
      if (current.value?.isGuest === true) return reply.code(200).send({ user: profileOf(current.value) });
      const r = await accounts.guest(lang.value, request.ip);
      if (r.ok) await accounts.closeSession(token);
      return signedIn(reply, r, 201);
    });

    app.get('/api/me', async (request, reply) => {
      const current = await accounts.resolve(tokenOf(request));
      if (!current.ok) return sendError(reply, unavailable(current.error));
      if (!current.value) return sendError(reply, httpError(401, 'UNAUTHORIZED', 'not signed in'));
      return { user: profileOf(current.value) };
    });

    app.patch('/api/me', opts, async (request, reply) => {
      const current = await accounts.resolve(tokenOf(request));
      if (!current.ok) return sendError(reply, unavailable(current.error));
      if (!current.value) return sendError(reply, httpError(401, 'UNAUTHORIZED', 'not signed in'));
      const body = objectBody(request.body, ['displayName', 'lang', 'preferredSettings']);
      if (!body.ok) return sendError(reply, body.error);
      const patch: { -readonly [K in keyof UserPatch]: UserPatch[K] } = {};
      if (body.value['displayName'] !== undefined) {
        const d = checkDisplayName(body.value['displayName']);
        if (!d.ok) return sendError(reply, d.error);
        const free = await checkNameFree(accounts.store, d.value, current.value.id);
        if (!free.ok) return sendError(reply, free.error);
        patch.displayName = d.value;
      }
      if (body.value['lang'] !== undefined) {
        const l = checkLanguage(body.value['lang']);
        if (!l.ok) return sendError(reply, l.error);
        patch.language = l.value;
      }
      if (body.value['preferredSettings'] !== undefined) {
        const s = checkPreferredSettings(body.value['preferredSettings']);
        if (!s.ok) return sendError(reply, s.error);
        patch.preferredSettings = s.value;
      }
      const u = await accounts.store.updateUser(current.value.id, patch);
      if (!u.ok) return sendError(reply, fromStoreError(u.error));
      if (patch.displayName !== undefined && patch.displayName !== current.value.displayName) players.renamed(u.value.id, u.value.displayName, u.value.isGuest);
      return { user: profileOf(u.value) };
    });
  };
}
