import { err, ok, type Result } from '../result.js';
import { checkDice, type StepInput } from '../turns.js';
import { isDie, type Dice, type Die } from '../types.js';
import { isSeat, type BySeat, type Seat } from './seats.js';
import { isRecord } from '../guards.js';

/** G5b: what a resign offer concedes. */
export const RESIGN_LEVELS = ['single', 'mars', 'koks'] as const;
export type ResignLevel = (typeof RESIGN_LEVELS)[number];

/** Actions that need nothing but the acting seat. */
export const SEAT_ACTION_TYPES = [
  /** G3: offer the cube (before rolling, by the cube's owner or when it is centred). */
  'double',
  /** G3: accept the cube (or the beaver). */
  'take',
  /** G3: decline the cube (or the beaver): the game is lost at the current value. */
  'pass',
  /** G3 option: take and at once redouble, keeping the cube. */
  'beaver',
  /** G5b: accept the opponent's resign offer. */
  'acceptResign',
  /** G5b: decline it; play goes on. */
  'declineResign',
  /** G5a: give up the game now, valued by the position under the ceiling. */
  'surrender',
  /** G8: this seat's time ran out (reported by whoever keeps the clock). */
  'timeout',
  /** G5: resign the whole match; in a money session, concede the game in play and end the session (G6). */
  'resignMatch',
  /** G6: end a money session between games. */
  'endSession',
] as const;
export type SeatActionType = (typeof SEAT_ACTION_TYPES)[number];

/**
 * Everything that can happen in a match. The action log is the match record: `replay(settings, actions)`
 * rebuilds the state. Dice are inputs (the engine never rolls). Every action but the opening throw names
 * the acting seat, so an action out of turn is detected (`NOT_YOUR_TURN`).
 */
export type Action =
  /** G1: the opening throw, one die per seat (the table throws both; ties are thrown again). */
  | { readonly type: 'opening'; readonly dice: BySeat<Die> }
  /** G2: the seat on turn throws. */
  | { readonly type: 'roll'; readonly seat: Seat; readonly dice: Dice }
  /** G2: the whole turn as own-frame steps (25 = bar, 0 = off); `[]` when no die can be played (L14). */
  | { readonly type: 'move'; readonly seat: Seat; readonly steps: readonly StepInput[] }
  /** G5b: offer to resign a single, mars or koks. */
  | { readonly type: 'resign'; readonly seat: Seat; readonly level: ResignLevel }
  | { readonly type: SeatActionType; readonly seat: Seat };

export type ActionType = Action['type'];

const isPoint = (n: unknown): n is number => typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 25;

/** Checks an action read from outside (a socket, a file): its shape only, not whether it is legal now. */
export function checkAction(input: unknown): Result<Action> {
  if (!isRecord(input) || typeof input['type'] !== 'string') return err('BAD_ACTION', 'an action is an object with a type');
  const type = input['type'];
  if (type === 'opening') {
    const d = input['dice'];
    if (!isRecord(d) || !isDie(d['p1']) || !isDie(d['p2'])) {
      return err('BAD_DICE', 'the opening throw is one die per seat: { p1: 1..6, p2: 1..6 }');
    }
    return ok({ type, dice: { p1: d['p1'], p2: d['p2'] } });
  }
  const seat = input['seat'];
  if (!isSeat(seat)) return err('BAD_ACTION', `action '${type}' needs seat 'p1' or 'p2'`);
  switch (type) {
    case 'roll': {
      const dice = checkDice(input['dice']);
      return dice.ok ? ok({ type, seat, dice: dice.value }) : dice;
    }
    case 'move': {
      const steps = input['steps'];
      if (!Array.isArray(steps) || steps.length > 4) return err('BAD_ACTION', 'a move is a list of at most four steps');
      const out: StepInput[] = [];
      for (const s of steps as unknown[]) {
        if (!isRecord(s) || !isPoint(s['from']) || !isPoint(s['to'])) {
          return err('BAD_ACTION', "a step is { from: 1..25, to: 0..24 } in the mover's own frame");
        }
        out.push({ from: s['from'], to: s['to'] });
      }
      return ok({ type, seat, steps: out });
    }
    case 'resign': {
      const level = input['level'];
      if (!(RESIGN_LEVELS as readonly unknown[]).includes(level)) {
        return err('BAD_ACTION', `a resign offer's level is one of ${RESIGN_LEVELS.join(', ')}`);
      }
      return ok({ type, seat, level: level as ResignLevel });
    }
    default:
      if ((SEAT_ACTION_TYPES as readonly string[]).includes(type)) return ok({ type: type as SeatActionType, seat });
      return err('BAD_ACTION', `unknown action type '${type}'`);
  }
}
