import {
  DEFAULT_SCORING,
  opposite,
  passTurn,
  scoreWin,
  seededRng,
  startPosition,
  winnerOf,
  type Color,
  type Dice,
  type Position,
  type Rng,
  type VariantId,
} from '@nardy/engine';
import { cubeDecision, rankTurnsPly, type StaticEvaluator } from '@nardy/ai';
import { heuristicTurn } from '@nardy/ai/yardstick';
import type { StartDraw } from './start-setup.js';
import { throwDice } from './td.js';

/** A player for duels: the position after its turn. */
export type Mover = (position: Position, dice: Dice) => Position;

/**
 * Plays one money game from `start`; returns the points won by White (negative: Black won). Cubeless unless
 * `judges` are given (each side's evaluator for its cube decisions): then each side, before its roll, doubles
 * when its judge says so (`cubeDecision`: Janowski, no Jacoby, no beavers, the cube up to 64, G3) and answers a
 * double by its own judge; a pass ends the game.
 */
export function playGame(
  start: Position,
  players: { readonly [C in Color]: Mover },
  dice: () => Dice,
  judges?: { readonly [C in Color]: StaticEvaluator },
): number {
  let pos = start;
  let value = 1;
  let owner: Color | undefined;
  const signed = (winner: Color, points: number): number => (winner === 'white' ? points : -points);
  for (let ply = 0; ; ply++) {
    if (ply > 5000) throw new Error('duel game did not end');
    const winner = winnerOf(pos);
    if (winner) return signed(winner, value * scoreWin(pos, winner, DEFAULT_SCORING).points);
    const me = pos.turn;
    if (judges && owner !== opposite(me)) {
      const cube = { value, owner: owner === undefined ? ('centred' as const) : ('onRoll' as const) };
      if (cubeDecision(pos, cube, { evaluator: judges[me] }).action === 'double') {
        if (cubeDecision(pos, cube, { evaluator: judges[opposite(me)] }).response === 'pass') return signed(me, value);
        value *= 2;
        owner = opposite(me);
      }
    }
    pos = players[me](pos, dice());
  }
}

export interface DuelResult {
  readonly games: number;
  /** Mean points per game for `a`, and the half-width of its 95 % interval. */
  readonly pointsPerGame: number;
  readonly ci95: number;
  readonly winShare: number;
}

/**
 * `pairs` mirrored pairs of games between `a` and `b`: both games of a pair start from the same position and use
 * the same dice sequence, with the colours swapped, which cancels most of the luck (the interval is taken over
 * pair means). The games start from the opening (each colour on roll in every other pair) unless `start` draws
 * the pair's position (from the pair's own stream) — back games, say, which games from the opening seldom reach.
 * With `judges` the games are played with the cube, each side doubling and taking by its own judge (`playGame`).
 */
export function duel(
  variant: VariantId,
  a: Mover,
  b: Mover,
  pairs: number,
  rng: Rng,
  start?: StartDraw,
  judges?: { readonly a: StaticEvaluator; readonly b: StaticEvaluator },
): DuelResult {
  const pairMeans: number[] = [];
  let wins = 0;
  for (let i = 0; i < pairs; i++) {
    const seed = Math.floor(rng() * 2 ** 32);
    const from = start ? start(seededRng(seed ^ 0x5bd1e995)) : startPosition(variant, i % 2 === 0 ? 'white' : 'black');
    let sum = 0;
    for (const aColor of ['white', 'black'] as const) {
      const diceRng = seededRng(seed);
      const players = aColor === 'white' ? { white: a, black: b } : { white: b, black: a };
      const colourJudges = judges && (aColor === 'white' ? { white: judges.a, black: judges.b } : { white: judges.b, black: judges.a });
      const white = playGame(from, players, () => throwDice(diceRng), colourJudges);
      const forA = aColor === 'white' ? white : -white;
      if (forA > 0) wins++;
      sum += forA;
    }
    pairMeans.push(sum / 2);
  }
  const n = pairMeans.length;
  const mean = pairMeans.reduce((s, x) => s + x, 0) / n;
  const variance = pairMeans.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1);
  return { games: 2 * n, pointsPerGame: mean, ci95: 1.96 * Math.sqrt(variance / n), winShare: wins / (2 * n) };
}

/** The fixed yardstick: the documented heuristic (`evaluate.ts`) at 0-ply, no noise (`heuristic-bot.ts`). */
export const heuristicMover: Mover = (position, dice) => heuristicTurn(position, dice).after;

/** A 0-ply player over any static evaluator. */
export const staticMover =
  (evaluate: StaticEvaluator): Mover =>
  (position, dice) =>
    bestStatic(position, dice, evaluate);

function bestStatic(position: Position, dice: Dice, evaluate: StaticEvaluator): Position {
  return rankTurnsPly(position, dice, 0, [], { evaluate })[0]?.turn.after ?? passTurn(position).after;
}
