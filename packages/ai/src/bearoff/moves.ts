import { HOME_POINTS, positionNumber } from './position-number.js';

/**
 * Every distinct position a throw can leave from a bear-off position (`counts[p]` checkers on home point p),
 * as position numbers. Once all checkers are home every die is playable while a checker is left, so the
 * forced-play rules (L12–L13, S5) only say: play every die until the board is empty (L23). One die d
 * (L18–L20, S6): a checker on a point above d moves d pips inside the home; a checker on point d bears off;
 * a checker on a lower point bears off only when none stands higher — then the highest one (L19).
 * An empty board has no move.
 */
export function bearOffResults(counts: Uint8Array, die1: number, die2: number): number[] {
  const board = counts.slice();
  if (isEmpty(board)) return []; // the game is over (L23)
  const seen = new Set<number>();
  const visit = (): void => {
    seen.add(positionNumber(board));
  };
  if (die1 === die2) {
    playDouble(board, die1, 4, HOME_POINTS, visit);
  } else {
    playDice(board, die1, die2, visit);
    playDice(board, die2, die1, visit);
  }
  return [...seen];
}

/** Plays `first` then `second` in every legal way, calling `visit` on each final board. */
function playDice(board: Uint8Array, first: number, second: number, visit: () => void): void {
  eachStep(board, first, HOME_POINTS, () => {
    if (isEmpty(board)) visit();
    else eachStep(board, second, HOME_POINTS, visit);
  });
}

/**
 * Plays `left` more steps of a double. The steps of one double can always be reordered to leave their
 * sources in non-increasing order without changing legality (a lower checker's bear-off only depends on the
 * checkers above it, which earlier steps of the sorted order have already moved), so only such orders are
 * walked: `maxFrom` is the highest source allowed next.
 */
function playDouble(board: Uint8Array, die: number, left: number, maxFrom: number, visit: () => void): void {
  if (left === 0 || isEmpty(board)) {
    visit();
    return;
  }
  eachStep(board, die, maxFrom, (from) => playDouble(board, die, left - 1, from, visit));
}

/** Every legal step of one die from a source at most `maxFrom`; `then(from)` runs with the step made. */
function eachStep(board: Uint8Array, die: number, maxFrom: number, then: (from: number) => void): void {
  let highest = 0;
  for (let p = HOME_POINTS; p >= 1; p--) {
    if (board[p]! > 0) {
      highest = p;
      break;
    }
  }
  for (let p = Math.min(maxFrom, highest); p >= 1; p--) {
    if (board[p] === 0) continue;
    // Inside the home; off from point `die`; off from below only when nothing stands higher (L19).
    const to = p > die ? p - die : p === die || p === highest ? 0 : -1;
    if (to < 0) continue;
    board[p]!--;
    if (to > 0) board[to]!++;
    then(p);
    if (to > 0) board[to]!--;
    board[p]!++;
  }
}

function isEmpty(board: Uint8Array): boolean {
  for (let p = 1; p <= HOME_POINTS; p++) if (board[p] !== 0) return false;
  return true;
}
