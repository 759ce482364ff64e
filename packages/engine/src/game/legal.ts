import type { Turn } from '../turns.js';
import { RESIGN_LEVELS, type ResignLevel } from './actions.js';
import { mayBeaver, mayDouble, responder } from './cube.js';
import { seatToPlay } from './game.js';
import { betweenGames, currentTurns, toAct, type MatchState } from './match.js';
import { SEATS, otherSeat, type Seat } from './seats.js';

/**
 * An action that is legal now, as a template: dice and steps are the caller's to supply (`roll` takes any
 * dice; `move` lists the legal turns — when the list is empty the only legal move is `steps: []`, L14).
 */
export type LegalAction =
  | { readonly type: 'opening' }
  | { readonly type: 'roll'; readonly seat: Seat }
  | { readonly type: 'move'; readonly seat: Seat; readonly turns: readonly Turn[] }
  | { readonly type: 'resign'; readonly seat: Seat; readonly level: ResignLevel }
  | {
      readonly type: 'double' | 'take' | 'pass' | 'beaver' | 'acceptResign' | 'declineResign' | 'surrender' | 'timeout' | 'resignMatch' | 'endSession';
      readonly seat: Seat;
    };

/** Every action `apply` would accept now (for UIs, servers and bots), in a stable order. */
export function legalActions(state: MatchState): LegalAction[] {
  const out: LegalAction[] = [];
  if (state.phase === 'matchOver') return out;
  const g = state.game;
  const s = state.settings;
  switch (state.phase) {
    case 'opening':
      out.push({ type: 'opening' });
      break;
    case 'turnStart': {
      const seat = seatToPlay(g);
      out.push({ type: 'roll', seat });
      if (mayDouble(s, g.cube, seat, g, state.score).ok) out.push({ type: 'double', seat });
      break;
    }
    case 'moving':
      out.push({ type: 'move', seat: seatToPlay(g), turns: currentTurns(state) });
      break;
    case 'cubeOffered': {
      const offer = g.cubeOffer!;
      const seat = responder(offer);
      out.push({ type: 'take', seat }, { type: 'pass', seat });
      if (mayBeaver(s, offer).ok) out.push({ type: 'beaver', seat });
      break;
    }
    case 'resignOffered': {
      const seat = otherSeat(g.resignOffer!.by);
      out.push({ type: 'acceptResign', seat }, { type: 'declineResign', seat });
      break;
    }
  }
  if (state.phase === 'turnStart' || state.phase === 'moving') {
    for (const seat of SEATS) for (const level of RESIGN_LEVELS) out.push({ type: 'resign', seat, level });
  }
  if (state.phase !== 'opening') for (const seat of SEATS) out.push({ type: 'surrender', seat });
  const actor = toAct(state);
  if (actor !== null && s.timeControl.kind !== 'none') out.push({ type: 'timeout', seat: actor });
  // G5/G6: a match may be resigned; a money session too (conceding the game in play), and ended between games.
  for (const seat of SEATS) out.push({ type: 'resignMatch', seat });
  if (s.matchLength === 0 && betweenGames(state)) for (const seat of SEATS) out.push({ type: 'endSession', seat });
  return out;
}

/** Whether `seat` may double now, and if not, why (for a UI's cube button). */
export function canDouble(state: MatchState, seat: Seat): ReturnType<typeof mayDouble> {
  if (state.phase !== 'turnStart') {
    return { ok: false, error: { code: 'CUBE_NOT_ALLOWED', message: 'the cube can be offered only before rolling (G3)' } };
  }
  if (seatToPlay(state.game) !== seat) {
    return { ok: false, error: { code: 'NOT_YOUR_TURN', message: `${seat} is not on turn` } };
  }
  return mayDouble(state.settings, state.game.cube, seat, state.game, state.score);
}
