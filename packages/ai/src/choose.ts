import { DEFAULT_RULE_OPTIONS, DEFAULT_SCORING, passTurn, type Dice, type Position, type RuleOptions, type ScoringSettings, type Turn } from '@nardy/engine';
import { pruneEvaluator, staticEvaluator } from './evaluator.js';
import { DEFAULT_LEVEL, LEVEL_SETTINGS, type Level } from './levels.js';
import { gaussian, type Rng } from './rng.js';
import { EvalCache } from './search/eval-cache.js';
import { evaluatePlyInTime, rankTurnsPly, type MoveFilter, type ScoredTurn, type SearchContext } from './search/ply.js';
import type { Probabilities } from './probabilities.js';
import { cubefulPlayEquity, type PlayCube } from './cubeful-play.js';

export interface ChooseOptions {
  /** Default `worldclass` (2-ply). */
  readonly level?: Level;
  /** The game's move-generation options (L10, L16); default the rule book's. */
  readonly rules?: RuleOptions;
  /** What wins are worth (mars, koks, ceiling); default the engine's. */
  readonly scoring?: ScoringSettings;
  /** Source of the level's noise; default `Math.random`. Unused at noise-free levels. */
  readonly rng?: Rng;
  /** `Date.now()` by which to answer: deeper plies that cannot finish by then are skipped (`search/ply.ts`). */
  readonly deadline?: number;
  /** The level's move filters replaced (benchmarks comparing filters: `bench/gnubg-filter.js`). */
  readonly filters?: readonly MoveFilter[];
  /** The cube the turn is played under: turns are then ranked by cubeful equity (`cubeful-play.ts`). */
  readonly cube?: PlayCube;
}

/** One candidate with its scores, best first: the turn, the mover's five numbers after it, equity, depth. */
export type RankedTurn = ScoredTurn;

/**
 * Candidates per throw that get the full evaluation inside deeper searches (the rest are pruned). Long nardy
 * has more candidates and a harder pruning job: with 5 its pruning net kept the best turn 86 % of the time,
 * with 8 93 % (`training/long-prune.jsonl`); short nardy keeps it 96 % with 5.
 */
const PRUNE_KEEP = { short: 5, caucasian: 5, long: 8 } as const;

// One cache per thread, shared by every search: positions recur from turn to turn and between plies.
const cache = new EvalCache(18);
const contexts = new Map<string, SearchContext>();

/** Empties the evaluation cache (benchmarks that time fresh decisions). */
export function resetSearchCache(): void {
  cache.clear();
}

/** The bot's search context for the variant and table (shared cache, pruning net); the analysis searches through it too. */
export function searchContext(position: Position, options: ChooseOptions): SearchContext {
  const scoring = options.scoring ?? DEFAULT_SCORING;
  const rules = options.rules ?? DEFAULT_RULE_OPTIONS;
  const key = `${position.variant}|${JSON.stringify(scoring)}|${JSON.stringify(rules)}`;
  let ctx = contexts.get(key);
  if (!ctx) {
    const prune = pruneEvaluator(position.variant);
    ctx = {
      evaluate: cache.wrap(staticEvaluator(position.variant, scoring)),
      rules,
      ceiling: scoring.ceiling,
      prune: { evaluate: prune, keep: PRUNE_KEEP[position.variant] },
    };
    contexts.set(key, ctx);
  }
  return ctx;
}

/**
 * Every legal turn ranked best first at the level's depth (`levels.ts`, `search/ply.ts`): all candidates
 * statically, the filtered best ones deeper: gnubg's hint. Empty when no die can be played.
 */
export function rankTurns(position: Position, dice: Dice, options: ChooseOptions = {}): RankedTurn[] {
  const setting = LEVEL_SETTINGS[options.level ?? DEFAULT_LEVEL];
  let ctx = searchContext(position, options);
  if (options.deadline !== undefined) ctx = { ...ctx, deadline: options.deadline };
  if (options.cube !== undefined) ctx = { ...ctx, rootEquity: cubefulPlayEquity(options.cube, (options.scoring ?? DEFAULT_SCORING).ceiling) };
  return rankTurnsPly(position, dice, setting.plies, options.filters ?? setting.filters, ctx);
}

/**
 * The bot's turn: the best of the ranked turns, after adding the level's noise to each candidate's equity
 * (`levels.ts`). The pass turn (no steps) when no die can be played (L14).
 */
export function chooseTurn(position: Position, dice: Dice, options: ChooseOptions = {}): Turn {
  const ranked = rankTurns(position, dice, options);
  const first = ranked[0];
  if (!first) return passTurn(position);
  const noise = LEVEL_SETTINGS[options.level ?? DEFAULT_LEVEL].noise;
  if (noise === 0 || ranked.length === 1) return first.turn;
  const rng = options.rng ?? Math.random;
  let best = first.turn;
  let bestScore = -Infinity;
  for (const r of ranked) {
    const score = r.equity + noise * gaussian(rng);
    if (score > bestScore) [best, bestScore] = [r.turn, score];
  }
  return best;
}

/**
 * What a level bases its cube decisions on (`cubeDecision`'s `context.evaluator`): the side on roll's five
 * numbers before its throw, looked at `cubePlies` throws ahead (`levels.ts`) — the mean over the 21 throws of the
 * best turn's value, recursively — through the same pruned, cached search as its turns. A static evaluation
 * alone swings with whose turn it is and misjudges positions whose value hangs on the next throws (a checker
 * on the bar, a shot to hit), exactly where the cube is turned. With a `deadline` it falls back to the static
 * evaluation when the search cannot finish in time. `cubePlies` overrides the level's look-ahead (benchmarks).
 */
export function cubeEvaluator(
  level: Level,
  options: Omit<ChooseOptions, 'level' | 'rng'> & { readonly cubePlies?: number } = {},
): (position: Position) => Probabilities {
  const plies = options.cubePlies ?? LEVEL_SETTINGS[level].cubePlies;
  return (position) => {
    const ctx = searchContext(position, options);
    return evaluatePlyInTime(position, plies, options.deadline === undefined ? ctx : { ...ctx, deadline: options.deadline });
  };
}
