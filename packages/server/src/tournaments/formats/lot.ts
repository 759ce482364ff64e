import type { Entrant } from './types.js';

/** A player's lot: a 32-bit FNV-1a hash of the tournament's seed and his id, so it is the same on every run and restart. */
export function lot(seed: string, id: string): number {
  let h = 0x811c9dc5;
  const text = `${seed}\u0000${id}`;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The seed order: rating, highest first; equal ratings by lot (then id, should two lots collide). */
export function seedOrder(entrants: readonly Entrant[], seed: string): Entrant[] {
  return [...entrants].sort((x, y) => y.rating - x.rating || lot(seed, x.id) - lot(seed, y.id) || (x.id < y.id ? -1 : 1));
}
