/**
 * L16, the six-block rule: a side may not hold six or more consecutive points — consecutive along the
 * **opponent's** path — unless at least one opposing checker is ahead of the block (further along the
 * opponent's path than the block's last point), or, with `blockAheadCountsBorneOff`, the opponent has
 * borne a checker off.
 *
 * Coordinates: `me` holds the mover's checkers by own point; `oppPoint[p]` maps a point to the opponent's
 * own number q (the opponent travels q = 24 → 1). `oppAheadQ` is the smallest q of any opposing checker
 * on the board (25 if none) — precomputed once per turn, since the opponent does not move during it.
 */
export interface BlockContext {
  /** oppPoint[p]: the opponent's own number of the mover's point p (an involution, so also the inverse). */
  readonly oppPoint: ArrayLike<number>;
  /** Smallest own-point number of the opponent's checkers on the board; 25 when none. */
  readonly oppAheadQ: number;
  /** True when borne-off opposing checkers count as ahead and there is at least one. */
  readonly borneOffAhead: boolean;
}

const MAX_BLOCK = 5;

/** Whether the run of the mover's points through own point p (just occupied) is an illegal block. */
export function illegalBlockThrough(me: ArrayLike<number>, ctx: BlockContext, p: number): boolean {
  if (ctx.borneOffAhead) return false;
  const q0 = ctx.oppPoint[p]!;
  let hi = q0;
  let lo = q0;
  while (hi < 24 && (me[ctx.oppPoint[hi + 1]!] ?? 0) > 0) hi++;
  while (lo > 1 && (me[ctx.oppPoint[lo - 1]!] ?? 0) > 0) lo--;
  return hi - lo + 1 > MAX_BLOCK && ctx.oppAheadQ >= lo;
}

/** Whether the mover holds any illegal block anywhere (for `blockCheck: 'endOfTurn'`). */
export function hasIllegalBlock(me: ArrayLike<number>, ctx: BlockContext): boolean {
  if (ctx.borneOffAhead) return false;
  let run = 0;
  for (let q = 24; q >= 1; q--) {
    if ((me[ctx.oppPoint[q]!] ?? 0) === 0) {
      run = 0;
      continue;
    }
    run++;
    const endsHere = q === 1 || (me[ctx.oppPoint[q - 1]!] ?? 0) === 0;
    if (endsHere && run > MAX_BLOCK && ctx.oppAheadQ >= q) return true;
  }
  return false;
}
