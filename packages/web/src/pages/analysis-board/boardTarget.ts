/**
 * What a click or tap on the board means to the editor: the point, bar or tray under it. The board component only
 * takes input while a turn is being played, so the editor reads the pointer itself through the board's own geometry.
 */
import type { Color } from '@nardy/engine';
import { stopAt, unproject } from '../../board/geometry';
import { BAR_STOP, TRAY_STOP, placement, type Stop } from '../../board/layout';
import type { BoardModel } from '../../board/types';
import type { Target } from './editModel';

/** The target a stop of the drawn board names, with `bottom` drawn at the bottom. */
export function targetOfStop(toAbs: BoardModel['toAbs'], bottom: Color, stop: Stop): Target {
  const pl = placement(toAbs, bottom);
  const rowColor: Color = stop.row === 'bottom' ? bottom : bottom === 'white' ? 'black' : 'white';
  if (stop.index === BAR_STOP) return { kind: 'bar', color: rowColor };
  if (stop.index === TRAY_STOP) return { kind: 'off', color: rowColor };
  return { kind: 'point', abs: pl.absAt({ row: stop.row, col: stop.index < BAR_STOP ? stop.index : stop.index - 1 }) };
}

/** The target under a pointer event's position on the board inside `host`, or null off the playing area. */
export function targetAt(host: Element, clientX: number, clientY: number, toAbs: BoardModel['toAbs'], bottom: Color): Target | null {
  const svg = host.querySelector<SVGSVGElement>('svg.board-svg');
  const ctm = svg?.getScreenCTM();
  if (!svg || !ctm) return null;
  const portrait = svg.closest('.board--portrait') !== null;
  const stop = stopAt(unproject(portrait, new DOMPoint(clientX, clientY).matrixTransform(ctm.inverse())));
  return stop ? targetOfStop(toAbs, bottom, stop) : null;
}
