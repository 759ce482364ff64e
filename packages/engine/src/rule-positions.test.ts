import { describe, expect, it } from 'vitest';
import { ruleOptions, type RuleOptions } from './options.js';
import { boardKey, type Position } from './position.js';
import { parsePlainBoard } from './notation/plain-board.js';
import { turnFromNotation } from './notation/turn-notation.js';
import { legalTurns } from './turns.js';
import type { Color, Dice, VariantId } from './types.js';

/** The test positions of docs/rules.md §6, by id, under the options each one states. */

type Points = Record<number, number>;

function board(variant: VariantId, turn: Color, white: Points, black: Points, firstTurn = false): Position {
  const side = (pts: Points) => {
    const n = Object.values(pts).reduce((a, b) => a + b, 0);
    return { ...Object.fromEntries(Object.entries(pts)), off: 15 - n };
  };
  const r = parsePlainBoard({ variant, onRoll: turn, white: side(white), black: side(black), firstTurn });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
}

/** gnubg's POS list of §6.6: on-roll bar, points 1..24 from the side on roll's view (+ own, − opponent), opponent bar. */
function gnubgPos(variant: VariantId, list: string): Position {
  const n = list.trim().split(/\s+/).map(Number);
  const white: Record<string, number> = { bar: n[0]! };
  const black: Record<string, number> = { bar: n[25]! };
  for (let p = 1; p <= 24; p++) {
    if (n[p]! > 0) white[String(p)] = n[p]!;
    if (n[p]! < 0) black[String(p)] = -n[p]!;
  }
  const count = (s: Record<string, number>) => Object.values(s).reduce((a, b) => a + b, 0);
  white['off'] = 15 - count(white);
  black['off'] = 15 - count(black);
  const r = parsePlainBoard({ variant, onRoll: 'white', white, black });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
}

