import { test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { opposite } from '@nardy/engine';
import { playedPositionArb } from '@nardy/engine/testing';
import { isValidProbabilities } from '../probabilities.js';
import { made, side } from '../test-positions.suite.js';
import { shortClassOf } from './short-evaluator.js';
import { longEvaluator, shortEvaluator } from './committed-nets.js';

describe('the committed short-nardy nets', () => {
  const evaluator = shortEvaluator();

  for (const variant of ['short', 'caucasian'] as const) {
    test.prop([playedPositionArb(variant, 200)], { numRuns: 300 })(`${variant}: valid probabilities everywhere`, (pos) => {
      const p = evaluator.evaluate(pos);
      expect(isValidProbabilities(p)).toBe(true);
      // No mars can be won once the loser has a checker off (S7).
      if (pos.board[opposite(pos.turn)][0]! > 0) expect(p.winMars).toBe(0);
    }, 60_000);
  }

  it('finished games are exact: a koks, a mars, a single game', () => {
    expect(evaluator.evaluate(made('short', 'white', { 3: 1 }, {}))).toEqual({ win: 0, winMars: 0, winKoks: 0, loseMars: 0, loseKoks: 0 });
    expect(evaluator.evaluate(made('short', 'black', { 3: 15 }, {}))).toMatchObject({ win: 1, winMars: 1, winKoks: 0 });
    expect(evaluator.evaluate(made('short', 'black', { 20: 1, 3: 14 }, {}))).toMatchObject({ win: 1, winMars: 1, winKoks: 1 });
  });

  it('knows the big things: far ahead in the race wins, a closed board against two on the bar wins', () => {
    const race = evaluator.evaluate(made('short', 'white', { 1: 3 }, { 6: 5, 5: 5, 4: 5 }));
    expect(race.win).toBeGreaterThan(0.95);
    const closed = evaluator.evaluate(made('short', 'white', { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 3, 8: 2 }, { 25: 2, 13: 5, 8: 4, 6: 4 }));
    expect(closed.win).toBeGreaterThan(0.8);
  });

  it('chooses the class by contact (race once the rearmost checkers have passed)', () => {
    expect(shortClassOf(side({ 24: 2, 13: 13 }), side({ 24: 2, 13: 13 }))).toBe('contact');
    expect(shortClassOf(side({ 6: 15 }), side({ 12: 15 }))).toBe('race');
    expect(shortClassOf(side({ 25: 1, 6: 14 }), side({ 1: 15 }))).toBe('contact');
  });
});

describe('the committed long-nardy nets', () => {
  const evaluator = longEvaluator();

  test.prop([playedPositionArb('long', 250)], { numRuns: 300 })('valid probabilities everywhere; no mars once the loser has one off (L24)', (pos) => {
    const p = evaluator.evaluate(pos);
    expect(isValidProbabilities(p)).toBe(true);
    if (pos.board[opposite(pos.turn)][0]! > 0) expect(p.winMars).toBe(0);
  }, 60_000);

  it('a side far ahead in the race is a big favourite', () => {
    expect(evaluator.evaluate(made('long', 'white', { 1: 3 }, { 6: 5, 5: 5, 4: 5 })).win).toBeGreaterThan(0.9);
  });
});
