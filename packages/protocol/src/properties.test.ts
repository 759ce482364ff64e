import { matchSettings } from '@nardy/engine';
import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { ERROR_CODES, LIMITS } from './common.js';
import type { ClientToServer } from './client-to-server.js';
import { CLIENT_EXAMPLES, EVENT_EXAMPLES, SERVER_EXAMPLES } from './examples.js';
import { errorFor, parseClientMessage, parseServerMessage, serializeClientMessage, serializeServerMessage } from './parse.js';
import type { ServerToClient } from './server-to-client.js';

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);
const ID_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.:-'.split('');
// The control characters free text may not hold (common.ts's text schema): generated text avoids them.
// eslint-disable-next-line no-control-regex
const FORBIDDEN_IN_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F]/;
const idArb = fc.string({ unit: fc.constantFrom(...ID_CHARS), minLength: 1, maxLength: LIMITS.idLength });
const seedArb = fc.string({ unit: fc.constantFrom(...ID_CHARS.filter((c) => c !== '.' && c !== ':')), minLength: 1, maxLength: 64 });
const chatArb = fc
  .string({ unit: fc.oneof(fc.constantFrom('\n', '\t', ' '), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })), minLength: 1, maxLength: 200 })
  .filter((s) => s.length <= LIMITS.chatLength && s.trim().length > 0 && !FORBIDDEN_IN_TEXT.test(s));

const opt = <T>(a: fc.Arbitrary<T>) => fc.option(a, { nil: undefined });
const timeControlArb = fc.oneof(
  fc.constant({ kind: 'none' as const }),
  fc.record({ kind: fc.constant('matchReserve' as const), perPointMs: fc.integer({ min: 1_000, max: 600_000 }), delayMs: fc.integer({ min: 0, max: 60_000 }) }),
  fc.record({ kind: fc.constant('fischer' as const), initialMs: fc.integer({ min: 1_000, max: 3_600_000 }), incrementMs: fc.integer({ min: 0, max: 60_000 }) }),
  fc.record({ kind: fc.constant('bronstein' as const), initialMs: fc.integer({ min: 1_000, max: 3_600_000 }), delayMs: fc.integer({ min: 0, max: 60_000 }) }),
  fc.record({ kind: fc.constant('perMove' as const), limitMs: fc.integer({ min: 1_000, max: 600_000 }) }),
);
/** Settings the engine accepts (generated loosely, filtered by the engine itself). */
const matchInputArb = fc
  .record(
    {
      variant: fc.constantFrom('long' as const, 'short' as const, 'caucasian' as const),
      matchLength: fc.integer({ min: 0, max: 25 }),
      ceiling: fc.constantFrom('oin' as const, 'mars' as const, 'koks' as const),
      lastRollDraw: fc.boolean(),
      cube: fc.record({ enabled: fc.boolean(), maxValue: fc.constantFrom(2, 16, 64, 4096), beaver: fc.boolean() }, { requiredKeys: [] }),
      timeControl: timeControlArb,
    },
    { requiredKeys: ['variant'] },
  )
  .filter((m) => matchSettings(m).ok);
const tableArb = fc.record({ match: matchInputArb, rated: fc.boolean(), stake: fc.integer({ min: 0, max: LIMITS.maxStake }) });
const stepArb = fc.record({ from: fc.integer({ min: 1, max: 25 }), to: fc.integer({ min: 0, max: 24 }) });
const actionArb = fc.oneof(
  fc.constant({ type: 'roll' as const }),
  fc.record({ type: fc.constant('move' as const), steps: fc.array(stepArb, { maxLength: 4 }) }),
  fc.record({ type: fc.constant('resign' as const), level: fc.constantFrom('single' as const, 'mars' as const, 'koks' as const) }),
  fc.record({ type: fc.constantFrom('double' as const, 'take' as const, 'pass' as const, 'beaver' as const, 'surrender' as const, 'endSession' as const) }),
);
const gameIdArb = idArb.filter((s) => !s.includes('.') && !s.includes(':')).map((s) => `g${s}`.slice(0, LIMITS.idLength));

/** Generated client messages of the kinds with free content. */
const clientArb: fc.Arbitrary<ClientToServer> = fc.oneof(
  fc.record({ type: fc.constant('ping' as const), id: idArb }),
  fc
    .record({ type: fc.constant('seek.create' as const), id: idArb, settings: tableArb, clientSeed: opt(seedArb) })
    .map((m) => dropUndefined(m) as ClientToServer),
  fc.record({ type: fc.constant('game.action' as const), id: idArb, gameId: gameIdArb, version: fc.nat(), action: actionArb }),
  fc
    .record({ type: fc.constant('game.subscribe' as const), id: idArb, gameId: gameIdArb, since: opt(fc.record({ epoch: seedArb, n: fc.nat() })) })
    .map((m) => dropUndefined(m) as ClientToServer),
  fc.record({ type: fc.constant('chat.send' as const), id: idArb, room: fc.constant({ kind: 'lobby' as const }), text: chatArb }),
  fc.record({ type: fc.constant('pm.send' as const), id: idArb, to: gameIdArb, text: chatArb }),
  fc.constantFrom(...Object.values(CLIENT_EXAMPLES)).chain((m) => idArb.map((id) => ({ ...m, id }))),
);

