import { isRecord, type Result } from '@nardy/engine';
import type { z } from 'zod';
import { CommandIdSchema, ERROR_CODES, LIMITS, type ErrorCode, type ProtocolError } from './common.js';
import { CLIENT_SCHEMAS, type ClientToServer } from './client-to-server.js';
import { SERVER_SCHEMAS, type AckResult, type ServerMessage, type ServerToClient } from './server-to-client.js';

/**
 * One parser per direction (lila-ws `ClientOut.parse`). Neither ever throws: whatever comes in — not JSON, too
 * large, too deep, an unknown `type`, a wrong field, a `__proto__` key — comes out as a `ProtocolError` with a code,
 * and with the command's `id` whenever one could be read, so the server can answer it and keep the socket.
 */

/** Raw input: a text frame, its bytes, or a value already parsed from JSON. */
export type RawMessage = string | Uint8Array | unknown;

/** JSON nested deeper than this is refused before any schema sees it. */
export const MAX_DEPTH = 32;

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_MESSAGE_TEXT = 300;

const fail = (code: ErrorCode, message: string, id: string | null = null): Result<never, ProtocolError> => ({
  ok: false,
  error: { code, message: clean(message), id },
});

/** Error text safe to send back: no control characters, bounded. */
function clean(s: string): string {
  // eslint-disable-next-line no-control-regex
  const t = s.replace(/[\u0000-\u001F\u007F]/g, '?');
  return t.length > MAX_MESSAGE_TEXT ? `${t.slice(0, MAX_MESSAGE_TEXT - 1)}…` : t;
}

/** UTF-8 length of a string, stopping once it passes `limit`. */
function utf8Exceeds(s: string, limit: number): boolean {
  if (s.length > limit) return true;
  if (s.length * 3 <= limit) return false;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
    if (n > limit) return true;
  }
  return false;
}

/** Checks depth, size and keys of a JSON value without recursion; returns a complaint or null. */
function scan(root: unknown, maxBytes: number): string | null {
  const stack: [unknown, number][] = [[root, 0]];
  let budget = maxBytes; // roughly the JSON text's size, for values that did not come as text
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (--budget < 0) return 'too large';
    if (depth > MAX_DEPTH) return `nested deeper than ${MAX_DEPTH}`;
    if (typeof v === 'string') {
      budget -= v.length;
      continue;
    }
    if (v === null || typeof v === 'boolean') continue;
    if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'numbers must be finite';
      continue;
    }
    if (Array.isArray(v)) {
      for (const x of v) stack.push([x, depth + 1]);
      continue;
    }
    if (typeof v !== 'object') return `a ${typeof v} is not JSON`;
    const proto = Object.getPrototypeOf(v) as unknown;
    if (proto !== Object.prototype && proto !== null) return 'only plain JSON objects are accepted';
    for (const k of Object.keys(v)) {
      if (FORBIDDEN_KEYS.has(k)) return `forbidden key '${k}'`;
      budget -= k.length + 2;
      stack.push([(v as Record<string, unknown>)[k], depth + 1]);
    }
  }
  return null;
}

/** The message's id, when it has a well-formed one. */
function readId(obj: Record<string, unknown>): string | null {
  if (!Object.hasOwn(obj, 'id')) return null;
  const r = CommandIdSchema.safeParse(obj['id']);
  return r.success ? r.data : null;
}

const KNOWN_CODES: ReadonlySet<string> = new Set(ERROR_CODES);

/** The first issue as a coded error: an engine check's own code (e.g. `BAD_OPTIONS`) or `BAD_MESSAGE`. */
function fromIssues(error: z.ZodError, id: string | null): Result<never, ProtocolError> {
  const issue = error.issues[0];
  if (!issue) return fail('BAD_MESSAGE', 'invalid message', id);
  const coded = issue.code === 'custom' ? (issue.params as { code?: unknown } | undefined)?.code : undefined;
  const code: ErrorCode = typeof coded === 'string' && KNOWN_CODES.has(coded) ? (coded as ErrorCode) : 'BAD_MESSAGE';
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return fail(code, `${where}${issue.message}`, id);
}

function decode(raw: unknown, maxBytes: number): Result<unknown, ProtocolError> {
  let text: string;
  if (typeof raw === 'string') text = raw;
  else if (raw instanceof Uint8Array) {
    if (raw.byteLength > maxBytes) return fail('TOO_LARGE', `a message is at most ${maxBytes} bytes`);
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    } catch {
      return fail('BAD_MESSAGE', 'a message is UTF-8 JSON text');
    }
  } else return { ok: true, value: raw };
  if (utf8Exceeds(text, maxBytes)) return fail('TOO_LARGE', `a message is at most ${maxBytes} bytes`);
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return fail('BAD_MESSAGE', 'a message is one JSON object');
  }
}

function parseWith<M>(raw: RawMessage, schemas: Readonly<Record<string, z.ZodType>>, maxBytes: number, direction: string): Result<M, ProtocolError> {
  try {
    const decoded = decode(raw, maxBytes);
    if (!decoded.ok) return decoded;
    const value = decoded.value;
    if (!isRecord(value)) return fail('BAD_MESSAGE', 'a message is a JSON object with a type');
    const id = readId(value);
    const problem = scan(value, maxBytes);
    if (problem) return fail(problem === 'too large' ? 'TOO_LARGE' : 'BAD_MESSAGE', problem, id);
    const type = value['type'];
    if (typeof type !== 'string') return fail('BAD_MESSAGE', 'a message needs a string type', id);
    if (!Object.hasOwn(schemas, type)) return fail('UNKNOWN_TYPE', `unknown ${direction} message type '${type}'`, id);
    const schema = schemas[type]!;
    const r = schema.safeParse(value);
    return r.success ? { ok: true, value: r.data as M } : fromIssues(r.error, id);
  } catch {
    // A hostile value (a throwing getter, a proxy) that is not JSON at all.
    return fail('BAD_MESSAGE', 'unreadable message');
  }
}

/** The server's parser: a client message, or a coded error (answer it with `errorFor`). */
export const parseClientMessage = (raw: RawMessage): Result<ClientToServer, ProtocolError> =>
  parseWith<ClientToServer>(raw, CLIENT_SCHEMAS, LIMITS.clientMessageBytes, 'client');

/** A client's or bot's parser: a server message, or a coded error. */
export const parseServerMessage = (raw: RawMessage): Result<ServerToClient, ProtocolError> =>
  parseWith<ServerToClient>(raw, SERVER_SCHEMAS, LIMITS.serverMessageBytes, 'server');

/** A client message as a text frame. */
export const serializeClientMessage = (msg: ClientToServer): string => JSON.stringify(msg);
/** A server message as a text frame. */
export const serializeServerMessage = (msg: ServerToClient): string => JSON.stringify(msg);

/** The `ack` for command `id`. */
export const ack = (id: string, result?: AckResult): ServerMessage<'ack'> => (result === undefined ? { type: 'ack', id } : { type: 'ack', id, result });

/** The `error` reply for command `id` (null when the message had no readable id). */
export const errorReply = (id: string | null, code: ErrorCode, message: string): ServerMessage<'error'> => ({
  type: 'error',
  id,
  code,
  message: clean(message),
});

/** The `error` reply to a message the parser refused. */
export const errorFor = (e: ProtocolError): ServerMessage<'error'> => errorReply(e.id, e.code, e.message);
