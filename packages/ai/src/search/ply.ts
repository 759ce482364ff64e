import { DEFAULT_RULE_OPTIONS, legalTurns, passTurn, winnerOf, type Dice, type Position, type RuleOptions, type Turn } from '@nardy/engine';
import { cubelessEquity, invert, type Ceiling, type Probabilities } from '../probabilities.js';
import type { StaticEvaluator } from './eval-cache.js';
import { THROWS } from '../throws.js';

/** What a search needs besides the position: the static evaluator, the move rules, and what wins count. */
export interface SearchContext {
  readonly evaluate: StaticEvaluator;
  readonly rules?: RuleOptions;
  readonly ceiling?: Ceiling;
  /**
   * gnubg's pruning: inside deeper searches, rank each throw's candidates with this cheap evaluator and give
   * only the best `keep` the full evaluation.
   */
  readonly prune?: { readonly evaluate: StaticEvaluator; readonly keep: number };
  /**
   * Wall-clock time (`Date.now()`) by which a ranking must be ready: deeper plies that cannot finish in time
   * are abandoned and the ranking of the last completed depth is returned (the bot always answers in time).
   */
  readonly deadline?: number;
  /**
   * How the root scores a candidate from its result and the mover's five numbers after it: under a cube, its
   * cubeful equity (`cubefulPlayEquity`), as gnubg plays and judges chequer play. Default: cubeless equity.
   * Inside the search each throw's turn is still picked by cubeless equity.
   */
  readonly rootEquity?: (after: Position, p: Probabilities) => number;
}

/** Thrown inside a search that ran past its deadline; `rankTurnsPly` catches it. */
class SearchTimeout extends Error {}

/**
 * gnubg's move filter for one ply: after scoring the candidates at this depth keep at most `keep` of them,
 * and only those within `within` (cubeless equity) of the best; the survivors go one ply deeper.
 */
export interface MoveFilter {
  readonly keep: number;
  readonly within: number;
}

/** A candidate turn with its score at the depth it reached. */
export interface ScoredTurn {
  readonly turn: Turn;
  /** The mover's five numbers after the turn (converted from the opponent's view). */
  readonly probabilities: Probabilities;
  /** Equity for the mover: cubeless, or the search's `rootEquity`. */
  readonly equity: number;
  /** The depth this score comes from (0 = static evaluation of the resulting position). */
  readonly plies: number;
}

const equityOf = (p: Probabilities, ctx: SearchContext): number => cubelessEquity(p, ctx.ceiling ?? 'koks');

const rootEquity = (after: Position, p: Probabilities, ctx: SearchContext): number => (ctx.rootEquity ? ctx.rootEquity(after, p) : equityOf(p, ctx));

/**
 * The side on roll's best turn for `dice` by static evaluation of the results (the choice made inside
 * deeper searches, as gnubg does), and the value of the position after it from the mover's view.
 */
function bestByStatic(position: Position, dice: Dice, ctx: SearchContext): { after: Position; value: Probabilities } {
  let turns = legalTurns(position, dice, ctx.rules ?? DEFAULT_RULE_OPTIONS);
  if (ctx.prune && turns.length > ctx.prune.keep) turns = pruned(turns, ctx.prune.evaluate, ctx.prune.keep, ctx);
  if (turns.length === 0) {
    const after = passTurn(position).after;
    return { after, value: invert(ctx.evaluate(after)) };
  }
  let after = turns[0]!.after;
  let value = invert(ctx.evaluate(after));
  let best = equityOf(value, ctx);
  for (let i = 1; i < turns.length; i++) {
    const p = invert(ctx.evaluate(turns[i]!.after));
    const e = equityOf(p, ctx);
    if (e > best) [after, value, best] = [turns[i]!.after, p, e];
  }
  return { after, value };
}

/** The `keep` turns the pruning evaluator scores best. */
function pruned(turns: readonly Turn[], evaluate: StaticEvaluator, keep: number, ctx: SearchContext): Turn[] {
  const scored = turns.map((turn) => ({ turn, e: equityOf(invert(evaluate(turn.after)), ctx) }));
  scored.sort((a, b) => b.e - a.e);
  return scored.slice(0, keep).map((s) => s.turn);
}

