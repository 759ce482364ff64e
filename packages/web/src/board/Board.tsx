/**
 * The nardy board (DESIGN.md §5): draws the model from either side and reports the player's whole turn. The
 * interaction lives in the headless reducer (state.ts); this component only turns pointer and key events into
 * its events and draws the result. Click-click, drag (pointer events: mouse, touch, pen) and keyboard.
 */
import { useEffect, useId, useMemo, useReducer, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Checkers } from './Checkers';
import { Cube } from './Cube';
import { Dice } from './Dice';
import { diceFaces } from './dice';
import { clearOfDock } from './dock';
import { landscapeDirection, stopAt, unproject, viewBox, type XY } from './geometry';
import { assignIds, type CheckerIds } from './identity';
import { ownToCell, placement, stopCell } from './layout';
import { Points, type Marks } from './Points';
import { applySteps, type Boards } from './position';
import { initialState, reduce, sources, targets, type BoardKey } from './state';
import { TurnControls } from './TurnControls';
import type { BoardProps, BoardStep } from './types';
import './board.css';

/** Narrower than this (px), the board turns to portrait, where its points stay large enough to touch. */
const PORTRAIT_BELOW = 480;
/** A pointer that moves farther than this (SVG units) from where it went down is dragging. */
const DRAG_START = 6;

const KEYS: Readonly<Record<string, BoardKey>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Enter: 'enter',
  ' ': 'select',
  Backspace: 'undoStep',
  Escape: 'escape',
};

/** Checker identities that follow the drawn boards from render to render (identity.ts). */
function useCheckerIds(board: Boards): CheckerIds {
  const last = useRef<CheckerIds | null>(null);
  const ids = useMemo(() => assignIds(last.current, board), [board]);
  useEffect(() => {
    last.current = ids;
  }, [ids]);
  return ids;
}

