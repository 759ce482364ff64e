/**
 * The analysis board's IDs (docs/position-id.md): short nardy and Caucasian as GNU Backgammon writes them (its
 * Position ID, colourless, and its Match ID: who is on roll, dice, cube, score; gnubg's player 1 is White), long
 * nardy as the project's long-nardy Position ID (side on roll and first-turn flags inside) with the same Match ID
 * for dice, cube and score. The board's URL carries them: `/analysis?variant=…&position=…&match=…`.
 */
import {
  isDie,
  isVariantId,
  makeGnubgPositionId,
  makeLongPositionId,
  makeMatchId,
  MAX_MATCH_LENGTH,
  parseGnubgPositionId,
  parseLongPositionId,
  parseMatchId,
  type Color,
  type Die,
  type MatchIdInfo,
  type Position,
  type VariantId,
} from '@nardy/engine';
import { CUBE_VALUES, type Checked, type EditState } from './editModel';

export interface Ids {
  readonly position: string;
  readonly match: string;
}

const colourOf = (p: 0 | 1): Color => (p === 1 ? 'white' : 'black');
const playerOf = (c: Color): 0 | 1 => (c === 'white' ? 1 : 0);

/** The IDs of a valid setup (its position from `validate`). */
export function idsOf(state: EditState, position: Position): Ids {
  const player = playerOf(state.turn);
  const match = makeMatchId({
    cube: state.cube.value,
    cubeOwner: state.cube.owner === null ? 'centre' : playerOf(state.cube.owner),
    diceOwner: player,
    crawford: state.crawford,
    gameState: 'playing',
    turn: player,
    doubled: false,
    resigned: 0,
    dice: state.dice ?? [0, 0],
    matchLength: state.matchLength,
    score: [state.score.black, state.score.white],
    jacoby: false,
  });
  return {
    position: state.variant === 'long' ? makeLongPositionId(position) : makeGnubgPositionId(position),
    // The editor only makes values the key holds (score under 26, cube to 64).
    match: match.ok ? match.value : '',
  };
}

const matchPart = (info: MatchIdInfo): Pick<EditState, 'dice' | 'cube' | 'matchLength' | 'score' | 'crawford'> => {
  const [a, b] = info.dice;
  return {
    dice: isDie(a) && isDie(b) ? ([a, b] as const satisfies readonly [Die, Die]) : null,
    cube: {
      value: (CUBE_VALUES as readonly number[]).includes(info.cube) ? info.cube : 1,
      owner: info.cubeOwner === 'centre' ? null : colourOf(info.cubeOwner),
    },
    matchLength: info.matchLength,
    score: { white: info.score[1], black: info.score[0] },
    crawford: info.crawford,
  };
};

/**
 * A setup from pasted IDs. The Position ID may carry its Match ID after a colon, as gnubg prints them
 * (`4HPwATDgc/ABMA:cIkJAAAAAAAA`); without a Match ID the side on roll is White (gnubg IDs) and the rest is a
 * money game before the throw with the cube centred.
 */
export function fromIds(variant: VariantId, positionText: string, matchText: string): Checked<EditState> {
  const [pos = '', inline] = positionText.trim().split(':');
  const matchId = (inline ?? matchText).trim();
  let info: MatchIdInfo | null = null;
  if (matchId !== '') {
    const m = parseMatchId(matchId);
    if (!m.ok) return { ok: false, problem: { key: 'problem.matchId', values: { reason: m.error.message } } };
    info = m.value;
  }
  const turn = info ? colourOf(info.diceOwner) : 'white';
  const p = variant === 'long' ? parseLongPositionId(pos) : parseGnubgPositionId(pos, variant, turn);
  if (!p.ok) return { ok: false, problem: { key: 'problem.positionId', values: { reason: p.error.message } } };
  const { board, firstTurn } = p.value;
  const rest = info ? matchPart(info) : { dice: null, cube: { value: 1, owner: null }, matchLength: 0, score: { white: 0, black: 0 }, crawford: false };
  if (rest.matchLength > MAX_MATCH_LENGTH) return { ok: false, problem: { key: 'problem.matchLength', values: { max: MAX_MATCH_LENGTH } } };
  if (rest.matchLength > 0 && (rest.score.white >= rest.matchLength || rest.score.black >= rest.matchLength)) {
    return { ok: false, problem: { key: 'problem.score', values: { length: rest.matchLength } } };
  }
  return { ok: true, value: { variant, board, firstTurn, turn: p.value.turn, ...rest } };
}

/** The board's path for a setup's IDs. */
export const boardQuery = (variant: VariantId, ids: Ids): string => `?${new URLSearchParams({ variant, position: ids.position, match: ids.match }).toString()}`;

/** The setup a board URL's query names, null when it names none (a fresh board), or why it cannot be read. */
export function fromQuery(search: string): Checked<EditState> | null {
  const q = new URLSearchParams(search);
  const variant = q.get('variant');
  const position = q.get('position');
  if (position === null) return null;
  return fromIds(isVariantId(variant) ? variant : 'short', position, q.get('match') ?? '');
}
