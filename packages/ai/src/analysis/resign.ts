import { mayDouble, otherSeat, seatToPlay, type Position } from '@nardy/engine';
import { cubeDecision, cubeInputsOf, playCubeOf, type CubeDecision } from '../cube.js';
import type { ResignJob } from './jobs.js';
import { DEFAULT_SKILL_THRESHOLDS, skillMark } from './marks.js';
import type { AnalysisSearch } from './search.js';
import type { AnalyseOptions, ResignDecision } from './types.js';
import { lossEquity, mirroredCube, mwcPerEquity } from './units.js';

/**
 * Judges a resign offer and its answer as gnubg's analysis does (`getResignEquities`): the resigner's cubeful
 * equity playing on — before the throw the better of doubling and not (as his cube decision values it), after
 * it his best turn, or the negation of the opponent's when it is the opponent's turn — against the normalised
 * equity of losing what the offer concedes.
 */
export function analyseResign(job: ResignJob, search: AnalysisSearch, options: AnalyseOptions, cubeMemo: WeakMap<Position, CubeDecision>): ResignDecision[] {
  const s = job.state;
  const g = s.game;
  const mover = seatToPlay(g);
  const { position, cube, context } = cubeInputsOf(s);
  const moverCube = playCubeOf(cube, context);
  let value: number;
  if (s.phase === 'moving') value = search.bestEquity(position, g.dice!, moverCube);
  else {
    let d = cubeMemo.get(position);
    if (!d) {
      d = cubeDecision(position, cube, { ...context, evaluator: (p) => search.evaluate(p) });
      cubeMemo.set(position, d);
    }
    value = mayDouble(s.settings, g.cube, mover, g, s.score).ok ? d.equities.optimal : d.equities.noDouble;
  }
  const resignerCube = job.by === mover ? moverCube : mirroredCube(moverCube);
  const playOn = job.by === mover ? value : -value;
  const resigned = lossEquity(resignerCube, s.settings.variant, job.points);
  const toMwc = mwcPerEquity(moverCube, s.settings.variant);
  const skill = options.skill ?? DEFAULT_SKILL_THRESHOLDS;
  const base = { game: g.number, move: g.turnsPlayed + 1, level: job.level, points: job.points, cubeValue: g.cube.value, playOn, resigned, unforced: false };
  const judged = (kind: ResignDecision['kind'], player: ResignDecision['player'], error: number): ResignDecision => ({
    kind,
    ...base,
    player,
    error,
    ...(toMwc !== null ? { errorMwc: error * toMwc } : {}),
    mark: skillMark(error, skill),
  });
  const out = [judged('resign', job.by, Math.max(0, playOn - resigned))];
  if (job.answer === 'acceptResign') out.push(judged('acceptResign', otherSeat(job.by), Math.max(0, resigned - playOn)));
  if (job.answer === 'declineResign') out.push(judged('declineResign', otherSeat(job.by), Math.max(0, playOn - resigned)));
  return out;
}
