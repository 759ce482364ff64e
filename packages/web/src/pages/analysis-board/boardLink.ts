/** The analysis board's path for a position of a recorded game (a replay frame): its IDs in the query. */
import { isDie } from '@nardy/engine';
import { paths } from '../../router';
import type { ReplayFrame } from '../replay/replayFrame';
import { validate, type EditState } from './editModel';
import { boardQuery, idsOf } from './ids';

/** null where there is nothing to analyse (a finished game's last board). */
export function boardPathOf(frame: ReplayFrame): string | null {
  const { position, extras, state, white } = frame;
  const black = white === 'p1' ? 'p2' : 'p1';
  const [a, b] = extras.dice ?? [];
  const setup: EditState = {
    variant: position.variant,
    board: position.board,
    firstTurn: position.firstTurn,
    turn: position.turn,
    dice: isDie(a) && isDie(b) && extras.turn !== null ? [a, b] : null,
    cube: extras.cube ? { value: extras.cube.value, owner: extras.cube.owner } : { value: 1, owner: null },
    matchLength: state.settings.matchLength,
    score: { white: frame.score[white], black: frame.score[black] },
    crawford: state.game.crawford,
  };
  const checked = validate(setup);
  return checked.ok ? paths.board(boardQuery(setup.variant, idsOf(setup, checked.value))) : null;
}
