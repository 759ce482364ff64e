import type { ErrorCode } from '@nardy/protocol';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import type { StoreError } from '../store/index.js';
import { isRecord } from '@nardy/engine';

/**
 * REST conventions shared by accounts/ and records/: every error is JSON `{error: {code, message}}` with a
 * protocol error code and the matching HTTP status.
 */

export interface HttpError {
  readonly status: number;
  readonly code: ErrorCode;
  readonly message: string;
}

export const httpError = (status: number, code: ErrorCode, message: string): HttpError => ({ status, code, message });

export const badRequest = (message: string): HttpError => httpError(400, 'BAD_MESSAGE', message);

export function sendError(reply: FastifyReply, e: HttpError): FastifyReply {
  return reply
    .code(e.status)
    .type('application/json; charset=utf-8')
    .send({ error: { code: e.code, message: e.message } });
}

/** A store failure as an HTTP error (NOT_FOUND → 404, DUPLICATE/CONFLICT/FENCED/INSUFFICIENT_CHIPS → 409, DB_UNAVAILABLE → 503, else 500). */
export function fromStoreError(e: StoreError, notFound?: string): HttpError {
  switch (e.code) {
    case 'NOT_FOUND':
      return httpError(404, 'NOT_FOUND', notFound ?? e.message);
    case 'DUPLICATE':
    case 'CONFLICT':
    case 'FENCED':
      return httpError(409, 'CONFLICT', e.message);
    case 'INSUFFICIENT_CHIPS':
      return httpError(409, 'INSUFFICIENT_CHIPS', e.message);
    case 'BAD_INPUT':
      return badRequest(e.message);
    case 'DB_UNAVAILABLE':
      return httpError(503, 'UNAVAILABLE', 'the database is unavailable; try again later');
    case 'DB_ERROR':
      return httpError(500, 'INTERNAL', 'a database error');
  }
}

/**
 * Errors thrown inside the routes of `app` (a body that is not JSON, too large, a wrong content type, a bug)
 * answered in the same `{error}` shape. Registered per plugin, so it covers only that plugin's routes.
 */
export function jsonErrors(app: FastifyInstance): void {
  app.setErrorHandler((e: FastifyError, request, reply) => {
    const status = typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 600 ? e.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: e }, 'request failed');
      return sendError(reply, httpError(500, 'INTERNAL', 'a fault on the server'));
    }
    const code: ErrorCode = status === 413 ? 'TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_MESSAGE';
    const message = e.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? 'the body is empty but the content type says JSON' : e.message;
    return sendError(reply, httpError(status, code, message));
  });
}

/** A checked input: the value, or the HTTP error to answer with. */
export type Checked<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: HttpError };
export const checked = <T>(value: T): Checked<T> => ({ ok: true, value });
export const refused = (error: HttpError): Checked<never> => ({ ok: false, error });

/** A JSON object body with only `allowed` keys (an absent body is `{}` when `optional`). */
export function objectBody(body: unknown, allowed: readonly string[], optional = false): Checked<Record<string, unknown>> {
  if (body === undefined || body === null || body === '') {
    return optional ? checked({}) : refused(badRequest('a JSON object body is required'));
  }
  if (!isRecord(body)) return refused(badRequest('the body must be a JSON object'));
  const extra = Object.keys(body).filter((k) => !allowed.includes(k));
  if (extra.length > 0) {
    return refused(badRequest(`unknown field${extra.length > 1 ? 's' : ''}: ${extra.join(', ')} (allowed: ${allowed.join(', ')})`));
  }
  return checked(body);
}

/** An optional integer query parameter in `[min, max]`. */
export function intParam(raw: unknown, name: string, min: number, max: number, fallback: number): Checked<number> {
  const bad = refused(badRequest(`${name} must be an integer ${min}..${max}`));
  if (raw === undefined || raw === '') return checked(fallback);
  if (typeof raw !== 'string' || !/^[0-9]{1,9}$/.test(raw)) return bad;
  const n = Number(raw);
  return n >= min && n <= max ? checked(n) : bad;
}
