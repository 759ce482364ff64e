/**
 * Asks the server for a finished game's analysis (`analysis.request`) and follows the job: `done` of `total`
 * decisions as the server pushes them (`analysis.progress`), then `analysis.done` or `analysis.failed`.
 */
import { DEFAULT_ANALYSIS_PLY } from '@nardy/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ServerError, type Link } from '../../net/types';

type AnalysisJob =
  | { readonly kind: 'idle' }
  | { readonly kind: 'working'; readonly done: number; readonly total: number }
  | { readonly kind: 'done' }
  /** `error`: the server's refusal; null when the job itself failed (it may be asked for again). */
  | { readonly kind: 'failed'; readonly error: ServerError | null };

/** A private game's invitation, as the room reads it (`?watch=`). */
export const watchToken = (): string | undefined => new URLSearchParams(globalThis.location?.search ?? '').get('watch') ?? undefined;

export function useAnalysisJob(link: Link, gameId: string, ply: number = DEFAULT_ANALYSIS_PLY): { readonly job: AnalysisJob; readonly start: () => void } {
  const [job, setJob] = useState<AnalysisJob>({ kind: 'idle' });
  const stops = useRef<(() => void)[]>([]);
  const stop = useCallback(() => {
    for (const s of stops.current.splice(0)) s();
  }, []);
  useEffect(() => stop, [stop]);

  const start = useCallback(() => {
    stop();
    const ours = (m: { gameId: string; ply: number }) => m.gameId === gameId && m.ply === ply;
    let ended = false;
    const end = (j: AnalysisJob) => {
      ended = true;
      setJob(j);
    };
    stops.current.push(
      link.on('analysis.progress', (m) => ours(m) && setJob({ kind: 'working', done: m.done, total: m.total })),
      link.on('analysis.done', (m) => ours(m) && end({ kind: 'done' })),
      link.on('analysis.failed', (m) => ours(m) && end({ kind: 'failed', error: null })),
      // Left before the job ended: the server need not tell this page any more of it.
      () => {
        if (!ended) link.send({ type: 'analysis.unsubscribe', gameId, ply }).catch(() => {});
      },
    );
    setJob({ kind: 'working', done: 0, total: 0 });
    const watch = watchToken();
    link.send({ type: 'analysis.request', gameId, ply, ...(watch ? { watch } : {}) }).then(
      (r) => {
        if (r?.kind !== 'analysis') return;
        if (r.status === 'done') end({ kind: 'done' });
        // A failed job is queued afresh by the request; otherwise the ack is where it stands now.
        else setJob((j) => (j.kind === 'working' && j.done > r.done ? j : { kind: 'working', done: r.done, total: r.total }));
      },
      (e: unknown) => end({ kind: 'failed', error: e instanceof ServerError ? e : new ServerError('INTERNAL', String(e)) }),
    );
  }, [link, gameId, ply, stop]);

  return { job, start };
}
