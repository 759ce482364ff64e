import { boardKey, legalTurns, passTurn, type Dice, type MatchSettings, type Position, type RuleOptions, type ScoringSettings, type Turn } from '@nardy/engine';
import { searchContext } from '../choose.js';
import { cubefulPlayEquity, type PlayCube } from '../cubeful-play.js';
import { invert, type Probabilities } from '../probabilities.js';
import { evaluatePly, rankTurnsPly, type ScoredTurn, type SearchContext } from '../search/ply.js';
import { THROWS } from '../throws.js';
import { mirroredCube } from './units.js';

/**
 * The searches of an analysis, all through the bot's context (its shared evaluation cache and pruning net,
 * `choose.ts`) at one depth: turns ranked as gnubg's analysis does (every candidate at 0-ply, then the move
 * filter's survivors straight at the full depth: gnubg's analysis filter, best 8 within 0.16), cube
 * decisions on the position before the throw looked at the same depth, and the luck of the throws.
 */
export class AnalysisSearch {
  private readonly options: { readonly scoring: ScoringSettings; readonly rules: RuleOptions };
  /**
   * The full-depth values of the last ranking's results, for the side then on roll: the turn played is the next
   * cube decision's position, whose evaluation at the same depth is the same search.
   */
  private known = new Map<string, Probabilities>();

  constructor(
    settings: MatchSettings,
    readonly ply: number,
  ) {
    // Only what the evaluation depends on, so that every match of a table shares the bot's context.
    const { ceiling, marsDefinition, homeMars, koks } = settings;
    this.options = { scoring: { ceiling, marsDefinition, homeMars, koks }, rules: settings.rules };
  }

  private context(position: Position, cube: PlayCube): SearchContext {
    return { ...searchContext(position, this.options), rootEquity: cubefulPlayEquity(cube, this.options.scoring.ceiling) };
  }

  /**
   * Every legal turn ranked best first by cubeful equity, as gnubg's analysis ranks them (`FindnSaveBestMoves`
   * with its analysis filter): all at 0-ply; the best 8 within 0.16 of the best straight on to the full depth
   * (no step at the depths between); the turn played always scored at the depth of the best, even when the
   * filter dropped it, so that its error compares like with like; and where only the best survived the filter,
   * the best and a played turn more than 0.04 worse both scored at the full depth (gnubg's "re-analyse at
   * top-ply" of an error).
   */
  rank(position: Position, dice: Dice, cube: PlayCube, played: Turn): { ranked: ScoredTurn[]; playedIndex: number } {
    const ctx = this.context(position, cube);
    const ranked = rankTurnsPly(position, dice, 0, [], ctx);
    const key = boardKey(played.after);
    let index = ranked.findIndex((r) => boardKey(r.turn.after) === key);
    if (index < 0) {
      // A turn the move generator lists differently (same steps, another order): score it alone.
      const p = invert(ctx.evaluate(played.after));
      ranked.push({ turn: played, probabilities: p, equity: ctx.rootEquity!(played.after, p), plies: 0 });
      index = ranked.length - 1;
    }
    if (this.ply > 0 && ranked.length > 1) {
      const deeper = (i: number): void => {
        const r = ranked[i]!;
        const p = invert(evaluatePly(r.turn.after, this.ply, ctx));
        ranked[i] = { turn: r.turn, probabilities: p, equity: ctx.rootEquity!(r.turn.after, p), plies: this.ply };
      };
      const best = ranked[0]!.equity;
      let survivors = 0;
      while (survivors < ranked.length && survivors < FILTER.keep && ranked[survivors]!.equity >= best - FILTER.within) survivors++;
      if (survivors > 1) {
        for (let i = 0; i < survivors; i++) deeper(i);
        if (index >= survivors) deeper(index);
      } else if (index > 0 && best - ranked[index]!.equity > RESCORE_GAP) {
        deeper(0);
        deeper(index);
      }
      ranked.sort((a, b) => b.plies - a.plies || b.equity - a.equity);
      index = ranked.findIndex((r) => boardKey(r.turn.after) === key);
    }
    this.known = new Map(ranked.filter((r) => r.plies === this.ply).map((r) => [positionKey(r.turn.after), invert(r.probabilities)]));
    return { ranked, playedIndex: index };
  }

