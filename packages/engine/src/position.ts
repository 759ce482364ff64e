import { err, ok, type Result } from './result.js';
import { getVariant } from './variants/registry.js';
import { BAR, CHECKERS, COLORS, HEAD, OFF, opposite, type ByColor, type Color, type VariantId } from './types.js';

/**
 * One side's checkers in its own frame (gnubg's half-board): index 0 = borne off, 1..24 = own points
 * (24 = start of the route, 1 = last point), 25 = bar. Always 26 entries summing to 15.
 */
export type Checkers = readonly number[];

/** A position as plain data, not necessarily legal (parsers return this). */
export interface Setup {
  readonly variant: VariantId;
  /** The side to play next. */
  readonly turn: Color;
  readonly board: ByColor<Checkers>;
  /** Long nardy: the side has not yet played its first turn of the game (L10, L11). Always false elsewhere. */
  readonly firstTurn: ByColor<boolean>;
}

declare const validated: unique symbol;
/** A validated, immutable position. The only way in is `positionFromSetup` (or the engine's own moves). */
export type Position = Setup & { readonly [validated]: true };

const SLOTS = 26;

/** Freezes a setup the engine built itself, skipping validation (its invariants already hold). */
export const trusted = (s: Setup): Position => s as Position;

export function positionFromSetup(setup: Setup): Result<Position> {
  const variant = getVariant(setup.variant);
  if (!variant) return err('BAD_VARIANT', `unknown variant ${JSON.stringify(setup.variant)}`);
  if (setup.turn !== 'white' && setup.turn !== 'black') return err('BAD_SETUP', 'turn must be white or black');
  const occupiedAbs = new Map<number, Color>();
  for (const color of COLORS) {
    const side = setup.board[color];
    if (!Array.isArray(side) || side.length !== SLOTS) return err('BAD_SETUP', `${color}: need ${SLOTS} slots`);
    let total = 0;
    for (let i = 0; i < SLOTS; i++) {
      const n = side[i];
      if (!Number.isInteger(n) || (n as number) < 0) return err('BAD_SETUP', `${color}: bad count at slot ${i}`);
      total += n as number;
      if (i >= 1 && i <= 24 && (n as number) > 0) {
        const abs = variant.geometry.absPoint(color, i);
        const other = occupiedAbs.get(abs);
        if (other) return err('BAD_SETUP', `point ${abs} holds both white and black checkers`);
        occupiedAbs.set(abs, color);
      }
    }
    if (total !== CHECKERS) return err('BAD_CHECKER_COUNT', `${color} has ${total} checkers, not ${CHECKERS}`);
    if (variant.contact === 'block' && (side[BAR] ?? 0) > 0) return err('BAD_SETUP', `${variant.id} nardy has no bar (L8)`);
    if (setup.firstTurn[color] && variant.id !== 'long') return err('BAD_SETUP', 'firstTurn exists only in long nardy');
  }
  if (setup.board.white[OFF] === CHECKERS && setup.board.black[OFF] === CHECKERS) {
    return err('BAD_SETUP', 'both sides have borne off every checker');
  }
  return ok(
    Object.freeze({
      variant: setup.variant,
      turn: setup.turn,
      board: Object.freeze({ white: Object.freeze([...setup.board.white]), black: Object.freeze([...setup.board.black]) }),
      firstTurn: Object.freeze({ white: !!setup.firstTurn.white, black: !!setup.firstTurn.black }),
    }) as Position,
  );
}

/** The starting position (L1, S1) with White to play. */
export function startPosition(variantId: VariantId, turn: Color = 'white'): Position {
  const v = getVariant(variantId);
  const side = new Array<number>(SLOTS).fill(0);
  for (const [p, n] of v.start) side[p] = n;
  const firstTurn = variantId === 'long';
  return trusted({
    variant: variantId,
    turn,
    board: { white: side, black: [...side] },
    firstTurn: { white: firstTurn, black: firstTurn },
  });
}

/** Pip count: the total distance a side's checkers still travel to bear off (bar = 25). */
export function pips(side: Checkers): number {
  let s = 0;
  for (let p = 1; p <= BAR; p++) s += p * (side[p] ?? 0);
  return s;
}

export const pipCounts = (pos: Setup): ByColor<number> => ({ white: pips(pos.board.white), black: pips(pos.board.black) });

/** The same position with the colours swapped (each side keeps its own-frame board). */
export function mirror(pos: Position): Position {
  return trusted({
    variant: pos.variant,
    turn: opposite(pos.turn),
    board: { white: pos.board.black, black: pos.board.white },
    firstTurn: { white: pos.firstTurn.black, black: pos.firstTurn.white },
  });
}

/** The same board with the other side to play. */
export const withTurn = (pos: Position, turn: Color): Position => (pos.turn === turn ? pos : trusted({ ...pos, turn }));

/** Checkers still on the head (long nardy). */
export const onHead = (side: Checkers): number => side[HEAD] ?? 0;

/**
 * Canonical board key (the fixtures' format, `test/fixtures/legal/README.md`):
 * `W:<abs>x<n>,…|B:…|Woff:n|Boff:n|Wbar:n|Bbar:n`, points in descending absolute order. Ignores whose turn it is.
 */
export function boardKey(pos: Setup): string {
  const g = getVariant(pos.variant).geometry;
  const part = (color: Color): string => {
    const byAbs: [number, number][] = [];
    const side = pos.board[color];
    for (let p = 1; p <= 24; p++) {
      const n = side[p] ?? 0;
      if (n > 0) byAbs.push([g.absPoint(color, p), n]);
    }
    byAbs.sort((a, b) => b[0] - a[0]);
    return byAbs.map(([a, n]) => `${a}x${n}`).join(',');
  };
  const w = pos.board.white;
  const b = pos.board.black;
  return `W:${part('white')}|B:${part('black')}|Woff:${w[OFF]}|Boff:${b[OFF]}|Wbar:${w[BAR]}|Bbar:${b[BAR]}`;
}

/** Whether the game is over: a side has borne off all 15 (L23). */
export const winnerOf = (pos: Setup): Color | undefined =>
  pos.board.white[OFF] === CHECKERS ? 'white' : pos.board.black[OFF] === CHECKERS ? 'black' : undefined;
