import { BAR, CHECKERS, OFF, opposite, winnerOf, type Position, type Rng } from '@nardy/engine';
import { shortClassOf } from '@nardy/ai/lab';
import { int, seatSides } from './start-setup.js';

/**
 * A random short-nardy back game, before the crash: one side (A) bearing in — none or a few checkers off, the
 * rest on its points 1–12, mostly at home, up to two sent back (on the bar or behind) — against a side (B) that
 * holds two anchors in A's home board (its points 19–24, two or three checkers each) and has its timing
 * elsewhere: a board of its own, checkers in its outfield, perhaps one on the bar. Either side may be on roll;
 * never a race. Our nets misjudged such positions worst (bench/RESULTS.md: the 256-point games were back games
 * and bear-ins against anchors), and 0-ply self-play from the start seldom reaches them, so distillation starts
 * games here (`distill-main --starts back-game`) to label them by rollouts.
 */
export function backGameStart(rng: Rng): Position {
  for (;;) {
    const a = new Array<number>(26).fill(0);
    const b = new Array<number>(26).fill(0);
    // Point p of one side is point 25 − p of the other: draw again until a checker lands clear of the other side.
    const put = (side: number[], other: readonly number[], pick: () => number): void => {
      let p = pick();
      while (p >= 1 && p <= 24 && other[25 - p]! > 0) p = pick();
      side[p]!++;
    };
    // B's two anchors in A's home: two different points of its 19–24.
    const first = 19 + int(rng, 6);
    const second = 19 + ((first - 19 + 1 + int(rng, 5)) % 6);
    b[first] = 2 + int(rng, 2);
    b[second] = 2 + int(rng, 2);
    a[OFF] = rng() < 0.7 ? 0 : 1 + int(rng, 3);
    const back = [0, 0, 0, 1, 1, 2][int(rng, 6)]!;
    for (let i = a[OFF]! + back; i < CHECKERS; i++) put(a, b, () => (rng() < 0.75 ? 1 + int(rng, 6) : 7 + int(rng, 6)));
    let left = CHECKERS - b[first]! - b[second]!;
    if (rng() < 0.2) {
      b[BAR]!++;
      left--;
    }
    // Timing: some made points in its own board and outfield (its 1–12, which A's checkers at home never face),
    // the rest loose on its points 1–18.
    for (let i = int(rng, 4); i > 0 && left >= 2; i--) {
      b[1 + int(rng, 12)]! += 2;
      left -= 2;
    }
    for (; left > 0; left--) put(b, a, () => 1 + int(rng, 18));
    for (let i = 0; i < back; i++) put(a, b, () => (rng() < 0.5 ? BAR : 13 + int(rng, 12)));
    // `put` keeps the sides apart, so a refusal here is a bug in the drawing, not a draw to repeat.
    const setup = seatSides(rng, a, b);
    if (!setup.ok) throw new Error(`backGameStart drew no position: ${setup.error.message}`);
    const p = setup.value;
    if (!winnerOf(p) && shortClassOf(p.board[p.turn], p.board[opposite(p.turn)]) !== 'race') return p;
  }
}
