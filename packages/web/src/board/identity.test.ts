import { describe, expect, it } from 'vitest';
import { assignIds } from './identity';
import { applySteps, BAR } from './position';
import { model, side, steps } from './testModels';

describe('checker identities (what animates)', () => {
  const m = model('short', {
    board: { white: side({ 24: 2, 13: 5, 8: 3, 6: 5 }), black: side({ 18: 1, 13: 4, 6: 5, 8: 3, 24: 2 }) },
  });
  const ids = assignIds(null, m.board);

  it('a step moves the top checker of its source and keeps every other id in place', () => {
    const after = assignIds(ids, applySteps(m, 'white', steps('24/18')).board);
    expect(after.white[24]).toEqual([ids.white[24]![0]]);
    expect(after.white[18]).toEqual([ids.white[24]![1]]);
    expect(after.white[13]).toEqual(ids.white[13]);
    expect(after.black).toEqual(ids.black);
    expect(after.next).toBe(ids.next);
  });

  it("a hit moves the opponent's checker to his bar; undoing moves both back", () => {
    const hit = assignIds(ids, applySteps(m, 'white', steps('13/7*')).board);
    expect(hit.black[BAR]).toEqual(ids.black[18]);
    expect(hit.white[7]).toEqual([ids.white[13]![4]]);
    const back = assignIds(hit, m.board);
    expect(back.white).toEqual(ids.white);
    expect(back.black).toEqual(ids.black);
  });

  it('a difference that is no single turn (a new game) gets fresh ids: drawn without animation', () => {
    const other = model('long').board; // all fifteen on one point
    const next = assignIds(ids, other);
    const old = new Set([...ids.white.flat(), ...ids.black.flat()]);
    expect([...next.white.flat(), ...next.black.flat()].some((id) => old.has(id))).toBe(false);
  });
});
