import type { RatingPoint } from '@nardy/protocol';

/** The drawing of a rating history: an SVG path over games played (x) and rating (y), with round-number gridlines. */
export interface RatingGraph {
  /** The `d` of the line: the rating before the first game, then after each. */
  readonly line: string;
  /** Each game's end point (for its dot and tooltip). */
  readonly dots: readonly { readonly x: number; readonly y: number; readonly point: RatingPoint }[];
  /** Horizontal gridlines at round ratings. */
  readonly grid: readonly { readonly y: number; readonly rating: number }[];
}

export interface GraphBox {
  readonly width: number;
  readonly height: number;
  /** Room on the left for the gridline labels, and around the plot. */
  readonly left: number;
  readonly pad: number;
}

/** A gridline step that gives about four lines over `span` rating points: 10, 20, 50, 100… */
function gridStep(span: number): number {
  for (const step of [10, 20, 50, 100, 200, 500]) if (span / step <= 5) return step;
  return 1000;
}

export function ratingGraph(points: readonly RatingPoint[], box: GraphBox): RatingGraph | null {
  const first = points[0];
  if (first === undefined) return null;
  const values = [first.before, ...points.map((p) => p.after)];
  const step = gridStep(Math.max(...values) - Math.min(...values));
  const lo = Math.floor(Math.min(...values) / step) * step;
  const hi = Math.max(lo + step, Math.ceil(Math.max(...values) / step) * step);
  const plotW = box.width - box.left - box.pad;
  const plotH = box.height - 2 * box.pad;
  const x = (i: number) => box.left + (values.length === 1 ? 0 : (i / (values.length - 1)) * plotW);
  const y = (r: number) => box.pad + ((hi - r) / (hi - lo)) * plotH;
  const round = (n: number) => Math.round(n * 10) / 10;
  const line = values.map((v, i) => `${i === 0 ? 'M' : 'L'}${round(x(i))} ${round(y(v))}`).join(' ');
  const dots = points.map((point, i) => ({ x: round(x(i + 1)), y: round(y(point.after)), point }));
  const grid: { y: number; rating: number }[] = [];
  for (let r = lo; r <= hi; r += step) grid.push({ y: round(y(r)), rating: r });
  return { line, dots, grid };
}
