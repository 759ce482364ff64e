import { describe, expect, it } from 'vitest';
import { apply, newMatch, startPosition } from '@nardy/engine';
import { cubeDecision, cubeInputsOf } from './cube.js';
import { made } from './test-positions.suite.js';

// A race White leads by a lot (8 pips in a 60-pip race), a close race, and a hopeless one.
const big = made('short', 'white', { 6: 3, 5: 3, 4: 3, 3: 3, 2: 3 }, { 6: 4, 5: 4, 4: 4, 3: 3 });
const close = made('short', 'white', { 6: 3, 5: 3, 4: 3, 3: 3, 2: 3 }, { 6: 3, 5: 3, 4: 3, 3: 3, 2: 3 });
const crushing = made('short', 'white', { 1: 2 }, { 6: 15 });

describe('cubeDecision (money)', () => {
  it('doubles a strong position and the opponent passes or takes by the 25 % point', () => {
    const d = cubeDecision(big, { value: 1, owner: 'centred' });
    expect(d.probabilities.win).toBeGreaterThan(0.68);
    expect(d.action).toBe('double');
    expect(d.response).toBe(1 - d.probabilities.win >= 0.25 ? 'take' : 'pass');
  });
  it('no double in a close position; take', () => {
    const d = cubeDecision(close, { value: 1, owner: 'centred' });
    expect(d.action).toBe('noDouble');
    expect(d.response).toBe('take');
  });
  it('a crushing position with mars chances is too good to double; the opponent would pass', () => {
    const d = cubeDecision(crushing, { value: 1, owner: 'centred' });
    expect(d.response).toBe('pass');
    expect(d.probabilities.winMars).toBeGreaterThan(0.5);
    expect(d.action).toBe('noDouble');
    // Under Jacoby with a centred cube the mars do not count: cash it.
    expect(cubeDecision(crushing, { value: 1, owner: 'centred' }, { jacoby: true }).action).toBe('double');
  });
  it('cannot double when the opponent owns the cube', () => {
    expect(cubeDecision(big, { value: 2, owner: 'opponent' }).action).toBe('noDouble');
  });
});

describe('cubeDecision (match, simplified)', () => {
  it('no double when winning this game already wins the match; always take when a pass loses it', () => {
    expect(cubeDecision(big, { value: 1, owner: 'centred' }, { away: { onRoll: 1, opponent: 3 } }).action).toBe('noDouble');
    expect(cubeDecision(big, { value: 1, owner: 'centred' }, { away: { onRoll: 3, opponent: 3 } }).action).toBe('double');
    expect(cubeDecision(crushing, { value: 1, owner: 'centred' }).response).toBe('pass');
    expect(cubeDecision(crushing, { value: 1, owner: 'centred' }, { away: { onRoll: 1, opponent: 2 } }).response).toBe('take');
  });
  it('cubeInputsOf reads a match state', () => {
    const r = newMatch({ variant: 'short', matchLength: 5 });
    if (!r.ok) throw new Error(r.error.message);
    const opened = apply(r.value, { type: 'opening', dice: { p1: 3, p2: 1 } });
    if (!opened.ok) throw new Error(opened.error.message);
    const inputs = cubeInputsOf(opened.value);
    expect(inputs.cube).toEqual({ value: 1, owner: 'centred' });
    expect(inputs.context.away).toEqual({ onRoll: 5, opponent: 5 });
    expect(inputs.position).toEqual(startPosition('short'));
  });
});
