import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { engineFixture, readJsonLines } from '../../test/files.js';
import { mirror, startPosition, withTurn, type Position } from '../position.js';
import { anyPositionArb } from '../testing/index.js';
import { BAR, OFF } from '../types.js';
import { makeGnubgPositionId, parseGnubgPositionId } from './gnubg-position-id.js';
import { expectError } from '../expect-error.suite.js';

/** A line of gnubg-ids.jsonl (gen_ids.py): gnubg's own decoding of `pos`, from the view of the side on roll. */
interface Vector {
  board: { points: number[]; bar: { me: number; opp: number }; off: { me: number; opp: number } };
  pos: string;
}

/** The JSON board as own-frame slot arrays: "me" (on roll) and "opp". */
function slotsOf(v: Vector): { me: number[]; opp: number[] } {
  const me = new Array<number>(26).fill(0);
  const opp = new Array<number>(26).fill(0);
  v.board.points.forEach((n, i) => {
    if (n > 0) me[i + 1] = n;
    else if (n < 0) opp[24 - i] = -n;
  });
  me[BAR] = v.board.bar.me;
  opp[BAR] = v.board.bar.opp;
  me[OFF] = v.board.off.me;
  opp[OFF] = v.board.off.opp;
  return { me, opp };
}

const vectors = readJsonLines<Vector>(engineFixture('gnubg-ids.jsonl'));

describe('gnubg Position ID', () => {
  it('start position is 4HPwATDgc/ABMA, for either colour on roll and both short variants', () => {
    for (const variant of ['short', 'caucasian'] as const) {
      expect(makeGnubgPositionId(startPosition(variant))).toBe('4HPwATDgc/ABMA');
      expect(makeGnubgPositionId(startPosition(variant, 'black'))).toBe('4HPwATDgc/ABMA');
      const p = parseGnubgPositionId('4HPwATDgc/ABMA', variant);
      expect(p.ok && p.value).toEqual(startPosition(variant));
    }
  });

  it('README examples: after 8/5 6/5 the mover still on roll, and with the opponent on roll', () => {
    const after = parseGnubgPositionId('4HPwATCwZ/ABMA');
    expect(after.ok).toBe(true);
    if (!after.ok) return;
    expect(after.value.board.white.slice(1, 9)).toEqual([0, 0, 0, 0, 2, 4, 0, 2]);
    expect(makeGnubgPositionId(withTurn(after.value, 'black'))).toBe('sGfwATDgc/ABMA');
  });

  it(`matches gnubg on all ${vectors.length} vectors of gnubg-ids.jsonl, both ways and for both colours`, () => {
    expect(vectors.length).toBeGreaterThanOrEqual(2000);
    for (const v of vectors) {
      const { me, opp } = slotsOf(v);
      for (const turn of ['white', 'black'] as const) {
        const r = parseGnubgPositionId(v.pos, 'short', turn);
        if (!r.ok) throw new Error(`${v.pos}: ${r.error.message}`);
        const other = turn === 'white' ? 'black' : 'white';
        expect(r.value.turn).toBe(turn);
        expect(r.value.board[turn]).toEqual(me);
        expect(r.value.board[other]).toEqual(opp);
        expect(makeGnubgPositionId(r.value)).toBe(v.pos);
      }
    }
  });

  it('the other side on roll gives the ID of the swapped key (mirror keeps the ID)', () => {
    for (const v of vectors.slice(0, 200)) {
      const r = parseGnubgPositionId(v.pos);
      if (!r.ok) throw new Error(r.error.message);
      expect(makeGnubgPositionId(mirror(r.value))).toBe(v.pos);
    }
  });

  for (const variant of ['short', 'caucasian'] as const) {
    fcTest.prop([anyPositionArb(variant)], { numRuns: 300 })(`${variant}: parse(make(pos)) = pos`, (pos: Position) => {
      const id = makeGnubgPositionId(pos);
      expect(id).toMatch(/^[A-Za-z0-9+/]{14}$/);
      const back = parseGnubgPositionId(id, variant, pos.turn);
      expect(back.ok && back.value).toEqual(pos);
    });
  }

  it('accepts the URL-safe alphabet', () => {
    const id = vectors.map((v) => v.pos).find((p) => /[+/]/.test(p))!;
    const url = id.replace(/\+/g, '-').replace(/\//g, '_');
    const a = parseGnubgPositionId(id);
    const b = parseGnubgPositionId(url);
    expect(b.ok && a.ok && b.value).toEqual(a.ok && a.value);
  });

  /** A key from two sides' own-frame counts (slots 1..24, 25 = bar), as gnubg builds it; `extra` adds bits after. */
  function idOf(notOnRoll: Record<number, number>, onRoll: Record<number, number>, extra: number[] = []): string {
    const bits: number[] = [];
    for (const side of [notOnRoll, onRoll]) {
      for (let s = 1; s <= 25; s++) {
        for (let k = 0; k < (side[s] ?? 0); k++) bits.push(1);
        bits.push(0);
      }
    }
    bits.push(...extra);
    const bytes = new Uint8Array(10);
    bits.slice(0, 80).forEach((b, i) => {
      if (b) bytes[i >> 3]! |= 1 << (i & 7);
    });
    return btoa(String.fromCharCode(...bytes)).slice(0, 14);
  }

  it('idOf builds gnubg keys (start position)', () => {
    expect(idOf({ 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 })).toBe('4HPwATDgc/ABMA');
  });

  it.each([
    ['', /14 characters, not 0/],
    ['4HPwATDgc/ABM', /14 characters/],
    ['4HPwATDgc/ABMAA', /14 characters/],
    ['4HPwATDgc/AB!A', /not a base64 character/],
    ['4HPwATDgc/ABMB', /pad bits/],
    ['/////////////w', /more than|key ends/],
    [idOf({ 24: 2, 13: 5, 8: 3, 6: 6 }, { 1: 1 }), /16 checkers/],
    [idOf({ 1: 1 }, { 1: 1 }, [0, 0, 1]), /pad bits after the board/],
    ['AAAAAAAAAAAAAA', /borne off every checker/],
    [idOf({ 24: 1 }, { 1: 1 }), /both sides/],
  ])('rejects %j', (id, why) => {
    expectError(parseGnubgPositionId(id), 'BAD_POSITION_ID', why);
  });

  it('rejects non-strings, long nardy and bad turns without throwing', () => {
    expect(parseGnubgPositionId(42).ok).toBe(false);
    expect(parseGnubgPositionId(null).ok).toBe(false);
    expect(parseGnubgPositionId('4HPwATDgc/ABMA', 'long' as never).ok).toBe(false);
    expect(parseGnubgPositionId('4HPwATDgc/ABMA', 'short', 'red' as never).ok).toBe(false);
  });

  fcTest.prop([fc.string({ maxLength: 20 })])('never throws on random strings', (s) => {
    const r = parseGnubgPositionId(s);
    expect(typeof r.ok).toBe('boolean');
  });

  fcTest.prop([fc.uint8Array({ minLength: 10, maxLength: 10 })], { numRuns: 1000 })(
    'any 80-bit key either decodes to a position that re-encodes to the same ID, or is an error',
    (bytes) => {
      const id = btoa(String.fromCharCode(...bytes)).slice(0, 14);
      const r = parseGnubgPositionId(id);
      if (r.ok) expect(makeGnubgPositionId(r.value)).toBe(id);
      else expect(r.error.code).toBe('BAD_POSITION_ID');
    },
  );
});
