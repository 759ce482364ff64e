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
  // A double awaiting its answer shows the value offered, marked as a question, where the cube lies now.
  const offered = cube.offered;
  const label = offered === undefined ? t(`cube.${cube.owner ?? 'centre'}`, { value: cube.value }) : t('cube.offered', { value: offered });
  return (
    <g className={`board-cube${offered === undefined ? '' : ' board-cube--offered'}`} data-owner={cube.owner ?? 'centre'} role="img" aria-label={label}>
      <rect x={c.x - CUBE_SIZE / 2} y={c.y - CUBE_SIZE / 2} width={CUBE_SIZE} height={CUBE_SIZE} rx={4} />
      <text x={c.x} y={c.y}>
        {offered === undefined ? cube.value : `${offered}?`}
      </text>
    </g>
  );
}
