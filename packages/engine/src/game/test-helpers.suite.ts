/** Test support for the game tests (not exported from the package). */
import { parsePlainBoard, type PlainBoard } from '../notation/plain-board.js';
import type { Position } from '../position.js';
import type { Result } from '../result.js';
import type { Dice } from '../types.js';
import type { Action } from './actions.js';
import type { GameState, Phase } from './game.js';
import { apply, currentTurns, newMatch, type MatchState } from './match.js';
import type { MatchSettingsInput } from './settings.js';
import type { Seat } from './seats.js';

export function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

export const match = (input: MatchSettingsInput): MatchState => must(newMatch(input));

/** Applies actions in order, failing on the first refusal. */
export const run = (state: MatchState, ...actions: Action[]): MatchState => actions.reduce((s, a) => must(apply(s, a)), state);

/** Rolls `dice` for `seat` and plays the first legal turn (or the empty one, L14). */
export function turn(state: MatchState, seat: Seat, dice: Dice): MatchState {
  const rolled = run(state, { type: 'roll', seat, dice });
  return playFirst(rolled, seat);
}

/** Plays the first legal turn for the dice on the table. */
export function playFirst(state: MatchState, seat: Seat): MatchState {
  const t = currentTurns(state)[0];
  return run(state, { type: 'move', seat, steps: t ? t.steps : [] });
}

export function board(b: Omit<PlainBoard, 'onRoll'> & { onRoll: 'white' | 'black' }): Position {
  return must(parsePlainBoard(b)).position;
}

/** The same match with the current game moved to another position (states are plain data). */
export function at(state: MatchState, position: Position, phase: Phase, game: Partial<GameState> = {}): MatchState {
  return Object.freeze({
    ...state,
    phase,
    game: Object.freeze({ ...state.game, position, turnsPlayed: 10, ...game }),
  });
}
