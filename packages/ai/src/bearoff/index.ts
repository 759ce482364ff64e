/**
 * Bear-off databases (issue 5, item 3): the one-sided table of every position of up to 15 checkers on the
 * six home points (throws to bear off all, and the first, checker) and the two-sided table of exact winning
 * chances for up to 6 checkers a side. Variant-neutral: every function takes a side's `Checkers` in its own
 * frame. The tables are generated (README.md here) and read lazily on first use.
 */
export { oneSided, expectedThrows, throwsMean, throwsVariance, type OneSided } from './one-sided.js';
export { twoSidedWin } from './two-sided.js';
export { raceProbabilities, homeMarsPoints } from './race-probabilities.js';
export { bestBearOffIndex, bestBearOffTurn } from './best-turn.js';
export { homeNumber, positionNumber, positionFromNumber, positionCount, HOME_POINTS, MAX_HOME_CHECKERS } from './position-number.js';
