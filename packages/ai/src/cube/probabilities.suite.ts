import fc from 'fast-check';
import type { Probabilities } from '../probabilities.js';

/** Any valid five probabilities (0 ≤ koks ≤ mars ≤ win and the same for losses), for property tests. */
const unit = fc.double({ min: 0, max: 1, noNaN: true });

export const arbitraryProbabilities = fc.tuple(unit, unit, unit, unit, unit).map(([win, a, b, c, d]): Probabilities => ({
  win,
  winMars: win * a,
  winKoks: win * a * b,
  loseMars: (1 - win) * c,
  loseKoks: (1 - win) * c * d,
}));
