import { apply, newMatch, type Action } from '@nardy/engine';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES, LIMITS, PROTOCOL_VERSION } from './common.js';
import { CLIENT_TO_SERVER_TYPES } from './client-to-server.js';
import { GameEventSchema } from './events.js';
import { CLIENT_EXAMPLES, EVENT_EXAMPLES, MORE_SERVER_EXAMPLES, SERVER_EXAMPLES } from './examples.js';
import { legalFor } from './legal.js';
import { MAX_DEPTH, ack, errorFor, parseClientMessage, parseServerMessage, serializeClientMessage, serializeServerMessage } from './parse.js';
import { SERVER_TO_CLIENT_TYPES } from './server-to-client.js';

const clientExamples = Object.values(CLIENT_EXAMPLES);
const serverExamples = [...Object.values(SERVER_EXAMPLES), ...MORE_SERVER_EXAMPLES];

function expectClientError(raw: unknown, code: string, id: string | null = null) {
  const r = parseClientMessage(raw);
  expect(r.ok, JSON.stringify(r)).toBe(false);
  if (!r.ok) {
    expect(r.error.code).toBe(code);
    expect(r.error.id).toBe(id);
  }
}

describe('examples', () => {
  test('every message type has an example, and only those', () => {
    expect(Object.keys(CLIENT_EXAMPLES).sort()).toEqual([...CLIENT_TO_SERVER_TYPES].sort());
    expect(Object.keys(SERVER_EXAMPLES).sort()).toEqual([...SERVER_TO_CLIENT_TYPES].sort());
  });

  test.each(clientExamples.map((m) => [m.type, m] as const))('client %s parses, as object and as text', (_t, m) => {
    expect(parseClientMessage(m)).toEqual({ ok: true, value: m });
    expect(parseClientMessage(serializeClientMessage(m))).toEqual({ ok: true, value: m });
    expect(parseClientMessage(new TextEncoder().encode(serializeClientMessage(m)))).toEqual({ ok: true, value: m });
  });

  test.each(serverExamples.map((m, i) => [`${m.type} #${i}`, m] as const))('server %s parses', (_t, m) => {
    expect(parseServerMessage(serializeServerMessage(m))).toEqual({ ok: true, value: m });
  });

  test.each(EVENT_EXAMPLES.map((e) => [e.kind, e] as const))('event %s parses inside game.event', (_k, event) => {
    expect(GameEventSchema.safeParse(event).success).toBe(true);
    const msg = { ...SERVER_EXAMPLES['game.event'], event };
    expect(parseServerMessage(JSON.stringify(msg))).toEqual({ ok: true, value: msg });
  });

  test('a client message is not a server message, nor the reverse', () => {
    for (const m of clientExamples) expect(parseServerMessage(m).ok).toBe(false);
    for (const m of serverExamples) expect(parseClientMessage(m).ok).toBe(false);
  });

  test('the example game view is what the engine says of its move list: legal turns, position, version', () => {
    const s = newMatch(SERVER_EXAMPLES['game.snapshot'].view.settings.match);
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    let state = s.value;
    const actions: readonly Action[] = SERVER_EXAMPLES['game.snapshot'].actions;
    for (const a of actions) {
      const r = apply(state, a);
      if (!r.ok) throw new Error(r.error.message);
      state = r.value;
    }
    const view = SERVER_EXAMPLES['game.snapshot'].view;
    expect(view.version).toBe(state.version);
    expect(view.phase).toBe(state.phase);
    expect(view.position).toEqual(state.game.position);
    expect(view.legal).toEqual(legalFor(state, 'p1'));
    expect(legalFor(state, null)).toBeNull();
    // The player not on turn may still resign or surrender.
    expect(legalFor(state, 'p2')?.actions).toEqual(['resign', 'surrender', 'resignMatch']);
    expect(legalFor(state, 'p2')?.turns).toEqual([]);
  });

  test('the handshake names the protocol version', () => {
    expect(CLIENT_EXAMPLES.hello.protocol).toBe(PROTOCOL_VERSION);
    const w = SERVER_EXAMPLES.ack.result;
    expect(w?.kind === 'welcome' && w.protocol).toBe(PROTOCOL_VERSION);
  });
});

