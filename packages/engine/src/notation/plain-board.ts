import { positionFromSetup, type Position } from '../position.js';
import { err, ok, type Result } from '../result.js';
import { checkDice } from '../turns.js';
import { variantById } from '../variants/registry.js';
import { BAR, COLORS, OFF, type Color, type Dice } from '../types.js';
import { isRecord } from '../guards.js';

/**
 * The plain board of `test/fixtures/legal/README.md`: absolute points in White's numbering for both
 * colours, `"off"` and (short/Caucasian) `"bar"`, the side on roll, optional dice and `firstTurn`.
 */
export interface PlainBoard {
  readonly variant: string;
  readonly onRoll: Color;
  readonly white: Readonly<Record<string, number>>;
  readonly black: Readonly<Record<string, number>>;
  readonly dice?: readonly [number, number];
  readonly firstTurn?: boolean;
}

export interface ParsedPlainBoard {
  readonly position: Position;
  readonly dice: Dice | undefined;
}

/** Reads a plain board (already JSON-parsed). Fields other than the board's own (e.g. `expected`) are ignored. */
export function parsePlainBoard(input: unknown): Result<ParsedPlainBoard> {
  if (!isRecord(input)) return err('BAD_SETUP', 'a plain board must be a JSON object');
  const variant = variantById(input['variant']);
  if (!variant.ok) return variant;
  const v = variant.value;
  const onRoll = input['onRoll'];
  if (onRoll !== 'white' && onRoll !== 'black') return err('BAD_SETUP', 'onRoll must be "white" or "black"');
  const firstTurnField = input['firstTurn'];
  if (firstTurnField !== undefined && typeof firstTurnField !== 'boolean') return err('BAD_SETUP', 'firstTurn must be a boolean');
  const board: Record<Color, number[]> = { white: [], black: [] };
  for (const color of COLORS) {
    const side = input[color];
    if (!isRecord(side)) return err('BAD_SETUP', `"${color}" must be an object of point: count`);
    const slots = new Array<number>(26).fill(0);
    for (const [k, n] of Object.entries(side)) {
      if (!Number.isInteger(n) || (n as number) < 0 || (n as number) > 15) {
        return err('BAD_SETUP', `${color} "${k}": count must be an integer 0..15`);
      }
      if (k === 'off') slots[OFF] = n as number;
      else if (k === 'bar') {
        if (v.contact === 'block' && (n as number) > 0) return err('BAD_SETUP', 'long nardy has no bar (L8)');
        slots[BAR] = n as number;
      } else if (/^(?:[1-9]|1\d|2[0-4])$/.test(k)) slots[v.geometry.ownPoint(color, Number(k))] = n as number;
      else return err('BAD_SETUP', `${color}: "${k}" is not a point 1..24, "off" or "bar"`);
    }
    board[color] = slots;
  }
  const firstTurn = firstTurnField === true && v.id === 'long';
  if (firstTurnField === true && v.id !== 'long') return err('BAD_SETUP', 'firstTurn is only for long nardy');
  const position = positionFromSetup({
    variant: v.id,
    turn: onRoll,
    board,
    firstTurn: { white: onRoll === 'white' && firstTurn, black: onRoll === 'black' && firstTurn },
  });
  if (!position.ok) return position;
  let dice: Dice | undefined;
  if (input['dice'] !== undefined) {
    const d = checkDice(input['dice']);
    if (!d.ok) return d;
    dice = d.value;
  }
  return ok({ position: position.value, dice });
}

/** Writes a position as a plain board (the inverse of parsePlainBoard). */
export function makePlainBoard(pos: Position, dice?: Dice): PlainBoard {
  const v = variantById(pos.variant);
  const g = v.ok ? v.value.geometry : undefined;
  const side = (color: Color): Record<string, number> => {
    const out: Record<string, number> = {};
    const s = pos.board[color];
    const points: [number, number][] = [];
    for (let p = 1; p <= 24; p++) if ((s[p] ?? 0) > 0) points.push([g!.absPoint(color, p), s[p]!]);
    points.sort((a, b) => b[0] - a[0]);
    for (const [a, n] of points) out[String(a)] = n;
    out['off'] = s[OFF] ?? 0;
    if (pos.variant !== 'long') out['bar'] = s[BAR] ?? 0;
    return out;
  };
  return {
    variant: pos.variant,
    onRoll: pos.turn,
    white: side('white'),
    black: side('black'),
    ...(dice ? { dice: [dice[0], dice[1]] as const } : {}),
    firstTurn: pos.firstTurn[pos.turn],
  };
}
