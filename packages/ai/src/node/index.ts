/**
 * @nardy/ai/node: what needs Node beside the runtime (`@nardy/ai`) — reading the package's files from disk
 * (`useNodeData`, which every Node entry calls before evaluating), the `worker_threads` bot pool for the
 * server's seats (`BotPool`), a match's analysis on a worker thread (`analyseInWorker`), rollouts on worker threads (`workerTrials`, `RolloutOptions.runner`) and the
 * bear-off tables' generator (`makeBearOffTables`, run by the build).
 */
export { nodeDataSource, useNodeData, WEIGHTS_DIR } from './files.js';
export { readNetFile } from './net-file.js';
export { BotPool, type BotAnswer, type BotPoolOptions, type CubeAnswer, type FallbackReason } from './pool.js';
export { workerTrials } from './rollout-workers.js';
export { analyseInWorker } from './analysis-workers.js';
export { makeBearOffTables, type MadeTable, type MakeOptions } from './make-bearoff.js';
