import { describe, expect, it } from 'vitest';
import { legalTurns, winnerOf, type Position } from '@nardy/engine';
import { evaluate as heuristic } from '../evaluate.js';
import { cubelessEquity, invert, isValidProbabilities } from '../probabilities.js';
import { made } from '../test-positions.suite.js';
import { EvalCache } from './eval-cache.js';
import { evaluatePly, rankTurnsPly, type SearchContext } from './ply.js';
import { THROWS } from '../throws.js';

// The search is evaluator-agnostic; the heuristic makes these tests independent of the trained nets.
const ctx: SearchContext = { evaluate: (p: Position) => heuristic(p) };

describe('THROWS', () => {
  it('21 throws weighing 36', () => {
    expect(THROWS).toHaveLength(21);
    expect(THROWS.reduce((s, t) => s + t.weight, 0)).toBe(36);
  });
});

describe('evaluatePly', () => {
  const pos = made('short', 'white', { 8: 2, 6: 5, 5: 4, 4: 4 }, { 24: 2, 6: 3, 5: 3, 4: 3, 3: 2, 2: 2 });

  it('1-ply is the 36-weighted mean over throws of the statically best turn, seen by the opponent and inverted', () => {
    let win = 0;
    for (const { dice, weight } of THROWS) {
      const turns = legalTurns(pos, dice);
      const best = turns.map((t) => invert(heuristic(t.after))).reduce((a, b) => (cubelessEquity(b) > cubelessEquity(a) ? b : a));
      win += (weight * best.win) / 36;
    }
    expect(evaluatePly(pos, 1, ctx).win).toBeCloseTo(win, 12);
  });

  it('valid probabilities at 0–2 plies; a finished game is returned as is', () => {
    for (const plies of [0, 1, 2]) expect(isValidProbabilities(evaluatePly(pos, plies, ctx))).toBe(true);
    const over = made('short', 'black', { 3: 15 }, {});
    expect(evaluatePly(over, 2, ctx)).toEqual(heuristic(over));
  });

  it('a cache in front of the evaluator changes nothing but the work', () => {
    const cache = new EvalCache(10);
    const cached: SearchContext = { evaluate: cache.wrap(ctx.evaluate) };
    expect(evaluatePly(pos, 2, cached)).toEqual(evaluatePly(pos, 2, ctx));
    expect(cache.hits).toBeGreaterThan(0);
  });
});

describe('pruning inside the search', () => {
  const pos = made('short', 'white', { 8: 2, 6: 5, 5: 4, 4: 4 }, { 24: 2, 6: 3, 5: 3, 4: 3, 3: 2, 2: 2 });

  it('pruning by the evaluator itself keeps the same best turn for every throw: nothing changes', () => {
    const pruned: SearchContext = { ...ctx, prune: { evaluate: ctx.evaluate, keep: 1 } };
    expect(evaluatePly(pos, 1, pruned)).toEqual(evaluatePly(pos, 1, ctx));
  });

  it('a pruning evaluator that ranks backwards makes the search pick worse turns', () => {
    const backwards: SearchContext = { ...ctx, prune: { evaluate: (p) => invert(ctx.evaluate(p)), keep: 1 } };
    expect(evaluatePly(pos, 1, backwards).win).toBeLessThan(evaluatePly(pos, 1, ctx).win);
  });
});

describe('rankTurnsPly', () => {
  it('finds the certain answer: the only turn that bears off the last checkers', () => {
    const pos = made('short', 'white', { 6: 1, 3: 1 }, { 6: 15 });
    for (const plies of [0, 1, 2]) {
      const ranked = rankTurnsPly(pos, [6, 3], plies, [{ keep: 8, within: 1 }], ctx);
      expect(winnerOf(ranked[0]!.turn.after)).toBe('white');
    }
  });

  it('a deadline already past keeps the static ranking (the search answers in time rather than deeply)', () => {
    const pos = made('short', 'white', { 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 });
    const late = rankTurnsPly(pos, [4, 2], 2, [{ keep: 3, within: 2 }], { ...ctx, deadline: Date.now() - 1 });
    expect(late.every((r) => r.plies === 0)).toBe(true);
    expect(late.map((r) => r.equity)).toEqual(rankTurnsPly(pos, [4, 2], 0, [], ctx).map((r) => r.equity));
  });

  it('ranks every legal turn, best first, and marks how deep each candidate was searched', () => {
    const pos = made('short', 'white', { 24: 2, 13: 5, 8: 3, 6: 5 }, { 24: 2, 13: 5, 8: 3, 6: 5 });
    const ranked = rankTurnsPly(pos, [4, 2], 1, [{ keep: 3, within: 2 }], ctx);
    expect(ranked).toHaveLength(legalTurns(pos, [4, 2]).length);
    expect(ranked.slice(0, 3).every((r) => r.plies === 1)).toBe(true);
    expect(ranked.slice(3).every((r) => r.plies === 0)).toBe(true);
    for (let i = 1; i < 3; i++) expect(ranked[i - 1]!.equity).toBeGreaterThanOrEqual(ranked[i]!.equity);
  });
});
