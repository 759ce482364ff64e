import type { Json } from '../store/index.js';
import type { Analyser, AnalysisInput } from './analyser.js';

/** One analysis the fake was asked for: the test reports progress and ends it by hand. */
export interface FakeCall {
  readonly input: AnalysisInput;
  readonly progress: (done: number, total: number) => void;
  readonly finish: (result: Json) => void;
  readonly fail: (error: Error) => void;
  readonly signal: AbortSignal;
}

/** An analyser driven by the test: each call waits until the test finishes or fails it (or the queue aborts it). */
export function fakeAnalyser() {
  const calls: FakeCall[] = [];
  const analyser: Analyser = (input, progress, signal) =>
    new Promise<Json>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new Error('aborted')));
      calls.push({ input, progress, finish: resolve, fail: reject, signal });
    });
  /** The `n`th call (0-based), once it has been made. */
  const call = async (n: number): Promise<FakeCall> => {
    for (let i = 0; i < 500 && calls.length <= n; i++) await new Promise<void>((r) => setTimeout(r, 10));
    if (calls.length <= n) throw new Error(`the analyser was called ${calls.length} times, not ${n + 1}`);
    return calls[n]!;
  };
  return { analyser, calls, call };
}

/** An analyser that answers at once with a small result naming what it was given. */
export const instantAnalyser: Analyser = async (input, progress) => {
  progress(1, 1);
  return { ply: input.ply, actions: input.actions.length, names: input.names };
};
