import { replay, type BySeat, type GameEnd, type MatchEnd, type Phase, type Seat, type WinKind } from '@nardy/engine';
import type { ActionEntry, GameRecord } from '../store/index.js';

/** A game's results, recomputed from its action log with the engine (the log is the record). */

/** One finished game of a match: who won, how (oin/mars/koks/single, or draw), at what cube, for how many points. */
export interface GameLine {
  readonly number: number;
  readonly winner: Seat | null;
  readonly end: GameEnd;
  readonly kind: WinKind | 'draw';
  readonly cube: number;
  readonly basePoints: number;
  readonly points: BySeat<number>;
}

export interface MatchSummary {
  /** The match winner (null: a level money session, or not over). */
  readonly winner: Seat | null;
  /** Why the match ended; null while it goes on (or for an aborted game). */
  readonly reason: MatchEnd['reason'] | null;
  readonly score: BySeat<number>;
  readonly phase: Phase;
  /** The number of the game in progress (or the last one). */
  readonly gameNumber: number;
  readonly games: readonly GameLine[];
}

export type Summarised = { readonly ok: true; readonly value: MatchSummary } | { readonly ok: false; readonly message: string };

export function summarise(game: GameRecord, actions: readonly ActionEntry[]): Summarised {
  const r = replay(game.settings, actions.map((a) => a.action));
  if (!r.ok) return { ok: false, message: `the action log does not replay: ${r.error.message}` };
  const s = r.value;
  return {
    ok: true,
    value: {
      winner: s.end?.winner ?? null,
      reason: s.end?.reason ?? null,
      score: { p1: s.score.p1, p2: s.score.p2 },
      phase: s.phase,
      gameNumber: s.game.number,
      games: s.games.map((g) => ({
        number: g.number,
        winner: g.winner,
        end: g.end,
        kind: g.kind,
        cube: g.cubeValue,
        basePoints: g.basePoints,
        points: { p1: g.points.p1, p2: g.points.p2 },
      })),
    },
  };
}

/** Finished games never change: their summaries are kept (bounded, least recently used dropped). */
export class SummaryCache {
  readonly #map = new Map<string, Summarised>();
  constructor(readonly max = 1000) {}

  get(game: GameRecord, actions: readonly ActionEntry[]): Summarised {
    const done = game.status === 'finished' || game.status === 'aborted';
    const key = `${game.id}\u0000${game.lastSeq}`;
    const hit = done ? this.#map.get(key) : undefined;
    if (hit) {
      this.#map.delete(key);
      this.#map.set(key, hit);
      return hit;
    }
    const s = summarise(game, actions);
    if (done) {
      this.#map.set(key, s);
      while (this.#map.size > this.max) {
        const oldest = this.#map.keys().next().value;
        if (oldest === undefined) break;
        this.#map.delete(oldest);
      }
    }
    return s;
  }
}
