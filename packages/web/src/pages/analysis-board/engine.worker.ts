/**
 * The analysis board's engine: `@nardy/ai` in a Web Worker, the server's own evaluator (trained nets on the
 * WebAssembly kernel, bear-off tables), its files fetched once from the server (`AI_FILES_PATH`, cached by the
 * browser). Hint: every turn ranked as the server's analysis ranks them (0-ply for all, the world-class move filter's
 * survivors at the chosen ply, cubeful equity at the cube and score). Eval: the five numbers at a ply and the cube
 * decision on them. Rollout: the player's settings (trials, truncation, seed, luck adjustment), trials on this thread
 * with progress after each, the cube applied to the result (engineJobs.ts); `stop` ends it between two trials and
 * answers with the estimate so far.
 */
import {
  DATA_FILES,
  LEVEL_SETTINGS,
  cubefulPlayEquity,
  cubelessEquity,
  evaluatePly,
  fetchDataSource,
  playCubeOf,
  rankTurnsPly,
  searchContext,
  setDataSource,
  type RolloutResult,
} from '@nardy/ai';
import { makeTurnNotation } from '@nardy/engine';
import { cubeVerdict, five, jobInputs, rollOut, rolloutFigures } from './engineJobs';
import { AI_FILES_PATH, type EngineReply, type EngineRequest } from './engineProtocol';

/** The worker's global scope, typed by hand: the app's TypeScript settings hold the DOM's types, not the worker's. */
const scope = self as unknown as {
  readonly location: Location;
  postMessage(reply: EngineReply): void;
  onmessage: ((event: MessageEvent<EngineRequest>) => void) | null;
};

let ready: Promise<void> | null = null;
const loadData = (): Promise<void> =>
  (ready ??= fetchDataSource(new URL(AI_FILES_PATH, scope.location.origin), DATA_FILES).then(setDataSource, (e: unknown) => {
    ready = null; // a later request tries again
    throw e;
  }));

const PROGRESS_MS = 100;

/** Thrown from the rollout's progress callback to end it between trials. */
class Stopped extends Error {}
/** Requests asked to stop (ids of replaced requests too: a stop may come for one that has already finished). */
const stopped = new Set<number>();

async function answer(req: Exclude<EngineRequest, { kind: 'stop' }>): Promise<EngineReply> {
  try {
    await loadData();
  } catch (e) {
    return { id: req.id, kind: 'error', loading: true, message: e instanceof Error ? e.message : String(e) };
  }
  const inputs = jobInputs(req.job);
  const { position, cube, context, options } = inputs;
  const ctx = searchContext(position, options);
  switch (req.kind) {
    case 'hint': {
      const rootEquity = cubefulPlayEquity(playCubeOf(cube, context), options.scoring.ceiling);
      const ranked = rankTurnsPly(position, req.dice, req.ply, LEVEL_SETTINGS.worldclass.filters, { ...ctx, rootEquity });
      return {
        id: req.id,
        kind: 'hint',
        turns: ranked.map((r) => ({ move: makeTurnNotation(position, r.turn), equity: r.equity, probabilities: five(r.probabilities), plies: r.plies })),
      };
    }
    case 'eval': {
      const p = evaluatePly(position, req.ply, ctx);
      return { id: req.id, kind: 'eval', result: { probabilities: five(p), equity: cubelessEquity(p, options.scoring.ceiling), ...cubeVerdict(inputs, p) } };
    }
    case 'rollout': {
      let last: RolloutResult | null = null;
      let posted = 0;
      try {
        const r = await rollOut(inputs, req.settings, ({ done, total, estimate }) => {
          if (stopped.has(req.id)) {
            last = estimate();
            throw new Stopped();
          }
          // At most ten a second (and the last): short trials (a bear-off) would outrun the page's drawing.
          const now = Date.now();
          if (now - posted < PROGRESS_MS && done !== total) return;
          posted = now;
          last = estimate();
          scope.postMessage({ id: req.id, kind: 'progress', done, total, estimate: rolloutFigures(inputs, last) });
        });
        return { id: req.id, kind: 'rollout', result: rolloutFigures(inputs, r), stopped: false };
      } catch (e) {
        if (e instanceof Stopped && last) return { id: req.id, kind: 'rollout', result: rolloutFigures(inputs, last), stopped: true };
        throw e;
      } finally {
        stopped.delete(req.id);
      }
    }
  }
}

scope.onmessage = (event: MessageEvent<EngineRequest>) => {
  const req = event.data;
  if (req.kind === 'stop') {
    stopped.add(req.id);
    return;
  }
  answer(req).then(
    (reply) => scope.postMessage(reply),
    (e: unknown) => scope.postMessage({ id: req.id, kind: 'error', message: e instanceof Error ? e.message : String(e) } satisfies EngineReply),
  );
};
