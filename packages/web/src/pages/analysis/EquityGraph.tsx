/**
 * The first player's chance to win the game after each decision, over the whole match, as a small SVG line (no
 * chart library: one polyline, a few marks, and a click that picks the nearest decision — a few hundred bytes).
 * Errors are dots (larger for worse), game boundaries dashed, the selected decision a vertical line.
 */
import type { Decision } from './analysisModel';

interface Props {
  readonly decisions: readonly Decision[];
  /** p1's chance to win the game after each decision. */
  readonly chances: readonly number[];
  readonly current: number;
  readonly onPick: (index: number) => void;
  readonly label: string;
  readonly title: string;
}

const W = 600;
const H = 160;
const PAD = 6;
const DOT = { none: 0, doubtful: 3, bad: 4.5, veryBad: 6 } as const;

export function EquityGraph({ decisions, chances, current, onPick, label, title }: Props) {
  const n = chances.length;
  const x = (i: number) => PAD + (n <= 1 ? 0 : (i * (W - 2 * PAD)) / (n - 1));
  const y = (p: number) => PAD + (1 - p) * (H - 2 * PAD);
  const points = chances.map((p, i) => `${x(i).toFixed(1)},${y(p).toFixed(1)}`).join(' ');
  const pick = (e: React.MouseEvent<SVGSVGElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * W;
    onPick(Math.max(0, Math.min(n - 1, Math.round(((at - PAD) / (W - 2 * PAD)) * (n - 1)))));
  };
  return (
    <figure className="card analysis-graph">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} onClick={pick} preserveAspectRatio="none">
        <line className="analysis-graph-even" x1={PAD} x2={W - PAD} y1={y(0.5)} y2={y(0.5)} />
        {decisions.map((d, i) =>
          i > 0 && decisions[i - 1]!.game !== d.game ? <line key={`g${i}`} className="analysis-graph-game" x1={x(i)} x2={x(i)} y1={0} y2={H} /> : null,
        )}
        {current >= 0 && <line className="analysis-graph-now" x1={x(current)} x2={x(current)} y1={0} y2={H} />}
        <polyline className="analysis-graph-line" points={points} />
        {decisions.map((d, i) =>
          d.mark === 'none' ? null : <circle key={i} className={`analysis-graph-dot analysis-mark--${d.mark}`} cx={x(i)} cy={y(chances[i]!)} r={DOT[d.mark]} />,
        )}
      </svg>
    </figure>
  );
}
