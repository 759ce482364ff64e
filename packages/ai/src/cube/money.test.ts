import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cubelessEquity, type Probabilities } from '../probabilities.js';
import { decideCube, type CubeSituation } from './decide.js';
import { moneyCashPoint, moneyCubeEquities, moneyEquity, moneyTakePoint } from './money.js';
import { winLossValues } from './outcomes.js';
import { arbitraryProbabilities } from './probabilities.suite.js';

/** Probabilities with mars rates given as shares of the wins and of the losses. */
const probs = (win: number, winMarsShare = 0, loseMarsShare = 0): Probabilities => ({
  win,
  winMars: win * winMarsShare,
  winKoks: 0,
  loseMars: (1 - win) * loseMarsShare,
  loseKoks: 0,
});
const centred: CubeSituation = { value: 1, owner: 'centred', efficiency: 0.68 };

/** The taker's win chance where take and pass are worth the same (bisection on the decision). */
function takePointOf(s: CubeSituation, marsShare = 0): number {
  let lo = 0.5;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const m = (lo + hi) / 2;
    if (decideCube(probs(m, marsShare, marsShare), s).response === 'pass') hi = m;
    else lo = m;
  }
  return 1 - lo;
}

describe('Janowski take and cash points (money)', () => {
  it('dead cube 25 %, fully live 20 %, x = 0.68 about 21.4 % without mars', () => {
    expect(moneyTakePoint(1, 1, 0)).toBeCloseTo(0.25, 12);
    expect(moneyTakePoint(1, 1, 1)).toBeCloseTo(0.2, 12);
    expect(moneyTakePoint(1, 1, 0.68)).toBeCloseTo(0.5 / 2.34, 12);
    expect(moneyCashPoint(1, 1)).toBeCloseTo(0.8, 12);
  });
  it('the decision flips exactly at the formula take point, with and without mars', () => {
    expect(takePointOf(centred)).toBeCloseTo(moneyTakePoint(1, 1, 0.68), 6);
    // 20 % of all games end in mars either way: W = L = 1.2 → TP = 0.7 / 2.74.
    const { W, L } = winLossValues(probs(0.75, 0.2, 0.2));
    expect(W).toBeCloseTo(1.2, 12);
    expect(takePointOf(centred, 0.2)).toBeCloseTo(moneyTakePoint(W, L, 0.68), 6);
    expect(takePointOf({ ...centred, efficiency: 0 })).toBeCloseTo(0.25, 6);
  });
  it('Janowski: W and L from the five probabilities (mars 2, koks 3 under the koks ceiling; oin: all 1)', () => {
    const p = { win: 0.6, winMars: 0.3, winKoks: 0.06, loseMars: 0.1, loseKoks: 0 };
    expect(winLossValues(p).W).toBeCloseTo(1 + (0.3 + 0.06) / 0.6, 12);
    expect(winLossValues(p).L).toBeCloseTo(1 + 0.1 / 0.4, 12);
    expect(winLossValues(p, 'oin').W).toBeCloseTo(1, 12);
    expect(winLossValues(p, 'oin').L).toBeCloseTo(1, 12);
  });
});

