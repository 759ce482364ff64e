/**
 * One step of a replay: what the board shows after `step` actions of the record (0 = before the first). A step
 * that finished a game shows that game's final board and its result (the match has already moved on to the next
 * game's start position by then).
 */
import type { BySeat, MatchState, Seat, Setup } from '@nardy/engine';
import type { BoardExtras } from '../../game/boardModel';
import type { ReplayedLog, ResultLine } from '../../game/moveList';

export interface ReplayFrame {
  readonly position: Setup;
  readonly extras: BoardExtras;
  /** The game this frame belongs to. */
  readonly game: number;
  /** The seat playing White in that game. */
  readonly white: Seat;
  readonly score: BySeat<number>;
  /** The game this step finished, if it did. */
  readonly result: ResultLine | null;
  readonly state: MatchState;
}

const cubeOf = (m: MatchState, white: Seat): BoardExtras['cube'] => {
  if (!m.settings.cube.enabled) return null;
  const owner = m.game.cube.owner;
  return { value: m.game.cube.value, owner: owner === null ? null : owner === white ? 'white' : 'black' };
};

/** The frame after `step` actions (clamped to the log). */
export function replayFrame(log: ReplayedLog, step: number): ReplayFrame {
  const last = log.states.length - 1;
  const at = Math.max(0, Math.min(step, last));
  const m = log.states[at]!;
  const before = at > 0 ? log.states[at - 1]! : null;
  const finished = before && m.games.length > before.games.length ? m.games[m.games.length - 1]! : null;
  if (finished && before) {
    const { position, ...result } = finished;
    return {
      position,
      extras: { turn: null, dice: null, cube: cubeOf(before, finished.white) },
      game: finished.number,
      white: finished.white,
      score: m.score,
      result,
      state: m,
    };
  }
  const between = m.phase === 'opening' || m.phase === 'matchOver';
  return {
    position: m.game.position,
    extras: { turn: between ? null : m.game.position.turn, dice: m.game.dice, cube: cubeOf(m, m.game.white) },
    game: m.game.number,
    white: m.game.white,
    score: m.score,
    result: null,
    state: m,
  };
}
