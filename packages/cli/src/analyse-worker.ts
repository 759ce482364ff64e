/**
 * A worker thread of `nardy analyse --threads N`: analyses its share of the match in `workerData`
 * (`{ input, ply, share }`), posting `{ progress: [done, total] }` as it goes and then `{ value }` or `{ error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { analyseMatch, type AnalyseInput, type AnalyseOptions } from '@nardy/ai';
import { useNodeData } from '@nardy/ai/node';

useNodeData();

const { input, ply, share } = workerData as { input: AnalyseInput; ply: number; share: NonNullable<AnalyseOptions['share']> };
analyseMatch(input, { ply, share, onProgress: (done, total) => parentPort?.postMessage({ progress: [done, total] }) }).then(
  (value) => parentPort?.postMessage({ value }),
  (e: unknown) => parentPort?.postMessage({ error: e instanceof Error ? e.message : String(e) }),
);
