import { describe, expect, it } from 'vitest';
import { edit, newEdit, validate, type EditState } from './editModel';
import { boardQuery, fromIds, fromQuery, idsOf } from './ids';

const ok = <T>(r: { ok: true; value: T } | { ok: false; problem: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.problem));
  return r.value;
};
const ids = (s: EditState) => idsOf(s, ok(validate(s)));

describe('the analysis board’s IDs', () => {
  it('short nardy: gnubg’s own IDs of the starting position', () => {
    const s = newEdit('short', 'start');
    expect(ids(s).position).toBe('4HPwATDgc/ABMA');
    // gnubg's Match ID of a money game, cube centred, player 1 (White) on roll, no dice
    const back = ok(fromIds('short', '4HPwATDgc/ABMA', ids(s).match));
    expect(back).toEqual(s);
  });

  it('reads gnubg’s Position ID:Match ID pair: side on roll, dice, cube, score', () => {
    // Black (gnubg's player 0) on roll with 5-2, 7-point match, 2-4, cube 2 owned by White
    const s: EditState = {
      ...newEdit('short', 'start'),
      turn: 'black',
      dice: [5, 2],
      matchLength: 7,
      score: { white: 4, black: 2 },
      cube: { value: 2, owner: 'white' },
    };
    const { position, match } = ids(s);
    const back = ok(fromIds('short', `${position}:${match}`, ''));
    expect(back).toEqual(s);
    expect(ok(fromIds('short', position, match))).toEqual(s);
  });

  it('long nardy and Caucasian round-trip through their IDs and the board URL', () => {
    const long = ok(edit(newEdit('long', 'start'), { kind: 'point', abs: 24 }, 'white', 'remove'));
    const moved = ok(edit(long, { kind: 'point', abs: 20 }, 'white', 'add'));
    const withDice: EditState = { ...moved, dice: [6, 6], turn: 'black', firstTurn: moved.firstTurn };
    const longIds = ids(withDice);
    expect(longIds.position).toMatch(/^[A-Za-z0-9_-]{14}$/);
    expect(ok(fromQuery(boardQuery('long', longIds))!)).toEqual(withDice);
    const cau: EditState = { ...newEdit('caucasian', 'start'), dice: [3, 1] };
    expect(ok(fromQuery(boardQuery('caucasian', ids(cau)))!)).toEqual(cau);
  });

  it('says what is wrong with a pasted ID', () => {
    expect(fromIds('short', 'nonsense', '')).toMatchObject({ ok: false, problem: { key: 'problem.positionId' } });
    expect(fromIds('short', '4HPwATDgc/ABMA', 'bad!')).toMatchObject({ ok: false, problem: { key: 'problem.matchId' } });
    expect(fromIds('long', '4HPwATDgc/ABMA', '')).toMatchObject({ ok: false, problem: { key: 'problem.positionId' } });
  });

  it('a URL without a position opens a fresh board', () => {
    expect(fromQuery('')).toBeNull();
    expect(fromQuery('?variant=long')).toBeNull();
  });
});
