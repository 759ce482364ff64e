/**
 * @nardy/ai: the computer opponent's runtime, free of Node so that a browser runs it in a Web Worker. The
 * variant's strongest static evaluator (`staticEvaluator`: trained nets, bear-off databases), n-ply search
 * behind `rankTurns` (gnubg's hint) / `chooseTurn` at levels named like gnubg's (`LEVELS`), cubeful cube decisions
 * (`cubeDecision`: Janowski, Kazaross-XG2) and rollouts. Its files come from an installed `DataSource`
 * (`data-source.ts`). Node's side — reading the files, the `worker_threads` bot pool — is `@nardy/ai/node`;
 * the heuristic yardstick is `@nardy/ai/yardstick`.
 */
export * from './probabilities.js';
export * from './rng.js';
export { setDataSource, bytesSource, fetchDataSource, type DataSource } from './data-source.js';
export { DATA_FILES } from './data-files.js';
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
export * from './rollout/index.js';
export { LONG_MET, LONG_MET_RATES } from './cube/met-long-table.js';
export { THROWS, type Throw } from './throws.js';
export * from './analysis/index.js';