  /** The side on roll's five numbers before its throw, `ply` throws ahead (what its cube decision rests on). */
  evaluate(position: Position): Probabilities {
    return this.known.get(positionKey(position)) ?? evaluatePly(position, this.ply, searchContext(position, this.options));
  }

  /**
   * The luck of the throw `thrown`: the cubeful equity after the best turn for it minus the mean of the same over
   * the 36 throws. Each throw's best turn is chosen and valued at 0-ply whatever the analysis depth, as gnubg
   * does: the 36 terms are alike, so their mean is exactly the reference, and a deep analysis does not pay 36
   * deeper searches a throw.
   */
  luck(position: Position, thrown: Dice, cube: PlayCube): number {
    const ctx = this.context(position, cube);
    let mean = 0;
    let actual = 0;
    for (const { dice, weight } of THROWS) {
      const v = this.throwValue(position, dice, ctx);
      mean += (weight * v) / 36;
      if (sameThrow(dice, thrown)) actual = v;
    }
    return actual - mean;
  }

  /**
   * The luck of a game's first throw where the opening throw decided who starts (gnubg's `LuckFirst`): the
   * starter's cubeful equity after his best turn for `thrown` minus the mean over every equally likely way the
   * game could have begun — either seat starting, with each non-double throw when the opening dice are played
   * (`fresh` false: short and Caucasian nardy, long nardy's L4 option), or with each of the 36 throws when the
   * starter throws afresh (long nardy). The start is the same board from either seat, so the other seat's
   * start is this position under the mirrored cube, its value negated (normalised equity is antisymmetric at
   * one cube value, in a match too).
   */
  openingLuck(position: Position, thrown: Dice, cube: PlayCube, fresh: boolean): number {
    const mine = this.context(position, cube);
    const theirs = this.context(position, mirroredCube(cube));
    let sum = 0;
    let count = 0;
    let actual = 0;
    for (const { dice, weight } of THROWS) {
      if (!fresh && dice[0] === dice[1]) continue; // a tie is thrown again
      const v = this.throwValue(position, dice, mine);
      sum += weight * (v - this.throwValue(position, dice, theirs));
      count += 2 * weight;
      if (sameThrow(dice, thrown)) actual = v;
    }
    return actual - sum / count;
  }

  /** The cubeful equity of the best turn for `dice`, for the side on roll, at the analysis depth. */
  bestEquity(position: Position, dice: Dice, cube: PlayCube): number {
    const turns = legalTurns(position, dice, this.options.rules);
    return this.rank(position, dice, cube, turns[0] ?? passTurn(position)).ranked[0]!.equity;
  }

  private throwValue(position: Position, dice: Dice, ctx: SearchContext): number {
    const best = rankTurnsPly(position, dice, 0, [], ctx)[0];
    if (best) return best.equity;
    const after = passTurn(position).after;
    return ctx.rootEquity!(after, invert(ctx.evaluate(after)));
  }
}

/** gnubg's move filter in analysis ("normal"): after 0-ply the best 8 within 0.16 go on, with no step between. */
const FILTER = { keep: 8, within: 0.16 } as const;

/** gnubg's `rThr` in analysis (the doubtful threshold): a played turn this much worse is re-scored at full depth. */
const RESCORE_GAP = 0.04;

const positionKey = (p: Position): string => `${p.turn}${p.firstTurn.white ? 'W' : ''}${p.firstTurn.black ? 'B' : ''}|${boardKey(p)}`;

const sameThrow = (a: Dice, b: Dice): boolean => (a[0] === b[0] && a[1] === b[1]) || (a[0] === b[1] && a[1] === b[0]);

/** Whether a chequer decision is forced: one legal turn (or none), or every turn leading to the same result. */
export function isForced(position: Position, dice: Dice, settings: MatchSettings): boolean {
  const turns = legalTurns(position, dice, settings.rules);
  if (turns.length <= 1) return true;
  const first = boardKey(turns[0]!.after);
  return turns.every((t) => boardKey(t.after) === first);
}
