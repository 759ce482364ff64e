/**
 * The status line under the board: who must act now and what, in a few words ("You: roll or double",
 * "Black: take or pass a double to 2", "White to move"). It follows the seat whose decision it is (`toAct`, the
 * answer to an offer included), as the side panel's prompt does, so the two never disagree.
 */
import { otherSeat, type Seat } from '@nardy/engine';
import type { GameView } from '@nardy/protocol';
import { seatColor } from './boardModel';
import type { Phrase } from './phrase';

/** The one who acts: "You" for the viewer, else his colour. */
const who = (view: GameView, seat: Seat): Phrase => (seat === view.you ? { key: 'status.you' } : { key: `status.${seatColor(view, seat)}` });

const can = (view: GameView, type: 'double' | 'beaver'): boolean => view.legal?.actions.includes(type) ?? false;

export function statusPhrase(view: GameView): Phrase {
  if (view.end) return { key: view.end.reason === 'aborted' ? 'status.aborted' : 'status.over' };
  const cube = view.cubeOffer;
  if (view.phase === 'cubeOffered' && cube) {
    const responder = otherSeat(cube.by);
    // Only the responder's own view knows whether he may beaver (legal actions are his alone).
    const key = cube.beaver ? 'status.beaver' : can(view, 'beaver') ? 'status.cubeOrBeaver' : 'status.cube';
    return { key, params: { who: who(view, responder), value: cube.value } };
  }
  const resign = view.resignOffer;
  if (view.phase === 'resignOffered' && resign) return { key: 'status.resign', params: { who: who(view, otherSeat(resign.by)) } };
  const actor = view.toAct;
  // G6: a money session's next game waits a moment before its opening throw; either player may end it then.
  if (actor === null && view.settings.match.matchLength === 0 && view.games.length > 0) return { key: 'status.sessionBreak' };
  if (actor === null) return { key: 'status.opening' };
  const params = { who: who(view, actor) };
  if (actor !== view.you) return { key: view.phase === 'moving' ? 'status.toMove' : 'status.toRoll', params };
  if (view.phase === 'turnStart') {
    if (!view.legal) return { key: 'status.rolling', params };
    return { key: can(view, 'double') ? 'status.rollOrDouble' : 'status.roll', params };
  }
  return { key: view.legal && view.legal.turns.length > 0 ? 'status.move' : 'status.noMove', params };
}
