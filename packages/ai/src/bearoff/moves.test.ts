import { describe, expect, it } from 'vitest';
import { seededRng } from '@nardy/engine';
import { bearOffResults } from './moves.js';
import { ALL_THROWS, engineResults, homesUpTo } from './naive.suite.js';
import { positionFromNumber } from './position-number.js';

/** Our results as the suite's keys (counts of points 1..6). */
const ours = (home: readonly number[], a: number, b: number): string[] =>
  bearOffResults(Uint8Array.from([0, ...home]), a, b).map((n) => [...positionFromNumber(n).subarray(1)].join(','));

const sameSet = (x: string[], y: string[]): void => expect([...x].sort()).toEqual([...y].sort());

describe('bear-off move generation against the engine (L12–L23, S5–S6)', () => {
  for (const variant of ['short', 'long'] as const) {
    it(`${variant}: every position of up to 5 checkers, every throw`, () => {
      for (const home of homesUpTo(5)) for (const [a, b] of ALL_THROWS) sameSet(ours(home, a, b), engineResults(home, [a, b], variant));
    });
  }

  it('short: 300 random positions of 6 to 15 checkers, every throw', () => {
    const rng = seededRng(5);
    for (let i = 0; i < 300; i++) {
      const n = 6 + Math.floor(rng() * 10);
      const home = [0, 0, 0, 0, 0, 0];
      for (let c = 0; c < n; c++) home[Math.floor(rng() * 6)]!++;
      for (const [a, b] of ALL_THROWS) sameSet(ours(home, a, b), engineResults(home, [a, b]));
    }
  });

  it('hand case: 6-1 with checkers on 6 and 2 (L18–L20)', () => {
    // 6/off 2/1; 2/1 6/off (the same); 6/5 then the 6 bears off the 5, the highest checker (L19).
    // 2/off with the 1 is never legal: point 1 is empty and a checker stands higher (the 2 itself).
    sameSet(ours([0, 1, 0, 0, 0, 1], 6, 1), ['1,0,0,0,0,0', '0,1,0,0,0,0']);
  });
});
