import { getVariant, type Color } from '@nardy/engine';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { RulesVariant } from './rulesDoc';

/**
 * A small picture of the starting position and each side's route, drawn from the engine's variant record (start
 * checkers, geometry), so it cannot disagree with the rules the engine plays. Absolute points in White's
 * numbering: the top row is 13–24 from the left, the bottom row 12–1 (docs/rules.md §1).
 */

const COL = 20;
const BAR = 12;
const MARGIN = 8;
const TOP = 22;
const ROW = 62;
const GAP = 22;
const WIDTH = MARGIN * 2 + COL * 12 + BAR;
const BOTTOM = TOP + ROW * 2 + GAP;
const HEIGHT = BOTTOM + 22;
/** How deep into its row each side's route line runs, so the two lines never overlap. */
const LANE: Record<Color, number> = { white: 40, black: 52 };
const COLORS: readonly Color[] = ['white', 'black'];

const isTop = (abs: number): boolean => abs >= 13;

function pointX(abs: number): number {
  const col = isTop(abs) ? abs - 13 : 12 - abs;
  return MARGIN + col * COL + (col >= 6 ? BAR : 0) + COL / 2;
}

/** y at `depth` from the row's edge, growing towards the middle of the board. */
const rowY = (abs: number, depth: number): number => (isTop(abs) ? TOP + depth : BOTTOM - depth);

function triangle(abs: number): string {
  const x = pointX(abs);
  const edge = rowY(abs, 0);
  const tip = rowY(abs, ROW - 6);
  return `${x - COL / 2 + 1},${edge} ${x + COL / 2 - 1},${edge} ${x},${tip}`;
}

export function StartDiagram({ variant }: { readonly variant: RulesVariant }) {
  const { t } = useTranslation('rules');
  const uid = useId();
  const v = getVariant(variant);
  const abs = (color: Color, p: number): number => v.geometry.absPoint(color, p);
  const route = (color: Color): string =>
    Array.from({ length: 24 }, (_, i) => abs(color, 24 - i))
      .map((a) => `${pointX(a)},${rowY(a, LANE[color])}`)
      .join(' ');
  const homeLabel = (color: Color) => {
    const inner = abs(color, 1);
    const outer = abs(color, 6);
    const y = isTop(inner) ? TOP - 14 : BOTTOM + 18;
    return (
      <text key={color} className="rules-diagram-home" x={(pointX(inner) + pointX(outer)) / 2} y={y} textAnchor="middle">
        {t(color === 'white' ? 'diagram.whiteHome' : 'diagram.blackHome')}
      </text>
    );
  };
  const titleId = `${uid}-title`;
  return (
    <figure className="rules-diagram">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
        <title id={titleId}>{t('diagram.title')}</title>
        <defs>
          {COLORS.map((c) => (
            <marker key={c} id={`${uid}-arrow-${c}`} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
              <path d="M0,0 L10,5 L0,10 z" className={`rules-diagram-arrowhead-${c}`} />
            </marker>
          ))}
        </defs>
        <rect className="rules-diagram-board" x={MARGIN / 2} y={TOP - 4} width={WIDTH - MARGIN} height={BOTTOM - TOP + 8} rx="4" />
        <rect className="rules-diagram-bar" x={MARGIN + COL * 6} y={TOP - 4} width={BAR} height={BOTTOM - TOP + 8} />
        {Array.from({ length: 24 }, (_, i) => i + 1).map((a) => (
          <g key={a}>
            <polygon className={a % 2 === 0 ? 'rules-diagram-point-even' : 'rules-diagram-point-odd'} points={triangle(a)} />
            <text className="rules-diagram-number" x={pointX(a)} y={isTop(a) ? TOP - 6 : BOTTOM + 9} textAnchor="middle">
              {a}
            </text>
          </g>
        ))}
        {COLORS.map((c) => (
          <polyline key={c} className={`rules-diagram-route-${c}`} points={route(c)} markerEnd={`url(#${uid}-arrow-${c})`} />
        ))}
        {COLORS.flatMap((c) =>
          v.start.map(([p, n]) => {
            const a = abs(c, p);
            return (
              <g key={`${c}${p}`} className={`rules-diagram-checker-${c}`}>
                <circle cx={pointX(a)} cy={rowY(a, 11)} r="8" />
                <text x={pointX(a)} y={rowY(a, 11) + 3} textAnchor="middle">
                  {n}
                </text>
              </g>
            );
          }),
        )}
        {v.constraints.includes('head') &&
          COLORS.map((c) => (
            <text key={c} className="rules-diagram-head" x={pointX(abs(c, 24))} y={rowY(abs(c, 24), 26) + 3} textAnchor="middle">
              {t('diagram.head')}
            </text>
          ))}
        {COLORS.map(homeLabel)}
      </svg>
      <figcaption>
        <span className="rules-diagram-key rules-diagram-key-white">{t('diagram.white')}</span>
        <span className="rules-diagram-key rules-diagram-key-black">{t('diagram.black')}</span>
        {t(`diagram.caption.${variant}`)}
      </figcaption>
    </figure>
  );
}