/**
 * `evaluatePly` at `plies`, or the static evaluation when the context's deadline comes first (a bot must
 * answer in time).
 */
export function evaluatePlyInTime(position: Position, plies: number, ctx: SearchContext): Probabilities {
  try {
    return evaluatePly(position, plies, ctx);
  } catch (e) {
    if (e instanceof SearchTimeout) return ctx.evaluate(position);
    throw e;
  }
}

/**
 * The five numbers of `position` for the side on roll, looking `plies` throws ahead: 0 = the static
 * evaluation; n = the mean over the 21 throws (weighted by 36ths) of the position after the mover's best
 * turn for that throw (chosen statically), evaluated at n − 1 plies from the opponent's view.
 */
export function evaluatePly(position: Position, plies: number, ctx: SearchContext): Probabilities {
  if (plies <= 0 || winnerOf(position)) return ctx.evaluate(position);
  let win = 0;
  let winMars = 0;
  let winKoks = 0;
  let loseMars = 0;
  let loseKoks = 0;
  for (const { dice, weight } of THROWS) {
    if (plies >= 2 && ctx.deadline !== undefined && Date.now() > ctx.deadline) throw new SearchTimeout();
    const { after, value } = bestByStatic(position, dice, ctx);
    const p = plies === 1 || winnerOf(after) ? value : invert(evaluatePly(after, plies - 1, ctx));
    win += weight * p.win;
    winMars += weight * p.winMars;
    winKoks += weight * p.winKoks;
    loseMars += weight * p.loseMars;
    loseKoks += weight * p.loseKoks;
  }
  return { win: win / 36, winMars: winMars / 36, winKoks: winKoks / 36, loseMars: loseMars / 36, loseKoks: loseKoks / 36 };
}

/**
 * Every legal turn for `dice`, ranked best first. All candidates are scored statically; then, ply by ply,
 * `filters[k]` keeps the candidates worth looking at more deeply and those are rescored with k + 1 plies of
 * look-ahead, up to `plies`. Candidates dropped early keep their shallower score (and rank below the
 * survivors, as in gnubg's hint list). Empty when no die can be played.
 */
export function rankTurnsPly(position: Position, dice: Dice, plies: number, filters: readonly MoveFilter[], ctx: SearchContext): ScoredTurn[] {
  const turns = legalTurns(position, dice, ctx.rules ?? DEFAULT_RULE_OPTIONS);
  let ranked: ScoredTurn[] = turns.map((turn) => {
    const p = invert(ctx.evaluate(turn.after));
    return { turn, probabilities: p, equity: rootEquity(turn.after, p, ctx), plies: 0 };
  });
  ranked.sort((a, b) => b.equity - a.equity);
  if (ranked.length <= 1) return ranked;
  for (let depth = 1; depth <= plies; depth++) {
    const filter = filters[depth - 1] ?? filters[filters.length - 1] ?? { keep: 8, within: 0.16 };
    const best = ranked[0]!.equity;
    let survivors = 0;
    while (survivors < ranked.length && survivors < filter.keep && ranked[survivors]!.equity >= best - filter.within) survivors++;
    if (survivors <= 1) break;
    let deeper: ScoredTurn[];
    try {
      deeper = ranked.slice(0, survivors).map((r) => {
        if (ctx.deadline !== undefined && Date.now() > ctx.deadline) throw new SearchTimeout();
        const p = invert(evaluatePly(r.turn.after, depth, ctx));
        return { turn: r.turn, probabilities: p, equity: rootEquity(r.turn.after, p, ctx), plies: depth };
      });
    } catch (e) {
      if (e instanceof SearchTimeout) break;
      throw e;
    }
    deeper.sort((a, b) => b.equity - a.equity);
    ranked = [...deeper, ...ranked.slice(survivors)];
  }
  return ranked;
}
