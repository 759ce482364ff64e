import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { staticEvaluator } from '../evaluator.js';
import { cubelessEquity, type Probabilities } from '../probabilities.js';
import { made } from '../test-positions.suite.js';
import { parseCrashedSet, setError, type CrashedRecord } from './crashed-set.js';

const position = made('short', 'white', { 25: 2, 4: 1, 2: 3 }, { 24: 1, 19: 1, 9: 3, 6: 2, 5: 2, 4: 2, 3: 2, 1: 2 });
const rolled: Probabilities = { win: 0.2, winMars: 0.01, winKoks: 0, loseMars: 0, loseKoks: 0 };
const record: CrashedRecord = { turn: 'white', white: position.board.white, black: position.board.black, rollout: { ...rolled, equity: cubelessEquity(rolled), se: 0.01 } };
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
  const records = parseCrashedSet(readFileSync(new URL('../../bench-set/short-crashed.jsonl', import.meta.url), 'utf8'));

  it('holds 400 rolled-out positions, and the committed evaluator is close to the rollouts (the contact net alone was 0.58 off in equity)', () => {
    expect(records).toHaveLength(400);
    const e = setError(records, staticEvaluator('short'));
    expect(e.win).toBeLessThan(0.1);
    expect(e.equity).toBeLessThan(0.25);
  });
});
