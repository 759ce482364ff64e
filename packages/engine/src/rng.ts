/**
 * Seeded pseudo-random numbers for the engine's callers — tests, bots, reproducible replays. The engine
 * itself never draws (dice are inputs); this is a pure function of its seed, kept here so that every
 * package derives the same sequence from the same seed.
 */
export type Rng = () => number;

/** mulberry32: floats in [0, 1) from a 32-bit seed. */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
