import { BAR, HEAD, OFF, startPosition } from '@nardy/engine';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { away, edit, lift, move, newEdit, restOff, unplaced, validate, withOnRoll, type EditState, type Target } from './editModel';

const point = (abs: number): Target => ({ kind: 'point', abs });
const must = (r: ReturnType<typeof edit>): EditState => {
  if (!r.ok) throw new Error(r.problem.key);
  return r.value;
};

describe('the analysis board editor', () => {
  it('starts from the variant’s starting position, valid, White on roll before the throw', () => {
    for (const variant of ['short', 'long', 'caucasian'] as const) {
      const s = newEdit(variant, 'start');
      const v = validate(s);
      expect(v.ok && v.value).toEqual(startPosition(variant));
      expect(s.dice).toBeNull();
    }
  });

  it('an empty board has every checker to place, and says so', () => {
    const s = newEdit('short', 'empty');
    expect(unplaced(s.board.white)).toBe(15);
    expect(validate(s)).toEqual({ ok: false, problem: { key: 'problem.unplaced', values: { color: 'white', count: 15 } } });
  });

  it('adds a checker of the chosen side on a point (absolute numbering), removes whoever is there', () => {
    let s = newEdit('short', 'empty');
    s = must(edit(s, point(6), 'white', 'add'));
    s = must(edit(s, point(19), 'black', 'add'));
    expect(s.board.white[6]).toBe(1);
    expect(s.board.black[6]).toBe(1); // Black's own 6 is absolute 19
    s = must(edit(s, point(19), 'white', 'remove'));
    expect(s.board.black[6]).toBe(0);
    expect(edit(s, point(19), 'white', 'remove')).toEqual({ ok: false, problem: { key: 'problem.nothingToRemove' } });
  });

  it('refuses a point the other colour holds, a 16th checker, and the bar in long nardy', () => {
    const s = newEdit('short', 'start');
    expect(edit(s, point(19), 'white', 'add')).toEqual({ ok: false, problem: { key: 'problem.pointTaken', values: { point: 19, color: 'black' } } });
    expect(edit(s, point(3), 'white', 'add')).toEqual({ ok: false, problem: { key: 'problem.noneLeft', values: { color: 'white' } } });
    const long = must(edit(newEdit('long', 'start'), point(24), 'white', 'remove'));
    expect(edit(long, { kind: 'bar', color: 'white' }, 'white', 'add')).toEqual({ ok: false, problem: { key: 'problem.noBar' } });
  });

  it('places on the bar and the tray, and bears the rest off', () => {
    let s = must(edit(newEdit('short', 'start'), point(6), 'white', 'remove'));
    s = must(edit(s, { kind: 'bar', color: 'white' }, 'black', 'add'));
    expect(s.board.white[BAR]).toBe(1);
    s = must(edit(s, { kind: 'bar', color: 'white' }, 'white', 'remove'));
    s = must(edit(s, { kind: 'off', color: 'white' }, 'white', 'add'));
    expect(s.board.white[OFF]).toBe(1);
    expect(validate(s).ok).toBe(true);
    const race = restOff(must(edit(newEdit('short', 'empty'), point(1), 'white', 'add')));
    expect(race.board.white[OFF]).toBe(14);
    expect(race.board.black[OFF]).toBe(15);
    expect(validate(race)).toEqual({ ok: false, problem: { key: 'problem.over', values: { color: 'black' } } });
  });

  it('long nardy: the first-turn flag goes once a checker leaves the head', () => {
    const s = must(edit(newEdit('long', 'start'), point(24), 'white', 'remove'));
    expect(s.board.white[HEAD]).toBe(14);
    expect(s.firstTurn).toEqual({ white: false, black: true });
  });

  it('checks the score against the match, and gives the score from the side on roll’s view', () => {
    const s: EditState = { ...newEdit('short', 'start'), matchLength: 5, score: { white: 4, black: 1 }, cube: { value: 2, owner: 'black' } };
    expect(validate(s).ok).toBe(true);
    expect(away(s)).toEqual({ onRoll: 1, opponent: 4 });
    expect(withOnRoll({ ...s, dice: [3, 1] }, 'black')).toMatchObject({ turn: 'black', dice: null });
    expect(away(withOnRoll(s, 'black'))).toEqual({ onRoll: 4, opponent: 1 });
    expect(validate({ ...s, score: { white: 5, black: 0 } })).toEqual({ ok: false, problem: { key: 'problem.score', values: { length: 5 } } });
    expect(away({ ...s, matchLength: 0 })).toBeUndefined();
  });

  describe('a drag moves one checker', () => {
    const start = newEdit('short', 'start');
    it('from a point to a point: the colour it lifted, the position still whole', () => {
      expect(lift(start, point(6))).toBe('white');
      expect(lift(start, point(19))).toBe('black');
      expect(lift(start, point(3))).toBeNull();
      const s = must(move(start, point(6), point(5)));
      expect([s.board.white[6], s.board.white[5]]).toEqual([4, 1]);
      expect(validate(s).ok).toBe(true);
    });

    it('refuses a point the other colour holds and the bar in long nardy, as a click would', () => {
      expect(move(start, point(6), point(19))).toEqual({ ok: false, problem: { key: 'problem.pointTaken', values: { point: 19, color: 'black' } } });
      expect(move(newEdit('long', 'start'), point(24), { kind: 'bar', color: 'white' })).toEqual({ ok: false, problem: { key: 'problem.noBar' } });
      expect(move(start, point(3), point(4))).toEqual({ ok: false, problem: { key: 'problem.nothingToRemove' } });
    });

    it('to the bar or the tray of either row: the dragged colour’s own; dropped where it was, nothing changes', () => {
      const hit = must(move(start, point(6), { kind: 'bar', color: 'black' }));
      expect([hit.board.white[BAR], hit.board.black[BAR]]).toEqual([1, 0]);
      const off = must(move(hit, { kind: 'bar', color: 'white' }, { kind: 'off', color: 'black' }));
      expect([off.board.white[BAR], off.board.white[OFF], off.board.black[OFF]]).toEqual([0, 1, 0]);
      expect(must(move(off, { kind: 'off', color: 'white' }, { kind: 'off', color: 'black' }))).toBe(off);
      expect(must(move(start, point(6), point(6)))).toBe(start);
    });

    it('never changes how many checkers a colour has, in any variant (property)', () => {
      const target = fc.oneof(
        fc.integer({ min: 1, max: 24 }).map(point),
        fc.record({ kind: fc.constantFrom('bar' as const, 'off' as const), color: fc.constantFrom('white' as const, 'black' as const) }),
      );
      fc.assert(
        fc.property(
          fc.constantFrom('short' as const, 'long' as const, 'caucasian' as const),
          fc.array(fc.tuple(target, target), { maxLength: 30 }),
          (variant, drags) => {
            let s = newEdit(variant, 'start');
            for (const [from, to] of drags) {
              const r = move(s, from, to);
              if (r.ok) s = r.value;
              expect(unplaced(s.board.white)).toBe(0);
              expect(unplaced(s.board.black)).toBe(0);
            }
            for (const color of ['white', 'black'] as const) for (const n of s.board[color]) expect(n).toBeGreaterThanOrEqual(0);
          },
        ),
      );
    });
  });
});
