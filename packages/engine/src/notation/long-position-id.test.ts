import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { positionFromSetup, startPosition, type Position } from '../position.js';
import { anyPositionArb, playedPositionArb } from '../testing/index.js';
import { legalTurns } from '../turns.js';
import { makeLongPositionId, parseLongPositionId } from './long-position-id.js';
import { makePositionId, parsePositionId } from './position-id.js';
import { expectError } from '../expect-error.suite.js';

/** Long-nardy position from absolute points (White's numbering), as in docs/rules.md §6. */
function longPos(
  white: Record<number, number>,
  black: Record<number, number>,
  turn: 'white' | 'black' = 'white',
  firstTurn = { white: false, black: false },
): Position {
  const side = (pts: Record<number, number>, color: 'white' | 'black') => {
    const s = new Array<number>(26).fill(0);
    let n = 0;
    for (const [abs, c] of Object.entries(pts)) {
      const a = Number(abs);
      s[color === 'white' ? a : a > 12 ? a - 12 : a + 12] = c;
      n += c;
    }
    s[0] = 15 - n;
    return s;
  };
  const r = positionFromSetup({ variant: 'long', turn, board: { white: side(white, 'white'), black: side(black, 'black') }, firstTurn });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Key bits (LSB-first) → base64url, for building IDs by hand. */
function idFromBits(bits: number[]): string {
  const bytes = new Uint8Array(10);
  bits.slice(0, 80).forEach((b, i) => {
    if (b) bytes[i >> 3]! |= 1 << (i & 7);
  });
  return btoa(String.fromCharCode(...bytes))
    .slice(0, 14)
    .replace(/\+/g, '-')
    .replace(/\//g, '_');
}
const unary = (counts: number[]): number[] => counts.flatMap((n) => [...new Array<number>(n).fill(1), 0]);
const points = (pts: Record<number, number>): number[] => Array.from({ length: 24 }, (_, i) => pts[i + 1] ?? 0);

describe('long-nardy Position ID', () => {
  it('start position: BgAA_P8BAAD-_w (White to play, both first turns ahead)', () => {
    const start = startPosition('long');
    expect(makeLongPositionId(start)).toBe('BgAA_P8BAAD-_w');
    expect(parseLongPositionId('BgAA_P8BAAD-_w')).toEqual({ ok: true, value: start });
    // The 81st bit (the 0 closing Black's head) is the one left out: 3 + 24 + 15 + 23 + 15 = 80.
    expect(makeLongPositionId(start)).toBe(idFromBits([0, 1, 1, ...unary(points({ 24: 15 })), ...unary(points({ 24: 15 }))]));
  });

  it('the side on roll and each first-turn flag change the ID', () => {
    const start = startPosition('long');
    const ids = new Set([
      makeLongPositionId(start),
      makeLongPositionId(startPosition('long', 'black')),
      makeLongPositionId({ ...start, firstTurn: { white: false, black: true } } as Position),
      makeLongPositionId({ ...start, firstTurn: { white: true, black: false } } as Position),
      makeLongPositionId({ ...start, firstTurn: { white: false, black: false } } as Position),
    ]);
    expect(ids.size).toBe(5);
  });

  it('after White opens 6-5 (24/13) Black is on roll with his first turn ahead (LN-07 style)', () => {
    const [turn] = legalTurns(startPosition('long'), [6, 5]);
    const after = turn!.after;
    expect(after.turn).toBe('black');
    expect(after.firstTurn).toEqual({ white: false, black: true });
    const id = makeLongPositionId(after);
    expect(id).toBe(idFromBits([1, 0, 1, ...unary(points({ 13: 1, 24: 14 })), ...unary(points({ 24: 15 }))]));
    expect(parseLongPositionId(id)).toEqual({ ok: true, value: after });
  });

  it('a bear-off position with checkers off', () => {
    const pos = longPos({ 6: 1, 2: 2 }, { 18: 3, 13: 5 }, 'black');
    const id = makeLongPositionId(pos);
    expect(parseLongPositionId(id)).toEqual({ ok: true, value: pos });
    expect(id).toHaveLength(14);
  });

  fcTest.prop([anyPositionArb('long')], { numRuns: 400 })('parse(make(pos)) = pos', (pos) => {
    const id = makeLongPositionId(pos);
    expect(id).toMatch(/^[A-Za-z0-9_-]{14}$/);
    expect(parseLongPositionId(id)).toEqual({ ok: true, value: pos });
  });

  fcTest.prop([playedPositionArb('long', 60), playedPositionArb('long', 60)], { numRuns: 100 })('different positions have different IDs', (a, b) => {
    const same = JSON.stringify(a) === JSON.stringify(b);
    expect(makeLongPositionId(a) === makeLongPositionId(b)).toBe(same);
  });

  it.each([
    ['', /14 characters/],
    ['BgAA_P8BAAD-_', /14 characters/],
    ['BgAA/P8BAAD+/w', /not a base64 character/], // the standard alphabet is not accepted
    ['BgAA_P8BAAD-_x', /pad bits/],
    [idFromBits([0, 0, 0, ...unary(points({ 24: 16 })), ...unary(points({ 12: 1 }))]), /16 white checkers/],
    [idFromBits([0, 0, 0, ...unary(points({ 5: 1 })), ...unary(points({ 17: 1 }))]), /both white and black/], // Black's own 17 = abs 5
    [idFromBits([0, 0, 0, ...unary(points({ 5: 1 })), ...unary(points({ 1: 1 })), 0, 0, 1]), /pad bits after/],
    [idFromBits([0, 0, 0]), /both sides have borne off/],
    ['AAAAAAAAAAAAAA', /both sides have borne off/],
  ])('rejects %j', (id, why) => {
    expectError(parseLongPositionId(id), 'BAD_POSITION_ID', why);
  });

  it('a key that ends inside White’s half is an error', () => {
    // 3 + 15 ones... only possible with too many checkers: 70 ones for White's first point.
    const r = parseLongPositionId(idFromBits([0, 0, 0, ...new Array<number>(77).fill(1)]));
    expect(r.ok).toBe(false);
  });

  fcTest.prop([fc.string({ maxLength: 20 })])('never throws on random strings', (s) => {
    expect(typeof parseLongPositionId(s).ok).toBe('boolean');
  });

  fcTest.prop([fc.uint8Array({ minLength: 10, maxLength: 10 })], { numRuns: 1000 })(
    'any 80-bit key decodes to a position that re-encodes to the same ID, or is an error',
    (bytes) => {
      const id = btoa(String.fromCharCode(...bytes))
        .slice(0, 14)
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      const r = parseLongPositionId(id);
      if (r.ok) expect(makeLongPositionId(r.value)).toBe(id);
      else expect(r.error.code).toBe('BAD_POSITION_ID');
    },
  );
});

describe('makePositionId / parsePositionId', () => {
  it('choose the format by variant', () => {
    expect(makePositionId(startPosition('short'))).toBe('4HPwATDgc/ABMA');
    expect(makePositionId(startPosition('caucasian'))).toBe('4HPwATDgc/ABMA');
    expect(makePositionId(startPosition('long'))).toBe('BgAA_P8BAAD-_w');
    expect(parsePositionId('long', 'BgAA_P8BAAD-_w')).toEqual({ ok: true, value: startPosition('long') });
    expect(parsePositionId('caucasian', '4HPwATDgc/ABMA', 'black')).toEqual({ ok: true, value: startPosition('caucasian', 'black') });
    expect(parsePositionId('short', 'BgAA_P8BAAD-_w').ok).toBe(false);
    expect(parsePositionId('chess' as never, '4HPwATDgc/ABMA').ok).toBe(false);
  });

  for (const variant of ['long', 'short', 'caucasian'] as const) {
    fcTest.prop([anyPositionArb(variant)], { numRuns: 200 })(`${variant}: parse(make(pos)) = pos`, (pos) => {
      expect(parsePositionId(variant, makePositionId(pos), pos.turn)).toEqual({ ok: true, value: pos });
    });
  }
});
