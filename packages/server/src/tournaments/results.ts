import type { BySeat, Seat } from '@nardy/engine';
import type { PairingResult } from './formats/types.js';

/**
 * How a tournament game ended, read from the live game (its actor) or, after a restart, from its stored row. The
 * pairing's `a` sits at p1 and `b` at p2.
 */
export interface GameEnd {
  readonly winner: Seat | null;
  readonly score: BySeat<number>;
  /** The seat whose opponent claimed the win (he left past the grace, or never came): a forfeit. */
  readonly abandonedBy: Seat | null;
  /** Called off before the absent side played: a forfeit against him. */
  readonly aborted: boolean;
  /** Which seats made a move of their own (decides a called-off game). */
  readonly moved: BySeat<boolean>;
}

/**
 * The pairing's result. A called-off game is lost by the side that never moved (both never moved: by `b`, the lower
 * seed); a claimed game is a forfeit by the absent side. Neither is a draw, so a knockout always goes on.
 */
export function pairingResult(pairingId: string, end: GameEnd, at: number): PairingResult {
  if (end.aborted) {
    const winner = end.moved.p2 && !end.moved.p1 ? 'b' : 'a';
    return { pairingId, winner, scoreA: 0, scoreB: 0, forfeit: true, at };
  }
  const winner = end.winner === 'p1' ? 'a' : end.winner === 'p2' ? 'b' : 'draw';
  return { pairingId, winner, scoreA: end.score.p1, scoreB: end.score.p2, ...(end.abandonedBy !== null ? { forfeit: true } : {}), at };
}

/** A stored game's end (games.result JSON, as the game manager writes it), or null while it is not over. */
export function storedEnd(status: string, result: unknown): GameEnd | null {
  const none = { p1: false, p2: false };
  if (status === 'aborted') return { winner: null, score: { p1: 0, p2: 0 }, abandonedBy: null, aborted: true, moved: none };
  if (status !== 'finished' || typeof result !== 'object' || result === null) return null;
  const r = result as { end?: { winner?: Seat | null } | null; score?: BySeat<number>; abandonedBy?: Seat | null };
  return { winner: r.end?.winner ?? null, score: r.score ?? { p1: 0, p2: 0 }, abandonedBy: r.abandonedBy ?? null, aborted: false, moved: none };
}
