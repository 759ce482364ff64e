/**
 * The worker thread's entry (`BotPool` starts it from `dist/node/worker.js`): answers `{ id, kind, request }`
 * messages — `kind` 'turn' (the default: the level's turn, `{ steps, after }`) or 'cube' (the five numbers at the
 * level's cube look-ahead) — with `{ id, ok: true, value }` or `{ id, ok: false, error }`, one at a time.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { chooseTurn, cubeEvaluator } from '../choose.js';
import { parseBotRequest, parseCubeRequest } from '../request.js';
import { seededRng } from '../rng.js';
import { useNodeData } from './files.js';

export interface WorkerMessage {
  readonly id: number;
  readonly kind?: 'turn' | 'cube';
  readonly request: unknown;
  /** `Date.now()` by which the pool needs the answer. */
  readonly deadline?: number;
}

useNodeData();

const allowDebug = (workerData as { allowDebug?: boolean } | null)?.allowDebug === true;

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

parentPort?.on('message', ({ id, kind, request, deadline }: WorkerMessage) => {
  const debug = allowDebug ? (request as { debug?: { sleepMs?: number; crash?: boolean } } | null)?.debug : undefined;
  if (debug?.crash) throw new Error('debug: worker crash requested');
  if (debug?.sleepMs) sleep(debug.sleepMs);
  if (kind === 'cube') {
    answerCube(id, request, deadline);
    return;
  }
  const parsed = parseBotRequest(request);
  if (!parsed.ok) {
    parentPort?.postMessage({ id, ok: false, error: parsed.error.message });
    return;
  }
  const r = parsed.value;
  try {
    const turn = chooseTurn(r.position, r.dice, {
      level: r.level,
      rules: r.rules,
      scoring: r.scoring,
      ...(deadline !== undefined ? { deadline } : {}),
      ...(r.seed !== undefined ? { rng: seededRng(r.seed) } : {}),
      ...(r.cube !== undefined ? { cube: r.cube } : {}),
    });
    parentPort?.postMessage({ id, ok: true, value: { steps: turn.steps, after: turn.after } });
  } catch (e) {
    parentPort?.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
});

function answerCube(id: number, request: unknown, deadline: number | undefined): void {
  const parsed = parseCubeRequest(request);
  if (!parsed.ok) {
    parentPort?.postMessage({ id, ok: false, error: parsed.error.message });
    return;
  }
  const { position, level, rules, scoring } = parsed.value;
  try {
    const value = cubeEvaluator(level, { rules, scoring, ...(deadline !== undefined ? { deadline } : {}) })(position);
    parentPort?.postMessage({ id, ok: true, value });
  } catch (e) {
    parentPort?.postMessage({ id, ok: false, error: e instanceof Error ? e.message : String(e) });
  }
}
