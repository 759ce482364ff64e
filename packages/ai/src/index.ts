/**
 * @nardy/ai: the computer opponent. Today a documented heuristic evaluator (`evaluate`) at 0-ply
 * (`chooseTurn`), simple cube thresholds (`cubeDecision`), levels named like gnubg's (`LEVELS`) and a
 * `worker_threads` pool (`BotPool`) for the server's bot seats. The trained nets of later issues plug in
 * behind the same functions.
 */
export * from './probabilities.js';
export * from './rng.js';
export { WEIGHTS } from './weights.js';
export { evaluate } from './evaluate.js';
export { raceWinChance, effectivePips, normalCdf } from './race.js';
export * from './levels.js';
export * from './choose.js';
export * from './cube.js';
export * from './request.js';
export * from './pool.js';
export * from './rollout/index.js';
