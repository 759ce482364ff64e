import { makePositionId } from './notation/position-id.js';
import { pips, positionFromSetup, type Setup } from './position.js';
import { getVariant } from './variants/registry.js';
import { BAR, OFF, type ByColor, type Color, type Dice } from './types.js';

/**
 * What `renderBoard` may show besides the board itself. Every field is optional; absent ones are left out.
 */
export interface RenderOptions {
  /** The dice thrown by the side on roll ("Rolled 43"); without dice the side is shown as "On roll". */
  readonly dice?: Dice | undefined;
  /** The doubling cube: its value and owner (no owner = in the middle). */
  readonly cube?: { readonly value: number; readonly owner?: Color | undefined } | undefined;
  /** Players' names (default "White", "Black"). */
  readonly names?: Partial<ByColor<string>> | undefined;
  /** Match score, and the match length (0 or absent = money game / unlimited). */
  readonly score?: ByColor<number> | undefined;
  readonly matchLength?: number | undefined;
  /**
   * The Position ID printed in the header: by default the variant's canonical ID (`makePositionId`: gnubg's
   * for short nardy and Caucasian, the long-nardy ID for long nardy) when the setup is a valid position;
   * a string prints that instead; `false` prints none.
   */
  readonly positionId?: string | false | undefined;
  /** A match ID to print under the position ID (short nardy, gnubg's Match ID). */
  readonly matchId?: string | undefined;
}

/** White's checkers are drawn as O, Black's as X. */
export const CHECKER_SYMBOL: ByColor<string> = { white: 'O', black: 'X' };

const ROWS = 5;
const PANEL_GAP = '     ';

/** One 3-character cell: the `row`-th checker (from the edge) of a stack of `n`; the count when it exceeds 5. */
function cell(n: number, row: number, symbol: string): string {
  if (n > ROWS && row === ROWS - 1) return n > 9 ? `${n} ` : ` ${n} `;
  return n > row ? ` ${symbol} ` : '   ';
}

/**
 * An ASCII board in the style of GNU Backgammon's text board (`show board` in `gnubg -t`), for every
 * variant. The layout is fixed in absolute points (White's numbering, docs/rules.md §1): 13–24 along the top
 * from left to right, 12–1 along the bottom, White's home (6–1) bottom right. Stacks of more than five
 * checkers show their count in the fifth row. White's checkers are `O`, Black's `X`.
 *
 * * Long nardy: both sides move counter-clockwise; White's head is 24 (top right), Black's head 12
 *   (bottom left), Black's home 18–13 (top left). Points are numbered absolutely; there is no bar.
 * * Short nardy and Caucasian: the middle column is the bar (Black's checkers on the bar in the top half,
 *   White's in the bottom half). As in gnubg, the points are numbered from the side on roll's view: with
 *   Black on roll the numbers are Black's own (his 1-point = absolute 24), and the arrow on the left
 *   points to the on-roll side's home half (`v` White, `^` Black).
 *
 * The header names the variant and gives the Position ID (and a Match ID when given); the panel on the
 * right gives each side's name, pip count, borne-off count (and bar count), who is on roll and the dice,
 * the first turn of long nardy, the cube, and the score when given.
 */
