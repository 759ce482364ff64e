import { describe, expect, it } from 'vitest';
import type { CubeDecision } from '../cube.js';
import { judgeDouble, judgeResponse } from './cube-decisions.js';

/** A cube decision with the doubler's equities (money; `mayDouble` unless said). */
function decision(noDouble: number, take: number, pass: number, mayDouble = true): CubeDecision {
  const optimal = mayDouble ? Math.max(noDouble, Math.min(take, pass)) : noDouble;
  const p = { win: 0.5, winMars: 0, winKoks: 0, loseMars: 0, loseKoks: 0 };
  return { action: 'noDouble', response: 'take', beaverResponse: 'take', equities: { noDouble, take, pass, optimal }, probabilities: p, efficiency: 0.7 };
}

describe('the doubler', () => {
  it('loses the gap to the better action: a missed double, a wrong double, playing on when too good', () => {
    expect(judgeDouble(decision(0.6, 0.8, 1), false)).toEqual({ error: 0.8 - 0.6, unforced: true });
    expect(judgeDouble(decision(0.6, 0.8, 1), true)).toEqual({ error: 0, unforced: true });
    expect(judgeDouble(decision(0.3, 0.1, 1), true).error).toBeCloseTo(0.2, 12);
    expect(judgeDouble(decision(1.3, 2.1, 1), true).error).toBeCloseTo(0.3, 12); // too good: the pass cashes only 1
  });

  it("counts only close or actual decisions, as gnubg's statistics", () => {
    expect(judgeDouble(decision(0.1, -0.3, 1), false).unforced).toBe(false); // doubling 0.4 worse: not close
    expect(judgeDouble(decision(0.1, -0.05, 1), false).unforced).toBe(true);
    expect(judgeDouble(decision(0.6, 0.8, 1, false), false)).toEqual({ error: 0, unforced: false });
  });

  it('does not count a cube that is dead for him (gnubg: his win at its value already takes the match), unless he doubled', () => {
    expect(judgeDouble(decision(0.1, -0.05, 1), false, false).unforced).toBe(false);
    expect(judgeDouble(decision(0.1, -0.05, 1), true, false).unforced).toBe(true);
  });
});

describe('the taker', () => {
  it('passes or takes by which leaves the doubler less', () => {
    expect(judgeResponse(decision(0.7, 1.2, 1), 'take', false, false)).toMatchObject({ best: 'pass', error: expect.closeTo(0.2, 12) });
    expect(judgeResponse(decision(0.3, 0.5, 1), 'pass', false, false)).toMatchObject({ best: 'take', error: 0.5 });
  });

  it('beavers when the doubled cube is worth more than nothing to him, and the doubler answers the beaver', () => {
    expect(judgeResponse(decision(-0.3, -0.4, 1), 'take', true, false)).toMatchObject({ best: 'beaver', error: expect.closeTo(0.4, 12) });
    expect(judgeResponse(decision(-0.3, -0.4, 1), 'take', false, false)).toMatchObject({ best: 'take', error: 0 });
    expect(judgeResponse(decision(-0.3, -0.4, 1), 'pass', false, true)).toMatchObject({ best: 'take', error: expect.closeTo(1.2, 12) });
  });
});
