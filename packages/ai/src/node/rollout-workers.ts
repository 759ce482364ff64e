import { Worker } from 'node:worker_threads';
import type { TrialRunner, WorkerSpec } from '../rollout/rollout.js';
import type { Vec5 } from '../rollout/vector.js';

/**
 * The built worker entry: `dist/node/rollout-worker.js` beside the built module; from source (`src/node/*.ts`
 * under vitest) the package's built one, so tests need `tsc -b packages/ai` first (as `pool.ts`).
 */
function rolloutWorkerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../../dist/node/rollout-worker.js', here) : new URL('./rollout-worker.js', here);
}

/** `rollout`'s runner on `workers` threads (`RolloutOptions.runner`); `url`: the built worker entry. */
export const workerTrials =
  (workers: number, url: URL = rolloutWorkerUrl()): TrialRunner =>
  (spec, trials, record) =>
    runInWorkers(spec, trials, workers, record, url);

/** A worker's answer: one trial's outcome, or why it failed. */
export type TrialMessage = { readonly trial: number; readonly outcome: Vec5 } | { readonly trial: number; readonly error: string };

/**
 * Runs trials 0..trials−1 on `workers` threads, handing each worker the next trial number as soon as it is
 * free (trials differ a lot in length). `record` gets every outcome as it arrives; the caller orders them.
 * Rejects on the first failure and stops every worker either way.
 */
function runInWorkers(spec: WorkerSpec, trials: number, workers: number, record: (trial: number, outcome: Vec5) => void, url: URL): Promise<void> {
  const pool = Array.from({ length: Math.min(workers, trials) }, () => new Worker(url, { workerData: spec }));
  let next = 0;
  let done = 0;
  return new Promise<void>((resolve, reject) => {
    let settled = false;
    const finish = (e?: Error): void => {
      if (settled) return;
      settled = true;
      for (const w of pool) {
        w.removeAllListeners();
        w.on('error', () => {}); // late errors while terminating are harmless
        void w.terminate();
      }
      if (e) reject(e);
      else resolve();
    };
    const feed = (w: Worker): void => {
      if (next < trials) w.postMessage(next++);
    };
    for (const w of pool) {
      w.on('message', (msg: TrialMessage) => {
        if ('error' in msg) return finish(new Error(`rollout trial ${msg.trial}: ${msg.error}`));
        record(msg.trial, msg.outcome);
        if (++done === trials) return finish();
        feed(w);
      });
      w.on('error', (e) => finish(e));
      w.on('exit', (code) => finish(new Error(`a rollout worker stopped (exit code ${code})`)));
      feed(w);
    }
  });
}
