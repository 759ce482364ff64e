/**
 * Randomness is injected: a level's noise draws from the `Rng` the caller passes (seeded in tests and for
 * reproducible bot games). The engine has none of its own.
 */
import type { Rng } from '@nardy/engine';

export { seededRng, type Rng } from '@nardy/engine';

/** A standard normal draw (Box–Muller). */
export function gaussian(rng: Rng): number {
  const u = Math.max(rng(), Number.MIN_VALUE);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
