import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORING, VARIANT_IDS, mirror, startPosition } from '@nardy/engine';
import { playedPositionArb, scatteredPositionArb } from '@nardy/engine/testing';
import { evaluate } from './evaluate.js';
import { cubelessEquity, isValidProbabilities } from './probabilities.js';
import { made } from './test-positions.suite.js';

describe('evaluate', () => {
  for (const variant of VARIANT_IDS) {
    const positions = fc.oneof(playedPositionArb(variant), scatteredPositionArb(variant));
    test.prop([positions], { numRuns: 300 })(`${variant}: valid probabilities, colour-symmetric`, (pos) => {
      const p = evaluate(pos);
      expect(isValidProbabilities(p), JSON.stringify(p)).toBe(true);
      expect(evaluate(mirror(pos))).toEqual(p);
    });
    test.prop([scatteredPositionArb(variant)], { numRuns: 100 })(`${variant}: valid under every scoring setting`, (pos) => {
      for (const ceiling of ['oin', 'mars', 'koks'] as const)
        for (const marsDefinition of ['noneBorneOff', 'notAllHome'] as const)
          for (const koks of [false, true]) {
            const p = evaluate(pos, { ...DEFAULT_SCORING, ceiling, marsDefinition, koks, homeMars: !koks });
            expect(isValidProbabilities(p)).toBe(true);
          }
    });
    it(`${variant}: the start is close to even`, () => {
      const p = evaluate(startPosition(variant));
      expect(p.win).toBeGreaterThan(0.45);
      expect(p.win).toBeLessThan(0.6);
    });
  }

  it('is exact for a finished game: single, mars, koks (short nardy)', () => {
    // White has borne off all 15; Black to play (the loser's view).
    expect(evaluate(made('short', 'black', {}, { 6: 5 }))).toEqual({ win: 0, winMars: 0, winKoks: 0, loseMars: 0, loseKoks: 0 });
    expect(evaluate(made('short', 'black', {}, { 6: 15 }))).toEqual({ win: 0, winMars: 0, winKoks: 0, loseMars: 1, loseKoks: 0 });
    expect(evaluate(made('short', 'black', {}, { 6: 14, 20: 1 }))).toEqual({ win: 0, winMars: 0, winKoks: 0, loseMars: 1, loseKoks: 1 });
    // The winner's own view, equity +3 for a koks.
    const p = evaluate(made('short', 'white', {}, { 6: 14, 25: 1 }));
    expect(p).toEqual({ win: 1, winMars: 1, winKoks: 1, loseMars: 0, loseKoks: 0 });
    expect(cubelessEquity(p)).toBe(3);
    expect(cubelessEquity(p, 'mars')).toBe(2);
  });

  it('is exact for a finished game: long nardy oin and mars', () => {
    expect(evaluate(made('long', 'black', {}, { 3: 10 }))).toEqual({ win: 0, winMars: 0, winKoks: 0, loseMars: 0, loseKoks: 0 });
    expect(evaluate(made('long', 'black', {}, { 3: 15 }))).toEqual({ win: 0, winMars: 0, winKoks: 0, loseMars: 1, loseKoks: 0 });
  });

  it('prefers the side ahead in a race, more so the bigger the lead', () => {
    const ahead = evaluate(made('short', 'white', { 3: 5, 2: 5 }, { 6: 5, 5: 5, 4: 5 }));
    const wayAhead = evaluate(made('short', 'white', { 1: 10 }, { 6: 5, 5: 5, 4: 5 }));
    expect(ahead.win).toBeGreaterThan(0.7);
    expect(wayAhead.win).toBeGreaterThan(ahead.win);
  });
});
