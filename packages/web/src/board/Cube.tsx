/** The doubling cube (куб даве) beside the board: in the middle when centred, at its owner's end otherwise. */
import { cubeAt, CUBE_SIZE, project } from './geometry';
import type { Placement } from './layout';
import type { BoardModel, Translate } from './types';

interface Props {
  readonly cube: NonNullable<BoardModel['cube']>;
  readonly pl: Placement;
  readonly portrait: boolean;
  readonly t: Translate;
}

export function Cube({ cube, pl, portrait, t }: Props) {
  const c = project(portrait, cubeAt(cube.owner === null ? null : pl.rowOf(cube.owner)));
  return (
    <g className="board-cube" data-owner={cube.owner ?? 'centre'} role="img" aria-label={t(`cube.${cube.owner ?? 'centre'}`, { value: cube.value })}>
      <rect x={c.x - CUBE_SIZE / 2} y={c.y - CUBE_SIZE / 2} width={CUBE_SIZE} height={CUBE_SIZE} rx={4} />
      <text x={c.x} y={c.y}>
        {cube.value}
      </text>
    </g>
  );
}
