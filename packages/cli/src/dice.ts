import { randomInt } from 'node:crypto';
import type { Die } from '@nardy/engine';

/** Where `play` gets its dice: the only randomness of the CLI (the engine never rolls). */
export interface DiceSource {
  /** One die, 1..6, uniformly. */
  die(): Die;
}

/** Real play: the operating system's cryptographic generator. */
export const cryptoDice: DiceSource = { die: () => randomInt(1, 7) as Die };

/**
 * For tests and replays only (`nardy play --seed N`): sfc32 seeded from N through splitmix32, so the same
 * seed gives the same dice on every machine. Not for real games: anyone who knows the seed knows the dice.
 */
export function seededDice(seed: number): DiceSource {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  for (let i = 0; i < 12; i++) next();
  // Rejection sampling keeps the six faces exactly equally likely.
  const limit = 2 ** 32 - (2 ** 32 % 6);
  return {
    die: () => {
      for (;;) {
        const x = next();
        if (x < limit) return ((x % 6) + 1) as Die;
      }
    },
  };
}
