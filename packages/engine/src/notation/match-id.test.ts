import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { engineFixture, readJsonLines } from '../../test/files.js';
import { MATCH_GAME_STATES, makeMatchId, parseMatchId, type MatchIdInfo } from './match-id.js';
import { expectError } from '../expect-error.suite.js';

/** gnubg's match state as gen_ids.py / gen/match_ids.py write it (game state as a number). */
interface GnubgMatch extends Omit<MatchIdInfo, 'gameState'> {
  gameState: number;
}
interface Vector {
  match: GnubgMatch;
  matchId: string;
}

const info = (m: GnubgMatch): MatchIdInfo => ({ ...m, gameState: MATCH_GAME_STATES[m.gameState]! });

const vectors = [...readJsonLines<Vector>(engineFixture('gnubg-ids.jsonl')), ...readJsonLines<Vector>(engineFixture('gnubg-match-ids.jsonl'))];

const matchInfoArb: fc.Arbitrary<MatchIdInfo> = fc
  .record({
    cube: fc.integer({ min: 0, max: 15 }).map((k) => 2 ** k),
    cubeOwner: fc.constantFrom(0 as const, 1 as const, 'centre' as const),
    diceOwner: fc.constantFrom(0 as const, 1 as const),
    crawford: fc.boolean(),
    gameState: fc.constantFrom(...MATCH_GAME_STATES),
    turn: fc.constantFrom(0 as const, 1 as const),
    doubled: fc.boolean(),
    resigned: fc.constantFrom(0 as const, 1 as const, 2 as const, 3 as const),
    dice: fc.oneof(fc.constant([0, 0] as [number, number]), fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 6 }))),
    matchLength: fc.integer({ min: 0, max: 0x7fff }),
    score: fc.tuple(fc.integer({ min: 0, max: 0x7fff }), fc.integer({ min: 0, max: 0x7fff })),
    jacoby: fc.boolean(),
  })
  .map((m) => ({ ...m, dice: [Math.max(...m.dice), Math.min(...m.dice)] as [number, number] }));

