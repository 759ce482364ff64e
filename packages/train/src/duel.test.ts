import { describe, expect, it } from 'vitest';
import { seededRng, startPosition, winnerOf, type Position, type Rng } from '@nardy/engine';
import { cubeDecision, type StaticEvaluator } from '@nardy/ai';
import { backGameStart } from './back-game-starts.js';
import { duel, heuristicMover, playGame, type Mover } from './duel.js';
import { throwDice } from './td.js';

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

describe('duel with the cube (promote-main --cube)', () => {
  /** A judge that gives the side on roll `win`, no marses, whatever the position. */
  const sure =
    (win: number): StaticEvaluator =>
    () => ({ win, winMars: 0, winKoks: 0, loseMars: 0, loseKoks: 0 });
  const players = { white: heuristicMover, black: heuristicMover };
  const dice = (seed: number) => {
    const rng = seededRng(seed);
    return () => throwDice(rng);
  };
  const centred = { value: 1, owner: 'centred' } as const;
  const opening = startPosition('short', 'white');

  it('ends the game at the first double its opponent passes: one point to the doubler', () => {
    // The judges' verdict on 80 % without marses, as cubeDecision gives it.
    const d = cubeDecision(opening, centred, { evaluator: sure(0.8) });
    expect([d.action, d.response]).toEqual(['double', 'pass']);
    expect(playGame(opening, players, dice(1), { white: sure(0.8), black: sure(0.8) })).toBe(1);
    expect(playGame(startPosition('short', 'black'), players, dice(1), { white: sure(0.8), black: sure(0.8) })).toBe(-1);
  });

  it('a taken double doubles the stake; the taker owns the cube and only it may double next', () => {
    // White doubles (its judge: 80 %); Black takes (its judge gives White 60 %) and, at 60 % on its own rolls, never redoubles.
    expect(cubeDecision(opening, centred, { evaluator: sure(0.6) }).response).toBe('take');
    expect(cubeDecision(opening, { value: 2, owner: 'onRoll' }, { evaluator: sure(0.6) }).action).toBe('noDouble');
    for (let seed = 1; seed <= 4; seed++) {
      const cubeless = playGame(opening, players, dice(seed));
      expect(playGame(opening, players, dice(seed), { white: sure(0.8), black: sure(0.6) })).toBe(2 * cubeless);
    }
  });

  it('mirrored pairs with the same judges cancel exactly', () => {
    const r = duel('short', heuristicMover, heuristicMover, 10, seededRng(4), undefined, { a: sure(0.7), b: sure(0.7) });
    expect(r.pointsPerGame).toBe(0);
    expect(r.games).toBe(20);
  });
});
