/** Test kit: plays a format through, one result at a time, checking at every step that the state survives JSON. */
import { expect } from 'vitest';
import type { Entrant, Format, FormatOptions, Pairing, PairingResult } from './types.js';

export const roundTrip = <S>(state: S): S => JSON.parse(JSON.stringify(state)) as S;

/** `n` players p1..pn with ratings from `rating(i)` (default: 2000 − 10 i, so p1 is the best). */
export const field = (n: number, rating: (i: number) => number = (i) => 2000 - 10 * i): Entrant[] =>
  Array.from({ length: n }, (_, i) => ({ id: `p${i + 1}`, rating: rating(i) }));

/** A game won by the better rated player (ties: `a`), 3–1. */
export function byRating(entrants: readonly Entrant[]): (p: Pairing) => PairingResult {
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  return (p) => {
    const aWins = (rating.get(p.a) ?? 0) >= (rating.get(p.b ?? '') ?? 0);
    return { pairingId: p.id, winner: aWins ? 'a' : 'b', scoreA: aWins ? 3 : 1, scoreB: aWins ? 1 : 3 };
  };
}

/** `next` on the state and on its JSON copy give the same pairings and the same state. */
export function expectDurable<S>(format: Format<S>, state: S, ctx: { now: number; idle?: readonly string[] }): ReturnType<Format<S>['next']> {
  const step = format.next(state, ctx);
  expect(format.next(roundTrip(state), ctx)).toEqual(step);
  return step;
}

export interface Played<S> {
  readonly state: S;
  /** Every game handed out by `next`, in order. */
  readonly games: Pairing[];
}

/**
 * Starts `format` and plays it to the end: after each result (the oldest running game first) calls `next`, so a
 * format may start games as soon as it can. A double record must be ALREADY_RECORDED. `hook` may withdraw players.
 * `quick` (for sweeps over many fields) skips the JSON checks and records every running game before calling `next`.
 */
export function playOut<S>(
  format: Format<S>,
  entrants: readonly Entrant[],
  options: FormatOptions,
  decide: (p: Pairing, state: S) => PairingResult,
  hook?: (state: S, step: number) => S,
  { quick = false }: { quick?: boolean } = {},
): Played<S> {
  const started = format.start(entrants, options);
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  const games: Pairing[] = [];
  const running: Pairing[] = [];
  for (let step = 0; step < 100_000; step++) {
    if (hook) state = hook(state, step);
    const next = quick ? format.next(state, { now: 0 }) : expectDurable(format, state, { now: 0 });
    state = next.state;
    if (!quick) expect(format.next(state, { now: 0 }).pairings).toEqual([]);
    games.push(...next.pairings);
    running.push(...next.pairings);
    if (running.length === 0) break;
    for (const game of running.splice(0, quick ? running.length : 1)) {
      if (hook && format.pairings(state).find((v) => v.pairing.id === game.id)?.result) continue; // forfeited by a withdrawal
      const result = decide(game, state);
      const recorded = format.record(state, result);
      if (!recorded.ok) throw new Error(recorded.error.message);
      if (!quick) expect(format.record(recorded.value, result)).toMatchObject({ ok: false, error: { code: 'ALREADY_RECORDED' } });
      state = quick ? recorded.value : roundTrip(recorded.value);
    }
  }
  expect(format.finished(state, 0)).toBe(true);
  return { state, games };
}
