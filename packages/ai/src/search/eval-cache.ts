import { opposite, type Checkers, type Position } from '@nardy/engine';
import type { Probabilities } from '../probabilities.js';

/** A static evaluator: a position → the five numbers from the view of the side on roll. */
export type StaticEvaluator = (position: Position) => Probabilities;

/**
 * gnubg's evaluation cache: direct-mapped, 2^bits entries, keyed by two independent 32-bit hashes of the
 * boards as the side on roll sees them (64 bits checked, so a false hit needs a 2^-64 coincidence) and
 * the variant. Searches revisit the same positions through transpositions and from ply to ply; a hit
 * skips the features and the net.
 */
export class EvalCache {
  private readonly keys: Int32Array;
  private readonly values: Float64Array;
  private readonly mask: number;
  hits = 0;
  misses = 0;

  constructor(bits = 16) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.keys = new Int32Array(size * 2);
    this.values = new Float64Array(size * 5);
  }

  clear(): void {
    this.keys.fill(0);
    this.hits = this.misses = 0;
  }

  /** Wraps `evaluate` with the cache. */
  wrap(evaluate: StaticEvaluator): StaticEvaluator {
    return (position) => {
      const me = position.board[position.turn];
      const them = position.board[opposite(position.turn)];
      // Long nardy's first-turn flags change the legal turns (L10–L11), so they are part of the key.
      const ft = position.firstTurn;
      const variantSalt =
        (position.variant === 'long' ? 1 : position.variant === 'caucasian' ? 2 : 3) + (ft[position.turn] ? 4 : 0) + (ft[opposite(position.turn)] ? 8 : 0);
      const h1 = hash(me, them, 0x811c9dc5 ^ variantSalt, 0x01000193);
      const h2 = hash(me, them, 0x9e3779b9 ^ variantSalt, 0x5bd1e995);
      const slot = h1 & this.mask;
      const v = this.values;
      if (this.keys[2 * slot] === h1 && this.keys[2 * slot + 1] === h2) {
        this.hits++;
        const at = 5 * slot;
        return { win: v[at]!, winMars: v[at + 1]!, winKoks: v[at + 2]!, loseMars: v[at + 3]!, loseKoks: v[at + 4]! };
      }
      this.misses++;
      const p = evaluate(position);
      this.keys[2 * slot] = h1;
      this.keys[2 * slot + 1] = h2;
      const at = 5 * slot;
      v[at] = p.win;
      v[at + 1] = p.winMars;
      v[at + 2] = p.winKoks;
      v[at + 3] = p.loseMars;
      v[at + 4] = p.loseKoks;
      return p;
    };
  }
}

function hash(me: Checkers, them: Checkers, seed: number, prime: number): number {
  let h = seed | 0;
  for (let i = 0; i < 26; i++) h = Math.imul(h ^ me[i]!, prime);
  for (let i = 0; i < 26; i++) h = Math.imul(h ^ (them[i]! + 16), prime);
  return h ^ (h >>> 15);
}