describe('coded errors, the id kept', () => {
  test('not JSON, not an object, no type', () => {
    expectClientError('{"type":"ping","id":', 'BAD_MESSAGE');
    expectClientError('[1,2]', 'BAD_MESSAGE');
    expectClientError('"ping"', 'BAD_MESSAGE');
    expectClientError('null', 'BAD_MESSAGE');
    expectClientError(undefined, 'BAD_MESSAGE');
    expectClientError({ id: 'a1' }, 'BAD_MESSAGE', 'a1');
    expectClientError({ id: 'a1', type: 7 }, 'BAD_MESSAGE', 'a1');
    expectClientError(new Uint8Array([0xff, 0xfe, 0x7b]), 'BAD_MESSAGE');
  });

  test('unknown types, including inherited names', () => {
    expectClientError({ type: 'teleport', id: 'x' }, 'UNKNOWN_TYPE', 'x');
    expectClientError({ type: 'toString', id: 'x' }, 'UNKNOWN_TYPE', 'x');
    expectClientError({ type: 'constructor', id: 'x' }, 'UNKNOWN_TYPE', 'x');
    expectClientError('{"type":"__proto__","id":"x"}', 'UNKNOWN_TYPE', 'x');
    expectClientError({ type: 'ack', id: 'x' }, 'UNKNOWN_TYPE', 'x');
  });

  test('too large: 16 KiB of UTF-8', () => {
    const pad = (n: number, ch: string) => ({ type: 'chat.send', id: 'big', room: { kind: 'lobby' }, text: ch.repeat(n) });
    expectClientError(JSON.stringify(pad(LIMITS.clientMessageBytes, 'a')), 'TOO_LARGE');
    // Multi-byte characters count as bytes: 6,000 Cyrillic letters are 12,000 bytes but 6,000 UTF-16 units.
    expectClientError(JSON.stringify(pad(9000, 'ж')), 'TOO_LARGE');
    expectClientError(JSON.stringify(pad(600, 'ж')), 'BAD_MESSAGE', 'big'); // under the size limit, over the chat limit
    expectClientError(pad(LIMITS.clientMessageBytes + 1, 'a'), 'TOO_LARGE', 'big');
  });

  test('unknown and forbidden keys', () => {
    expectClientError({ type: 'ping', id: 'k1', extra: 1 }, 'BAD_MESSAGE', 'k1');
    expectClientError('{"type":"ping","id":"k2","__proto__":{"admin":true}}', 'BAD_MESSAGE', 'k2');
    expectClientError('{"type":"seek.create","id":"k3","settings":{"__proto__":{}}}', 'BAD_MESSAGE', 'k3');
    expectClientError({ type: 'ping', id: 'k4', constructor: { prototype: {} } }, 'BAD_MESSAGE', 'k4');
    expect(({} as Record<string, unknown>)['admin']).toBeUndefined();
  });

  test('wrong types: numbers as strings, strings as numbers, missing fields', () => {
    const action = CLIENT_EXAMPLES['game.action'];
    expectClientError({ ...action, version: '2' }, 'BAD_MESSAGE', 'c18');
    expectClientError({ ...action, action: { type: 'move', steps: [{ from: '24', to: 18 }] } }, 'BAD_MESSAGE', 'c18');
    expectClientError({ ...action, action: { type: 'move', steps: [{ from: 24.5, to: 18 }] } }, 'BAD_MESSAGE', 'c18');
    expectClientError({ ...action, action: { type: 'roll', dice: [6, 6] } }, 'BAD_MESSAGE', 'c18');
    expectClientError({ ...action, action: { type: 'timeout' } }, 'BAD_MESSAGE', 'c18');
    expectClientError({ type: 'game.action', id: 'c18' }, 'BAD_MESSAGE', 'c18');
    expectClientError({ type: 'ping', id: 5 }, 'BAD_MESSAGE', null);
    expectClientError({ type: 'ping' }, 'BAD_MESSAGE', null);
    expectClientError({ type: 'ping', id: 'x'.repeat(65) }, 'BAD_MESSAGE', null);
    expectClientError({ type: 'ping', id: 'has space' }, 'BAD_MESSAGE', null);
  });

  test('deep nesting is refused before any schema sees it', () => {
    const deep = `{"type":"ping","id":"d1","x":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    expectClientError(deep, 'BAD_MESSAGE', 'd1');
    let v: unknown = 1;
    for (let i = 0; i < MAX_DEPTH + 2; i++) v = { a: v };
    expectClientError({ type: 'ping', id: 'd2', x: v }, 'BAD_MESSAGE', 'd2');
  });

  test('hostile values that are not JSON', () => {
    const cyclic: Record<string, unknown> = { type: 'ping', id: 'cy' };
    cyclic['self'] = cyclic;
    expectClientError(cyclic, 'BAD_MESSAGE', 'cy');
    const throwing = Object.defineProperty({ type: 'ping' }, 'id', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expectClientError(throwing, 'BAD_MESSAGE');
    expectClientError({ type: 'ping', id: 'n1', x: Number.NaN }, 'BAD_MESSAGE', 'n1');
    expectClientError({ type: 'ping', id: 'f1', x: () => 1 }, 'BAD_MESSAGE', 'f1');
    expectClientError({ type: 'ping', id: 'd1', x: new Date(0) }, 'BAD_MESSAGE', 'd1');
    expectClientError(Object.assign(Object.create({ inherited: 1 }) as object, { type: 'ping', id: 'p' }), 'BAD_MESSAGE', 'p');
  });

  test("the engine's settings validation decides, and its code passes through", () => {
    const seek = CLIENT_EXAMPLES['seek.create'];
    const bad = (match: unknown) => ({ ...seek, settings: { ...seek.settings, match } });
    // koks is a long-nardy option (L25); beaver is money play only (G3); a match reserve needs a match length.
    expectClientError(bad({ variant: 'short', koks: true }), 'BAD_OPTIONS', 'c4');
    expectClientError(bad({ variant: 'short', matchLength: 5, cube: { beaver: true } }), 'BAD_OPTIONS', 'c4');
    expectClientError(bad({ variant: 'long', timeControl: { kind: 'matchReserve', perPointMs: 1000, delayMs: 0 } }), 'BAD_OPTIONS', 'c4');
    expectClientError(bad({ variant: 'long', cube: { maxValue: 48 } }), 'BAD_OPTIONS', 'c4');
    // Shape errors are the protocol's.
    expectClientError(bad({ variant: 'chess' }), 'BAD_MESSAGE', 'c4');
    expectClientError(bad({ variant: 'long', matchLength: 26 }), 'BAD_MESSAGE', 'c4');
    const r = parseClientMessage(bad({ variant: 'short', koks: true }));
    expect(!r.ok && r.error.message).toMatch(/long-nardy/);
  });

  test('every time-control field is bounded: an absurd clock is BAD_OPTIONS, naming the field', () => {
    const seek = CLIENT_EXAMPLES['seek.create'];
    const clock = (timeControl: unknown) => ({ ...seek, settings: { ...seek.settings, match: { variant: 'short', matchLength: 3, timeControl } } });
    const day = LIMITS.clockMaxMs;
    for (const tc of [
      { kind: 'perMove', limitMs: 2 ** 31 },
      { kind: 'perMove', limitMs: day + 1 },
      { kind: 'fischer', initialMs: 999, incrementMs: 0 },
      { kind: 'fischer', initialMs: 60_000, incrementMs: LIMITS.clockAddedMaxMs + 1 },
      { kind: 'bronstein', initialMs: 60_000, delayMs: 1e12 },
      { kind: 'matchReserve', perPointMs: LIMITS.clockPerPointMaxMs + 1, delayMs: 0 },
    ]) {
      const r = parseClientMessage(clock(tc));
      expect(r.ok ? null : r.error.code, JSON.stringify(tc)).toBe('BAD_OPTIONS');
      expect(!r.ok && r.error.message).toMatch(/timeControl\.\w+Ms: must be \d+–\d+ ms/);
    }
    expect(parseClientMessage(clock({ kind: 'perMove', limitMs: day })).ok).toBe(true);
    const pool = { ...CLIENT_EXAMPLES['quickPair.join'].pool, timeControl: { kind: 'perMove', limitMs: 2 ** 40 } };
    expectClientError({ ...CLIENT_EXAMPLES['quickPair.join'], pool }, 'BAD_OPTIONS', CLIENT_EXAMPLES['quickPair.join'].id);
    // quickPair.commit's pool is checked as the join's; it takes no seed.
    expectClientError({ ...CLIENT_EXAMPLES['quickPair.commit'], pool }, 'BAD_OPTIONS', CLIENT_EXAMPLES['quickPair.commit'].id);
    expectClientError({ ...CLIENT_EXAMPLES['quickPair.commit'], clientSeed: 'x' }, 'BAD_MESSAGE', CLIENT_EXAMPLES['quickPair.commit'].id);
  });

  test('chat: bounded, not blank, no control characters', () => {
    const chat = CLIENT_EXAMPLES['chat.send'];
    expect(parseClientMessage({ ...chat, text: 'x'.repeat(LIMITS.chatLength) }).ok).toBe(true);
    expect(parseClientMessage({ ...chat, text: 'line one\nline two' }).ok).toBe(true);
    expectClientError({ ...chat, text: 'x'.repeat(LIMITS.chatLength + 1) }, 'BAD_MESSAGE', 'c24');
    expectClientError({ ...chat, text: '   ' }, 'BAD_MESSAGE', 'c24');
    expectClientError({ ...chat, text: 'bell\u0007' }, 'BAD_MESSAGE', 'c24');
    expectClientError({ ...chat, room: { kind: 'everyone' } }, 'BAD_MESSAGE', 'c24');
  });

  test('error replies: built from a parse error, always a valid server message', () => {
    const r = parseClientMessage('{"type":"ping","id":"e1","\\u0001\\u0002":' + '1'.repeat(400) + '}');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    const reply = errorFor(r.error);
    expect(reply.id).toBe('e1');
    expect(parseServerMessage(serializeServerMessage(reply))).toEqual({ ok: true, value: reply });
    expect(ack('e2')).toEqual({ type: 'ack', id: 'e2' });
  });

  test('every code is unique', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});
