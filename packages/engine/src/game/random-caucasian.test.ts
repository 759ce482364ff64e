import { randomGamesSuite } from './random-games.suite.js';

// One file per variant so that vitest runs the variants in parallel.
randomGamesSuite('caucasian', 20263);