describe('gnubg Match ID', () => {
  it(`matches gnubg on all ${vectors.length} vectors (gnubg-ids.jsonl, gnubg-match-ids.jsonl), both ways`, () => {
    expect(vectors.length).toBeGreaterThanOrEqual(2600);
    for (const v of vectors) {
      const want = info(v.match);
      expect(makeMatchId(want)).toEqual({ ok: true, value: v.matchId });
      expect(parseMatchId(v.matchId)).toEqual({ ok: true, value: want });
    }
  });

  it('every game state, resignation and both Jacoby settings occur in the vectors', () => {
    const seen = new Set(vectors.map((v) => `${v.match.gameState}`));
    expect(seen.size).toBe(5);
    expect(new Set(vectors.map((v) => v.match.resigned)).size).toBe(4);
    expect(new Set(vectors.filter((v) => v.match.matchLength === 0).map((v) => v.match.jacoby)).size).toBe(2);
  });

  it("the manual's example QYkqASAAIAAA: 9-point match, 2-4, 2-cube owned by player 0, player 1 to play 5-2", () => {
    const r = parseMatchId('QYkqASAAIAAA');
    expect(r).toEqual({
      ok: true,
      value: {
        cube: 2,
        cubeOwner: 0,
        diceOwner: 1,
        crawford: false,
        gameState: 'playing',
        turn: 1,
        doubled: false,
        resigned: 0,
        dice: [5, 2],
        matchLength: 9,
        score: [2, 4],
        jacoby: true, // bit 67 is 0 in the manual's example (gnubg 1.07 writes 1 in match play)
      },
    });
    if (r.ok) expect(makeMatchId(r.value)).toEqual({ ok: true, value: 'QYkqASAAIAAA' });
  });

  it('cAkFAAAAAAAA (the harness README): money game, player 1 to play 2-1, Jacoby on', () => {
    const r = parseMatchId('cAkFAAAAAAAA');
    expect(r.ok && r.value).toMatchObject({ cube: 1, cubeOwner: 'centre', diceOwner: 1, gameState: 'playing', dice: [2, 1], matchLength: 0, jacoby: true });
  });

  it('writes the higher die first, as gnubg does', () => {
    const base = info(vectors.find((v) => v.match.dice[0] > v.match.dice[1])!.match);
    const swapped = { ...base, dice: [base.dice[1], base.dice[0]] as const };
    expect(makeMatchId(swapped)).toEqual(makeMatchId(base));
  });

  fcTest.prop([matchInfoArb], { numRuns: 1000 })('parse(make(info)) = info', (m) => {
    const id = makeMatchId(m);
    expect(id.ok).toBe(true);
    if (!id.ok) return;
    expect(id.value).toMatch(/^[A-Za-z0-9+/]{12}$/);
    expect(parseMatchId(id.value)).toEqual({ ok: true, value: m });
  });

  it.each([
    [{ cube: 3 }, /power of two/],
    [{ cube: 65536 }, /power of two/],
    [{ cubeOwner: 2 }, /cubeOwner/],
    [{ gameState: 'finished' }, /gameState/],
    [{ dice: [7, 1] }, /dice/],
    [{ dice: [3, 0] }, /both 0/],
    [{ matchLength: 40000 }, /matchLength/],
    [{ score: [1, -1] }, /score/],
    [{ resigned: 4 }, /resigned/],
    [{ crawford: 1 }, /crawford/],
  ])('makeMatchId rejects %j', (change, why) => {
    const m = { ...info(vectors[0]!.match), ...change } as unknown as MatchIdInfo;
    expectError(makeMatchId(m), 'BAD_MATCH_ID', why);
  });

  /** A key with the given bit numbers (1-based, as in gnubg's manual) set. */
  const idWithBits = (...bits: number[]): string => {
    const bytes = new Uint8Array(9);
    for (const b of bits) bytes[(b - 1) >> 3]! |= 1 << ((b - 1) & 7);
    return btoa(String.fromCharCode(...bytes));
  };

  it.each([
    ['', /12 characters/],
    ['QYkqASAAIAA', /12 characters/],
    ['QYkqASAAIAA!', /base64/],
    [idWithBits(6), /cube owner/], // owner bits 10
    [idWithBits(9, 11), /game state 5/],
    [idWithBits(9, 16, 17, 18, 19), /dice/], // die 7
    [idWithBits(9, 16), /both 0/], // one die rolled
    [idWithBits(5, 6, 9, 68), /pad bits/],
    [idWithBits(5, 6, 9, 72), /pad bits/],
  ])('parseMatchId rejects %j', (id, why) => {
    expectError(parseMatchId(id), 'BAD_MATCH_ID', why);
  });

  it('bits land where the manual says (1-based bit numbers)', () => {
    const m = (bits: number[]) => {
      const r = parseMatchId(idWithBits(5, 6, ...bits));
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    expect(m([]).cubeOwner).toBe('centre');
    expect(m([1, 3]).cube).toBe(32);
    expect(m([7]).diceOwner).toBe(1);
    expect(m([8]).crawford).toBe(true);
    expect(m([10]).gameState).toBe('over');
    expect(m([12]).turn).toBe(1);
    expect(m([13]).doubled).toBe(true);
    expect(m([15]).resigned).toBe(2);
    expect(m([16, 18, 20]).dice).toEqual([5, 2]);
    expect(m([22, 25]).matchLength).toBe(9);
    expect(m([37 + 14]).score).toEqual([0x4000, 0]);
    expect(m([52]).score).toEqual([0, 1]);
    expect(m([67]).jacoby).toBe(false);
  });

  fcTest.prop([fc.string({ maxLength: 16 })])('never throws on random strings', (s) => {
    expect(typeof parseMatchId(s).ok).toBe('boolean');
  });

  fcTest.prop([fc.uint8Array({ minLength: 9, maxLength: 9 })], { numRuns: 1000 })(
    'any 72-bit key decodes to info that re-encodes to the same ID (dice in stored order), or is an error',
    (bytes) => {
      const id = btoa(String.fromCharCode(...bytes));
      const r = parseMatchId(id);
      if (!r.ok) return void expect(r.error.code).toBe('BAD_MATCH_ID');
      const again = makeMatchId(r.value);
      if (r.value.dice[0] >= r.value.dice[1]) expect(again).toEqual({ ok: true, value: id });
      else expect(again.ok).toBe(true);
    },
  );

  it('never throws on non-string input or odd objects', () => {
    expect(parseMatchId(undefined).ok).toBe(false);
    expect(parseMatchId({}).ok).toBe(false);
    expect(makeMatchId({} as MatchIdInfo).ok).toBe(false);
    expect(makeMatchId({ ...info(vectors[0]!.match), dice: null } as unknown as MatchIdInfo).ok).toBe(false);
    expect(makeMatchId({ ...info(vectors[0]!.match), score: 'x' } as unknown as MatchIdInfo).ok).toBe(false);
  });
});
