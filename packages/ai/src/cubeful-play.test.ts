import { describe, expect, it } from 'vitest';
import { startPosition } from '@nardy/engine';
import { cubeEfficiency } from './cube/efficiency.js';
import { deadCubeMwc, mwcToEquity, type MatchScore } from './cube/match.js';
import { KAZAROSS_XG2 } from './cube/met-kazaross-xg2.js';
import { LONG_MET } from './cube/met-long-table.js';
import { moneyEquity } from './cube/money.js';
import { playCubeOf } from './cube.js';
import { cubefulPlayEquity, parsePlayCube, type PlayCube } from './cubeful-play.js';
import { cubelessEquity, type Probabilities } from './probabilities.js';
import { rankTurnsPly, type SearchContext } from './search/ply.js';

const probs = (win: number, winMars = 0, loseMars = 0): Probabilities => ({ win, winMars, winKoks: 0, loseMars, loseKoks: 0 });
// A contact position after the turn (the opponent on roll): the efficiency is the contact class's.
const after = startPosition('short', 'black');
// Safe: 80 % and no mars; bold: 60 % with 45 % mars. Cubeless the bold turn is worth more (0.65 against 0.60),
// but with a centred cube the safe one is at the cash point, where mars no longer pays: cubeful it is better.
const safe = probs(0.8);
const bold = probs(0.6, 0.45);

describe("cubefulPlayEquity (G3: gnubg's cubeful chequer play)", () => {
  it("money: Janowski's cubeful equity with the efficiency of the result", () => {
    const score = cubefulPlayEquity({ value: 1, owner: 'centred' }, 'koks');
    expect(score(after, bold)).toBeCloseTo(moneyEquity(bold, 'centred', cubeEfficiency(after)), 12);
  });

  it('money, centred cube: the safe turn near the cash point beats the bold one that cubeless equity prefers', () => {
    expect(cubelessEquity(bold)).toBeGreaterThan(cubelessEquity(safe));
    const score = cubefulPlayEquity({ value: 1, owner: 'centred' }, 'koks');
    expect(score(after, safe)).toBeGreaterThan(score(after, bold));
  });

  it('money, Jacoby with the cube centred: mars counts only once the cube is turned, so it is worth less', () => {
    const marsGain = (cube: PlayCube): number => {
      const score = cubefulPlayEquity(cube, 'koks');
      return score(after, probs(0.55, 0.2)) - score(after, probs(0.55));
    };
    const jacoby = marsGain({ value: 1, owner: 'centred', jacoby: true });
    expect(jacoby).toBeGreaterThan(0);
    expect(jacoby).toBeLessThan(marsGain({ value: 1, owner: 'centred' }) - 0.05);
    // Once the cube is owned, Jacoby no longer applies (G3).
    expect(marsGain({ value: 2, owner: 'onRoll', jacoby: true })).toBeCloseTo(marsGain({ value: 2, owner: 'onRoll' }), 12);
  });

  it('match, double match point (1-away each, the Crawford game over): mars is worth nothing and only winning counts', () => {
    const dmp: PlayCube = { value: 1, owner: 'centred', away: { onRoll: 1, opponent: 1 }, stage: 'postCrawford' };
    const score = cubefulPlayEquity(dmp, 'koks');
    expect(score(after, probs(0.55, 0.3))).toBeCloseTo(score(after, probs(0.55)), 12);
    expect(score(after, probs(0.56))).toBeGreaterThan(score(after, probs(0.55, 0.5)));
    // Normalised like gnubg's: winning the game is +1, losing it −1.
    expect(score(after, probs(0.75))).toBeCloseTo(0.5, 12);
  });

  it("match: the variant's own table, long nardy's for a long-nardy result", () => {
    const cube: PlayCube = { value: 1, owner: 'centred', away: { onRoll: 3, opponent: 4 } };
    const long = startPosition('long', 'black');
    const p = probs(0.6, 0.2, 0.1);
    expect(cubefulPlayEquity(cube, 'koks')(long, p)).toBeCloseTo(cubefulPlayEquity({ ...cube, met: LONG_MET }, 'koks')(long, p), 12);
    expect(cubefulPlayEquity(cube, 'koks')(after, p)).toBeCloseTo(cubefulPlayEquity({ ...cube, met: KAZAROSS_XG2 }, 'koks')(after, p), 12);
    expect(cubefulPlayEquity(cube, 'koks')(long, p)).not.toBeCloseTo(cubefulPlayEquity({ ...cube, met: KAZAROSS_XG2 }, 'koks')(long, p), 4);
  });

  it('match, 1-away against 3-away after the Crawford game: winning mars is worth nothing to the leader, losing one costs', () => {
    const score = cubefulPlayEquity({ value: 1, owner: 'centred', away: { onRoll: 1, opponent: 3 }, stage: 'postCrawford' }, 'koks');
    expect(score(after, probs(0.6, 0.3))).toBeCloseTo(score(after, probs(0.6)), 12);
    expect(score(after, probs(0.6, 0, 0.2))).toBeLessThan(score(after, probs(0.6)) - 0.01);
  });
});

