import { BAR, CHECKERS, OFF, opposite, scoreWin, type Checkers, type Position, type ScoringSettings, DEFAULT_SCORING } from '@nardy/engine';
import type { Probabilities } from '../probabilities.js';
import type { Mlp } from './mlp.js';
import { SHORT_INPUTS, encodeShort } from './short-inputs.js';

/** gnubg's position classes that have a net of their own here (bear-off has exact tables instead). */
export type ShortClass = 'contact' | 'race';

export interface ShortNets {
  readonly contact: Mlp;
  readonly race: Mlp;
}

/** Contact while the rearmost checkers have not passed each other (a's point p faces b's point 25 − p). */
export function shortClassOf(me: Checkers, them: Checkers): ShortClass {
  return rearmost(me) + rearmost(them) > 25 ? 'contact' : 'race';
}

function rearmost(side: Checkers): number {
  for (let p = BAR; p >= 1; p--) if (side[p]! > 0) return p;
  return 0;
}

/** The outcome of a finished game as the five numbers, from the view of `position.turn`. */
export function finishedProbabilities(position: Position, scoring: ScoringSettings = DEFAULT_SCORING): Probabilities | undefined {
  const me = position.board[position.turn];
  const them = position.board[opposite(position.turn)];
  if (them[OFF] === CHECKERS) {
    const raw = scoreWin(position, opposite(position.turn), scoring).rawPoints;
    return { win: 0, winMars: 0, winKoks: 0, loseMars: raw >= 2 ? 1 : 0, loseKoks: raw >= 3 ? 1 : 0 };
  }
  if (me[OFF] === CHECKERS) {
    const raw = scoreWin(position, position.turn, scoring).rawPoints;
    return { win: 1, winMars: raw >= 2 ? 1 : 0, winKoks: raw >= 3 ? 1 : 0, loseMars: 0, loseKoks: 0 };
  }
  return undefined;
}

/**
 * The net's five outputs made consistent (gnubg's "sanity" step): koks ≤ mars ≤ win on each side, and no
 * mars for a side once the loser has borne a checker off (S7: one off makes it a single game).
 */
export function toProbabilities(o: ArrayLike<number>, me: Checkers, them: Checkers): Probabilities {
  const win = o[0]!;
  let winMars = Math.min(o[1]!, win);
  let winKoks = Math.min(o[2]!, winMars);
  let loseMars = Math.min(o[3]!, 1 - win);
  let loseKoks = Math.min(o[4]!, loseMars);
  if (them[OFF]! > 0) winMars = winKoks = 0;
  if (me[OFF]! > 0) loseMars = loseKoks = 0;
  return { win, winMars, winKoks, loseMars, loseKoks };
}

/**
 * Evaluates short-nardy (and Caucasian) positions with the class nets, from the view of the side on roll.
 * Keeps its own scratch buffers: one instance per thread.
 */
export class ShortNetEvaluator {
  private readonly input = new Float32Array(SHORT_INPUTS);
  private readonly output = new Float64Array(5);
  constructor(readonly nets: ShortNets) {}

  evaluate(position: Position): Probabilities {
    const done = finishedProbabilities(position);
    if (done) return done;
    const me = position.board[position.turn];
    const them = position.board[opposite(position.turn)];
    return this.evaluateSides(me, them);
  }

  /** The same for two own-frame boards, `me` on roll (the trainer's entry point). */
  evaluateSides(me: Checkers, them: Checkers): Probabilities {
    const net = this.nets[shortClassOf(me, them)];
    net.forward(encodeShort(me, them, this.input), this.output);
    return toProbabilities(this.output, me, them);
  }
}
