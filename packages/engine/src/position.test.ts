import { describe, expect, it } from 'vitest';
import { pipCounts, pips, startPosition } from './position.js';
import { BAR, OFF } from './types.js';

describe('pip count', () => {
  it('is 167 a side at the start of short nardy and 360 (15 on the head) in long nardy', () => {
    expect(pipCounts(startPosition('short'))).toEqual({ white: 167, black: 167 });
    expect(pipCounts(startPosition('long'))).toEqual({ white: 360, black: 360 });
  });

  it('counts a checker on the bar as 25 and borne-off checkers as 0', () => {
    const side = new Array<number>(BAR + 1).fill(0);
    side[BAR] = 1;
    side[3] = 2;
    side[OFF] = 12;
    expect(pips(side)).toBe(25 + 6);
  });
});
