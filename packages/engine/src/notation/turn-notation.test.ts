import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { engineFixture, legalFixtureLines, readJsonLines } from '../../test/files.js';
import { parsePlainBoard } from './plain-board.js';
import { positionFromSetup, startPosition, withTurn, type Position } from '../position.js';
import { diceArb, playedPositionArb } from '../testing/index.js';
import { legalTurns, passTurn, type Turn } from '../turns.js';
import type { Dice, VariantId } from '../types.js';
import { makeGnubgPositionId, parseGnubgPositionId } from './gnubg-position-id.js';
import { findTurnByNotation, makeTurnNotation, NO_MOVE, parseTurnNotation, turnFromNotation, turnNotationText } from './turn-notation.js';
import { expectError } from '../expect-error.suite.js';

/** A position from the fixtures' plain board (absolute points, White's numbering). */
function plain(variant: VariantId, onRoll: 'white' | 'black', white: Record<string, number>, black: Record<string, number>, firstTurn = false): Position {
  const withOff = (side: Record<string, number>) => ({ off: 15 - Object.values(side).reduce((a, b) => a + b, 0), ...side });
  const r = parsePlainBoard({ variant, onRoll, white: withOff(white), black: withOff(black), firstTurn });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
}

/** Short-nardy position from gnubg's view: points 1..24 of the side on roll (White), > 0 own, < 0 opponent's. */
function gnubgBoard(points: number[], bar = { me: 0, opp: 0 }, variant: 'short' | 'caucasian' = 'short'): Position {
  const white = new Array<number>(26).fill(0);
  const black = new Array<number>(26).fill(0);
  points.forEach((n, i) => {
    if (n > 0) white[i + 1] = n;
    if (n < 0) black[24 - i] = -n;
  });
  white[25] = bar.me;
  black[25] = bar.opp;
  white[0] = 15 - white.reduce((a, b) => a + b, 0);
  black[0] = 15 - black.reduce((a, b) => a + b, 0);
  const r = positionFromSetup({ variant, turn: 'white', board: { white, black }, firstTurn: { white: false, black: false } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const notations = (pos: Position, dice: Dice): string[] => legalTurns(pos, dice).map((t) => makeTurnNotation(pos, t));
const sorted = (xs: string[]) => [...xs].sort();

const SN06 = gnubgBoard([-1, 0, 0, 0, 0, 5, -1, 3, 0, 0, 0, -5, 5, 0, 0, 0, -3, 0, -5, 0, 0, 0, 0, 2]);

describe('makeTurnNotation', () => {
  it('SN-01: the opening 3-1 gives exactly gnubg’s 16 strings', () => {
    const gnubg = [
      '8/5 6/5',
      '24/23 13/10',
      '24/20',
      '24/23 24/21',
      '13/9',
      '24/21 6/5',
      '13/10 6/5',
      '24/23 6/3',
      '24/23 8/5',
      '24/21 8/7',
      '13/10 8/7',
      '8/4',
      '6/2',
      '6/5 6/3',
      '8/7 6/3',
      '8/7 8/5',
    ];
    for (const variant of ['short', 'caucasian'] as const) {
      expect(sorted(notations(startPosition(variant), [3, 1]))).toEqual(sorted(gnubg));
      expect(sorted(notations(startPosition(variant, 'black'), [1, 3]))).toEqual(sorted(gnubg));
    }
  });

  it('SN-06: 6-2 gives exactly gnubg’s 15 strings, including 13/7*/5', () => {
    expect(makeGnubgPositionId(SN06)).toBe('4HPwQSDgc/ABMA');
    const gnubg = [
      '24/22 13/7*',
      '13/11 13/7*',
      '13/7*/5',
      '13/7* 8/6',
      '13/7* 6/4',
      '24/16',
      '24/22 24/18',
      '24/18 13/11',
      '13/5',
      '24/18 8/6',
      '24/18 6/4',
      '24/22 8/2',
      '13/11 8/2',
      '8/2 6/4',
      '8/6 8/2',
    ];
    expect(sorted(notations(SN06, [6, 2]))).toEqual(sorted(gnubg));
  });

  it('SN-04: bar/20 13/7, bar/20 8/2, bar/14', () => {
    const pos = gnubgBoard([0, 0, 0, 0, 0, 5, 0, 4, 0, 0, 0, -5, 5, 0, 0, 0, 0, 0, -2, 0, -2, -2, -2, -2], { me: 1, opp: 0 });
    expect(sorted(notations(pos, [6, 5]))).toEqual(sorted(['bar/20 13/7', 'bar/20 8/2', 'bar/14']));
  });

  it('CN-02: short 6/4*/3, Caucasian 6/4*', () => {
    const pts = [-2, -2, 2, -1, -2, 1, 0, 0, 0, 0, 0, 0, -4, 0, 0, 0, 0, 0, 0, 0, 0, -2, -2, 12];
    expect(notations(gnubgBoard(pts), [2, 1])).toEqual(['6/4*/3']);
    expect(notations(gnubgBoard(pts, undefined, 'caucasian'), [2, 1])).toEqual(['6/4*']);
  });

  it('doubles: (2) (3) (4), merged paths, bear-off', () => {
    expect(notations(startPosition('short'), [6, 6])).toContain('24/18(2) 13/7(2)');
    expect(notations(startPosition('short'), [1, 1])).toContain('6/5(2) 8/7(2)'.split(' ').reverse().join(' '));
    expect(notations(startPosition('short'), [4, 4])).toContain('24/20(2) 13/9(2)');
    expect(notations(startPosition('short'), [2, 2])).toContain('6/4(4)');
    const bearOff = gnubgBoard([2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1]);
    expect(notations(bearOff, [6, 5])).toEqual(['1/off(2)']);
  });

  it('long nardy prints absolute points for both colours (docs/rules.md §6.1)', () => {
    const start = startPosition('long');
    expect(notations(start, [6, 6])).toEqual(['24/18(2)']); // LN-01
    expect(notations(start, [4, 4])).toEqual(['24/16(2)']); // LN-02
    // LN-03 (the rule book writes 24/21 24/15): gnubg joins hops greedily in from-point order, so the
    // first checker from 24 takes the hops 21/18 and 18/15.
    expect(sorted(notations(start, [3, 3]))).toEqual(['24/15 24/21', '24/18(2)']);
    expect(notations(start, [5, 5])).toEqual(['24/4']); // LN-04
    expect(notations(start, [6, 5])).toEqual(['24/13']); // LN-06
    const ln07 = plain('long', 'black', { 24: 14, 13: 1 }, { 12: 15 }, true);
    expect(notations(ln07, [6, 6])).toEqual(['12/6(2)']);
    expect(sorted(notations(ln07, [3, 3]))).toEqual(['12/3 12/9', '12/6(2)']); // LN-08: 12/6(2), 12/9 12/3
    expect(notations(plain('long', 'white', { 13: 1, 1: 14 }, { 9: 1, 12: 14 }), [4, 2])).toEqual(['13/7']); // LN-19: 13/11/7
    expect(notations(plain('long', 'black', { 5: 15 }, { 2: 1, 13: 2 }), [5, 3])).toEqual(['2/18']); // LN-38: 2/23/18
    expect(sorted(notations(plain('long', 'black', { 5: 15 }, { 13: 2, 15: 1 }), [6, 2]))).toEqual(['15/off', '15/off 13/off']); // LN-37
    // LN-15: 24/20 20/16 20/16 is printed gnubg's way, one path per checker.
    expect(notations(plain('long', 'white', { 24: 14, 20: 1 }, { 12: 15 }), [4, 4])).toEqual(['24/16 20/16']);
  });

  it('no move: Ø', () => {
    const ln21 = plain('long', 'white', { 13: 1, 1: 14 }, { 7: 1, 10: 1, 12: 13 });
    expect(legalTurns(ln21, [6, 3])).toEqual([]);
    expect(makeTurnNotation(ln21, passTurn(ln21))).toBe(NO_MOVE);
    expect(NO_MOVE).toBe('Ø');
  });
});

describe('parseTurnNotation', () => {
  it('reads paths, hits, counts, bar and off', () => {
    expect(parseTurnNotation('13/7*/5 bar/20 6/off')).toEqual({
      ok: true,
      value: {
        moves: [
          { path: [13, 7, 5], hits: [false, true, false], count: 1 },
          { path: ['bar', 20], hits: [false, false], count: 1 },
          { path: [6, 'off'], hits: [false, false], count: 1 },
        ],
      },
    });
    expect(parseTurnNotation('24/18(2) 13/7(2)')).toEqual({
      ok: true,
      value: {
        moves: [
          { path: [24, 18], hits: [false, false], count: 2 },
          { path: [13, 7], hits: [false, false], count: 2 },
        ],
      },
    });
  });

  it.each(['Ø', 'ø', '∅', '-', 'pass', 'PASS', '', '   '])('%j is the turn without a move', (s) => {
    expect(parseTurnNotation(s)).toEqual({ ok: true, value: { moves: [] } });
  });

  it('is lenient about separators and case', () => {
    const a = parseTurnNotation('Bar-20, 13-7*  6/OFF');
    expect(a.ok && turnNotationText(a.value)).toBe('bar/20 13/7* 6/off');
  });

  it.each([
    ['13', /not a move/],
    ['13/', /not a move/],
    ['13//7', /not a move/],
    ['13*/7', /not a move/],
    ['13/7(5)', /not a move/],
    ['13/7(0)', /not a move/],
    ['x/7', /not a move/],
    ['26/20', /no point 26/],
    ['20/bar', /bar can only start/],
    ['off/20', /off can only end/],
    ['6/off*', /nothing is hit off/],
    ['24/18(2) 13/7(2) 6/5', /more than four/],
    ['6/5/4/3/2/1', /more than four/],
    ['x'.repeat(500), /at most 200/],
  ])('rejects %j', (s, why) => {
    expectError(parseTurnNotation(s), 'BAD_NOTATION', why);
  });

  fcTest.prop([fc.string({ maxLength: 40 })], { numRuns: 2000 })('never throws on random strings', (s) => {
    const r = parseTurnNotation(s);
    if (r.ok) expect(parseTurnNotation(turnNotationText(r.value))).toEqual(r);
    else expect(r.error.code).toBe('BAD_NOTATION');
  });

  const token = fc.constantFrom('/', '-', '*', ' ', '(', ')', '2', '4', '1', '3', 'bar', 'off', 'Ø', ',', '0', '25', '13', '7');
  fcTest.prop([fc.array(token, { maxLength: 14 }).map((a) => a.join(''))], { numRuns: 3000 })(
    'notation-like noise: a Result, and what parses prints back to itself',
    (s) => {
      const r = parseTurnNotation(s);
      if (r.ok) expect(parseTurnNotation(turnNotationText(r.value))).toEqual(r);
      else expect(r.error.code).toBe('BAD_NOTATION');
    },
  );
});

describe('turnFromNotation', () => {
  const start = startPosition('short');

  it('finds the play by its resulting position: 24/23/18, 24/18, 24/23 23/18', () => {
    const want = turnFromNotation(start, [5, 1], '24/18');
    expect(want.ok).toBe(true);
    for (const s of ['24/23/18', '24/23 23/18', '24-18', '24-23-18', ' 24/18 ']) {
      const r = turnFromNotation(start, [5, 1], s);
      expect(r.ok && want.ok && r.value.after).toEqual(want.ok && want.value.after);
    }
    expect(want.ok && makeTurnNotation(start, want.value)).toBe('24/18');
  });

  it('SN-06: 13/7*/5 (hits on 7) and 13/5 (via the empty 11) are told apart by the hit', () => {
    const turns = legalTurns(SN06, [6, 2]);
    const hit = turns.find((t) => makeTurnNotation(SN06, t) === '13/7*/5')!;
    const quiet = turns.find((t) => makeTurnNotation(SN06, t) === '13/5')!;
    for (const s of ['13/7*/5', '13/7/5', '13/7* 7/5', '13/7*/5(1)']) {
      const r = findTurnByNotation(SN06, turns, s);
      expect(r.ok && r.value).toBe(hit);
    }
    for (const s of ['13/5', '13/11/5', '13/11 11/5']) {
      const r = findTurnByNotation(SN06, turns, s);
      expect(r.ok && r.value).toBe(quiet);
    }
  });

  it('uses written hits to choose between plays that move the same checkers', () => {
    // White 24:1 (rest home); Black blots on White's 23 and 19: a 5-1 from 24 to 18 hits on 23 or on 19.
    const pos = gnubgBoard([3, 3, 3, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, -1, 1], { me: 0, opp: 0 });
    const plays = notations(pos, [5, 1]);
    expect(plays).toContain('24/23*/18');
    expect(plays).toContain('24/19*/18');
    const a = turnFromNotation(pos, [5, 1], '24/23*/18');
    const b = turnFromNotation(pos, [5, 1], '24/19*/18');
    expect(a.ok && b.ok && a.value !== b.value).toBe(true);
    expect(turnFromNotation(pos, [5, 1], '24/19/18')).toEqual(b); // landing on a blot is a hit
    const amb = turnFromNotation(pos, [5, 1], '24/18');
    expect(amb.ok).toBe(false);
    if (!amb.ok) {
      expect(amb.error.code).toBe('ILLEGAL_TURN');
      expect(amb.error.message).toMatch(/mark the hits: .*24\/23\*\/18.* or .*24\/19\*\/18/);
    }
    // With only the blot on 23, the unmarked 24/18 is the play through the empty 19.
    const one = gnubgBoard([3, 3, 3, 3, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, -1, 1]);
    const quiet = turnFromNotation(one, [5, 1], '24/18');
    expect(quiet.ok && makeTurnNotation(one, quiet.value)).toBe('24/18');
    const loud = turnFromNotation(one, [5, 1], '24/23/18');
    expect(loud.ok && makeTurnNotation(one, loud.value)).toBe('24/23*/18');
  });

  it('long nardy: absolute points for Black, merged or not', () => {
    const ln38 = plain('long', 'black', { 5: 15 }, { 2: 1, 13: 2 });
    const want = legalTurns(ln38, [5, 3])[0]!;
    for (const s of ['2/18', '2/23/18', '2/21/18', '2/23 23/18']) expect(turnFromNotation(ln38, [5, 3], s)).toEqual({ ok: true, value: want });
    const ln08 = plain('long', 'black', { 24: 14, 13: 1 }, { 12: 15 }, true);
    const r = turnFromNotation(ln08, [3, 3], '12/9 12/3');
    expect(r.ok && makeTurnNotation(ln08, r.value)).toBe('12/3 12/9');
    const bad = turnFromNotation(ln08, [3, 3], 'bar/9');
    expect(!bad.ok && bad.error.code).toBe('BAD_NOTATION');
    const off = plain('long', 'black', { 5: 15 }, { 13: 2, 15: 1 });
    expect(turnFromNotation(off, [6, 2], '15/13 13/off').ok).toBe(true);
  });

  it('pass: Ø and friends only when nothing can be played', () => {
    const ln21 = plain('long', 'white', { 13: 1, 1: 14 }, { 7: 1, 10: 1, 12: 13 });
    for (const s of ['Ø', '-', 'pass', '']) expect(turnFromNotation(ln21, [6, 3], s)).toEqual({ ok: true, value: passTurn(ln21) });
    const moved = turnFromNotation(ln21, [6, 3], '13/7');
    expect(!moved.ok && moved.error.message).toMatch(/no die can be played/);
    const notPass = turnFromNotation(start, [3, 1], 'Ø');
    expect(!notPass.ok && notPass.error.message).toMatch(/only for a throw that cannot be played/);
  });

  it.each([
    ['13/7', [3, 1], 'ILLEGAL_TURN', /"13\/7" is not a legal turn; legal turns: \d.* … \(16 in all\)/],
    ['8/5', [3, 1], 'ILLEGAL_TURN', /not a legal turn/], // both dice must be played
    ['9/5 6/5', [3, 1], 'ILLEGAL_TURN', /no checker on 9/],
    ['bar/22 6/5', [3, 1], 'ILLEGAL_TURN', /no checker on the bar/],
    ['5/8', [3, 1], 'BAD_NOTATION', /not forward/],
    ['25/22/21', [3, 1], 'ILLEGAL_TURN', /bar/],
    ['8/25', [3, 1], 'BAD_NOTATION', /25 \(the bar\) can only start/],
    ['0/3', [3, 1], 'BAD_NOTATION', /0 \(off\) can only end/],
    ['8/5 6/5', [3, 7], 'BAD_DICE', /dice/],
    ['hello', [3, 1], 'BAD_NOTATION', /not a move/],
  ] as const)('%j with %j: %s', (s, dice, code, why) => {
    expectError(turnFromNotation(start, dice, s), code, why);
  });

  it('long nardy has no point 0 or 25', () => {
    const r = turnFromNotation(startPosition('long'), [6, 5], '25/13');
    expect(!r.ok && r.error.code).toBe('BAD_NOTATION');
  });
});

describe('round trip: every legal turn’s notation resolves back to it', () => {
  /** Each turn's printed notation finds that same turn among the legal turns. */
  function checkAll(pos: Position, dice: Dice, where: string): number {
    const turns = legalTurns(pos, dice);
    for (const t of turns) {
      const text = makeTurnNotation(pos, t);
      const r = findTurnByNotation(pos, turns, text);
      if (!r.ok || r.value !== t) {
        throw new Error(`${where}: "${text}" → ${r.ok ? makeTurnNotation(pos, r.value) : r.error.message}`);
      }
    }
    if (turns.length === 0) {
      const r = findTurnByNotation(pos, turns, makeTurnNotation(pos, passTurn(pos)));
      expect(r).toEqual({ ok: true, value: passTurn(pos) });
    }
    return turns.length;
  }

  for (const variant of ['long', 'short', 'caucasian'] as const) {
    fcTest.prop([playedPositionArb(variant), diceArb], { numRuns: 150 })(`${variant}: random positions from random play`, (pos, dice) => {
      checkAll(pos, dice, `${variant} ${JSON.stringify(pos.board)} ${dice}`);
      // The text also resolves through turnFromNotation (which generates the turns itself).
      const turns = legalTurns(pos, dice);
      const t = turns[turns.length >> 1];
      if (t) expect(turnFromNotation(pos, dice, makeTurnNotation(pos, t))).toEqual({ ok: true, value: t });
    });
  }

  for (const variant of ['short', 'caucasian', 'long'] as const) {
    it(`every line of test/fixtures/legal/${variant}.jsonl.gz`, () => {
      const lines = legalFixtureLines(variant);
      let turns = 0;
      lines.forEach((line, i) => {
        const p = parsePlainBoard(JSON.parse(line));
        if (!p.ok || !p.value.dice) throw new Error(`${variant}.jsonl:${i + 1}: ${p.ok ? 'no dice' : p.error.message}`);
        turns += checkAll(p.value.position, p.value.dice, `${variant}.jsonl:${i + 1}`);
      });
      expect(lines.length).toBeGreaterThan(500);
      expect(turns).toBeGreaterThan(lines.length);
    }, 120_000);
  }
});

describe('agreement with GNU Backgammon (test/fixtures/gnubg-notation.jsonl)', () => {
  interface Line {
    id: number;
    pos: string;
    dice: [number, number];
    plays: { move: string; after: string }[];
  }
  const lines = readJsonLines<Line>(engineFixture('gnubg-notation.jsonl'));

  it(`prints gnubg's move string for every play of ${lines.length} positions, and reads it back`, () => {
    let plays = 0;
    const diffs: string[] = [];
    for (const line of lines) {
      const p = parseGnubgPositionId(line.pos);
      if (!p.ok) throw new Error(p.error.message);
      const pos = p.value;
      const turns = legalTurns(pos, line.dice as unknown as Dice);
      const byAfter = new Map<string, Turn>(turns.map((t) => [makeGnubgPositionId(withTurn(t.after, pos.turn)), t]));
      expect(turns.length).toBe(line.plays.length);
      for (const play of line.plays) {
        plays++;
        const t = byAfter.get(play.after);
        if (!t) throw new Error(`line ${line.id}: gnubg's ${play.move} (${play.after}) is not among our turns`);
        const ours = makeTurnNotation(pos, t);
        if (ours !== play.move) diffs.push(`line ${line.id} ${line.pos} ${line.dice}: gnubg "${play.move}", ours "${ours}"`);
        const back = findTurnByNotation(pos, turns, play.move);
        if (!back.ok || back.value !== t) throw new Error(`line ${line.id}: gnubg's "${play.move}" does not resolve to its play`);
      }
    }
    expect(diffs).toEqual([]);
    expect(plays).toBeGreaterThan(5000);
  });
});
