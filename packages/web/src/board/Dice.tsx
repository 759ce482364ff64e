/** The dice of the side to move, in its right-hand half; a played die is drawn faded. */
import type { DieFace } from './dice';
import { diceAt, DIE_SIZE, project } from './geometry';
import type { Row } from './layout';
import type { Translate } from './types';

/** Pip positions on a die face in thirds of its half-size: [x, y] ∈ {-1, 0, 1}². */
const PIPS: Record<number, readonly (readonly [number, number])[]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

interface Props {
  readonly faces: readonly DieFace[];
  readonly row: Row;
  readonly portrait: boolean;
  readonly t: Translate;
}

export function Dice({ faces, row, portrait, t }: Props) {
  const q = DIE_SIZE * 0.27;
  return (
    <g className="board-dice" role="group" aria-label={t('dice')}>
      {faces.map((face, i) => {
        const c = project(portrait, diceAt(row, faces.length, i));
        return (
          <g
            key={i}
            className={`board-die${face.used ? ' is-used' : ''}`}
            data-die={face.value}
            data-used={face.used}
            role="img"
            aria-label={t(face.used ? 'die.used' : 'die.free', { value: face.value })}
          >
            <rect x={c.x - DIE_SIZE / 2} y={c.y - DIE_SIZE / 2} width={DIE_SIZE} height={DIE_SIZE} rx={5} />
            {(PIPS[face.value] ?? []).map(([x, y], k) => (
              <circle key={k} className="board-die-pip" cx={c.x + x * q} cy={c.y + y * q} r={2.6} />
            ))}
          </g>
        );
      })}
    </g>
  );
}