const opts = (o: Partial<RuleOptions> = {}): RuleOptions => {
  const r = ruleOptions(o);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

const keys = (pos: Position, dice: Dice, o?: Partial<RuleOptions>): string[] =>
  legalTurns(pos, dice, opts(o))
    .map((t) => boardKey(t.after))
    .sort();

/** The board key a play in notation reaches (it must be legal). */
function keyOf(pos: Position, dice: Dice, play: string, o?: Partial<RuleOptions>): string {
  const t = turnFromNotation(pos, dice, play, opts(o));
  if (!t.ok) throw new Error(`${play}: ${t.error.message}`);
  return boardKey(t.value.after);
}

/** The board key after moving checkers of the side on roll between absolute points, ignoring legality (long nardy). */
function keyAfterMoves(pos: Position, moves: [number, number | 'off'][]): string {
  const w = pos.turn;
  const mine = [...pos.board[w]];
  const own = (abs: number) => (w === 'white' ? abs : abs > 12 ? abs - 12 : abs + 12);
  for (const [from, to] of moves) {
    mine[own(from)]!--;
    if (to === 'off') mine[0]!++;
    else mine[own(to)]!++;
  }
  return boardKey({ ...pos, board: w === 'white' ? { white: mine, black: pos.board.black } : { white: pos.board.white, black: mine } });
}

function expectExactly(pos: Position, dice: Dice, plays: string[], o?: Partial<RuleOptions>): void {
  expect(keys(pos, dice, o)).toEqual([...new Set(plays.map((p) => keyOf(pos, dice, p, o)))].sort());
}

const START_LONG = { white: { 24: 15 }, black: { 12: 15 } };

describe('docs/rules.md §6.1 long nardy — opening and head rule (L9–L11)', () => {
  const start = (turn: Color = 'white') => board('long', turn, START_LONG.white, START_LONG.black, true);
  it('LN-01 6-6 first turn: exactly 24/18(2), two sixes forfeited', () => expectExactly(start(), [6, 6], ['24/18(2)']));
  it('LN-02 4-4 first turn: exactly 24/16(2)', () => expectExactly(start(), [4, 4], ['24/16(2)']));
  it('LN-03 3-3 first turn: exactly 24/18(2) and 24/21 24/15', () => expectExactly(start(), [3, 3], ['24/18(2)', '24/21 24/15']));
  it('LN-04 5-5 first turn: exactly 24/4; anyDouble adds the two-checker plays', () => {
    expectExactly(start(), [5, 5], ['24/4']);
    const any = { headExceptionScope: 'anyDouble' } as const;
    expectExactly(start(), [5, 5], ['24/4', '24/9 24/19', '24/14(2)'], any);
  });
  it('LN-05 2-2 first turn: exactly 24/16', () => expectExactly(start(), [2, 2], ['24/16']));
  it('LN-06 6-5 first turn: exactly 24/13', () => expectExactly(start(), [6, 5], ['24/13']));
  const afterWhite = (white: Points) => board('long', 'black', white, { 12: 15 }, true);
  it("LN-07 Black's first turn 6-6: exactly 12/6(2)", () => expectExactly(afterWhite({ 24: 14, 13: 1 }), [6, 6], ['12/6(2)']));
  it("LN-08 Black's first turn 3-3: exactly 12/6(2) and 12/9 12/3", () => expectExactly(afterWhite({ 24: 14, 13: 1 }), [3, 3], ['12/6(2)', '12/9 12/3']));
  it('LN-09 after White 5-5, Black 4-4: federation 12/8; blockedDouble 12/8(2)', () => {
    const p = afterWhite({ 24: 14, 4: 1 });
    expectExactly(p, [4, 4], ['12/8']);
    expectExactly(p, [4, 4], ['12/8(2)'], { headExceptionScope: 'blockedDouble' });
  });
  it('LN-10 after White 2-1, Black 5-5: federation 12/2; blockedDouble 12/2(2)', () => {
    const p = afterWhite({ 24: 14, 21: 1 });
    expectExactly(p, [5, 5], ['12/2']);
    expectExactly(p, [5, 5], ['12/2(2)'], { headExceptionScope: 'blockedDouble' });
  });
  it('LN-11 after White 6-2, Black 5-5: federation 12/21; blockedDouble 12/21 12/7 and 12/2(2)', () => {
    const p = afterWhite({ 24: 14, 16: 1 });
    expectExactly(p, [5, 5], ['12/21']);
    expectExactly(p, [5, 5], ['12/21 12/7', '12/2(2)'], { headExceptionScope: 'blockedDouble' });
  });
  it('LN-12 after White 5-5, Black 2-2: federation 12/6; blockedDouble 12/6 12/10 and 12/8(2)', () => {
    const p = afterWhite({ 24: 14, 4: 1 });
    expectExactly(p, [2, 2], ['12/6']);
    expectExactly(p, [2, 2], ['12/6 12/10', '12/8(2)'], { headExceptionScope: 'blockedDouble' });
  });
  it('LN-13 as LN-12 but not the first turn: exactly 12/6 under every option', () => {
    const p = board('long', 'black', { 24: 14, 4: 1 }, { 12: 15 }, false);
    for (const headExceptionScope of ['federation', 'blockedDouble', 'anyDouble'] as const) {
      expectExactly(p, [2, 2], ['12/6'], { headExceptionScope });
    }
  });
  it('LN-14 second turn 6-6: exactly 24/18 (one head checker, three sixes forfeited)', () =>
    expectExactly(board('long', 'white', { 24: 13, 18: 2 }, { 12: 13, 6: 2 }), [6, 6], ['24/18']));
  it('LN-15 4-4 not first turn: exactly 24/20 20/16 20/16', () => {
    const p = board('long', 'white', { 24: 14, 20: 1 }, { 12: 15 });
    expect(keys(p, [4, 4])).toEqual([
      keyAfterMoves(p, [
        [24, 20],
        [20, 16],
        [20, 16],
      ]),
    ]);
  });
  it('LN-16 1-1: 21 positions, none with two checkers from the head', () => {
    const p = board('long', 'white', { 24: 10, 23: 1, 18: 4 }, { 12: 15 });
    const turns = legalTurns(p, [1, 1]);
    expect(turns).toHaveLength(21);
    for (const t of turns) expect(t.steps.filter((s) => s.from === 24).length).toBeLessThanOrEqual(1);
  });
});

describe('docs/rules.md §6.2 long nardy — forced play (L12–L14)', () => {
  it('LN-17 each die alone, not both: the larger, exactly 13/7', () =>
    expectExactly(board('long', 'white', { 13: 1, 1: 14 }, { 4: 2, 12: 13 }), [6, 3], ['13/7']));
  it('LN-18 the 6 not playable at all: the smaller, exactly 13/10', () =>
    expectExactly(board('long', 'white', { 13: 1, 1: 14 }, { 7: 1, 4: 1, 12: 13 }), [6, 3], ['13/10']));
  it('LN-19 only the 2-first order works: exactly 13/11/7', () =>
    expectExactly(board('long', 'white', { 13: 1, 1: 14 }, { 9: 1, 12: 14 }), [4, 2], ['13/11/7']));
  it('LN-20 three of four twos: exactly 13/7', () => expectExactly(board('long', 'white', { 13: 1, 1: 14 }, { 5: 1, 12: 14 }), [2, 2], ['13/7']));
  it('LN-21 no legal move: the turn passes', () => expect(keys(board('long', 'white', { 13: 1, 1: 14 }, { 7: 1, 10: 1, 12: 13 }), [6, 3])).toEqual([]));
  it('LN-22 passing over a closed point: exactly 20/16/13', () =>
    expectExactly(board('long', 'white', { 20: 1, 1: 14 }, { 17: 1, 12: 14 }), [4, 3], ['20/16/13']));
});

describe('docs/rules.md §6.3 long nardy — six-block rule (L16)', () => {
  const ln23 = board('long', 'white', { 24: 9, 11: 1, 10: 1, 9: 1, 8: 2, 7: 1 }, { 12: 15 });
  it('LN-23 all Black behind: 29 positions, no step leaves 11..6 held', () => {
    const k = keys(ln23, [2, 1]);
    expect(k).toHaveLength(29);
    expect(k).not.toContain(
      keyAfterMoves(ln23, [
        [24, 23],
        [8, 6],
      ]),
    );
    for (const play of ['11/10 8/6', '10/9 8/6', '9/8 8/6', '8/7 8/6', '7/6 8/6']) expect(k).toContain(keyOf(ln23, [2, 1], play));
  });
  it('LN-24 a Black checker ahead: 25 positions including 24/23 8/6', () => {
    const p = board('long', 'white', { 24: 9, 11: 1, 10: 1, 9: 1, 8: 2, 7: 1 }, { 12: 14, 5: 1 });
    const k = keys(p, [2, 1]);
    expect(k).toHaveLength(25);
    expect(k).toContain(
      keyAfterMoves(p, [
        [24, 23],
        [8, 6],
      ]),
    );
  });
  it('LN-25 wrap seam for White: 33 positions, 4/3(4) absent (3,2,1,24,23,22 consecutive for Black)', () => {
    const p = board('long', 'white', { 24: 3, 23: 1, 22: 1, 2: 1, 1: 1, 4: 8 }, { 12: 15 });
    const k = keys(p, [1, 1]);
    expect(k).toHaveLength(33);
    expect(k).not.toContain(
      keyAfterMoves(p, [
        [4, 3],
        [4, 3],
        [4, 3],
        [4, 3],
      ]),
    );
  });
  const ln26 = board('long', 'white', { 24: 10, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1 }, { 23: 1, 12: 14 });
  const via22 = (p: Position) =>
    keyAfterMoves(p, [
      [24, 22],
      [22, 21],
    ]);
  it('LN-26 perStep: 23 positions without 24/22/21; endOfTurn: 24 with it', () => {
    const per = keys(ln26, [2, 1]);
    expect(per).toHaveLength(23);
    expect(per).not.toContain(via22(ln26));
    const end = keys(ln26, [2, 1], { blockCheck: 'endOfTurn' });
    expect(end).toHaveLength(24);
    expect(end).toContain(via22(ln26));
  });
  it('LN-27 with 23 empty, 24/21 (via 23) is legal under both semantics', () => {
    const p = board('long', 'white', { 24: 10, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1 }, { 12: 15 });
    for (const blockCheck of ['perStep', 'endOfTurn'] as const) expect(keys(p, [2, 1], { blockCheck })).toContain(via22(p));
  });
  it('LN-28 a Black checker ahead: 24/22 22/21 and 24/22 17/16 under both semantics', () => {
    const p = board('long', 'white', { 24: 10, 21: 1, 20: 1, 19: 1, 18: 1, 17: 1 }, { 23: 1, 14: 1, 12: 13 });
    for (const blockCheck of ['perStep', 'endOfTurn'] as const) {
      const k = keys(p, [2, 1], { blockCheck });
      expect(k).toContain(
        keyAfterMoves(p, [
          [24, 22],
          [22, 21],
        ]),
      );
      expect(k).toContain(
        keyAfterMoves(p, [
          [24, 22],
          [17, 16],
        ]),
      );
    }
  });
  it('LN-29 6-6 interplay: 98 positions under perStep', () => {
    const p = board('long', 'white', { 24: 10, 23: 1, 22: 1, 21: 1, 20: 1, 19: 1 }, { 12: 15 });
    const k = keys(p, [6, 6]);
    expect(k).toHaveLength(98);
    expect(k).toContain(
      keyAfterMoves(p, [
        [19, 13],
        [13, 7],
        [24, 18],
        [23, 17],
      ]),
    );
    expect(k).not.toContain(
      keyAfterMoves(p, [
        [24, 18],
        [23, 17],
        [22, 16],
        [21, 15],
      ]),
    );
    expect(k).not.toContain(
      keyAfterMoves(p, [
        [19, 13],
        [13, 7],
        [7, 1],
        [24, 18],
      ]),
    );
  });
  it("LN-30 seam 1|24 is no joint for White's path: 33 positions including 7/1 1/22", () => {
    const p = board('long', 'black', { 6: 5, 5: 5, 4: 5 }, { 3: 1, 2: 1, 1: 1, 24: 1, 23: 1, 7: 1, 18: 9 });
    const k = keys(p, [6, 3]);
    expect(k).toHaveLength(33);
    expect(k).toContain(
      keyAfterMoves(p, [
        [7, 1],
        [1, 22],
      ]),
    );
  });
  it("LN-31 seam 13→12 is contiguous on White's path: 10 positions, no 15..10 block", () => {
    const p = board('long', 'black', { 24: 10, 20: 5 }, { 15: 1, 14: 1, 13: 1, 12: 10, 11: 2 });
    const k = keys(p, [2, 1]);
    expect(k).toHaveLength(10);
    expect(k).not.toContain(
      keyAfterMoves(p, [
        [11, 10],
        [12, 10],
      ]),
    );
  });
});

describe('docs/rules.md §6.4 long nardy — bearing off (L17–L22)', () => {
  it('LN-32 exactly 6/2 2/off and 6/1 2/off', () => expectExactly(board('long', 'white', { 6: 1, 2: 2 }, { 12: 15 }), [5, 4], ['6/2 2/off', '6/1 2/off']));
  it('LN-33 6-6: 5/off 2/off 2/off, the fourth six unused', () =>
    expectExactly(board('long', 'white', { 5: 1, 2: 2 }, { 12: 15 }), [6, 6], ['5/off 2/off 2/off']));
  it('LN-34 exactly 3 positions', () => expectExactly(board('long', 'white', { 6: 2, 3: 1 }, { 12: 15 }), [5, 1], ['6/5 6/1', '6/5 5/off', '6/1 3/2']));
  it('LN-35 the last checker enters, then bears off: exactly 2 positions', () =>
    expectExactly(board('long', 'white', { 8: 1, 3: 14 }, { 12: 15 }), [6, 2], ['8/6 6/off', '8/2 3/1']));
  it('LN-36 exactly 1 position (7/6 6/off)', () => expectExactly(board('long', 'white', { 7: 1, 1: 14 }, { 12: 15 }), [6, 1], ['7/6 6/off']));
  it('LN-37 Black bear-off: exactly 15/off 13/off and 15/13 13/off', () =>
    expectExactly(board('long', 'black', { 5: 15 }, { 13: 2, 15: 1 }), [6, 2], ['15/off 13/off', '15/13 13/off']));
  it('LN-38 Black across the 1|24 joint: exactly 2/23/18', () => expectExactly(board('long', 'black', { 5: 15 }, { 2: 1, 13: 2 }), [5, 3], ['2/23/18']));
  it('LN-42 extra throw: Black 6-5 from 13,14,18 → 18/off 14/off or 18/13 14/off', () =>
    expectExactly(board('long', 'black', {}, { 13: 1, 14: 1, 18: 1 }), [6, 5], ['18/off 14/off', '18/13 14/off']));
});

describe('docs/rules.md §6.6 short nardy (gnubg)', () => {
  it('SN-01 opening 3-1: 16 plays including 8/5 6/5', () => {
    const p = board('short', 'white', { 24: 2, 13: 5, 8: 3, 6: 5 }, { 1: 2, 12: 5, 17: 3, 19: 5 });
    const k = keys(p, [3, 1]);
    expect(k).toHaveLength(16);
    expect(k).toContain(keyOf(p, [3, 1], '8/5 6/5'));
  });
  it('SN-03 only the larger die: exactly 13/7', () =>
    expectExactly(gnubgPos('short', '0 14 0 -2 0 0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 -13 0'), [6, 4], ['13/7']));
  it('SN-04 on the bar, only point 20 open: exactly bar/20 13/7, bar/20 8/2, bar/14', () =>
    expectExactly(gnubgPos('short', '1 0 0 0 0 0 5 0 4 0 0 0 -5 5 0 0 0 0 0 -2 0 -2 -2 -2 -2 0'), [6, 5], ['bar/20 13/7', 'bar/20 8/2', 'bar/14']));
  it('SN-06 hit and continue: 15 plays including 13/7*/5', () => {
    const p = gnubgPos('short', '0 -1 0 0 0 0 5 -1 3 0 0 0 -5 5 0 0 0 -3 0 -5 0 0 0 0 2 0');
    const k = keys(p, [6, 2]);
    expect(k).toHaveLength(15);
    expect(k).toContain(keyOf(p, [6, 2], '13/7*/5'));
  });
});

describe('docs/rules.md §6.7 Caucasian nardy (C1–C3)', () => {
  const cn01 = '0 0 0 2 -1 0 3 0 3 0 0 0 0 5 0 0 0 0 -5 0 -5 0 0 0 2 0';
  it('CN-01 standard 29 plays; Caucasian 28, only 6/4*/3 removed', () => {
    const short = gnubgPos('short', cn01);
    const cauc = gnubgPos('caucasian', cn01);
    const s = keys(short, [2, 1]);
    const c = keys(cauc, [2, 1]);
    expect(s).toHaveLength(29);
    expect(c).toHaveLength(28);
    expect(s.filter((k) => !c.includes(k))).toEqual([keyOf(short, [2, 1], '6/4*/3')]);
    for (const play of ['6/3', '6/4* 3/2', '6/4* 6/5', '6/4* 8/7']) expect(c).toContain(keyOf(cauc, [2, 1], play));
  });
  it('CN-02 standard exactly 6/4*/3; Caucasian exactly 6/4*', () => {
    const list = '0 -2 -2 2 -1 -2 1 0 0 0 0 0 0 -4 0 0 0 0 0 0 0 0 -2 -2 12 0';
    expectExactly(gnubgPos('short', list), [2, 1], ['6/4*/3']);
    expectExactly(gnubgPos('caucasian', list), [2, 1], ['6/4*']);
  });
  it('CN-03 hitting and moving on to an empty point is legal in both', () => {
    for (const v of ['short', 'caucasian'] as const) {
      const p = gnubgPos(v, cn01);
      expect(keys(p, [3, 2])).toContain(keyOf(p, [3, 2], '6/4*/1'));
    }
  });
  it('CN-04 a hit outside the home, then onto the own 6-point: legal in both', () => {
    for (const v of ['short', 'caucasian'] as const) {
      const p = board(v, 'white', { 24: 2, 13: 5, 6: 5, 3: 3 }, { 8: 1, 12: 4, 17: 3, 19: 5, 1: 2 });
      expect(keys(p, [5, 2])).toContain(keyOf(p, [5, 2], '13/8*/6'));
    }
  });
  it('CN-05 a hit on the own 5-point then onto a point with one own checker: short only', () => {
    const white = { 24: 2, 13: 5, 8: 3, 6: 4, 3: 1 };
    const black = { 5: 1, 12: 5, 17: 3, 19: 4, 1: 2 };
    const short = board('short', 'white', white, black);
    const k = keyOf(short, [2, 1], '6/5*/3');
    expect(keys(short, [2, 1])).toContain(k);
    expect(keys(board('caucasian', 'white', white, black), [2, 1])).not.toContain(k);
  });
});
