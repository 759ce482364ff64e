import { DEFAULT_RULE_OPTIONS, type RuleOptions } from '../options.js';
import type { Position } from '../position.js';
import { err, ok, type Result } from '../result.js';
import { checkDice, legalTurns, passTurn, type Turn } from '../turns.js';
import { getVariant } from '../variants/registry.js';
import { BAR, OFF, opposite, type Color, type Step } from '../types.js';

/**
 * Turn notation (`docs/notation.md`, docs/rules.md §1): `8/5 6/5`, `24/18(2)`, `bar/20`, `6/off`, `Ø`; hits are
 * marked with `*`, also at an intermediate point of one checker's path (examples in docs/notation.md).
 * Short nardy and Caucasian write the mover's own point numbers (24 → 1, bar 25, off 0); long nardy writes
 * absolute points in White's numbering for both colours (Black `12/6(2)`, `2/18`, `13/off`).
 */

/** A point as written: a number, `bar` or `off`. */
export type NotationPoint = number | 'bar' | 'off';

/** One entry of a turn: a checker's path (start, any intermediate points, end), hit marks, `(n)`. */
export interface NotationMove {
  readonly path: readonly NotationPoint[];
  /** `hits[i]`: a `*` follows `path[i]` (always false for the start). */
  readonly hits: readonly boolean[];
  /** How many checkers make this move: `(2)`; 1 when not written. */
  readonly count: number;
}

/** A parsed turn: its entries in the order written; none for a turn without a move (`Ø`). */
export interface TurnNotation {
  readonly moves: readonly NotationMove[];
}

/** What `makeTurnNotation` prints for a turn in which no die can be played (L14). */
export const NO_MOVE = 'Ø';
/** Also read as "no move" (compared case-insensitively, after trimming): `Ø`, `∅`, `-`, `pass`, and the empty string. */
const NO_MOVE_WORDS: ReadonlySet<string> = new Set(['ø', '∅', '-', 'pass', '']);
const MAX_TEXT = 200;

// ---------------------------------------------------------------- printing

/**
 * The notation of a legal turn, as GNU Backgammon prints it (`FormatMove`): the steps sorted by from-point,
 * highest first (then by to-point); the hops of one checker joined (`24/18` when a 6-1 lands on an empty
 * point in between), keeping an intermediate point only where an opposing checker stood before the turn
 * (shown with its `*`); `*` after a point where an opposing checker stood (once per point); identical paths
 * merged as `(2)`…`(4)`; `bar`, `off`; `Ø` when the turn has no step. `before` is the position the turn
 * was played from.
 */
export function makeTurnNotation(before: Position, turn: Pick<Turn, 'steps'>): string {
  if (turn.steps.length === 0) return NO_MOVE;
  const mover = before.turn;
  const g = getVariant(before.variant).geometry;
  const theirs = before.board[opposite(mover)];
  const stood = (p: number): boolean => p >= 1 && p <= 24 && (theirs[g.opponentPoint(p)] ?? 0) > 0;
  const label = pointLabel(before, mover);

  const hops = turn.steps.map((s: Step) => [s.from, s.to] as const);
  hops.sort((a, b) => b[0] - a[0] || b[1] - a[1]);
  // Join the hops of one checker: a later hop (lower from-point) that starts where this path ends.
  const paths: (number[] | undefined)[] = hops.map((h) => [h[0], h[1]]);
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const pi = paths[i];
      const pj = paths[j];
      if (!pi || !pj || pi[pi.length - 1] !== pj[0]) continue;
      if (stood(pj[0]!)) pi.push(pj[1]!);
      else pi[pi.length - 1] = pj[1]!;
      paths[j] = undefined;
    }
  }
  const entries: { path: number[]; count: number }[] = [];
  for (const p of paths) {
    if (!p) continue;
    const same = entries.find((e) => e.path.length === p.length && e.path.every((x, k) => x === p[k]));
    if (same) same.count++;
    else entries.push({ path: p, count: 1 });
  }
  const starred = new Set<number>();
  return entries
    .map(({ path, count }) => {
      let s = label(path[0]!);
      for (let k = 1; k < path.length - 1; k++) {
        s += `/${label(path[k]!)}*`;
        starred.add(path[k]!);
      }
      const end = path[path.length - 1]!;
      s += `/${label(end)}`;
      if (stood(end) && !starred.has(end)) {
        s += '*';
        starred.add(end);
      }
      return count > 1 ? `${s}(${count})` : s;
    })
    .join(' ');
}

/** How a point of the mover's own frame is written. */
function pointLabel(pos: Position, mover: Color): (p: number) => string {
  const g = getVariant(pos.variant).geometry;
  return (p) => (p === BAR ? 'bar' : p === OFF ? 'off' : String(g.notationPoint(mover, p)));
}

