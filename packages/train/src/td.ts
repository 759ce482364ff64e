import { legalTurns, opposite, passTurn, startPosition, winnerOf, type Dice, type Die, type Position, type Rng } from '@nardy/engine';
import { cubelessEquity, invert, type Probabilities } from '@nardy/ai';
import { finishedProbabilities, NetEvaluator, type NetFamily, type NetSet } from '@nardy/ai/lab';

/**
 * Self-play temporal-difference training of a variant's nets (Tesauro's TD-Gammon, as gnubg's nets were
 * bootstrapped). Both sides play greedily at 0-ply with the current nets; after each game every
 * position is trained towards its λ-return (the offline "forward view" of TD(λ), which equals TD(λ) with
 * eligibility traces applied at the end of the game, and needs no per-weight traces):
 *
 *   G(T−1) = the game's outcome for the last mover,  G(t) = (1 − λ)·V(t+1)' + λ·G(t+1)'
 *
 * where ' turns the five numbers to the other side's view (the next position belongs to the opponent).
 * Each position trains the net of its own class (contact or race).
 */
export interface TdOptions<C extends string = string> {
  readonly lambda: number;
  /** Learning rate of the game's updates. */
  readonly rate: number;
  /** Where the game starts (default: the variant's starting position, either side first). */
  readonly start?: Position;
  /** Exact values where known (the bear-off databases): used for play and targets, and those positions are not trained. */
  readonly exact?: (p: Position) => Probabilities | undefined;
  /** Which classes' nets learn from the game (default: all). */
  readonly trains?: (cls: C) => boolean;
}

/** What picks the turns: anything that values a position for the side on roll. */
export interface PositionValuer {
  evaluate(p: Position): Probabilities;
}

/** A valuer that answers from `exact` where it can and from `evaluator` elsewhere. */
export const withExact = (evaluator: PositionValuer, exact?: (p: Position) => Probabilities | undefined): PositionValuer =>
  exact ? { evaluate: (p) => exact(p) ?? evaluator.evaluate(p) } : evaluator;

export interface GameStats {
  readonly plies: number;
  /** Positions the nets learned from. */
  readonly trained: number;
  /** Mean squared error of the positions' outputs against their λ-returns before the update. */
  readonly error: number;
  readonly winner: 'white' | 'black';
}

const toVector = (p: Probabilities): number[] => [p.win, p.winMars, p.winKoks, p.loseMars, p.loseKoks];
const flip = (v: readonly number[]): number[] => [1 - v[0]!, v[3]!, v[4]!, v[1]!, v[2]!];

export const throwDice = (rng: Rng): Dice => [(1 + Math.floor(rng() * 6)) as Die, (1 + Math.floor(rng() * 6)) as Die];

/** The best turn at 0-ply by cubeless equity (each result seen by the opponent, on roll there, and inverted). */
export function greedyTurn(evaluator: PositionValuer, position: Position, dice: Dice): { after: Position; value: Probabilities } {
  const turns = legalTurns(position, dice);
  if (turns.length === 0) {
    const after = passTurn(position).after;
    return { after, value: evaluator.evaluate(after) };
  }
  let best = turns[0]!.after;
  let bestValue = evaluator.evaluate(best);
  let bestEquity = cubelessEquity(invert(bestValue));
  for (let i = 1; i < turns.length; i++) {
    const after = turns[i]!.after;
    const value = evaluator.evaluate(after);
    const e = cubelessEquity(invert(value));
    if (e > bestEquity) [best, bestValue, bestEquity] = [after, value, e];
  }
  return { after: best, value: bestValue };
}

/** Plays one self-play game of the family's variant and trains `nets` on it. */
export function tdGame<C extends string>(family: NetFamily<C>, nets: NetSet<C>, rng: Rng, options: TdOptions<C>): GameStats {
  const evaluator = withExact(new NetEvaluator(family, nets), options.exact);
  const states: Position[] = [];
  const values: number[][] = [];
  let pos: Position = options.start ?? startPosition(family.variant, rng() < 0.5 ? 'white' : 'black');
  values.push(toVector(evaluator.evaluate(pos)));
  for (;;) {
    states.push(pos);
    const { after, value } = greedyTurn(evaluator, pos, throwDice(rng));
    pos = after;
    if (winnerOf(pos)) break;
    values.push(toVector(value));
    if (states.length > 5000) throw new Error('self-play game did not end');
  }
  // The last mover's outcome, exact; then the λ-returns backwards.
  const last = states[states.length - 1]!;
  const outcome = finishedProbabilities({ ...pos, turn: last.turn } as Position)!;
  const targets: number[][] = new Array(states.length);
  let g = toVector(outcome);
  targets[states.length - 1] = g;
  for (let t = states.length - 2; t >= 0; t--) {
    const next = flip(values[t + 1]!);
    const back = flip(g);
    g = next.map((v, k) => (1 - options.lambda) * v + options.lambda * back[k]!);
    targets[t] = g;
  }
  const input = new Float32Array(family.inputs);
  const out = new Float64Array(5);
  let sq = 0;
  let trained = 0;
  for (let t = 0; t < states.length; t++) {
    const s = states[t]!;
    const me = s.board[s.turn];
    const them = s.board[opposite(s.turn)];
    const cls = family.classOf(me, them);
    if ((options.trains && !options.trains(cls)) || options.exact?.(s)) continue;
    sq += nets[cls].train(family.encode(me, them, input), targets[t]!, options.rate, out);
    trained++;
  }
  return { plies: states.length, trained, error: trained ? sq / (5 * trained) : 0, winner: winnerOf(pos)! };
}
