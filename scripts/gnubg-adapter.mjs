// Adapter for ../shared/tools/gnubg/compare_moves.mjs: our legal turns as gnubg-style JSON boards.
// The JSON board is the view of the side on roll ("me", moving 24 → 1); we play it as White in short nardy.
import { legalTurns, positionFromSetup } from '../packages/engine/dist/index.js';

export function legalAfters(board, dice) {
  const white = new Array(26).fill(0);
  const black = new Array(26).fill(0);
  board.points.forEach((n, i) => {
    if (n > 0) white[i + 1] = n;
    if (n < 0) black[25 - (i + 1)] = -n;
  });
  white[25] = board.bar.me;
  black[25] = board.bar.opp;
  white[0] = 15 - white.reduce((a, b) => a + b, 0);
  black[0] = 15 - black.reduce((a, b) => a + b, 0);
  const pos = positionFromSetup({ variant: 'short', turn: 'white', board: { white, black }, firstTurn: { white: false, black: false } });
  if (!pos.ok) throw new Error(`${pos.error.code}: ${pos.error.message}`);
  return legalTurns(pos.value, dice).map(({ after }) => ({
    points: Array.from({ length: 24 }, (_, i) => after.board.white[i + 1] - after.board.black[25 - (i + 1)]),
    bar: { me: after.board.white[25], opp: after.board.black[25] },
    off: { me: after.board.white[0], opp: after.board.black[0] },
  }));
}