const serverArb: fc.Arbitrary<ServerToClient> = fc.oneof(
  fc.record({ type: fc.constant('ack' as const), id: idArb }),
  fc.record({
    type: fc.constant('error' as const),
    id: fc.option(idArb, { nil: null }),
    code: fc.constantFrom(...ERROR_CODES),
    message: fc.string({ maxLength: 100 }).filter((s) => !FORBIDDEN_IN_TEXT.test(s)),
  }),
  fc.record({
    type: fc.constant('chat.message' as const),
    room: fc.constant({ kind: 'lobby' as const }),
    from: fc.constant(SERVER_EXAMPLES['chat.message'].from),
    text: chatArb,
    at: fc.nat(),
  }),
  fc
    .tuple(fc.constantFrom(...EVENT_EXAMPLES), fc.integer({ min: 1, max: 1e9 }))
    .map(([event, n]) => ({ ...SERVER_EXAMPLES['game.event'], n, event }) as ServerToClient),
  fc.constantFrom(...Object.values(SERVER_EXAMPLES)),
);

function dropUndefined<T extends object>(o: T): T {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
}

describe('round trip: parse ∘ serialize = id', () => {
  fcTest.prop([clientArb], { numRuns: 500 })('client messages', (m) => {
    expect(parseClientMessage(serializeClientMessage(m))).toEqual({ ok: true, value: m });
  });
  fcTest.prop([serverArb], { numRuns: 300 })('server messages', (m) => {
    expect(parseServerMessage(serializeServerMessage(m))).toEqual({ ok: true, value: m });
  });
});

// --- hostile input -----------------------------------------------------------------------------------------------

const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue(),
  fc.string({ maxLength: 3000 }),
  fc.integer().map(String),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', '', ' ', 'ping', 'game.action'),
  fc.nat({ max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.nat({ max: 200 }).map((n) => {
    let v: unknown = 1;
    for (let i = 0; i < n; i++) v = i % 2 ? [v] : { a: v };
    return v;
  }),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileJson,
  fc.anything({ withNullPrototype: true, withObjectString: true, withBigInt: true, withDate: true, withMap: true, withTypedArray: true }),
);
const safeJson = (v: unknown): string => {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return 'null';
  }
};

/** An example with one field replaced, removed, stringified, or a hostile key added. */
const mutated: fc.Arbitrary<{ raw: unknown; id: string }> = fc
  .tuple(
    fc.constantFrom(...Object.values(CLIENT_EXAMPLES)),
    fc.nat(),
    fc.constantFrom('replace', 'remove', 'stringify', 'proto', 'extra', 'nested'),
    hostileJson,
  )
  .map(([m, k, how, v]) => {
    const obj: Record<string, unknown> = JSON.parse(JSON.stringify(m)) as Record<string, unknown>;
    const keys = Object.keys(obj).filter((x) => x !== 'id' && x !== 'type');
    const key = keys.length > 0 ? keys[k % keys.length]! : 'extra';
    if (how === 'replace') obj[key] = v;
    else if (how === 'remove') delete obj[key];
    else if (how === 'stringify') obj[key] = JSON.stringify(obj[key] ?? null);
    else if (how === 'extra') obj[`x${k}`] = v;
    else if (how === 'nested' && typeof obj[key] === 'object' && obj[key] !== null) (obj[key] as Record<string, unknown>)['zz'] = v;
    else if (how === 'nested') obj[key] = { zz: v };
    const text = JSON.stringify(obj);
    const raw = how === 'proto' ? `${text.slice(0, -1)},"__proto__":${JSON.stringify(v) ?? 'null'}}` : text;
    return { raw, id: m.id };
  });

const rawInput: fc.Arbitrary<unknown> = fc.oneof(
  hostileValue,
  hostileValue.map(safeJson),
  fc.string({ unit: 'binary', maxLength: 500 }),
  fc.uint8Array({ maxLength: 500 }),
  hostileValue.map((v) => ({ type: 'ping', id: 'h', x: v })),
  mutated.map((m) => m.raw),
);

function checkNeverThrows(parse: (raw: unknown) => ReturnType<typeof parseClientMessage> | ReturnType<typeof parseServerMessage>, raw: unknown) {
  let r: ReturnType<typeof parse> | undefined;
  expect(() => {
    r = parse(raw);
  }).not.toThrow();
  if (!r) throw new Error('no result');
  if (r.ok) {
    // Whatever parses is a message the other side can serialize and read back.
    expect(parse(JSON.stringify(r.value)).ok).toBe(true);
  } else {
    expect(CODES.has(r.error.code)).toBe(true);
    expect(typeof r.error.message).toBe('string');
    // The error reply itself is always a valid server message.
    expect(parseServerMessage(serializeServerMessage(errorFor(r.error))).ok).toBe(true);
  }
}

describe('fuzz: hostile input never throws and comes back coded', () => {
  fcTest.prop([rawInput], { numRuns: 10_000 })('parseClientMessage', (raw) => {
    checkNeverThrows(parseClientMessage, raw);
  });
  fcTest.prop([rawInput], { numRuns: 2_000 })('parseServerMessage', (raw) => {
    checkNeverThrows(parseServerMessage, raw);
  });
  fcTest.prop([mutated], { numRuns: 3_000 })('a broken command keeps its id in the error', ({ raw, id }) => {
    const r = parseClientMessage(raw);
    if (!r.ok && r.error.code !== 'TOO_LARGE') expect(r.error.id).toBe(id);
  });
});
