import { BAR, CHECKERS, DEFAULT_SCORING, OFF, opposite, scoreWin, type Checkers, type Position, type ScoringSettings } from '@nardy/engine';
import type { Probabilities } from '../probabilities.js';
import type { Mlp } from './mlp.js';

/**
 * What a variant's nets need: their input encoding, their position classes (gnubg's contact / race …; each
 * class its own net) and the files they are kept in. `short-family.ts` and `long-family.ts` define them.
 */
export interface NetFamily<C extends string = string> {
  readonly variant: 'short' | 'long';
  readonly encoding: string;
  readonly inputs: number;
  readonly classes: readonly C[];
  /** Hidden units of each class's net when training starts from scratch. */
  readonly hidden: { readonly [K in C]: number };
  encode(me: Checkers, them: Checkers, out: Float32Array): Float32Array;
  classOf(me: Checkers, them: Checkers): C;
  /** File name of a class's net in `weights/`. */
  file(cls: C): string;
}

export type NetSet<C extends string = string> = { readonly [K in C]: Mlp };

/** A side's rearmost occupied slot in its own frame (bar = 25; 0 when all are off): what the classes look at. */
export function rearmost(side: Checkers): number {
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
 * mars for a side once the loser has borne a checker off (S7, L24: one off makes it a single game / oin).
 */
function toProbabilities(o: ArrayLike<number>, me: Checkers, them: Checkers): Probabilities {
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
 * Evaluates positions with a family's class nets, from the view of the side on roll. Keeps its own scratch
 * buffers: one instance per thread.
 */
export class NetEvaluator<C extends string = string> {
  private readonly input: Float32Array;
  private readonly output = new Float64Array(5);
  constructor(
    readonly family: NetFamily<C>,
    readonly nets: NetSet<C>,
  ) {
    this.input = new Float32Array(family.inputs);
  }

  evaluate(position: Position): Probabilities {
    const done = finishedProbabilities(position);
    if (done) return done;
    return this.evaluateSides(position.board[position.turn], position.board[opposite(position.turn)]);
  }

  /** The same for two own-frame boards, `me` on roll. */
  evaluateSides(me: Checkers, them: Checkers): Probabilities {
    const net = this.nets[this.family.classOf(me, them)];
    net.forward(this.family.encode(me, them, this.input), this.output);
    return toProbabilities(this.output, me, them);
  }
}
