/**
 * The analysis worker's entry (`analyseInWorker` starts one per analysis from `dist/node/analysis-worker.js`):
 * analyses the match in `workerData` (`{ input, options: { ply, names }, nice? }`), posting `{ progress: [done, total] }`
 * as it goes and then `{ value }` (the `MatchAnalysis`) or `{ error }`.
 */
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { analyseMatch } from '../analysis/index.js';
import type { AnalyseInput, AnalyseOptions } from '../analysis/index.js';
import { useNodeData } from './files.js';

useNodeData();

const { input, options, nice } = workerData as { input: AnalyseInput; options: Pick<AnalyseOptions, 'ply' | 'names'>; nice?: number };
// On Linux a thread has a priority of its own: this one yields the cores to the bots and the games.
if (nice !== undefined && process.platform === 'linux') setPriority(nice);
analyseMatch(input, { ...options, onProgress: (done, total) => parentPort?.postMessage({ progress: [done, total] }) }).then(
  (value) => parentPort?.postMessage({ value }),
  (e: unknown) => parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) }),
);
