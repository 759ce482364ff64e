/**
 * What the player may do next, asked only of `input.next` (the board holds no rules): the checkers that can move,
 * and where a chosen checker can go — with one step or with a chain of steps of the same checker (6-5 from 24
 * straight to 13). Results are cached per input and per `played` array, which the state never mutates.
 */
import { OFF } from './position';
import type { BoardInput, BoardStep } from './types';

type Steps = readonly BoardStep[];

const nextCache = new WeakMap<BoardInput, WeakMap<Steps, Steps>>();
const destCache = new WeakMap<BoardInput, WeakMap<Steps, Map<number, ReadonlyMap<number, Steps>>>>();

/** The cache of one input for one played array (inputs differ per turn; arrays such as `[]` may be shared). */
function cacheOf<T>(cache: WeakMap<BoardInput, WeakMap<Steps, T>>, input: BoardInput): WeakMap<Steps, T> {
  let byPlayed = cache.get(input);
  if (!byPlayed) cache.set(input, (byPlayed = new WeakMap()));
  return byPlayed;
}

/** `input.next(played)`, asked once per played array. */
function nextSteps(input: BoardInput, played: Steps): Steps {
  const byPlayed = cacheOf(nextCache, input);
  let steps = byPlayed.get(played);
  if (!steps) byPlayed.set(played, (steps = input.next(played)));
  return steps;
}

/** `played` is a whole turn: nothing more can be played, so the turn can be confirmed. */
export const isComplete = (input: BoardInput, played: Steps): boolean => nextSteps(input, played).length === 0;

/** The own-frame slots (25 = bar, 1–24) that hold a checker able to move now. */
export function movableSources(input: BoardInput, played: Steps): number[] {
  return [...new Set(nextSteps(input, played).map((s) => s.from))];
}

const hits = (chain: Steps): number => chain.filter((s) => s.hit).length;

/**
 * Chains that reach the same point are ranked: fewer hits first (a chain without a hit is preferred, and a hitting
 * one is taken only when every chain to that point hits — the player who wants the hit plays the steps one by
 * one), then fewer steps (keep dice for other checkers), then the order `next` lists them in.
 */
const better = (a: Steps, b: Steps): boolean => (hits(a) !== hits(b) ? hits(a) < hits(b) : a.length < b.length);

/**
 * Every destination of the checker on own slot `from`, with the steps that take it there. A checker that bears
 * off stops; otherwise the walk follows the same checker through each next step from the point it reached.
 */
export function destinations(input: BoardInput, played: Steps, from: number): ReadonlyMap<number, Steps> {
  const byPlayed = cacheOf(destCache, input);
  let byFrom = byPlayed.get(played);
  if (!byFrom) byPlayed.set(played, (byFrom = new Map()));
  const cached = byFrom.get(from);
  if (cached) return cached;
  const best = new Map<number, Steps>();
  const walk = (chain: Steps, at: number): void => {
    for (const step of nextSteps(input, chain.length === 0 ? played : [...played, ...chain])) {
      if (step.from !== at) continue;
      const longer = [...chain, step];
      const known = best.get(step.to);
      if (!known || better(longer, known)) best.set(step.to, longer);
      if (step.to !== OFF) walk(longer, step.to);
    }
  };
  walk([], from);
  byFrom.set(from, best);
  return best;
}
