/**
 * The analysis view's model: the engine's `MatchAnalysis` as the server sends it (`GET /api/games/:id/analysis`,
 * docs/analysis.md; only the fields the view reads are typed here, the web does not depend on @nardy/ai), each
 * decision placed on the record's action log (so the board can show the position it was taken in), and the
 * win-chance line of the graph.
 */
import type { MatchState, Seat } from '@nardy/engine';
import type { ReplayedLog } from '../../game/moveList';

type SkillMark = 'none' | 'doubtful' | 'bad' | 'veryBad';
type LuckMark = 'veryUnlucky' | 'unlucky' | 'none' | 'lucky' | 'veryLucky';

interface Probabilities {
  readonly win: number;
  readonly winMars: number;
  readonly winKoks: number;
  readonly loseMars: number;
  readonly loseKoks: number;
}

interface CandidateTurn {
  readonly move: string;
  readonly equity: number;
  readonly probabilities: Probabilities;
}

interface DecisionBase {
  readonly game: number;
  readonly move: number;
  readonly player: Seat;
  readonly error: number;
  readonly mark: SkillMark;
  readonly unforced: boolean;
}

export interface MoveDecision extends DecisionBase {
  readonly kind: 'move';
  readonly dice: readonly [number, number];
  readonly played: string;
  readonly best: string;
  readonly candidates: readonly CandidateTurn[];
  readonly book: boolean;
  readonly luck: { readonly luck: number; readonly mark: LuckMark } | null;
}

interface CubeFigures {
  readonly noDouble: number;
  readonly take: number;
  readonly pass: number;
  readonly probabilities: Probabilities;
}

export interface CubeDecision extends DecisionBase {
  readonly kind: 'double' | 'take';
  readonly played: string;
  readonly best: string;
  readonly cube: CubeFigures;
}

export type Decision = MoveDecision | CubeDecision;

export interface PlayerStats {
  readonly name: string;
  readonly seat: Seat;
  readonly unforcedMoves: number;
  readonly unforcedCube: number;
  readonly chequerErrorRate: number | null;
  readonly cubeErrorRate: number | null;
  readonly errorRate: number | null;
  readonly errorRateMwc?: number | null;
  readonly pr: number | null;
  readonly marks: { readonly doubtful: number; readonly bad: number; readonly veryBad: number };
  readonly luck: number;
  readonly luckAdjustedResult: number;
  readonly rating: string | null;
}

export interface MatchAnalysis {
  readonly ply: number;
  readonly decisions: readonly Decision[];
  readonly players: readonly [PlayerStats, PlayerStats];
}

/** The phase and action types a decision of each kind is taken at (as the engine's `collectJobs` lists them). */
const TAKEN_AT: Readonly<Record<Decision['kind'], { readonly phase: MatchState['phase']; readonly actions: readonly string[] }>> = {
  move: { phase: 'moving', actions: ['move'] },
  double: { phase: 'turnStart', actions: ['roll', 'double'] },
  take: { phase: 'cubeOffered', actions: ['take', 'pass', 'beaver'] },
};

/**
 * For each decision, the index of the action that carried it out in the log (the board before it is
 * `log.states[index]`), found in order; -1 for one the log does not hold (a record that stops replaying).
 */
export function decisionSteps(log: ReplayedLog, actionTypes: readonly string[], decisions: readonly Decision[]): number[] {
  let from = 0;
  return decisions.map((d) => {
    const at = TAKEN_AT[d.kind];
    for (let i = from; i < actionTypes.length && i < log.states.length; i++) {
      const s = log.states[i]!;
      if (s.phase === at.phase && s.game.number === d.game && s.game.turnsPlayed + 1 === d.move && at.actions.includes(actionTypes[i]!)) {
        from = i + 1;
        return i;
      }
    }
    return -1;
  });
}

/** The played turn among the candidates (the engine lists it wherever it ranks), else the best. */
export const playedCandidate = (d: MoveDecision): CandidateTurn | undefined => d.candidates.find((c) => c.move === d.played) ?? d.candidates[0];

/** The first player's (p1's) chance to win the game after each decision, from the decider's figures. */
export function winChances(decisions: readonly Decision[]): number[] {
  return decisions.map((d) => {
    const win = d.kind === 'move' ? (playedCandidate(d)?.probabilities.win ?? 0.5) : d.cube.probabilities.win;
    return d.player === 'p1' ? win : 1 - win;
  });
}

/** The mark a decision shows in the list: gnubg's ?! ? ?? */
export const MARK_SIGN: Readonly<Record<SkillMark, string>> = { none: '', doubtful: '?!', bad: '?', veryBad: '??' };

/**
 * The right cube action as gnubg words it: for the doubler's decision, double with the opponent's right answer
 * (he takes when taking leaves the doubler less than a pass), no double, or too good; for an answer, the answer.
 */
export function rightCubeAction(d: CubeDecision): 'doubleTake' | 'doublePass' | 'noDouble' | 'tooGood' | 'take' | 'pass' | 'beaver' {
  if (d.kind === 'take') return d.best as 'take' | 'pass' | 'beaver';
  if (d.best === 'double') return d.cube.take < d.cube.pass ? 'doubleTake' : 'doublePass';
  return d.best === 'tooGood' ? 'tooGood' : 'noDouble';
}
