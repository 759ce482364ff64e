import { replay } from '@nardy/engine';
import type { MatchSummary } from '@nardy/protocol';
import type { ActionEntry, GameRecord } from '../store/index.js';

/** A game's results, recomputed from its action log with the engine (the log is the record). */

type Summarised = { readonly ok: true; readonly value: MatchSummary } | { readonly ok: false; readonly message: string };

function summarise(game: GameRecord, actions: readonly ActionEntry[]): Summarised {
  const r = replay(
    game.settings,
    actions.map((a) => a.action),
  );
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
