import { test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { opposite, parsePositionId } from '@nardy/engine';
import { playedPositionArb } from '@nardy/engine/testing';
import { isValidProbabilities } from '../probabilities.js';
import { made, side } from '../test-positions.suite.js';
import { liveCheckers, shortClassOf } from './short-evaluator.js';
import { longEvaluator, shortEvaluator } from './committed-nets.js';

/** s20HgCBOAAAwAA (bench/RESULTS.md): White, on roll, has 9 off and 2 on the bar against Black's five-point board. */
function bearOffHit() {
  const p = parsePositionId('short', 's20HgCBOAAAwAA');
  if (!p.ok) throw new Error(p.error.message);
  return p.value;
}

describe('the committed short-nardy nets', () => {
  const evaluator = shortEvaluator();

  for (const variant of ['short', 'caucasian'] as const) {
    test.prop([playedPositionArb(variant, 200)], { numRuns: 300 })(
      `${variant}: valid probabilities everywhere`,
      (pos) => {
        const p = evaluator.evaluate(pos);
        expect(isValidProbabilities(p)).toBe(true);
        // No mars can be won once the loser has a checker off (S7).
        if (pos.board[opposite(pos.turn)][0]! > 0) expect(p.winMars).toBe(0);
      },
      60_000,
    );
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

  it('chooses the class by contact (race once the rearmost checkers have passed), crashed when a side bearing off has ≤ 6 checkers in play', () => {
    expect(shortClassOf(side({ 24: 2, 13: 13 }), side({ 24: 2, 13: 13 }))).toBe('contact');
    expect(shortClassOf(side({ 6: 15 }), side({ 12: 15 }))).toBe('race');
    expect(shortClassOf(side({ 25: 1, 6: 14 }), side({ 2: 5, 3: 5, 4: 5 }))).toBe('contact');
    // Nine off and two on the bar (the position of bench/RESULTS.md): six checkers left.
    const late = bearOffHit();
    expect(shortClassOf(late.board.white, late.board.black)).toBe('crashed');
    // Spares piled on the 1- and 2-points are out of play: one off, and of the 14 left only 1 + 1 + 2 + 2 live.
    expect(liveCheckers(side({ 1: 5, 2: 5, 6: 2, 20: 2 }))).toBe(6);
    expect(shortClassOf(side({ 20: 2, 13: 13 }), side({ 1: 5, 2: 5, 6: 2, 20: 2 }))).toBe('crashed');
    // Crunched before the first checker is off: a gammon fight, the contact net's (`758AADC2baMAAQ`, our game).
    expect(liveCheckers(side({ 1: 6, 2: 5, 6: 2, 20: 2 }))).toBe(6);
    expect(shortClassOf(side({ 20: 2, 13: 13 }), side({ 1: 6, 2: 5, 6: 2, 20: 2 }))).toBe('contact');
    // Past contact, a race whatever is left.
    expect(shortClassOf(side({ 1: 3 }), side({ 12: 15 }))).toBe('race');
  });

  it('sees the gammon against a side crunched before its first checker is off (758AADC2baMAAQ, our rollout: 17 % gammons)', () => {
    const crunched = parsePositionId('short', '758AADC2baMAAQ');
    if (!crunched.ok) throw new Error(crunched.error.message);
    // Valued by the crashed net it was 0.5 %: the crashed net never learnt such positions.
    expect(evaluator.evaluate(crunched.value).winMars).toBeGreaterThan(0.08);
  });

  it('the crashed net knows that two on the bar against a five-point board with nine off is bad (our rollout: 16 % wins)', () => {
    expect(evaluator.evaluate(bearOffHit()).win).toBeLessThan(0.35);
  });
});

describe('the committed long-nardy nets', () => {
  const evaluator = longEvaluator();

  test.prop([playedPositionArb('long', 250)], { numRuns: 300 })(
    'valid probabilities everywhere; no mars once the loser has one off (L24)',
    (pos) => {
      const p = evaluator.evaluate(pos);
      expect(isValidProbabilities(p)).toBe(true);
      if (pos.board[opposite(pos.turn)][0]! > 0) expect(p.winMars).toBe(0);
    },
    60_000,
  );

  it('a side far ahead in the race is a big favourite', () => {
    expect(evaluator.evaluate(made('long', 'white', { 1: 3 }, { 6: 5, 5: 5, 4: 5 })).win).toBeGreaterThan(0.9);
  });
});
