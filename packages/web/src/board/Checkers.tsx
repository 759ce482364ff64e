/**
 * The checkers, one SVG element per checker keyed by its identity (identity.ts), placed by a CSS transform so
 * that a changed position slides (board.css). The list is ordered by id, never by place: React then never
 * moves an element in the DOM, which would cancel its transition.
 */
import type { Color } from '@nardy/engine';
import { CHECKER_R, inTray, onBar, onPoint, project, SLAB, STACK_SHOWN, type XY } from './geometry';
import type { CheckerIds } from './identity';
import type { Placement } from './layout';
import { BAR, OFF } from './position';
import type { BoardModel } from './types';

interface Drawn {
  readonly id: number;
  readonly color: Color;
  readonly at: XY;
  readonly off: boolean;
}

interface Stack {
  readonly color: Color;
  readonly count: number;
  readonly inTray: boolean;
  /** Where the count is printed: on the top checker of a point or the bar, past the last slab in a tray. */
  readonly at: XY;
}

function slotPosition(pl: Placement, toAbs: BoardModel['toAbs'], color: Color, slot: number, i: number): XY {
  if (slot === BAR) return onBar(pl.rowOf(color), i);
  if (slot === OFF) return inTray(pl.rowOf(color), i);
  return onPoint(pl.placeOf(toAbs(color, slot)), i);
}

function layoutCheckers(pl: Placement, toAbs: BoardModel['toAbs'], ids: CheckerIds) {
  const checkers: Drawn[] = [];
  const stacks: Stack[] = [];
  for (const color of ['white', 'black'] as const) {
    ids[color].forEach((slotIds, slot) => {
      slotIds.forEach((id, i) => checkers.push({ id, color, at: slotPosition(pl, toAbs, color, slot, i), off: slot === OFF }));
      const count = slotIds.length;
      if (slot === OFF ? count > 0 : count > STACK_SHOWN) {
        const at = slotPosition(pl, toAbs, color, slot, slot === OFF ? count : STACK_SHOWN - 1);
        stacks.push({ color, count, at, inTray: slot === OFF });
      }
    });
  }
  checkers.sort((a, b) => a.id - b.id);
  return { checkers, stacks };
}

interface Props {
  readonly pl: Placement;
  readonly model: BoardModel;
  readonly ids: CheckerIds;
  readonly portrait: boolean;
  /** The checker being dragged and where the pointer holds it (landscape units). */
  readonly dragged: { readonly id: number; readonly at: XY } | null;
}

const translate = (p: XY): string => `translate(${p.x}px, ${p.y}px)`;

export function Checkers({ pl, model, ids, portrait, dragged }: Props) {
  const { checkers, stacks } = layoutCheckers(pl, model.toAbs, ids);
  const slab = portrait ? { w: SLAB.h, h: SLAB.w } : SLAB;
  const shape = (off: boolean) =>
    off ? (
      <rect x={-slab.w / 2} y={-slab.h / 2} width={slab.w} height={slab.h} rx={2} />
    ) : (
      <>
        <circle r={CHECKER_R} />
        <circle className="board-checker-rim" r={CHECKER_R - 5} />
      </>
    );
  const held = dragged ? checkers.find((c) => c.id === dragged.id) : undefined;
  return (
    <g className="board-checkers" aria-hidden="true">
      {checkers.map(({ id, color, at, off }) => {
        // The dragged checker's own element follows the pointer unseen, so that on release it slides from there.
        const isDragged = dragged?.id === id;
        const p = project(portrait, isDragged ? dragged.at : at);
        return (
          <g
            key={id}
            className={`board-checker board-checker--${color}${isDragged ? ' is-dragging' : ''}`}
            style={{ transform: translate(p) }}
            data-checker={color}
          >
            {shape(off)}
          </g>
        );
      })}
      {stacks.map(({ color, count, at, inTray: tray }) => {
        const p = project(portrait, at);
        return (
          <text key={`${color}-${p.x}-${p.y}`} className={`board-count board-count--${tray ? 'tray' : color}`} x={p.x} y={p.y}>
            {count}
          </text>
        );
      })}
      {/* What the player sees while dragging: a copy above everything (moving the element itself to the end
          of the list would cost other checkers their running transitions). */}
      {held && dragged && (
        <g className={`board-checker board-checker--${held.color} board-checker--held`} style={{ transform: translate(project(portrait, dragged.at)) }}>
          {shape(false)}
        </g>
      )}
    </g>
  );
}
