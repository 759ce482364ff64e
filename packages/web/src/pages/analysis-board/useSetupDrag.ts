/**
 * The analysis board's pointer: one code path for mouse, touch and pen (Pointer Events, the pointer captured by the
 * board while it is down). A press that moves farther than `DRAG_START` from where it went down on a checker drags
 * that checker (a ghost follows the pointer, the board shows it lifted); anything else is a tap, handed on as one.
 */
import { useRef, useState, type PointerEvent } from 'react';
import type { Color } from '@nardy/engine';
import { lift, type EditState, type Target } from './editModel';

/** CSS pixels a pointer moves from where it went down before a press becomes a drag (a shaky tap stays a tap). */
const DRAG_START = 6;

interface Ghost {
  readonly color: Color;
  readonly x: number;
  readonly y: number;
  /** The diameter of the board's checkers on screen (px). */
  readonly size: number;
}

interface Press {
  readonly pointer: number;
  readonly x: number;
  readonly y: number;
  readonly from: Target | null;
  readonly color: Color | null;
  readonly size: number;
  dragging: boolean;
}

export interface SetupDrag {
  /** The checker being dragged and where it is, or null. */
  readonly ghost: Ghost | null;
  /** Where the dragged checker came from, while it is dragged (the board draws it lifted from there). */
  readonly lifted: Target | null;
  readonly handlers: {
    readonly onPointerDown: (e: PointerEvent<HTMLElement>) => void;
    readonly onPointerMove: (e: PointerEvent<HTMLElement>) => void;
    readonly onPointerUp: (e: PointerEvent<HTMLElement>) => void;
    readonly onPointerCancel: (e: PointerEvent<HTMLElement>) => void;
  };
}

/**
 * `at` reads the target under a screen position; `onTap` gets a press that did not drag (at its screen position);
 * `onDrop` gets a drag's source and the target it was dropped on (null: off the board).
 */
export function useSetupDrag(
  state: EditState,
  at: (host: Element, x: number, y: number) => Target | null,
  onTap: (host: Element, x: number, y: number) => void,
  onDrop: (from: Target, to: Target | null) => void,
): SetupDrag {
  const press = useRef<Press | null>(null);
  const [ghost, setGhost] = useState<Ghost | null>(null);
  const [lifted, setLifted] = useState<Target | null>(null);

  const end = () => {
    press.current = null;
    setGhost(null);
    setLifted(null);
  };
  const own = (e: PointerEvent<HTMLElement>): Press | null => (press.current && press.current.pointer === e.pointerId ? press.current : null);

  return {
    ghost,
    lifted,
    handlers: {
      onPointerDown: (e) => {
        if (e.button !== 0 || !e.isPrimary) return;
        const from = at(e.currentTarget, e.clientX, e.clientY);
        const color = from && lift(state, from);
        // A checker is drawn a fifteenth of the board's width across (12 points, the bar and the tray, with margins).
        const width = e.currentTarget.querySelector('svg.board-svg')?.getBoundingClientRect().width ?? 0;
        press.current = { pointer: e.pointerId, x: e.clientX, y: e.clientY, from, color, size: width / 15, dragging: false };
        if (color) e.currentTarget.setPointerCapture(e.pointerId);
      },
      onPointerMove: (e) => {
        const p = own(e);
        if (!p || !p.color || !p.from) return;
        if (!p.dragging && Math.hypot(e.clientX - p.x, e.clientY - p.y) <= DRAG_START) return;
        if (!p.dragging) setLifted(p.from);
        p.dragging = true;
        setGhost({ color: p.color, x: e.clientX, y: e.clientY, size: p.size });
      },
      onPointerUp: (e) => {
        const p = own(e);
        if (!p) return;
        end();
        if (p.dragging && p.from) onDrop(p.from, at(e.currentTarget, e.clientX, e.clientY));
        else onTap(e.currentTarget, p.x, p.y);
      },
      onPointerCancel: (e) => {
        if (own(e)) end();
      },
    },
  };
}
