import { LEVELS, type Level } from '@nardy/ai';
import { makePositionId, VARIANT_IDS, withTurn, type Dice, type Position } from '@nardy/engine';
import { choice, type OptionSpec, type Parsed } from './args.js';
import { UsageError } from './io.js';
import { parseDiceArg, readPosition } from './show.js';

/** How `hint`, `eval` and `rollout` read their position: the argument and options of `nardy show`. */
export const POSITION_OPTION_SPEC: OptionSpec = {
  variant: { type: 'string' },
  turn: { type: 'string' },
  dice: { type: 'string' },
};

export const POSITION_HELP = `<position> is a gnubg Position ID (short nardy; --variant caucasian for Caucasian; "ID:MatchID" gives
the side on roll, dice, cube and score), a long-nardy Position ID, or a plain-board JSON string, as for
\`nardy show\` (see nardy show --help). --turn white|black names the side on roll of a gnubg ID (default white).`;

/** The position argument with `show`'s options: the position and its extras, and the dice from --dice or the input. */
export function readPositionInput(values: Parsed['values'], positionals: readonly string[], command: string): ReturnType<typeof readPosition> {
  const arg = positionals[0];
  if (arg === undefined) throw new UsageError(`${command} needs a position: a position ID or a plain-board JSON string`);
  const shown = readPosition(arg, choice(values, 'variant', VARIANT_IDS), choice(values, 'turn', ['white', 'black'] as const));
  const diceArg = values['dice'];
  const dice: Dice | undefined = typeof diceArg === 'string' ? parseDiceArg(diceArg) : shown.dice;
  return { ...shown, dice };
}

/** `--level`, one of the bot's levels (`LEVELS`). */
export const levelFrom = (values: Parsed['values'], fallback: Level): Level => choice(values, 'level', LEVELS) ?? fallback;

/** Signed with three decimals, as gnubg prints equities. */
export const signed = (x: number, digits = 3): string => `${x >= 0 ? '+' : '-'}${Math.abs(x).toFixed(digits)}`;

/** The gnubg Position ID after a turn with the mover still on roll (play.py's "after"); none for long nardy. */
export const afterId = (before: Position, after: Position): string | undefined =>
  before.variant === 'long' ? undefined : makePositionId(withTurn(after, before.turn));
