import { ok, type Result } from '../../result.js';
import type { Seat } from '../../game/seats.js';
import type { ResignLevel } from '../../game/actions.js';
import type { StepInput } from '../../turns.js';
import { RIGHT_COLUMN_INDENT, type MatError } from './format.js';

/** What one entry of a `.mat` file says, with the line it is on and the player whose column it is in. */
type Token =
  | { readonly kind: 'game'; readonly number: number; readonly crawford: boolean }
  | { readonly kind: 'score'; readonly names: readonly [string, string]; readonly scores: readonly [number, number] }
  | { readonly kind: 'opening'; readonly throws: readonly (readonly [number, number])[] }
  | { readonly kind: 'dice'; readonly seat: Seat; readonly dice: readonly [number, number]; readonly steps: readonly StepInput[] }
  | { readonly kind: 'double' | 'beaver'; readonly seat: Seat; readonly value: number }
  | { readonly kind: 'take' | 'drop' | 'resignMatch' | 'timeout' | 'endSession'; readonly seat: Seat }
  | { readonly kind: 'wins'; readonly seat: Seat; readonly points: number }
  | { readonly kind: 'resign'; readonly seat: Seat; readonly level: ResignLevel }
  | { readonly kind: 'draw'; readonly points: number };

type Located = Token & { readonly line: number };

/** A token before its column is known. */
type Unseated = Token extends infer T ? (T extends Token ? Omit<T, 'seat'> : never) : never;

export interface Lexed {
  /** Header tags (`; [Key "value"]`); our `Settings` tag keeps its JSON text. */
  readonly tags: ReadonlyMap<string, string>;
  readonly matchLength: number;
  readonly tokens: readonly Located[];
}

export const matError = (line: number, message: string, code: MatError['code'] = 'BAD_NOTATION'): Result<never, MatError> => ({
  ok: false,
  error: { code, line, message: line > 0 ? `line ${line}: ${message}` : message },
});

const POINT = String.raw`(?:\d{1,2}|bar|off)`;
const MOVE = new RegExp(String.raw`^(${POINT}\*?(?:/${POINT}\*?)+)(?:\((\d)\))?(?=\s|$)`, 'i');
const ENTRY_RES: readonly [RegExp, (m: RegExpExecArray) => Unseated | string][] = [
  [/^Doubles\s*=>\s*(\d+)/i, (m) => ({ kind: 'double', value: Number(m[1]) })],
  [/^(?:Beavers|Raccoons)\s*=>\s*(\d+)/i, (m) => ({ kind: 'beaver', value: Number(m[1]) })],
  [/^Takes\b/i, () => ({ kind: 'take' })],
  [/^Drops\b/i, () => ({ kind: 'drop' })],
  [/^Wins\s+(\d+(?:\.\d+)?)\s+points?(?:\s+and\s+the\s+match)?/i, (m) => ({ kind: 'wins', points: Number(m[1]) })],
  [/^Draws\s+(\d+(?:\.\d+)?)\s+points?\s+each/i, (m) => ({ kind: 'draw', points: Number(m[1]) })],
  [/^Resigns\s+match\b/i, () => ({ kind: 'resignMatch' })],
  [/^Resigns\s+(single|mars|koks)\b/i, (m) => ({ kind: 'resign', level: m[1]!.toLowerCase() as ResignLevel })],
  [/^Resigns\s+\(timeout\)/i, () => ({ kind: 'timeout' })],
  [/^Ends\s+session\b/i, () => ({ kind: 'endSession' })],
];

const pointNumber = (p: string): number => (/^bar$/i.test(p) ? 25 : /^off$/i.test(p) ? 0 : Number(p.replace('*', '')));

/** `13/8 24/23*`, `bar/22`, `6/off`, chains `13/7/2` and repeats `8/4(2)`, as steps. */
function parseMoves(text: string, line: number): Result<{ steps: StepInput[]; rest: string }, MatError> {
  const steps: StepInput[] = [];
  let rest = text;
  for (;;) {
    rest = rest.trimStart();
    const m = MOVE.exec(rest);
    if (!m) break;
    const path = m[1]!.split('/').map(pointNumber);
    if (path.some((p) => p > 25)) return matError(line, `point out of range in '${m[0]}' (1..24, bar 25, off 0)`);
    for (let k = 0; k < Number(m[2] ?? 1); k++) for (let i = 1; i < path.length; i++) steps.push({ from: path[i - 1]!, to: path[i]! });
    rest = rest.slice(m[0].length);
  }
  return ok({ steps, rest });
}

