import type { Action } from '../game/actions.js';
import { currentTurns, toAct, type MatchState } from '../game/match.js';
import type { Seat } from '../game/seats.js';
import type { Dice } from '../types.js';

/**
 * The tests' scripted player: the first legal turn, roll before moving, take every cube and accept every
 * resignation, with the dice from `dice` (the caller decides how throws are made, e.g. from a server's seeds).
 * Null when the match is over.
 */
export function firstChoice(state: MatchState, dice: (kind: 'opening' | 'roll') => Dice): Action | null {
  const seat = toAct(state) as Seat;
  switch (state.phase) {
    case 'opening': {
      const [p1, p2] = dice('opening');
      return { type: 'opening', dice: { p1, p2 } };
    }
    case 'turnStart':
      return { type: 'roll', seat, dice: dice('roll') };
    case 'moving': {
      const t = currentTurns(state)[0];
      return { type: 'move', seat, steps: t ? t.steps.map((x) => ({ from: x.from, to: x.to })) : [] };
    }
    case 'cubeOffered':
      return { type: 'take', seat };
    case 'resignOffered':
      return { type: 'acceptResign', seat };
    case 'matchOver':
      return null;
  }
}
