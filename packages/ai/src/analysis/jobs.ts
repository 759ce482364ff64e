import {
  apply,
  mayDouble,
  newMatch,
  seatToPlay,
  type Action,
  type MatchSettings,
  type MatchSettingsInput,
  type MatchState,
  type ResignLevel,
  type Seat,
  type StepInput,
} from '@nardy/engine';

/** One decision to analyse: the match state it was taken in and what was done. */
export type Job =
  | { readonly kind: 'move'; readonly state: MatchState; readonly steps: readonly StepInput[]; readonly rolled: boolean }
  | { readonly kind: 'double'; readonly state: MatchState; readonly doubled: boolean }
  | { readonly kind: 'take'; readonly state: MatchState; readonly response: 'take' | 'pass' | 'beaver' };

/**
 * A resign offer (G5b) and its answer, if it got one (a flag may fall first): the state it was offered in, the
 * points per unit of the cube that accepting it scores (after the variant's cap and Jacoby, G3–G5b).
 */
export interface ResignJob {
  readonly kind: 'resign';
  readonly state: MatchState;
  readonly by: Seat;
  readonly level: ResignLevel;
  readonly points: number;
  readonly answer: 'acceptResign' | 'declineResign' | null;
}

/**
 * Replays the record and lists its decisions in order: each turn played (with whether its dice came from a
 * throw rather than the opening throw), each turn start where the side on roll could have doubled (G3: cube
 * on, not before the first move, not Crawford, its cube to turn …) and each answer to a double or beaver;
 * apart, each resign offer with its answer.
 */
export function collectJobs(
  settings: MatchSettingsInput | MatchSettings,
  actions: readonly Action[],
): { jobs: Job[]; resignations: ResignJob[]; final: MatchState } {
  const start = newMatch(settings);
  if (!start.ok) throw new Error(`analysis: ${start.error.message}`);
  let state = start.value;
  const jobs: Job[] = [];
  const resignations: ResignJob[] = [];
  let offer = null as Omit<ResignJob, 'answer'> | null;
  let rolled = false;
  actions.forEach((action, i) => {
    const g = state.game;
    if (offer) {
      const answered = action.type === 'acceptResign' || action.type === 'declineResign';
      resignations.push({ ...offer, answer: answered ? action.type : null });
      offer = null;
    }
    if (action.type === 'resign' && (state.phase === 'turnStart' || state.phase === 'moving')) {
      offer = { kind: 'resign', state, by: action.seat, level: action.level, points: concededPoints(state, action.seat, action.level) };
    }
    if (state.phase === 'turnStart' && (action.type === 'roll' || action.type === 'double') && action.seat === seatToPlay(g)) {
      if (mayDouble(state.settings, g.cube, action.seat, g, state.score).ok) jobs.push({ kind: 'double', state, doubled: action.type === 'double' });
    } else if (state.phase === 'cubeOffered' && (action.type === 'take' || action.type === 'pass' || action.type === 'beaver')) {
      jobs.push({ kind: 'take', state, response: action.type });
    } else if (state.phase === 'moving' && action.type === 'move') {
      jobs.push({ kind: 'move', state, steps: action.steps, rolled });
    }
    const next = apply(state, action);
    if (!next.ok) throw new Error(`analysis: action ${i} (${action.type}): ${next.error.message}`);
    rolled = action.type === 'roll';
    state = next.value;
  });
  if (offer) resignations.push({ ...offer, answer: null });
  return { jobs, resignations, final: state };
}

/** What accepting the offer would score, per unit of the cube: the engine's own scoring of it. */
function concededPoints(state: MatchState, by: Seat, level: ResignLevel): number {
  const offered = apply(state, { type: 'resign', seat: by, level });
  const accepted = offered.ok ? apply(offered.value, { type: 'acceptResign', seat: by === 'p1' ? 'p2' : 'p1' }) : offered;
  if (!accepted.ok) throw new Error(`analysis: a resign offer: ${accepted.error.message}`);
  return accepted.value.games[accepted.value.games.length - 1]!.basePoints;
}
