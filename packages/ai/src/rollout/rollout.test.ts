import { describe, expect, it } from 'vitest';
import { legalTurns, parsePlainBoard, startPosition, type Position } from '@nardy/engine';
import { isValidProbabilities } from '../probabilities.js';
import { rollout, type RolloutProgress } from './rollout.js';

const board = (json: object): Position => {
  const r = parsePlainBoard(json);
  if (!r.ok) throw new Error(r.error.message);
  return r.value.position;
};

// White on roll with one checker left on his ace point; Black has borne off none and is all in his home: a mars (S7).
const wonWithMars = board({ variant: 'short', onRoll: 'white', white: { '1': 1, off: 14 }, black: { '19': 15 } });

describe('rollout', () => {
  it('luck adjustment lowers the standard error on the same trials', async () => {
    const position = startPosition('short');
    const options = { trials: 36, truncate: 12, seed: 11 } as const;
    const plain = await rollout(position, { ...options, luck: false });
    const adjusted = await rollout(position, options);
    expect(adjusted.standardError.equity).toBeLessThan(plain.standardError.equity * 0.7);
    // Both estimate the same thing: the means agree within their errors.
    expect(Math.abs(adjusted.equity - plain.equity)).toBeLessThan(3 * plain.standardError.equity);
  }, 120_000);

  it('reports a certain outcome exactly, with zero luck and zero error', async () => {
    const r = await rollout(wonWithMars, { trials: 36 });
    expect(r.probabilities).toEqual({ win: 1, winMars: 1, winKoks: 0, loseMars: 0, loseKoks: 0 });
    expect(r.equity).toBe(2);
    expect(r.standardError.equity).toBe(0);
  });

  it("rolls out a played turn from its mover's view", async () => {
    const turn = legalTurns(wonWithMars, [6, 5])[0]!; // bears the last checker off
    const r = await rollout(wonWithMars, { trials: 1, played: turn });
    expect(r.probabilities.win).toBe(1);
    // From the side that did not play the turn, the same game is lost.
    // Black has a checker on his 13-point and White bears off next: a mars for White unless Black throws 6-6
    // (13/1 and two off). With the first throw stratified, 36 trials give exactly 1/36 of 6-6.
    const black = board({ variant: 'short', onRoll: 'black', white: { '1': 1, off: 14 }, black: { '19': 14, '12': 1 } });
    const lost = await rollout(black, { trials: 36, luck: false });
    expect(lost.probabilities.win).toBe(0);
    expect(lost.probabilities.loseMars).toBeCloseTo(35 / 36, 12);
  });

  it.each(['long', 'short', 'caucasian'] as const)(
    'plays %s games to the end with valid means and reports progress',
    async (variant) => {
      const seen: RolloutProgress[] = [];
      const r = await rollout(startPosition(variant), { trials: 6, luck: false, onProgress: (p) => seen.push(p) });
      expect(isValidProbabilities(r.probabilities)).toBe(true);
      expect(r.probabilities.win * 6).toBeCloseTo(Math.round(r.probabilities.win * 6), 9); // means of 0/1 outcomes
      expect(seen.map((p) => p.done)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(seen.at(-1)!.estimate()).toEqual(r);
    },
    120_000,
  );
});
