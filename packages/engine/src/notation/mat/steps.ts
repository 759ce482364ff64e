import type { Position } from '../../position.js';
import type { StepInput } from '../../turns.js';
import { opposite } from '../../types.js';
import { getVariant } from '../../variants/registry.js';

/** The board after steps played one by one as written (a lone opposing checker on the target is hit), or null when a step has no checker to move. */
export function playSteps(pos: Position, steps: readonly StepInput[]): { readonly after: Position; readonly hits: readonly boolean[] } | null {
  const me = [...pos.board[pos.turn]];
  const them = [...pos.board[opposite(pos.turn)]];
  const variant = getVariant(pos.variant);
  const hits: boolean[] = [];
  for (const s of steps) {
    if ((me[s.from] ?? 0) <= 0 || s.to < 0 || s.to > 24) return null;
    me[s.from]!--;
    me[s.to]!++;
    const o = variant.geometry.opponentPoint(s.to);
    const hit = s.to !== 0 && variant.contact === 'hit' && them[o] === 1;
    if (hit) {
      them[o] = 0;
      them[25]!++;
    }
    hits.push(hit);
  }
  const board = pos.turn === 'white' ? { white: me, black: them } : { white: them, black: me };
  return { after: { ...pos, board } as unknown as Position, hits };
}

export const sameBoards = (a: Position, b: Position): boolean => (['white', 'black'] as const).every((c) => a.board[c].every((n, i) => n === b.board[c][i]));
