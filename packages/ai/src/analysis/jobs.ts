import {
  apply,
  mayDouble,
  newMatch,
  seatToPlay,
  type Action,
  type MatchSettings,
  type MatchSettingsInput,
  type MatchState,
  type StepInput,
} from '@nardy/engine';

/** One decision to analyse: the match state it was taken in and what was done. */
export type Job =
  | { readonly kind: 'move'; readonly state: MatchState; readonly steps: readonly StepInput[]; readonly rolled: boolean }
  | { readonly kind: 'double'; readonly state: MatchState; readonly doubled: boolean }
  | { readonly kind: 'take'; readonly state: MatchState; readonly response: 'take' | 'pass' | 'beaver' };

/**
 * Replays the record and lists its decisions in order: each turn played (with whether its dice came from a
 * throw rather than the opening throw), each turn start where the side on roll could have doubled (G3: cube
 * on, not before the first move, not Crawford, its cube to turn …) and each answer to a double or beaver.
 */
export function collectJobs(settings: MatchSettingsInput | MatchSettings, actions: readonly Action[]): { jobs: Job[]; final: MatchState } {
  const start = newMatch(settings);
  if (!start.ok) throw new Error(`analysis: ${start.error.message}`);
  let state = start.value;
  const jobs: Job[] = [];
  let rolled = false;
  actions.forEach((action, i) => {
    const g = state.game;
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
  return { jobs, final: state };
}