/** The entries on one line's text, each with the column (offset) it starts at. */
function entries(text: string, line: number, offset: number): Result<{ at: number; token: Unseated }[], MatError> {
  const out: { at: number; token: Unseated }[] = [];
  let rest = text;
  for (;;) {
    const trimmed = rest.trimStart();
    if (!trimmed) return ok(out);
    const at = offset + text.length - trimmed.length;
    const dice = /^(\d)(\d):/.exec(trimmed);
    if (dice) {
      const d = [Number(dice[1]), Number(dice[2])] as const;
      if (d.some((x) => x < 1 || x > 6)) return matError(line, `dice out of range: '${dice[0]}' (each die is 1..6)`);
      // XG writes these for a throw with no move written.
      const after = trimmed.slice(dice[0].length).replace(/^\s*(?:\?{3,4}|Cannot Move)/i, '');
      const moves = parseMoves(after, line);
      if (!moves.ok) return moves;
      out.push({ at, token: { kind: 'dice', dice: d, steps: moves.value.steps } });
      rest = moves.value.rest;
      continue;
    }
    const hit = ENTRY_RES.map(([re, make]) => [re.exec(trimmed), make] as const).find(([m]) => m);
    if (!hit) return matError(line, `unknown token '${trimmed.split(/\s+/)[0]}'`);
    const [m, make] = hit;
    out.push({ at, token: make(m!) as Unseated });
    rest = trimmed.slice(m![0].length);
  }
}

const HEADER_TAG = /^[;#]\s*\[(.+?)\s+(?:"(.*)"|(\{.*\}))\s*\]\s*$/;
const MATCH_LINE = /^\s*(\d+)\s+point\s+match\s*$/i;
const GAME_LINE = /^\s*Game\s+(\d+)\s*(\(Crawford\))?\s*$/i;
const SCORE_LINE = /^\s*(.+?)\s*:\s*(\d+(?:\.\d+)?)\s+(.+?)\s*:\s*(\d+(?:\.\d+)?)\s*$/;
const OPENING_LINE = /^\s*Opening:((?:\s+\d-\d)+)\s*$/i;

/** Splits a `.mat` text into header tags and located tokens; the syntax is checked here, the play by the engine. */
export function lexMat(text: string): Result<Lexed, MatError> {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const tags = new Map<string, string>();
  let i = 0;
  let matchLength = -1;
  for (; i < lines.length && matchLength < 0; i++) {
    const l = lines[i]!;
    if (!l.trim()) continue;
    const tag = HEADER_TAG.exec(l);
    if (tag) tags.set(tag[1]!, tag[2] ?? tag[3]!);
    else if (MATCH_LINE.test(l)) matchLength = Number(MATCH_LINE.exec(l)![1]);
    else if (!/^\s*[;#]/.test(l)) return matError(i + 1, `expected the header or ' N point match', found '${l.trim().slice(0, 40)}'`);
  }
  if (matchLength < 0) return matError(0, "not a .mat file: no ' N point match' line");
  const tokens: Located[] = [];
  let expectScore = false;
  for (; i < lines.length; i++) {
    const l = lines[i]!;
    const line = i + 1;
    if (!l.trim()) continue;
    const game = GAME_LINE.exec(l);
    if (game) {
      tokens.push({ kind: 'game', number: Number(game[1]), crawford: game[2] !== undefined, line });
      expectScore = true;
      continue;
    }
    if (expectScore) {
      const s = SCORE_LINE.exec(l);
      if (!s) return matError(line, "expected the score line 'Name : n   Name : n'");
      tokens.push({ kind: 'score', names: [s[1]!, s[3]!], scores: [Number(s[2]), Number(s[4])], line });
      expectScore = false;
      continue;
    }
    if (tokens.length === 0) return matError(line, `expected ' Game 1', found '${l.trim().slice(0, 40)}'`);
    const opening = OPENING_LINE.exec(l);
    if (opening) {
      const throws = opening[1]!
        .trim()
        .split(/\s+/)
        .map((t) => [Number(t[0]), Number(t[2])] as const);
      if (throws.some((t) => t.some((x) => x < 1 || x > 6))) return matError(line, 'dice out of range in the opening throws (each die is 1..6)');
      tokens.push({ kind: 'opening', throws, line });
      continue;
    }
    const numbered = /^\s*\d+\)/.exec(l);
    const body = numbered ? l.slice(numbered[0].length) : l;
    const found = entries(body, line, numbered ? numbered[0].length : 0);
    if (!found.ok) return found;
    const es = found.value;
    es.forEach((e, k) => {
      // Two entries: left then right. One: its column, by where it starts (gnubg pads the left column to 27).
      const right = es.length > 1 ? k === 1 : numbered ? e.at - numbered[0].length > 10 : e.at >= RIGHT_COLUMN_INDENT;
      tokens.push({ ...e.token, seat: right ? 'p2' : 'p1', line } as Located);
    });
    if (es.length > 2) return matError(line, 'more than two entries on one line');
  }
  if (expectScore) return matError(lines.length, 'the file ends before the score line');
  return ok({ tags, matchLength, tokens });
}
