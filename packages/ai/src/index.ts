/**
 * @nardy/ai: the computer opponent. The variant's strongest static evaluator (`staticEvaluator`: trained nets,
 * bear-off databases; the documented heuristic `evaluate` where no nets exist yet), n-ply search behind
 * `hint` / `rankTurns` / `chooseTurn` at levels named like gnubg's (`LEVELS`), cubeful cube decisions
 * (`cubeDecision`: Janowski, Kazaross-XG2), rollouts, and a `worker_threads` pool (`BotPool`) for the server's
 * bot seats.
 */
export * from './probabilities.js';
export * from './rng.js';
export { WEIGHTS } from './weights.js';
export { evaluate } from './evaluate.js';
export { heuristicTurn } from './heuristic-bot.js';
export { staticEvaluator } from './evaluator.js';
export { evaluatePly, rankTurnsPly, type MoveFilter, type ScoredTurn, type SearchContext } from './search/ply.js';
export type { StaticEvaluator } from './search/eval-cache.js';
export * from './bearoff/index.js';
export { raceWinChance, effectivePips, normalCdf } from './race.js';
export * from './levels.js';
export * from './choose.js';
export * from './cube.js';
export * from './cubeful-play.js';
export * from './request.js';
export * from './pool.js';
export * from './rollout/index.js';
export { LONG_MET, LONG_MET_RATES } from './cube/met-long-table.js';
