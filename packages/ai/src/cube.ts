import { DEFAULT_SCORING, seatToPlay, type MatchState, type Position, type ScoringSettings } from '@nardy/engine';
import { evaluate } from './evaluate.js';
import { cubelessEquity, invert, type Probabilities } from './probabilities.js';

/** The cube as the side on roll sees it. */
export interface CubeView {
  /** The current stake multiplier (1, 2, 4 …). */
  readonly value: number;
  /** Who may double: `centred` (either), `onRoll` (the side on roll owns it), `opponent`. */
  readonly owner: 'centred' | 'onRoll' | 'opponent';
}

/** The match or money context of a cube decision. */
export interface CubeContext {
  /** Points needed to win the match by the side on roll and by its opponent; omit for money play. */
  readonly away?: { readonly onRoll: number; readonly opponent: number };
  /** Money play: the Jacoby rule — mars and koks count one while the cube is centred and never turned (G3). */
  readonly jacoby?: boolean;
  readonly scoring?: ScoringSettings;
}

export interface CubeDecision {
  /** Whether the side on roll should double now (before rolling). */
  readonly action: 'double' | 'noDouble';
  /** How its opponent should answer a double. */
  readonly response: 'take' | 'pass';
  /** The 0-ply evaluation it was based on (side on roll). */
  readonly probabilities: Probabilities;
}

/** Money play: double from this win chance on (gnubg's doubling window starts about here, 68–70 %). */
export const DOUBLE_POINT = 0.68;
/** Money play: take while the taker's cubeless equity after the take exceeds −0.5 (25 % without mars). */
export const TAKE_EQUITY = -0.5;

/**
 * A cube decision for the side on roll by simple thresholds on the 0-ply probabilities (no cube-ownership
 * value, no Janowski yet):
 *
 * - **Take** when the taker's cubeless equity is above −0.5 (doubled, that loses less than the 1 point a
 *   pass costs): 25 % wins with no mars, more when mars are likely.
 * - **Double** when the doubler owns the cube or it is centred, wins ≥ 68 %, and is not **too good**:
 *   if the opponent should pass but playing on is worth more than 1 point (mars chances), it plays on.
 * - **Match play** (`away` given) is simplified to the money thresholds plus two rules, no match equity
 *   table yet: (1) no double when winning this game at the current cube value already wins the match (the
 *   double can only lose); (2) the opponent always takes when a pass would lose the match.
 */
export function cubeDecision(position: Position, cube: CubeView, context: CubeContext = {}): CubeDecision {
  const scoring = context.scoring ?? DEFAULT_SCORING;
  const p = evaluate(position, scoring);
  // Jacoby: before the cube is turned, mars and koks count one (money play only).
  const marsCount = context.jacoby && !context.away && cube.owner === 'centred' ? 'oin' : scoring.ceiling;
  const playOn = cubelessEquity(p, marsCount); // doubler's equity per stake if it does not double
  const taken = cubelessEquity(invert(p), scoring.ceiling); // the taker's equity per (doubled) stake

  let response: 'take' | 'pass' = taken > TAKE_EQUITY ? 'take' : 'pass';
  if (context.away && context.away.onRoll <= cube.value) response = 'take'; // rule (2): a pass loses the match
  let action: 'double' | 'noDouble' = 'noDouble';
  const mayDouble = cube.owner !== 'opponent';
  const pointlessInMatch = context.away !== undefined && context.away.onRoll <= cube.value; // rule (1)
  if (mayDouble && !pointlessInMatch && p.win >= DOUBLE_POINT) {
    const tooGood = response === 'pass' && playOn > 1;
    if (!tooGood) action = 'double';
  }
  return { action, response, probabilities: p };
}

/**
 * The inputs of `cubeDecision` for the seat to play in a match (phase `turnStart`): the position, the cube
 * from that seat's view and the match context (money play: Jacoby as the table says).
 */
export function cubeInputsOf(state: MatchState): { position: Position; cube: CubeView; context: CubeContext } {
  const g = state.game;
  const seat = seatToPlay(g);
  const s = state.settings;
  const owner = g.cube.owner === null ? 'centred' : g.cube.owner === seat ? 'onRoll' : 'opponent';
  const other = seat === 'p1' ? 'p2' : 'p1';
  const context: CubeContext =
    s.matchLength > 0
      ? { away: { onRoll: s.matchLength - state.score[seat], opponent: s.matchLength - state.score[other] }, scoring: s }
      : { jacoby: s.cube.jacoby && !g.cube.turned, scoring: s };
  return { position: g.position, cube: { value: g.cube.value, owner }, context };
}
