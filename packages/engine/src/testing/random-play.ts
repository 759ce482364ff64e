import { seededRng, type Rng } from '../rng.js';
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from '../options.js';
import { positionFromSetup, startPosition, winnerOf, type Position } from '../position.js';
import { legalTurns, passTurn } from '../turns.js';
import { getVariant } from '../variants/registry.js';
import { BAR, CHECKERS, COLORS, OFF, type Color, type Dice, type Die, type VariantId } from '../types.js';

/**
 * Positions reached by random legal play, with the engine's seeded generator (`rng.ts`), so failures
 * reproduce from a seed.
 */
export { seededRng, type Rng } from '../rng.js';

export const randomInt = (rng: Rng, lo: number, hi: number): number => lo + Math.floor(rng() * (hi - lo + 1));
export const randomDie = (rng: Rng): Die => randomInt(rng, 1, 6) as Die;
export const randomDice = (rng: Rng): Dice => [randomDie(rng), randomDie(rng)];

export interface RandomPlayOptions {
  /** Turns to play from the start (a turn that cannot move still counts). Default 0..160 at random. */
  readonly plies?: number;
  readonly rules?: RuleOptions;
  /** Stop before a turn that would end the game, so the result still has a side to play. Default true. */
  readonly stopBeforeEnd?: boolean;
}

/**
 * A position reached by random legal play from the start position (White first), with dice from `seed`.
 * Each turn is picked uniformly from `legalTurns`.
 */
export function randomPlayPosition(variant: VariantId, seed: number, opts: RandomPlayOptions = {}): Position {
  const rng = seededRng(seed);
  const plies = opts.plies ?? randomInt(rng, 0, 160);
  const rules = opts.rules ?? DEFAULT_RULE_OPTIONS;
  let pos = startPosition(variant);
  for (let i = 0; i < plies; i++) {
    const turns = legalTurns(pos, randomDice(rng), rules);
    const next = turns.length === 0 ? passTurn(pos).after : turns[Math.floor(rng() * turns.length)]!.after;
    if (winnerOf(next) && opts.stopBeforeEnd !== false) break;
    pos = next;
    if (winnerOf(pos)) break;
  }
  return pos;
}

/**
 * A valid but not necessarily reachable position: each side's 15 checkers scattered over points, bar
 * (short nardy and Caucasian) and off, no point shared; random side on roll and (long nardy) first-turn
 * flags. Good for ID codecs, which must take every valid position.
 */
export function scatteredPosition(variant: VariantId, seed: number): Position {
  const rng = seededRng(seed);
  const v = getVariant(variant);
  const board: Record<Color, number[]> = { white: new Array<number>(26).fill(0), black: new Array<number>(26).fill(0) };
  const taken = new Set<number>();
  for (const color of COLORS) {
    const side = board[color];
    let left = CHECKERS;
    if (rng() < 0.3) side[OFF] = randomInt(rng, 0, color === 'white' ? CHECKERS : CHECKERS - 1);
    left -= side[OFF]!;
    if (v.contact === 'hit' && left > 0 && rng() < 0.3) side[BAR] = randomInt(rng, 1, Math.min(left, 4));
    left -= side[BAR]!;
    const free: number[] = [];
    for (let p = 1; p <= 24; p++) if (!taken.has(v.geometry.absPoint(color, p))) free.push(p);
    const spread = randomInt(rng, 1, Math.min(free.length, 15));
    const chosen: number[] = [];
    for (let k = 0; k < spread; k++) chosen.push(free.splice(Math.floor(rng() * free.length), 1)[0]!);
    for (; left > 0; left--) side[chosen[Math.floor(rng() * chosen.length)]!]!++;
    for (let p = 1; p <= 24; p++) if (side[p]! > 0) taken.add(v.geometry.absPoint(color, p));
  }
  const turn: Color = rng() < 0.5 ? 'white' : 'black';
  const firstTurn = variant === 'long' ? { white: rng() < 0.3, black: rng() < 0.3 } : { white: false, black: false };
  const pos = positionFromSetup({ variant, turn, board, firstTurn });
  if (!pos.ok) throw new Error(`scatteredPosition built an invalid setup: ${pos.error.message}`);
  return pos.value;
}
