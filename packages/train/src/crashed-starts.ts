import { BAR, CHECKERS, OFF, opposite, winnerOf, type Position, type Rng } from '@nardy/engine';
import { shortClassOf } from '@nardy/ai/lab';
import { int, seatSides } from './start-setup.js';

/**
 * A random short-nardy position of the crashed class (`short-evaluator.ts`), for training the crashed net: one
 * side (A) deep in its bear-off — 4 to 11 checkers off, the rest in its home board, up to three of them sent
 * back (on the bar or behind) — against a side (B) that still holds one to four checkers in A's home and has
 * built its own board with the rest. Either side may be on roll. This is where the late hits of holding and
 * back games lead, and what 0-ply self-play from the start seldom reaches.
 */
export function crashedStart(rng: Rng): Position {
  for (;;) {
    const a = new Array<number>(26).fill(0);
    const b = new Array<number>(26).fill(0);
    a[OFF] = 4 + int(rng, 8);
    const back = Math.min(CHECKERS - a[OFF]!, [0, 0, 1, 1, 2, 2, 3][int(rng, 7)]!);
    for (let i = 0; i < back; i++) a[rng() < 0.6 ? BAR : 13 + int(rng, 12)]!++;
    for (let i = a[OFF]! + back; i < CHECKERS; i++) a[1 + int(rng, 6)]!++;
    // B's checkers in A's home: its points 19–24, on one or two points.
    const held = 1 + int(rng, 4);
    const anchors = [19 + int(rng, 6), 19 + int(rng, 6)];
    for (let i = 0; i < held; i++) b[anchors[i % 2]!]!++;
    // The rest: two to six home points made, the remainder spread over its points 1–12.
    const made = 2 + int(rng, 5);
    let left = CHECKERS - held - (rng() < 0.15 ? ++b[BAR]! : 0);
    for (let i = 0; i < made && left >= 2; i++) {
      const p = 1 + int(rng, 6);
      b[p]! += 2;
      left -= 2;
    }
    for (; left > 0; left--) b[1 + int(rng, 12)]!++;
    const setup = seatSides(rng, a, b);
    if (!setup.ok || winnerOf(setup.value)) continue;
    const p = setup.value;
    if (shortClassOf(p.board[p.turn], p.board[opposite(p.turn)]) === 'crashed') return p;
  }
}
