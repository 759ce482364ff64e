import { DEFAULT_RULE_OPTIONS, DEFAULT_SCORING, legalTurns, passTurn, type Dice, type Position, type RuleOptions, type ScoringSettings, type Turn } from '@nardy/engine';
import { evaluate } from './evaluate.js';
import { DEFAULT_LEVEL, LEVEL_SETTINGS, type Level } from './levels.js';
import { cubelessEquity, invert } from './probabilities.js';
import { gaussian, type Rng } from './rng.js';

export interface ChooseOptions {
  /** Default `expert`. */
  readonly level?: Level;
  /** The game's move-generation options (L10, L16); default the rule book's. */
  readonly rules?: RuleOptions;
  /** What wins are worth (mars, koks, ceiling); default the engine's. */
  readonly scoring?: ScoringSettings;
  /** Source of the level's noise; default `Math.random`. Unused at noise-free levels. */
  readonly rng?: Rng;
}

/** One candidate with its scores, best first (for analysis and tests). */
export interface RankedTurn {
  readonly turn: Turn;
  /** Cubeless equity for the mover after the turn (0-ply). */
  readonly equity: number;
}

/**
 * Every legal turn scored at 0-ply: each resulting position is evaluated from the opponent's view (he is on
 * roll there) and inverted; sorted best first, ties kept in `legalTurns` order. Empty when no die can be played.
 */
export function rankTurns(position: Position, dice: Dice, options: Omit<ChooseOptions, 'level' | 'rng'> = {}): RankedTurn[] {
  const scoring = options.scoring ?? DEFAULT_SCORING;
  const turns = legalTurns(position, dice, options.rules ?? DEFAULT_RULE_OPTIONS);
  const ranked = turns.map((turn) => ({ turn, equity: cubelessEquity(invert(evaluate(turn.after, scoring)), scoring.ceiling) }));
  return ranked.sort((a, b) => b.equity - a.equity);
}

/**
 * The bot's turn: the best of `legalTurns` by 0-ply cubeless equity, with the level's noise added to each
 * candidate's equity (`levels.ts`). The pass turn (no steps) when no die can be played (L14).
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
