import { Worker } from 'node:worker_threads';
import type { AnalyseInput, AnalyseOptions, MatchAnalysis } from '../analysis/index.js';

/** The built worker entry (from source, under vitest, the package's built one: `tsc -b packages/ai` first, as `pool.ts`). */
function analysisWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/node/analysis-worker.js', here) : new URL('./analysis-worker.js', here);
}

type WorkerMessage = { readonly progress: readonly [number, number] } | { readonly value: MatchAnalysis } | { readonly error: string };

/**
 * `analyseMatch` on a worker thread of its own, started for this analysis and stopped after it, so a long analysis
 * never holds up the calling thread (the server's live games) nor the bots' pool. `signal` stops the worker at once
 * (rejecting with an `AbortError`); a worker that crashes rejects with why.
 */
export function analyseInWorker(
  input: AnalyseInput,
  options: Pick<AnalyseOptions, 'ply' | 'names' | 'onProgress' | 'signal'> & {
    /** Linux: the worker thread's nice value (up to 19), so the threads that serve live games go first. */
    readonly nice?: number;
  } = {},
  url: URL = analysisWorkerUrl(),
): Promise<MatchAnalysis> {
  return new Promise<MatchAnalysis>((resolve, reject) => {
    if (options.signal?.aborted) return reject(abortError());
    const worker = new Worker(url, {
      workerData: {
        input,
        options: { ...(options.ply !== undefined ? { ply: options.ply } : {}), ...(options.names ? { names: options.names } : {}) },
        ...(options.nice !== undefined ? { nice: options.nice } : {}),
      },
    });
    let settled = false;
    const finish = (e: Error | null, value?: MatchAnalysis): void => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      worker.removeAllListeners();
      worker.on('error', () => {}); // late errors while terminating are harmless
      void worker.terminate();
      if (e) reject(e);
      else resolve(value!);
    };
    const onAbort = (): void => finish(abortError());
    options.signal?.addEventListener('abort', onAbort);
    worker.on('message', (msg: WorkerMessage) => {
      if ('progress' in msg) options.onProgress?.(msg.progress[0], msg.progress[1]);
      else if ('value' in msg) finish(null, msg.value);
      else finish(new Error(msg.error));
    });
    worker.on('error', (e) => finish(e));
    worker.on('exit', (code) => finish(new Error(`the analysis worker stopped (exit code ${code})`)));
  });
}

function abortError(): Error {
  const e = new Error('analysis cancelled');
  e.name = 'AbortError';
  return e;
}
