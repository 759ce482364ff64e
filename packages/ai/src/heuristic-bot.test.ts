import { test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { legalTurns, winnerOf } from '@nardy/engine';
import { diceArb, playedPositionArb } from '@nardy/engine/testing';
import { heuristicTurn } from './heuristic-bot.js';
import { made } from './test-positions.suite.js';

describe('heuristicTurn (the fixed yardstick, issue 6 item 3)', () => {
  for (const variant of ['long', 'short', 'caucasian'] as const) {
    test.prop([playedPositionArb(variant, 160), diceArb], { numRuns: 100 })(
      `${variant}: always a legal turn (or the pass), deterministic`,
      (pos, dice) => {
        const turns = legalTurns(pos, dice);
        const chosen = heuristicTurn(pos, dice);
        if (turns.length === 0) expect(chosen.steps).toEqual([]);
        else expect(turns.some((t) => JSON.stringify(t.after.board) === JSON.stringify(chosen.after.board))).toBe(true);
        expect(heuristicTurn(pos, dice).steps).toEqual(chosen.steps);
      },
      60_000,
    );
  }

  it('takes the sure bear-off win', () => {
    expect(winnerOf(heuristicTurn(made('long', 'white', { 6: 1, 3: 1 }, { 1: 15 }), [6, 3]).after)).toBe('white');
  });
});