/** Portrait when the board's container is narrow (a phone held upright). */
function usePortrait(): [boolean, (el: HTMLDivElement | null) => void] {
  const [portrait, setPortrait] = useState(false);
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  useEffect(() => {
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setPortrait(entry.contentRect.width < PORTRAIT_BELOW);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [el]);
  return [portrait, setEl];
}

/** The cells to mark as last played: those of the turn in progress, else of the turn that led to the model. */
function lastCells({ model, input }: BoardProps, played: readonly BoardStep[]): Set<number> {
  const turn = input && played.length > 0 ? { color: input.color, steps: played } : model.lastTurn;
  if (!turn) return new Set();
  return new Set(turn.steps.flatMap((s) => [ownToCell(model, turn.color, s.from), ownToCell(model, turn.color, s.to)]));
}

export function Board(props: BoardProps) {
  const { model, orientation, input, settings, onTurn, status, controls, t } = props;
  const [state, dispatch] = useReducer(reduce, { model, input, settings, orientation }, initialState);
  if (state.model !== model || state.input !== input || state.settings !== settings || state.orientation !== orientation) {
    dispatch({ type: 'sync', model, input, settings, orientation });
  }
  const [portrait, measure] = usePortrait();
  const svg = useRef<SVGSVGElement>(null);
  const drag = useRef<{ pointer: number; from: XY; grabbed: boolean } | null>(null);
  const [dragAt, setDragAt] = useState<XY | null>(null);
  const cursorId = `${useId()}-cursor`;
  const panel = useRef<HTMLDivElement>(null);

  const mover = input?.color ?? orientation;
  const pl = placement(model.toAbs, orientation);
  const drawn = useMemo(() => (input ? applySteps(state.model, input.color, state.played) : state.model), [state.model, state.played, input]);
  const ids = useCheckerIds(drawn.board);

  const sourceSlots = sources(state);
  const targetSlots = targets(state);
  const cellOf = (slot: number) => ownToCell(model, mover, slot);
  const marks: Marks = {
    sources: new Set(sourceSlots.map(cellOf)),
    selected: state.selected === null ? null : cellOf(state.selected),
    destinations: new Set([...targetSlots.keys()].map(cellOf)),
    last: lastCells(props, state.played),
  };

  // Hand a confirmed turn over once (a ref, so a re-render or a strict-mode double effect never sends it twice).
  const handed = useRef<readonly BoardStep[] | null>(null);
  useEffect(() => {
    if (state.sent && state.sent !== handed.current) {
      handed.current = state.sent;
      onTurn(state.sent);
    }
  }, [state.sent, onTurn]);

  // A turn comes into hand (a new throw or position), or the board turns upright under it: a panel docked over the
  // board must cover none of its points.
  const turn = state.input ? [state.input.color, model.dice, model.board.white, model.board.black].flat().join() : null;
  useEffect(() => {
    if (turn !== null && svg.current && panel.current) clearOfDock(svg.current, panel.current);
  }, [turn, portrait]);

  const pointerAt = (e: PointerEvent): XY | null => {
    const ctm = svg.current?.getScreenCTM();
    if (!ctm) return null;
    return unproject(portrait, new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse()));
  };
  const cellAt = (p: XY | null): number | null => {
    const stop = p && stopAt(p);
    return stop ? stopCell(pl, stop, mover) : null;
  };

  const onPointerDown = (e: PointerEvent<SVGSVGElement>) => {
    if (e.button !== 0) return;
    const p = pointerAt(e);
    const cell = cellAt(p);
    dispatch({ type: 'press', cell });
    const grabbable = cell !== null && (marks.sources.has(cell) || marks.selected === cell);
    if (p && grabbable) {
      drag.current = { pointer: e.pointerId, from: p, grabbed: false };
      e.currentTarget.setPointerCapture(e.pointerId);
    }
  };
  const onPointerMove = (e: PointerEvent<SVGSVGElement>) => {
    const d = drag.current;
    const p = d && d.pointer === e.pointerId ? pointerAt(e) : null;
    if (!d || !p) return;
    if (d.grabbed || Math.hypot(p.x - d.from.x, p.y - d.from.y) > DRAG_START) {
      d.grabbed = true;
      setDragAt(p);
    }
  };
  const endDrag = () => {
    drag.current = null;
    setDragAt(null);
  };
  const onPointerUp = (e: PointerEvent<SVGSVGElement>) => {
    dispatch({ type: 'release', cell: cellAt(pointerAt(e)) });
    endDrag();
  };
  const onKeyDown = (e: KeyboardEvent<SVGSVGElement>) => {
    const key = KEYS[e.key];
    if (!key || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    const turned = key === 'left' || key === 'right' || key === 'up' || key === 'down' ? landscapeDirection(portrait, key) : key;
    dispatch({ type: 'key', key: turned });
  };

  const draggedId = dragAt && state.selected !== null ? ids[mover][state.selected]?.at(-1) : undefined;
  const still = settings.reducedMotion;
  const cursorCell = stopCell(pl, state.cursor, mover);
  return (
    <div className={`board${still ? ' board--still' : ''}${portrait ? ' board--portrait' : ''}`} ref={measure}>
      <svg
        ref={svg}
        className={`board-svg${input ? ' board-svg--input' : ''}`}
        viewBox={viewBox(portrait)}
        role="application"
        aria-label={t('board')}
        aria-activedescendant={cursorId}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={endDrag}
        onKeyDown={onKeyDown}
      >
        <Points pl={pl} model={drawn} mover={mover} marks={marks} cursor={state.cursor} cursorCell={cursorCell} cursorId={cursorId} portrait={portrait} t={t} />
        {model.cube && <Cube cube={model.cube} pl={pl} portrait={portrait} t={t} />}
        {model.turn && model.dice && <Dice faces={diceFaces(model.dice, state.played)} row={pl.rowOf(model.turn)} portrait={portrait} t={t} />}
        <Checkers pl={pl} model={drawn} ids={ids} portrait={portrait} dragged={draggedId !== undefined && dragAt ? { id: draggedId, at: dragAt } : null} />
      </svg>
      <TurnControls ref={panel} state={state} drawn={drawn} dispatch={dispatch} status={status} controls={controls} t={t} />
    </div>
  );
}