export function renderBoard(pos: Setup, opts: RenderOptions = {}): string {
  const variant = getVariant(pos.variant);
  const long = variant.contact === 'block';
  const g = variant.geometry;
  const { white, black } = pos.board;

  // Point numbers shown above/below each column, left to right.
  const topAbs = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
  const bottomAbs = [12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const label = (abs: number): number => (!long && pos.turn === 'black' ? 25 - abs : abs);

  /** The occupant of an absolute point: count and symbol. */
  const at = (abs: number): [number, string] => {
    const w = white[g.ownPoint('white', abs)] ?? 0;
    if (w > 0) return [w, CHECKER_SYMBOL.white];
    const b = black[g.ownPoint('black', abs)] ?? 0;
    return [b, CHECKER_SYMBOL.black];
  };

  const rows: string[] = [];
  const halfRow = (points: readonly number[], row: number): string =>
    points
      .map((abs) => {
        const [n, sym] = at(abs);
        return cell(n, row, sym);
      })
      .join('');
  const barCell = (color: Color, row: number): string => (long ? '   ' : cell(pos.board[color][BAR] ?? 0, row, CHECKER_SYMBOL[color]));
  for (let r = 0; r < ROWS; r++) {
    rows.push(` |${halfRow(topAbs.slice(0, 6), r)}|${barCell('black', r)}|${halfRow(topAbs.slice(6), r)}|`);
  }
  const arrow = long ? ' ' : pos.turn === 'white' ? 'v' : '^';
  rows.push(`${arrow}|${' '.repeat(18)}|${long ? '   ' : 'BAR'}|${' '.repeat(18)}|`);
  for (let r = ROWS - 1; r >= 0; r--) {
    rows.push(` |${halfRow(bottomAbs.slice(0, 6), r)}|${barCell('white', r)}|${halfRow(bottomAbs.slice(6), r)}|`);
  }

  // The panel on the right, gnubg style: Black's facts at the top, White's at the bottom.
  const name = (c: Color): string => opts.names?.[c] ?? (c === 'white' ? 'White' : 'Black');
  const facts = (c: Color): string => {
    const side = pos.board[c];
    const bar = side[BAR] ?? 0;
    return `pips ${pips(side)}, off ${side[OFF] ?? 0}${long ? '' : `, bar ${bar}`}`;
  };
  const turnLine = (c: Color): string => {
    if (pos.turn !== c) return '';
    const first = long && pos.firstTurn[c] ? ' (first turn)' : '';
    return opts.dice ? `Rolled ${opts.dice[0]}${opts.dice[1]}${first}` : `On roll${first}`;
  };
  const scoreLine = (c: Color): string => (opts.score ? `${opts.score[c]} point${opts.score[c] === 1 ? '' : 's'}` : '');
  const middle: string[] = [];
  if (opts.cube) {
    const owner = opts.cube.owner;
    middle.push(owner ? `(Cube: ${opts.cube.value}, ${name(owner)})` : `(Cube: ${opts.cube.value})`);
  }
  if (opts.matchLength !== undefined && opts.matchLength > 0) middle.push(`${opts.matchLength}-point match`);
  const panel: string[] = new Array<string>(rows.length).fill('');
  panel[0] = facts('black');
  panel[1] = turnLine('black');
  panel[2] = scoreLine('black');
  panel[ROWS] = middle.join('  ');
  panel[2 * ROWS - 2] = scoreLine('white');
  panel[2 * ROWS - 1] = turnLine('white');
  panel[2 * ROWS] = facts('white');

  const lines: string[] = [];
  const title = ` ${variant.name.en}`;
  const positionId = opts.positionId === undefined ? canonicalId(pos) : opts.positionId === false ? undefined : opts.positionId;
  if (positionId !== undefined) {
    const indent = Math.max(17, title.length + 2);
    lines.push(`${title.padEnd(indent)}Position ID: ${positionId}`);
    if (opts.matchId !== undefined) lines.push(`${''.padEnd(indent)}Match ID   : ${opts.matchId}`);
  } else {
    lines.push(title);
  }
  const withPanel = (line: string, text: string): string => (text ? `${line}${PANEL_GAP}${text}` : line);
  const top = frame(topAbs.slice(0, 6).map(label), topAbs.slice(6).map(label));
  const bottom = frame(bottomAbs.slice(0, 6).map(label), bottomAbs.slice(6).map(label));
  lines.push(withPanel(top, `${CHECKER_SYMBOL.black}: ${name('black')}`));
  rows.forEach((row, i) => lines.push(withPanel(row, panel[i] ?? '')));
  lines.push(withPanel(bottom, `${CHECKER_SYMBOL.white}: ${name('white')}`));
  return `${lines.join('\n')}\n`;
}

/** The canonical ID of a setup that is a valid position; none for one that is not (a debug board may show anything). */
function canonicalId(setup: Setup): string | undefined {
  const pos = positionFromSetup(setup);
  return pos.ok ? makePositionId(pos.value) : undefined;
}

/** The numbered border: ` +13-14-15-16-17-18------19-20-21-22-23-24-+`. */
function frame(left: readonly number[], right: readonly number[]): string {
  const half = (ns: readonly number[]): string => ns.map((n) => String(n).padStart(2, '-')).join('-');
  return ` +${half(left)}------${half(right)}-+`;
}
