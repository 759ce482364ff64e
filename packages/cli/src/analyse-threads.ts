import { Worker } from 'node:worker_threads';
import { joinAnalyses, type AnalyseInput, type AnalyseOptions, type MatchAnalysis } from '@nardy/ai';

/** The built worker entry (under vitest, from source, the package's built one: build first). */
function workerUrl(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts') ? new URL('../dist/analyse-worker.js', here) : new URL('./analyse-worker.js', here);
}

type Message = { readonly progress: readonly [number, number] } | { readonly value: MatchAnalysis } | { readonly error: string };

/**
 * The match analysed on `threads` worker threads, each taking every `threads`-th decision (`share`), then joined.
 * `onProgress` gets the decisions done and to do over all threads.
 */
export async function analyseOnThreads(
  input: AnalyseInput,
  options: Pick<AnalyseOptions, 'ply' | 'names'>,
  threads: number,
  onProgress: (done: number, total: number) => void,
  url: URL = workerUrl(),
): Promise<MatchAnalysis> {
  const done = new Array<number>(threads).fill(0);
  const totals = new Array<number>(threads).fill(0);
  const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0);
  const parts = await Promise.all(
    done.map(
      (_, index) =>
        new Promise<MatchAnalysis>((resolve, reject) => {
          const worker = new Worker(url, { workerData: { input, ply: options.ply, share: { index, of: threads } } });
          worker.on('message', (m: Message) => {
            if ('progress' in m) {
              [done[index], totals[index]] = m.progress;
              onProgress(sum(done), sum(totals));
            } else {
              void worker.terminate();
              if ('value' in m) resolve(m.value);
              else reject(new Error(m.error));
            }
          });
          worker.on('error', reject);
          worker.on('exit', (code) => reject(new Error(`an analysis thread stopped (exit code ${code})`)));
        }),
    ),
  );
  return joinAnalyses(input, parts, options);
}
