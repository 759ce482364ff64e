import { describe, expect, it } from 'vitest';
import { seededRng, startPosition, winnerOf, type Position, type Rng } from '@nardy/engine';
import { backGameStart } from './back-game-starts.js';
import { duel, heuristicMover, type Mover } from './duel.js';

/** The heuristic, noting the position each game begins from (the first one it is asked to move after a game ends). */
function recorder(): { mover: Mover; firsts: Position[] } {
  const firsts: Position[] = [];
  let fresh = true;
  const mover: Mover = (p, d) => {
    if (fresh) firsts.push(p);
    const after = heuristicMover(p, d);
    fresh = winnerOf(after) !== undefined;
    return after;
  };
  return { mover, firsts };
}

describe('duel', () => {
  it('mirrored pairs cancel exactly when both sides play alike', () => {
    const r = duel('short', heuristicMover, heuristicMover, 20, seededRng(3));
    expect(r.games).toBe(40);
    expect(r.pointsPerGame).toBe(0);
    expect(r.ci95).toBe(0);
    expect(r.winShare).toBe(0.5);
  });

  it('plays each pair from the opening, White and Black on roll in turn', () => {
    const { mover, firsts } = recorder();
    duel('short', mover, mover, 2, seededRng(8));
    const [w, b] = [startPosition('short', 'white'), startPosition('short', 'black')];
    expect(firsts).toEqual([w, w, b, b]);
  });

  it('plays both games of a pair from the position drawn for it (--starts back-game)', () => {
    const { mover, firsts } = recorder();
    const drawn: Position[] = [];
    const draw = (r: Rng): Position => {
      const p = backGameStart(r);
      drawn.push(p);
      return p;
    };
    const result = duel('short', mover, mover, 3, seededRng(8), draw);
    expect(drawn).toHaveLength(3);
    expect(new Set(drawn.map((p) => JSON.stringify(p))).size).toBe(3);
    expect(firsts).toEqual([drawn[0], drawn[0], drawn[1], drawn[1], drawn[2], drawn[2]]);
    expect(result.pointsPerGame).toBe(0);
  });
});
