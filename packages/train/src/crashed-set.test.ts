import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { positionFromSetup } from '@nardy/engine';
import { cubelessEquity, type Probabilities, staticEvaluator } from '@nardy/ai';
import { parseCrashedSet, setError, type CrashedRecord } from './crashed-set.js';

/** An own-frame side from `{ point: count }`, the rest borne off. */
const side = (points: Record<number, number>): number[] =>
  Array.from({ length: 26 }, (_, p) => (p === 0 ? 15 - Object.values(points).reduce((a, b) => a + b, 0) : (points[p] ?? 0)));
const setup = positionFromSetup({
  variant: 'short',
  turn: 'white',
  board: { white: side({ 25: 2, 4: 1, 2: 3 }), black: side({ 24: 1, 19: 1, 9: 3, 6: 2, 5: 2, 4: 2, 3: 2, 1: 2 }) },
  firstTurn: { white: false, black: false },
});
if (!setup.ok) throw new Error(setup.error.message);
const position = setup.value;
const rolled: Probabilities = { win: 0.2, winMars: 0.01, winKoks: 0, loseMars: 0, loseKoks: 0 };
const record: CrashedRecord = {
  turn: 'white',
  white: position.board.white,
  black: position.board.black,
  rollout: { ...rolled, equity: cubelessEquity(rolled), se: 0.01 },
};
const text = `{"set":"crashed"}\n${JSON.stringify(record)}\n`;

describe('the crashed test set', () => {
  it('reads its JSONL back and measures an evaluator against the rollouts', () => {
    const records = parseCrashedSet(text);
    expect(records).toEqual([record]);
    const guess: Probabilities = { win: 0.7, winMars: 0.01, winKoks: 0, loseMars: 0, loseKoks: 0 };
    const e = setError(records, () => guess);
    expect(e.positions).toBe(1);
    expect(e.win).toBeCloseTo(0.5, 12);
    expect(e.equity).toBeCloseTo(1, 12);
    expect(setError(records, () => rolled)).toMatchObject({ win: 0, equity: 0 });
  });

  it('refuses a line without a rollout or with an impossible position, naming the line', () => {
    expect(() => parseCrashedSet(`{}\n${JSON.stringify({ ...record, rollout: undefined })}\n`)).toThrow(/line 2/);
    expect(() => parseCrashedSet(`{}\n${JSON.stringify({ ...record, white: [0, 1] })}\n`)).toThrow(/bad position/);
  });
});

describe('the committed crashed test set (bench-set/short-crashed.jsonl)', () => {
  const records = parseCrashedSet(readFileSync(new URL('../bench-set/short-crashed.jsonl', import.meta.url), 'utf8'));

  it('holds 400 rolled-out positions, and the committed evaluator is close to the rollouts (the contact net alone was 0.58 off in equity)', () => {
    expect(records).toHaveLength(400);
    const e = setError(records, staticEvaluator('short'));
    expect(e.win).toBeLessThan(0.1);
    expect(e.equity).toBeLessThan(0.25);
  });
});
