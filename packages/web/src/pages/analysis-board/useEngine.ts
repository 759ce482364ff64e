/**
 * The analysis board's side of its engine worker: one worker for the page's life (started on the first request, so
 * its chunk and the engine's files load only when asked for), one request at a time, its answer or progress as
 * React state.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Dice } from '@nardy/engine';
import type { EngineReply, EngineRequest, EvalResult, HintTurn, Job, RolloutFigures, RolloutSettings } from './engineProtocol';

type EngineState =
  | { readonly kind: 'idle' }
  | { readonly kind: 'busy'; readonly task: 'hint' | 'eval' | 'rollout'; readonly done?: number; readonly total?: number; readonly estimate?: RolloutFigures }
  | { readonly kind: 'hint'; readonly turns: readonly HintTurn[]; readonly ply: number }
  | { readonly kind: 'eval'; readonly result: EvalResult; readonly ply: number }
  | { readonly kind: 'rollout'; readonly result: RolloutFigures; readonly stopped: boolean }
  | { readonly kind: 'error'; readonly message: string; readonly loading: boolean };

export interface Engine {
  readonly state: EngineState;
  readonly hint: (job: Job, dice: Dice, ply: number) => void;
  readonly evaluate: (job: Job, ply: number) => void;
  readonly rollout: (job: Job, settings: RolloutSettings) => void;
  readonly stop: () => void;
  /** Forgets the last answer (the position changed). */
  readonly clear: () => void;
}

export function useEngine(): Engine {
  const worker = useRef<Worker | null>(null);
  const current = useRef(0);
  const ply = useRef(0);
  const [state, setState] = useState<EngineState>({ kind: 'idle' });

  useEffect(
    () => () => {
      worker.current?.terminate();
      worker.current = null;
    },
    [],
  );

  const send = useCallback((request: Exclude<EngineRequest, { kind: 'stop' }>) => {
    if (!worker.current) {
      const w = new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module', name: 'nardy-engine' });
      w.onmessage = (event: MessageEvent<EngineReply>) => {
        const r = event.data;
        if (r.id !== current.current) return; // an answer to a request since replaced
        if (r.kind === 'progress') setState({ kind: 'busy', task: 'rollout', done: r.done, total: r.total, estimate: r.estimate });
        else if (r.kind === 'hint') setState({ kind: 'hint', turns: r.turns, ply: ply.current });
        else if (r.kind === 'eval') setState({ kind: 'eval', result: r.result, ply: ply.current });
        else if (r.kind === 'rollout') setState({ kind: 'rollout', result: r.result, stopped: r.stopped });
        else setState({ kind: 'error', message: r.message, loading: r.loading === true });
      };
      w.onerror = (e) => setState({ kind: 'error', message: e.message, loading: true });
      worker.current = w;
    }
    // A rollout still running for the request replaced ends between two trials.
    worker.current.postMessage({ id: current.current, kind: 'stop' } satisfies EngineRequest);
    current.current = request.id;
    setState({ kind: 'busy', task: request.kind });
    worker.current.postMessage(request);
  }, []);

  const next = () => current.current + 1;
  return {
    state,
    hint: useCallback(
      (job: Job, dice: Dice, p: number) => {
        ply.current = p;
        send({ id: next(), kind: 'hint', job, dice, ply: p });
      },
      [send],
    ),
    evaluate: useCallback(
      (job: Job, p: number) => {
        ply.current = p;
        send({ id: next(), kind: 'eval', job, ply: p });
      },
      [send],
    ),
    rollout: useCallback((job: Job, settings: RolloutSettings) => send({ id: next(), kind: 'rollout', job, settings }), [send]),
    stop: useCallback(() => worker.current?.postMessage({ id: current.current, kind: 'stop' } satisfies EngineRequest), []),
    clear: useCallback(() => {
      worker.current?.postMessage({ id: current.current, kind: 'stop' } satisfies EngineRequest);
      current.current += 1;
      setState({ kind: 'idle' });
    }, []),
  };
}