describe('money cube decisions in textbook positions (x = 0.68)', () => {
  it('50 %: no double, take', () => {
    const d = decideCube(probs(0.5), centred);
    expect([d.action, d.response]).toEqual(['noDouble', 'take']);
  });
  it('70 % without mars: double, take; 80 %: double, pass', () => {
    expect(decideCube(probs(0.7), centred)).toMatchObject({ action: 'double', response: 'take' });
    expect(decideCube(probs(0.8), centred)).toMatchObject({ action: 'double', response: 'pass' });
  });
  it('65 %: still no double (below the doubling window)', () => {
    expect(decideCube(probs(0.65), centred).action).toBe('noDouble');
  });
  it('big mars chances: too good to double (the opponent would pass), playing on is worth more than 1', () => {
    const d = decideCube(probs(0.85, 0.7), centred);
    expect(d.action).toBe('tooGood');
    expect(d.response).toBe('pass');
    expect(d.equities.noDouble).toBeGreaterThan(1);
    expect(d.equities.optimal).toBe(d.equities.noDouble);
  });
  it('Jacoby: with the cube centred the same position cashes (mars count one until the cube is turned)', () => {
    const d = decideCube(probs(0.85, 0.7), { ...centred, jacoby: true });
    expect([d.action, d.response]).toEqual(['double', 'pass']);
    // The game value without the cube turned is the single-count cubeless equity at x = 0.
    expect(moneyEquity(probs(0.85, 0.7), 'centred', 0, { jacoby: true })).toBeCloseTo(0.7, 12);
  });
  it('owning the cube raises the point of doubling: a redouble at 70 % is closer than the initial double', () => {
    const initial = decideCube(probs(0.7), centred).equities;
    const redouble = decideCube(probs(0.7), { ...centred, value: 2, owner: 'onRoll' }).equities;
    expect(redouble.take - redouble.noDouble).toBeLessThan(initial.take - initial.noDouble);
  });
  it('no double when the opponent owns the cube or at the max cube', () => {
    expect(decideCube(probs(0.75), { ...centred, owner: 'opponent' })).toMatchObject({ action: 'noDouble', mayDouble: false });
    expect(decideCube(probs(0.75), { ...centred, value: 64, owner: 'onRoll', maxCube: 64 }).action).toBe('noDouble');
  });
  it('beaver when allowed and the taker is the favourite; the doubler then takes unless take < −1', () => {
    const d = decideCube(probs(0.4), { ...centred, beaver: true });
    expect(d.response).toBe('beaver');
    expect(d.beaverResponse).toBe('take');
    expect(decideCube(probs(0.4), centred).response).toBe('take');
    expect(decideCube(probs(0.4), { ...centred, beaver: true, value: 32, maxCube: 64 }).response).toBe('take');
    expect(decideCube(probs(0.1), { ...centred, beaver: true }).beaverResponse).toBe('pass');
  });
});

describe('money cube equities (properties)', () => {
  const situation = fc.record({
    owner: fc.constantFrom('centred' as const, 'onRoll' as const, 'opponent' as const),
    efficiency: fc.double({ min: 0, max: 1, noNaN: true }),
    jacoby: fc.boolean(),
  });
  it('bounded by the largest win, double/pass = +1, optimal = max(no double, min(take, pass))', () => {
    fc.assert(
      fc.property(arbitraryProbabilities, situation, (p, s) => {
        const d = decideCube(p, { ...s, value: 1, jacoby: s.jacoby && s.owner === 'centred' });
        expect(Math.abs(d.equities.noDouble)).toBeLessThanOrEqual(3 + 1e-9);
        expect(Math.abs(d.equities.take)).toBeLessThanOrEqual(6 + 1e-9);
        expect(d.equities.pass).toBe(1);
        const best = d.mayDouble ? Math.max(d.equities.noDouble, Math.min(d.equities.take, d.equities.pass)) : d.equities.noDouble;
        expect(d.equities.optimal).toBeCloseTo(best, 12);
      }),
    );
  });
  it('x = 0 is the cubeless equity; owning the cube is worth at least what the opponent owning it is', () => {
    fc.assert(
      fc.property(arbitraryProbabilities, fc.double({ min: 0, max: 1, noNaN: true }), (p, x) => {
        expect(moneyEquity(p, 'centred', 0)).toBeCloseTo(cubelessEquity(p), 12);
        expect(moneyEquity(p, 'onRoll', x)).toBeGreaterThanOrEqual(moneyEquity(p, 'centred', x) - 1e-12);
        expect(moneyEquity(p, 'centred', x)).toBeGreaterThanOrEqual(moneyEquity(p, 'opponent', x) - 1e-12);
      }),
    );
  });
  it('double/take is twice the equity with the opponent owning the cube', () => {
    fc.assert(
      fc.property(arbitraryProbabilities, (p) => {
        expect(moneyCubeEquities(p, 'centred', 0.68).take).toBeCloseTo(2 * moneyEquity(p, 'opponent', 0.68), 12);
      }),
    );
  });
});
