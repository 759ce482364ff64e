import { legalActions, type MatchState, type Seat } from '@nardy/engine';
import type { z } from 'zod';
import { PLAYER_ACTION_TYPES, type LegalSchema, type PlayerActionType } from './game-view.js';

export type Legal = z.infer<typeof LegalSchema>;

const PLAYER_TYPES: ReadonlySet<string> = new Set(PLAYER_ACTION_TYPES);

/**
 * The `legal` part of a view for `seat` (null for a spectator or when the seat may do nothing): the engine's
 * `legalActions` for that seat, without the server's own actions (`opening`, `timeout`), in the engine's order.
 */
export function legalFor(state: MatchState, seat: Seat | null): Legal | null {
  if (seat === null) return null;
  const actions: PlayerActionType[] = [];
  const resignLevels: Legal['resignLevels'] = [];
  let turns: Legal['turns'] = [];
  for (const a of legalActions(state)) {
    if (a.type === 'opening' || !PLAYER_TYPES.has(a.type) || a.seat !== seat) continue;
    if (a.type === 'resign') resignLevels.push(a.level);
    if (a.type === 'move') turns = a.turns.map((t) => t.steps.map((s) => ({ from: s.from, to: s.to, die: s.die, hit: s.hit })));
    const type = a.type as PlayerActionType;
    if (!actions.includes(type)) actions.push(type);
  }
  return actions.length === 0 ? null : { actions, resignLevels, turns };
}