/** Writes a parsed turn back as text (the normal form: `/` between points, one space between entries). */
export function turnNotationText(n: TurnNotation): string {
  if (n.moves.length === 0) return NO_MOVE;
  return n.moves.map(moveText).join(' ');
}

function moveText(m: NotationMove): string {
  const s = m.path.map((p, i) => `${p}${m.hits[i] ? '*' : ''}`).join('/');
  return m.count > 1 ? `${s}(${m.count})` : s;
}

// ---------------------------------------------------------------- parsing

const ENTRY = /^(bar|off|\d{1,2})((?:[/-](?:bar|off|\d{1,2})\*?)+)(?:\(([1-4])\))?$/i;
const HOP = /[/-](bar|off|\d{1,2})(\*?)/gi;

const badNotation = (why: string): Result<never> => err('BAD_NOTATION', why);

/**
 * Reads turn notation (syntax only; `turnFromNotation` resolves it against a position). Entries are
 * separated by spaces (or commas); points by `/` (or `-`); `bar`/`off` in any case; a point may be
 * followed by `*`; an entry may end in `(1)`…`(4)`. `Ø`, `∅`, `-`, `pass` or nothing at all is the turn
 * without a move. At most four hops in all.
 */
export function parseTurnNotation(text: unknown): Result<TurnNotation> {
  if (typeof text !== 'string') return badNotation('turn notation must be a string');
  if (text.length > MAX_TEXT) return badNotation(`turn notation is at most ${MAX_TEXT} characters`);
  const t = text.trim();
  if (NO_MOVE_WORDS.has(t.toLowerCase())) return ok({ moves: [] });
  const moves: NotationMove[] = [];
  let hops = 0;
  for (const entry of t.split(/[\s,]+/)) {
    const m = ENTRY.exec(entry);
    if (!m) {
      return badNotation(`"${entry}" is not a move: write from/to, e.g. 13/7, 13/7*/5, bar/20, 6/off, 24/18(2)`);
    }
    const path: NotationPoint[] = [point(m[1]!)];
    const hits: boolean[] = [false];
    for (const h of m[2]!.matchAll(HOP)) {
      path.push(point(h[1]!));
      hits.push(h[2] === '*');
    }
    for (let i = 0; i < path.length; i++) {
      const p = path[i]!;
      if (typeof p === 'number' && p > 25) return badNotation(`"${entry}": there is no point ${p}`);
      if (p === 'bar' && i > 0) return badNotation(`"${entry}": bar can only start a move`);
      if (p === 'off' && i < path.length - 1) return badNotation(`"${entry}": off can only end a move`);
      if (p === 'off' && hits[i]) return badNotation(`"${entry}": nothing is hit off the board`);
    }
    const count = m[3] ? Number(m[3]) : 1;
    hops += (path.length - 1) * count;
    if (hops > 4) return badNotation(`"${t}" has more than four moves`);
    moves.push({ path, hits, count });
  }
  return ok({ moves });
}

function point(tok: string): NotationPoint {
  const lower = tok.toLowerCase();
  return lower === 'bar' || lower === 'off' ? lower : Number(tok);
}

// ---------------------------------------------------------------- resolving

/**
 * The legal turn that `text` describes, for the side on roll of `pos` and `dice`. The text is matched by
 * the position it reaches, as gnubg matches moves: `24/23/18`, `24/18` and `24/23 23/18` all find the
 * same play, and intermediate points need not be written. Hits need only be marked where the same
 * checkers could reach the same points with different hits (via 23 or via 19 in a 5-1 `24/18`); a written point
 * where an opposing checker stood counts as a hit there. Errors: BAD_NOTATION (syntax, points that do
 * not exist, a move backwards), ILLEGAL_TURN (no legal turn fits, or several do), BAD_DICE.
 */
export function turnFromNotation(pos: Position, dice: unknown, text: unknown, options: RuleOptions = DEFAULT_RULE_OPTIONS): Result<Turn> {
  const d = checkDice(dice);
  if (!d.ok) return d;
  const parsed = parseTurnNotation(text);
  if (!parsed.ok) return parsed;
  return resolve(pos, legalTurns(pos, d.value, options), parsed.value);
}

/** As `turnFromNotation`, against legal turns already generated (`legalTurns(pos, dice, options)`). */
export function findTurnByNotation(pos: Position, turns: readonly Turn[], text: unknown): Result<Turn> {
  const parsed = parseTurnNotation(text);
  if (!parsed.ok) return parsed;
  return resolve(pos, turns, parsed.value);
}

/** Turns grouped by the mover's board after them, cached per generated list (lists are never mutated). */
const byMoverBoard = new WeakMap<readonly Turn[], Map<string, Turn[]>>();

