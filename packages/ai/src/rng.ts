/**
 * Randomness is injected: a level's noise draws from the `Rng` the caller passes (seeded in tests and for
 * reproducible bot games). The engine has none of its own.
 */
export type Rng = () => number;

/** mulberry32: floats in [0, 1) from a 32-bit seed (the same generator as `@nardy/engine/testing`). */
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

/** A standard normal draw (Box–Muller). */
export function gaussian(rng: Rng): number {
  const u = Math.max(rng(), Number.MIN_VALUE);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
