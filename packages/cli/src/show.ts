import {
  checkDice,
  parsePlainBoard,
  renderBoard,
  VARIANT_IDS,
  makePositionId,
  parseMatchId,
  parsePositionId,
  type Color,
  type Dice,
  type Position,
  type RenderOptions,
  type VariantId,
} from '@nardy/engine';
import { choice, parse } from './args.js';
import { EXIT_OK, UsageError, write, type Io } from './io.js';

export const SHOW_HELP = `Usage: nardy show <position> [--variant ${VARIANT_IDS.join('|')}] [--turn white|black] [--dice 31]

Prints the ASCII board of a position (White's checkers O, Black's X). <position> is one of:
  a gnubg Position ID, short nardy by default (--variant caucasian for Caucasian), e.g. 4HPwATDgc/ABMA.
    The ID is written from the view of the side on roll: --turn says who that is (default white).
    gnubg's "PositionID:MatchID" form is read too; the Match ID then gives the side on roll, the dice,
    the cube and the score (gnubg's player 1, the bottom player, is White).
  a long-nardy Position ID (--variant long; without --variant an ID that is not a valid gnubg ID, or
    that uses the characters - or _, is read as a long-nardy ID)
  a plain-board JSON string, e.g. '{"variant":"long","onRoll":"white","white":{"24":15},"black":{"12":15}}'
    (its dice are shown when present)

--dice 31 (or 3-1) shows those dice as thrown by the side on roll.
Bad input: a one-line error on stderr and exit code 2.`;

interface Shown extends Pick<RenderOptions, 'cube' | 'score' | 'matchLength' | 'matchId'> {
  readonly position: Position;
  readonly dice: Dice | undefined;
}

/** Reads the position argument of `show`. Throws UsageError with the engine's reason when it is bad. */
export function readPosition(text: string, variant: VariantId | undefined, turn: Color | undefined): Shown {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (e) {
      throw new UsageError(`bad plain-board JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
    const r = parsePlainBoard(json);
    if (!r.ok) throw new UsageError(`${r.error.code}: ${r.error.message}`);
    return r.value;
  }
  return readPositionId(trimmed, variant, turn);
}

/**
 * A Position ID. Without `--variant`: an ID that uses the URL-safe characters `-` or `_` is read as a
 * long-nardy ID first; otherwise as a gnubg (short nardy) ID first, then as a long-nardy ID. A gnubg ID
 * may carry its Match ID after a colon (`4HPwATDgc/ABMA:cIkJAAAAAAAA`, as gnubg prints them): it then says
 * who is on roll, the dice, the cube and the score (gnubg's player 1, the bottom player, is White).
 */
function readPositionId(text: string, variant: VariantId | undefined, turnArg: Color | undefined): Shown {
  const [id = '', matchIdText, ...extra] = text.split(':');
  if (extra.length > 0) throw new UsageError(`bad position '${text}': at most one ':' (Position ID:Match ID)`);
  let extras: Omit<Shown, 'position'> = { dice: undefined };
  let turn: Color = turnArg ?? 'white';
  if (matchIdText !== undefined) {
    if (variant === 'long') throw new UsageError('a Match ID goes with a gnubg Position ID (short nardy or Caucasian)');
    const m = parseMatchId(matchIdText);
    if (!m.ok) throw new UsageError(`${m.error.code}: ${m.error.message}`);
    const info = m.value;
    const colour = (p: 0 | 1): Color => (p === 1 ? 'white' : 'black');
    if (turnArg === undefined) turn = colour(info.diceOwner);
    const [a, b] = info.dice;
    const dice = a > 0 && b > 0 ? checkDice([a, b]) : undefined;
    extras = {
      dice: dice?.ok ? dice.value : undefined,
      cube:
        info.cubeOwner === 'centre' && info.cube === 1
          ? undefined
          : { value: info.cube, owner: info.cubeOwner === 'centre' ? undefined : colour(info.cubeOwner) },
      score: { white: info.score[1], black: info.score[0] },
      matchLength: info.matchLength,
      matchId: matchIdText,
    };
  }
  const tries: VariantId[] =
    variant !== undefined ? [variant] : matchIdText !== undefined ? ['short'] : /[-_]/.test(id) ? ['long', 'short'] : ['short', 'long'];
  let firstError: string | undefined;
  for (const v of tries) {
    const r = parsePositionId(v, id, turn);
    if (r.ok) return { position: r.value, ...extras };
    firstError ??= `${r.error.code}: ${r.error.message}`;
  }
  throw new UsageError(firstError ?? `bad position '${text}'`);
}

export async function showCommand(args: readonly string[], io: Io): Promise<number> {
  const { values, positionals } = parse(args, { variant: { type: 'string' }, turn: { type: 'string' }, dice: { type: 'string' } }, 1);
  const arg = positionals[0];
  if (arg === undefined) throw new UsageError('show needs a position: a position ID or a plain-board JSON string');
  const variant = choice(values, 'variant', VARIANT_IDS);
  const turn = choice(values, 'turn', ['white', 'black'] as const);
  const shown = readPosition(arg, variant, turn);
  let dice = shown.dice;
  const diceArg = values['dice'];
  if (typeof diceArg === 'string') dice = parseDiceArg(diceArg);
  const { position, ...opts } = shown;
  await write(io.stdout, renderBoard(position, { ...opts, dice, positionId: makePositionId(position) }));
  return EXIT_OK;
}

/** `31`, `3-1` or `3,1`. */
export function parseDiceArg(s: string): Dice {
  const m = /^([1-6])[-,/ ]?([1-6])$/.exec(s.trim());
  const r = checkDice(m ? [Number(m[1]), Number(m[2])] : undefined);
  if (!r.ok) throw new UsageError(`--dice must be two dice such as 31 or 3-1 (got '${s}')`);
  return r.value;
}
