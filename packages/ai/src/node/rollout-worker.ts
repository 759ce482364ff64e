/**
 * A rollout worker thread (`runInWorkers` starts it from `dist/node/rollout-worker.js` with the spec as
 * `workerData`): answers each trial number with `{ trial, outcome }` or `{ trial, error }`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { positionFromSetup } from '@nardy/engine';
import { rolloutContext } from '../rollout/luck.js';
import { levelChooser, type WorkerSpec } from '../rollout/rollout.js';
import { runTrial } from '../rollout/trial.js';
import { useNodeData } from './files.js';
import type { TrialMessage } from './rollout-workers.js';

useNodeData();

const raw = workerData as WorkerSpec;
const start = positionFromSetup(raw.start);
const spec: WorkerSpec | undefined = start.ok ? { ...raw, start: start.value } : undefined;
const chooser = levelChooser(raw.level, raw.rules, raw.scoring);
const ctx = spec ? rolloutContext(spec.start, raw.scoring, raw.rules) : undefined;

parentPort?.on('message', (trial: number) => {
  let msg: TrialMessage;
  try {
    if (!spec || !ctx) throw new Error(`bad start position: ${start.ok ? '' : start.error.message}`);
    msg = { trial, outcome: runTrial(spec, trial, chooser, ctx) };
  } catch (e) {
    msg = { trial, error: e instanceof Error ? e.message : String(e) };
  }
  parentPort?.postMessage(msg);
});