function groupByMoverBoard(turns: readonly Turn[], mover: Color): Map<string, Turn[]> {
  let map = byMoverBoard.get(turns);
  if (!map) {
    map = new Map();
    for (const t of turns) {
      const k = t.after.board[mover].join(',');
      const list = map.get(k);
      if (list) list.push(t);
      else map.set(k, [t]);
    }
    byMoverBoard.set(turns, map);
  }
  return map;
}

function resolve(pos: Position, turns: readonly Turn[], n: TurnNotation): Result<Turn> {
  const text = turnNotationText(n);
  if (n.moves.length === 0) {
    if (turns.length === 0) return ok(passTurn(pos));
    return err('ILLEGAL_TURN', `${NO_MOVE} (no move) is only for a throw that cannot be played (L14); ${listTurns(pos, turns)}`);
  }
  if (turns.length === 0) return err('ILLEGAL_TURN', `no die can be played: the turn passes, write ${NO_MOVE} (L14)`);
  const variant = getVariant(pos.variant);
  const g = variant.geometry;
  const mover = pos.turn;
  const theirs = pos.board[opposite(mover)];
  const stood = (p: number): boolean => p >= 1 && p <= 24 && (theirs[g.opponentPoint(p)] ?? 0) > 0;
  const label = pointLabel(pos, mover);

  const mine = [...pos.board[mover]];
  const writtenHits = new Set<number>();
  for (const m of n.moves) {
    const own: number[] = [];
    for (let i = 0; i < m.path.length; i++) {
      const p = m.path[i]!;
      const last = i === m.path.length - 1;
      let s: number;
      if (p === 'off') s = OFF;
      else if (p === 'bar' || (p === 25 && variant.contact === 'hit')) {
        if (variant.contact === 'block') return badNotation(`"${moveText(m)}": ${variant.name.en} has no bar`);
        if (i > 0) return badNotation(`"${moveText(m)}": 25 (the bar) can only start a move`);
        s = BAR;
      } else if (p === 0) {
        if (!last) return badNotation(`"${moveText(m)}": 0 (off) can only end a move`);
        s = OFF;
      } else if (p >= 1 && p <= 24) s = g.pointFromNotation(mover, p);
      else return badNotation(`"${moveText(m)}": there is no point ${p} in ${variant.name.en}`);
      own.push(s);
      if (i > 0 && s !== OFF && (m.hits[i] || stood(s))) writtenHits.add(s);
    }
    for (let i = 1; i < own.length; i++) {
      if (own[i]! >= own[i - 1]!) {
        return badNotation(`"${moveText(m)}": ${label(own[i - 1]!)} to ${label(own[i]!)} is not forward for ${mover}`);
      }
    }
    mine[own[0]!]! -= m.count;
    mine[own[own.length - 1]!]! += m.count;
  }
  for (let s = BAR; s >= OFF; s--) {
    if (mine[s]! < 0) return err('ILLEGAL_TURN', `"${text}": ${mover} has no checker ${s === BAR ? 'on the bar' : `on ${label(s)}`} to move`);
  }
  const candidates = groupByMoverBoard(turns, mover).get(mine.join(',')) ?? [];
  if (candidates.length === 1) return ok(candidates[0]!);
  if (candidates.length === 0) return err('ILLEGAL_TURN', `"${text}" is not a legal turn; ${listTurns(pos, turns)}`);
  // Same checkers moved, different blots hit: the written hits decide.
  const oppAfter = (t: Turn): readonly number[] => t.after.board[opposite(mover)];
  const hitSet = (t: Turn): Set<number> => {
    const out = new Set<number>();
    for (let p = 1; p <= 24; p++) if (stood(p) && (oppAfter(t)[g.opponentPoint(p)] ?? 0) === 0) out.add(p);
    return out;
  };
  const same = (a: Set<number>, b: Set<number>): boolean => a.size === b.size && [...a].every((x) => b.has(x));
  const fits = candidates.filter((t) => same(hitSet(t), writtenHits));
  if (fits.length === 1) return ok(fits[0]!);
  return err(
    'ILLEGAL_TURN',
    `"${text}" fits ${candidates.length} legal turns that hit different checkers; mark the hits: ${candidates
      .map((t) => makeTurnNotation(pos, t))
      .join(' or ')}`,
  );
}

function listTurns(pos: Position, turns: readonly Turn[]): string {
  if (turns.length === 0) return 'no legal turn';
  const shown = turns.slice(0, 6).map((t) => makeTurnNotation(pos, t));
  return `legal turns: ${shown.join(', ')}${turns.length > shown.length ? ` … (${turns.length} in all)` : ''}`;
}
