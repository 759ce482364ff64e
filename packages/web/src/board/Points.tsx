/**
 * The board itself: wooden frame, the 24 points with their numbers in the viewer's numbering (`model.label`),
 * the bar and the trays, and the marks over them — movable checkers, the selected one, its destinations, the
 * last steps and the keyboard cursor. Every point carries an aria-label (count and colour of its checkers).
 */
import type { Color } from '@nardy/engine';
import { AREAS, CHECKER_R, labelAt, onPoint, pointTriangle, project, projectRect, stopRect, trayRect, type Rect } from './geometry';
import { BAR_STOP, cellStop, type Placement, type Stop } from './layout';
import { BAR, OFF, otherColor, ownPoint } from './position';
import type { BoardModel, Translate } from './types';

export interface Marks {
  /** Cells (absolute points, `BAR`, `OFF`) of each kind of mark. */
  readonly sources: ReadonlySet<number>;
  readonly selected: number | null;
  readonly destinations: ReadonlySet<number>;
  readonly last: ReadonlySet<number>;
}

interface Props {
  readonly pl: Placement;
  /** The drawn position (the model with the steps played so far). */
  readonly model: BoardModel;
  readonly mover: Color;
  readonly marks: Marks;
  readonly cursor: Stop;
  /** What the cursor is over (null: the opponent's tray). */
  readonly cursorCell: number | null;
  readonly cursorId: string;
  readonly portrait: boolean;
  readonly t: Translate;
}

const rectProps = (portrait: boolean, r: Rect) => {
  const p = projectRect(portrait, r);
  return { x: p.x, y: p.y, width: p.w, height: p.h };
};

/** Count and colour of the checkers on an absolute point (a point never holds both colours). */
function occupant(model: BoardModel, abs: number): { color: Color; count: number } | null {
  for (const color of ['white', 'black'] as const) {
    const count = model.board[color][ownPoint(model.toAbs, color, abs)] ?? 0;
    if (count > 0) return { color, count };
  }
  return null;
}

/** The aria-label of a cell to the mover: a point, his bar or his tray, with its mark. */
function cellLabel(model: BoardModel, mover: Color, marks: Marks, cell: number, t: Translate): string {
  let label: string;
  if (cell === BAR) {
    label = t('bar', { white: model.board.white[BAR] ?? 0, black: model.board.black[BAR] ?? 0 });
  } else if (cell === OFF) {
    label = t(`off.${mover}`, { count: model.board[mover][OFF] ?? 0 });
  } else {
    const who = occupant(model, cell);
    const n = model.label(cell);
    label = who ? t(`point.${who.color}`, { n, count: who.count }) : t('point.empty', { n });
  }
  const mark = marks.selected === cell ? 'selected' : marks.destinations.has(cell) ? 'destination' : marks.sources.has(cell) ? 'movable' : null;
  return mark ? t('withMark', { label, mark: t(`mark.${mark}`) }) : label;
}

const classes = (...names: (string | false)[]): string => names.filter(Boolean).join(' ');

export function Points({ pl, model, mover, marks, cursor, cursorCell, cursorId, portrait, t }: Props) {
  const points = Array.from({ length: 24 }, (_, i) => i + 1);
  const markOf = (cell: number): string =>
    classes(
      marks.sources.has(cell) && 'is-source',
      marks.selected === cell && 'is-selected',
      marks.destinations.has(cell) && 'is-destination',
      marks.last.has(cell) && 'is-last',
    );
  const trayOf = (color: Color) => trayRect(pl.rowOf(color));
  const trayLabel = (color: Color) => t(`off.${color}`, { count: model.board[color][OFF] ?? 0 });
  const landing = (abs: number) => {
    const who = occupant(model, abs);
    return project(portrait, onPoint(pl.placeOf(abs), who?.color === mover ? who.count : 0));
  };
  return (
    <g className="board-surface">
      <rect className="board-frame" {...rectProps(portrait, AREAS.board)} rx={8} />
      <rect className="board-half" {...rectProps(portrait, AREAS.leftHalf)} />
      <rect className="board-half" {...rectProps(portrait, AREAS.rightHalf)} />
      <rect className="board-bar" {...rectProps(portrait, AREAS.bar)} />
      {(['white', 'black'] as const).map((color) => (
        <rect
          key={color}
          className={classes('board-tray', color === mover && markOf(OFF))}
          {...rectProps(portrait, trayOf(color))}
          role="img"
          aria-label={trayLabel(color)}
        />
      ))}
      {points.map((abs) => {
        const place = pl.placeOf(abs);
        const tri = pointTriangle(place)
          .map((p) => project(portrait, p))
          .map((p) => `${p.x},${p.y}`)
          .join(' ');
        const shade = (place.col + (place.row === 'top' ? 0 : 1)) % 2 === 0 ? 'dark' : 'light';
        const label = labelAt(place);
        const l = project(portrait, label);
        const who = occupant(model, abs);
        return (
          <g
            key={abs}
            className={classes('board-point', `board-point--${shade}`, markOf(abs))}
            data-cell={abs}
            data-count={who?.count ?? 0}
            data-color={who?.color ?? 'none'}
            role="img"
            aria-label={cellLabel(model, mover, marks, abs, t)}
          >
            <rect className="board-point-mark" {...rectProps(portrait, stopRect(cellStop(pl, abs, mover)))} />
            <polygon points={tri} />
            <text className="board-label" x={l.x} y={l.y}>
              {model.label(abs)}
            </text>
          </g>
        );
      })}
      {(marks.sources.has(BAR) || marks.selected === BAR || marks.destinations.has(BAR)) && (
        <rect className={classes('board-bar-mark', markOf(BAR))} {...rectProps(portrait, stopRect({ row: pl.rowOf(mover), index: BAR_STOP }))} />
      )}
      {[...marks.destinations]
        .filter((cell) => cell !== BAR && cell !== OFF)
        .map((abs) => {
          const p = landing(abs);
          return <circle key={abs} className="board-landing" cx={p.x} cy={p.y} r={CHECKER_R / 2} />;
        })}
      <rect
        id={cursorId}
        className="board-cursor"
        {...rectProps(portrait, stopRect(cursor))}
        rx={4}
        role="img"
        aria-label={cursorCell === null ? trayLabel(otherColor(mover)) : cellLabel(model, mover, marks, cursorCell, t)}
      />
    </g>
  );
}
