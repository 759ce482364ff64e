import type { RatingPoint } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { ratingGraph } from './ratingGraph';

const point = (before: number, after: number, provisional = true): RatingPoint => ({
  gameId: `g${after}`,
  at: 0,
  outcome: after >= before ? 'win' : 'loss',
  before,
  after,
  provisional,
});
const BOX = { width: 240, height: 120, left: 40, pad: 10 };

describe('the rating history graph', () => {
  it('nothing to draw before the first rated game', () => {
    expect(ratingGraph([], BOX)).toBeNull();
  });
  it('starts at the rating before the first game and steps through each game, gridlines at round ratings', () => {
    const g = ratingGraph([point(1500, 1517), point(1517, 1500), point(1500, 1530)], BOX)!;
    // Ratings 1500..1530: gridlines every 10 from 1500 to 1530; x from 40 to 230 over four values.
    expect(g.grid.map((l) => l.rating)).toEqual([1500, 1510, 1520, 1530]);
    expect(g.grid[0]).toEqual({ y: 110, rating: 1500 });
    expect(g.grid[3]).toEqual({ y: 10, rating: 1530 });
    expect(g.line).toBe('M40 110 L103.3 53.3 L166.7 110 L230 10');
    expect(g.dots.map((d) => [d.x, d.y, d.point.after])).toEqual([
      [103.3, 53.3, 1517],
      [166.7, 110, 1500],
      [230, 10, 1530],
    ]);
  });
  it('a flat history still has a band of one step', () => {
    const g = ratingGraph([point(1500, 1500)], BOX)!;
    expect(g.grid.map((l) => l.rating)).toEqual([1500, 1510]);
  });
});
