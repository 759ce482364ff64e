import { seededRng, type Dice, type Die } from '@nardy/engine';

/**
 * Quasi-random dice for rollouts: every trial's throws are a function of (seed, trial, half-move), so a
 * rollout is reproducible and its trials can run in any order on any thread.
 *
 * The 36 ordered throws are numbered 0..35 (`OUTCOMES`). Trial t lies in block k = ⌊t/36⌋ at slot a = t mod 36.
 * - **First throw** (half-move 0): σ₀[a] — σ₀ a seeded permutation — so each block of 36 trials throws
 *   each of the 36 outcomes exactly once first (stratified; trials in multiples of 36 rotate through all).
 * - **Second throw**: σ₁[(a + k) mod 36], a rotation by the block number: within a block every outcome
 *   again occurs once, and over 1,296 = 36² trials every pair (first throw, second throw) occurs exactly
 *   once (the 36 blocks form a Latin square).
 * - **Later throws** (h ≥ 2): π_{k,h}[a] with a fresh seeded permutation per block and half-move: each
 *   block of 36 trials still throws each outcome once at every half-move (Latin hypercube sampling),
 *   with independent random pairing across half-moves.
 */
export const OUTCOMES: readonly Dice[] = Array.from({ length: 36 }, (_, i) => [(((i / 6) | 0) + 1) as Die, ((i % 6) + 1) as Die] as const);

/** A 32-bit hash of a few integers (a murmur3-style finaliser per word), for per-trial seeds. */
export function mixSeed(...words: readonly number[]): number {
  let h = 0x9e3779b9;
  for (const w of words) {
    h = Math.imul(h ^ (w >>> 0), 0x85ebca6b);
    h ^= h >>> 13;
    h = Math.imul(h, 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Tags that keep the dice's and the choosers' seeds apart. */
export const SEED_TAG = { dice: 0x64696365, noise: 0x6e6f6973 } as const;

/** The seeded permutation of 0..35 named by the words (Fisher–Yates). */
function permutation(...words: readonly number[]): number[] {
  const rng = seededRng(mixSeed(SEED_TAG.dice, ...words));
  const p = Array.from({ length: 36 }, (_, i) => i);
  for (let i = 35; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [p[i], p[j]] = [p[j]!, p[i]!];
  }
  return p;
}

const FIRST = 0;
const SECOND = 1;

/** The throws of one trial, half-move by half-move. */
export function trialDice(seed: number, trial: number): (halfMove: number) => Dice {
  const a = trial % 36;
  const k = Math.floor(trial / 36);
  return (h) => {
    let i: number;
    if (h === FIRST) i = permutation(seed, FIRST)[a]!;
    else if (h === SECOND) i = permutation(seed, SECOND)[(a + k) % 36]!;
    else i = permutation(seed, h, k)[a]!;
    return OUTCOMES[i]!;
  };
}