describe('playCubeOf', () => {
  it('a match without the cube (the max cube its value): the dead-cube match winning chance', () => {
    const score: MatchScore = { away: 3, opponentAway: 2, stage: 'preCrawford', crawfordRule: true };
    const cube = playCubeOf({ value: 1, owner: 'centred' }, { away: { onRoll: 3, opponent: 2 }, maxCube: 1 });
    const p = probs(0.55, 0.2, 0.1);
    expect(cubefulPlayEquity(cube, 'koks')(after, p)).toBeCloseTo(mwcToEquity(deadCubeMwc(p, score, 1, { met: KAZAROSS_XG2 }), score, 1, KAZAROSS_XG2), 12);
  });

  it('money: Jacoby and the max cube carried over; beavers and the evaluator left out', () => {
    expect(playCubeOf({ value: 2, owner: 'opponent' }, { jacoby: true, beaver: true, maxCube: 8, evaluator: () => probs(0.5) })).toEqual({
      value: 2,
      owner: 'opponent',
      jacoby: true,
      maxCube: 8,
    });
  });
});

describe('rankTurnsPly with a root equity', () => {
  const pos = startPosition('short', 'white');
  // Whatever the position, the same numbers: only the root's scoring tells the turns apart.
  const ctx: SearchContext = { evaluate: () => probs(0.5) };

  it('the root scores each candidate by its result: the ranking follows rootEquity, at every depth', () => {
    const order = (after: { board: { white: readonly number[] } }): number => after.board.white.reduce((s, n, point) => s + n * point, 0);
    const ranked = rankTurnsPly(pos, [3, 1], 1, [{ keep: 3, within: 1000 }], { ...ctx, rootEquity: (after) => -order(after) / 1000 });
    const scores = ranked.map((r) => r.equity);
    expect(ranked.length).toBeGreaterThan(3);
    expect(scores.slice(0, 3)).toEqual([...scores.slice(0, 3)].sort((a, b) => b - a));
    expect(ranked.slice(0, 3).every((r) => r.plies === 1)).toBe(true);
    for (const r of ranked) expect(r.equity).toBeCloseTo(-order(r.turn.after) / 1000, 12);
  });
});

describe('parsePlayCube', () => {
  it('accepts money and match cubes', () => {
    expect(parsePlayCube({ value: 2, owner: 'onRoll', jacoby: false, maxCube: 64 })).toEqual({
      ok: true,
      value: { value: 2, owner: 'onRoll', jacoby: false, maxCube: 64 },
    });
    expect(parsePlayCube({ value: 1, owner: 'centred', away: { onRoll: 3, opponent: 1 }, stage: 'crawford' })).toEqual({
      ok: true,
      value: { value: 1, owner: 'centred', away: { onRoll: 3, opponent: 1 }, stage: 'crawford' },
    });
  });

  it.each([
    [null, /must be an object/],
    [{ value: 3, owner: 'centred' }, /power of two/],
    [{ value: 1, owner: 'me' }, /owner/],
    [{ value: 4, owner: 'centred', maxCube: 2 }, /maxCube/],
    [{ value: 1, owner: 'centred', jacoby: 'yes' }, /jacoby/],
    [{ value: 1, owner: 'centred', stage: 'crawford' }, /need away/],
    [{ value: 1, owner: 'centred', away: { onRoll: 0, opponent: 2 } }, /away/],
    [{ value: 1, owner: 'centred', away: { onRoll: 2, opponent: 2 }, jacoby: true }, /money play/],
    [{ value: 1, owner: 'centred', away: { onRoll: 2, opponent: 2 }, stage: 'late' }, /stage/],
  ])('%j → BAD_OPTIONS', (input, message) => {
    const r = parsePlayCube(input);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('BAD_OPTIONS');
      expect(r.error.message).toMatch(message);
    }
  });
});
