import { describe, expect, it } from 'vitest';
import { legalTurns, seededRng, type Dice } from '@nardy/engine';
import { bestBearOffIndex, bestBearOffTurn } from './best-turn.js';
import { ALL_THROWS, bearOffPosition, side } from './naive.suite.js';
import { expectedThrows } from './one-sided.js';

describe('bestBearOffTurn', () => {
  for (const variant of ['short', 'long'] as const) {
    it(`${variant}: hand case — two on the 4-point, 2-1: 4/1 (leaves 4 and 1: 29/36 to finish next) beats 4/2 4/3 (25/36)`, () => {
      const turn = bestBearOffTurn(bearOffPosition(side([0, 0, 0, 2, 0, 0]), variant), [2, 1])!;
      expect(turn.after.board.white.slice(1, 7)).toEqual([1, 0, 0, 1, 0, 0]);
    });
  }

  it('picks a legal turn with the fewest expected throws (random positions and throws)', () => {
    const rng = seededRng(11);
    for (let i = 0; i < 200; i++) {
      const home = [0, 0, 0, 0, 0, 0];
      const n = 1 + Math.floor(rng() * 15);
      for (let c = 0; c < n; c++) home[Math.floor(rng() * 6)]!++;
      const pos = bearOffPosition(side(home));
      const dice: Dice = ALL_THROWS[Math.floor(rng() * 21)]!;
      const turns = legalTurns(pos, dice);
      const means = turns.map((t) => expectedThrows(t.after.board.white)!);
      const best = bestBearOffIndex(turns, pos)!;
      expect(means[best]).toBe(Math.min(...means));
      expect(means.indexOf(means[best]!)).toBe(best);
    }
  });

  it('takes a last checker coming home when every turn brings it in (L21), refuses when one cannot', () => {
    const s = side([0, 0, 0, 0, 0, 1]);
    s[0]!--;
    s[8] = 1;
    // 6-2 with checkers on 8 and 6: 8/2 2/off or 8/6 6/off leave one checker on the 6-point, the best.
    expect(bestBearOffTurn(bearOffPosition(s), [6, 2])!.after.board.white.slice(1, 9)).toEqual([0, 0, 0, 0, 0, 1, 0, 0]);
    s[8] = 0;
    s[12] = 1;
    expect(bestBearOffTurn(bearOffPosition(s), [2, 1])).toBeUndefined();
  });
});
