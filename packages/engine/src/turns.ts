import { generator, RESULT_BOARD_BYTES, RESULT_OPP_AT, RESULT_STEP_BYTES, type TurnGenerator } from './movegen.js';
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from './options.js';
import { trusted, type Checkers, type Position } from './position.js';
import { err, ok, type Result } from './result.js';
import { getVariant } from './variants/registry.js';
import { BAR, isDie, opposite, type Dice, type Die, type Step } from './types.js';

/** One legal full turn: its steps in the order played (mover's own frame) and the position after it. */
export interface Turn {
  readonly steps: readonly Step[];
  /** The position after the turn, the opponent to play (and the mover's first turn spent, L11). */
  readonly after: Position;
}

export function checkDice(dice: unknown): Result<Dice> {
  if (!Array.isArray(dice) || dice.length !== 2 || !isDie(dice[0]) || !isDie(dice[1])) {
    return err('BAD_DICE', 'dice must be two integers from 1 to 6');
  }
  return ok([dice[0], dice[1]] as const);
}

/**
 * Every legal full turn for the side on roll (docs/rules.md L5–L22, S3–S6, C1–C3), one per distinct resulting
 * position. An empty list means no die can be played and the turn passes (L14).
 *
 * Order (stable, pinned by golden tests): turns are compared step by step in the order played, a step
 * before another when its `from` is higher, then its `to` is higher; a turn that is a prefix comes first.
 * Each turn's steps are the first sequence the generator meets: the larger die first (the bar first, then
 * sources from the back of the route forward), then the other order.
 */
export function legalTurns(pos: Position, dice: Dice, options: RuleOptions = DEFAULT_RULE_OPTIONS): Turn[] {
  const g = generator();
  g.load(pos, dice, options);
  g.generate();
  return collect(g, pos);
}

/** The 26 slots at `at` as a plain array (a literal: the fastest way V8 builds a packed array). */
const slotsAt = (b: Int8Array, at: number): number[] => [
  b[at]!,
  b[at + 1]!,
  b[at + 2]!,
  b[at + 3]!,
  b[at + 4]!,
  b[at + 5]!,
  b[at + 6]!,
  b[at + 7]!,
  b[at + 8]!,
  b[at + 9]!,
  b[at + 10]!,
  b[at + 11]!,
  b[at + 12]!,
  b[at + 13]!,
  b[at + 14]!,
  b[at + 15]!,
  b[at + 16]!,
  b[at + 17]!,
  b[at + 18]!,
  b[at + 19]!,
  b[at + 20]!,
  b[at + 21]!,
  b[at + 22]!,
  b[at + 23]!,
  b[at + 24]!,
  b[at + 25]!,
];

/** Steps are immutable, so each distinct one is made once and shared. */
const STEPS: (Step | undefined)[] = new Array<Step | undefined>(1 << 14).fill(undefined);
function stepOf(from: number, to: number, die: number, hit: boolean): Step {
  const k = (((from << 5) | to) << 4) | (die << 1) | (hit ? 1 : 0);
  return (STEPS[k] ??= Object.freeze({ from, to, die: die as Die, hit }));
}

/**
 * Result indices in the documented order: step by step, higher `from` first, then higher `to`. The key
 * packs up to four steps' (from, to) in 40 bits. The search already finds most turns in this order, so an
 * insertion sort (linear on nearly sorted input) beats a general sort for the usual few dozen turns.
 */
function sortedOrder(packed: Int8Array, n: number, len: number): number[] {
  const order: number[] = [];
  const key: number[] = [];
  for (let i = 0; i < n; i++) {
    let k = 0;
    for (let s = 0; s < 4; s++) {
      const o = i * RESULT_STEP_BYTES + s * 4;
      k = k * 1024 + (s < len ? (packed[o]! << 5) | packed[o + 1]! : 0);
    }
    order.push(i);
    key.push(k);
  }
  if (n > 256) return order.sort((a, b) => key[b]! - key[a]!);
  for (let r = 1; r < n; r++) {
    const i = order[r]!;
    const k = key[i]!;
    let j = r - 1;
    for (; j >= 0 && key[order[j]!]! < k; j--) order[j + 1] = order[j]!;
    order[j + 1] = i;
  }
  return order;
}

function collect(g: TurnGenerator, pos: Position): Turn[] {
  const n = g.count;
  const len = g.maxUsed;
  const { boards, steps: packed } = g;
  const order = sortedOrder(packed, n, len);
  const mover = pos.turn;
  const other = opposite(mover);
  const perm = getVariant(pos.variant).geometry.opponentSlots;
  const unchanged = pos.board[other];
  const firstTurn = Object.freeze(mover === 'white' ? { white: false, black: pos.firstTurn.black } : { white: pos.firstTurn.white, black: false });
  const turns: Turn[] = new Array(n);
  for (let r = 0; r < n; r++) {
    const i = order[r]!;
    const bo = i * RESULT_BOARD_BYTES;
    const mine = slotsAt(boards, bo);
    const steps: Step[] = [];
    let hit = false;
    for (let s = 0; s < len; s++) {
      const o = i * RESULT_STEP_BYTES + s * 4;
      hit ||= packed[o + 3] === 1;
      steps.push(stepOf(packed[o]!, packed[o + 1]!, packed[o + 2]!, packed[o + 3] === 1));
    }
    // Only a hit changes the opponent's checkers; otherwise the (immutable) array is shared.
    let theirs: Checkers = unchanged;
    if (hit) {
      const t = new Array<number>(26);
      for (let s = 0; s < 26; s++) t[perm[s]!] = boards[bo + RESULT_OPP_AT + s]!;
      theirs = t;
    }
    const board = mover === 'white' ? { white: mine, black: theirs } : { white: theirs, black: mine };
    turns[r] = { steps, after: trusted({ variant: pos.variant, turn: other, board, firstTurn }) };
  }
  return turns;
}

/** How many distinct legal turns there are, without building them (the AI's and benchmarks' fast path). */
export function countLegalTurns(pos: Position, dice: Dice, options: RuleOptions = DEFAULT_RULE_OPTIONS): number {
  const g = generator();
  g.load(pos, dice, options);
  g.generate();
  return g.count;
}

/** The empty turn of a player who cannot move (L14): the same board, the opponent to play. */
export function passTurn(pos: Position): Turn {
  const firstTurn = pos.turn === 'white' ? { ...pos.firstTurn, white: false } : { ...pos.firstTurn, black: false };
  return { steps: [], after: trusted({ ...pos, turn: opposite(pos.turn), firstTurn }) };
}

/** A step as a player enters it: own-frame `from` (25 = bar) and `to` (0 = off). */
export interface StepInput {
  readonly from: number;
  readonly to: number;
}

interface Walk {
  readonly g: TurnGenerator;
  readonly maxUsed: number;
  readonly legal: Set<string>;
  readonly remaining: number[];
}

const boardString = (g: TurnGenerator): string => String.fromCharCode(...g.me, ...g.opp);
const resultString = (g: TurnGenerator, i: number): string => {
  const at = i * RESULT_BOARD_BYTES;
  return String.fromCharCode(...g.boards.subarray(at, at + 26), ...g.boards.subarray(at + RESULT_OPP_AT, at + RESULT_OPP_AT + 26));
};

function startWalk(pos: Position, dice: Dice, options: RuleOptions): Walk {
  const g = generator();
  g.load(pos, dice, options);
  g.generate();
  const legal = new Set<string>();
  for (let i = 0; i < g.count; i++) {
    legal.add(resultString(g, i));
  }
  const maxUsed = g.maxUsed;
  // Reload the start position; the head limit chosen by generate() (L10) stays in force.
  const headLimit = g.headLimit;
  g.load(pos, dice, options);
  g.headLimit = headLimit;
  const remaining = dice[0] === dice[1] ? [dice[0], dice[0], dice[0], dice[0]] : [dice[0], dice[1]];
  return { g, maxUsed, legal, remaining };
}

/**
 * Visits every way of playing one step `from → to` (choice of die for bear-offs, Caucasian hitter or
 * not), calling `visit` in the state after it; stops when `visit` returns true.
 */
function eachWay(w: Walk, from: number, to: number | undefined, visit: (step: Step) => boolean): boolean {
  const { g, remaining } = w;
  const tried = new Set<number>();
  for (let i = 0; i < remaining.length; i++) {
    const die = remaining[i]!;
    if (tried.has(die)) continue;
    tried.add(die);
    const dest = Math.max(0, from - die);
    if (to !== undefined && dest !== to) continue;
    for (const asHitter of [false, true]) {
      if (!g.hasKind(from, asHitter)) continue;
      const rec = g.doStep(from, die, asHitter);
      if (rec === 0) continue;
      remaining.splice(i, 1);
      const done = visit({ from, to: dest, die: die as Die, hit: (rec & 2) !== 0 });
      remaining.splice(i, 0, die);
      g.undoStep(from, die, rec, asHitter);
      if (done) return true;
    }
  }
  return false;
}

const sources = (g: TurnGenerator): number[] => {
  if (g.mustEnter()) return [BAR];
  const out: number[] = [];
  for (let p = 24; p >= 1; p--) if (g.me[p]! > 0) out.push(p);
  return out;
};

/** Can the walk be completed from here into a legal turn (L12: of the maximal length, with a legal result)? */
function completes(w: Walk, depth: number): boolean {
  if (depth === w.maxUsed) return w.legal.has(boardString(w.g));
  return sources(w.g).some((from) => eachWay(w, from, undefined, () => completes(w, depth + 1)));
}

/** Follows the played steps (every way they can be read); calls `atEnd` in each state that is a legal prefix. */
function followPrefix(w: Walk, played: readonly StepInput[], i: number, atEnd: () => boolean): boolean {
  if (i === played.length) return atEnd();
  const s = played[i]!;
  return eachWay(w, s.from, s.to, () => followPrefix(w, played, i + 1, atEnd));
}

/**
 * The legal next steps after `played` (the board UI's destinations, G2): each step that still leads to a
 * legal full turn. Empty when the turn is complete. An error if `played` is not the start of a legal turn.
 */
export function nextSteps(pos: Position, dice: Dice, played: readonly StepInput[], options: RuleOptions = DEFAULT_RULE_OPTIONS): Result<Step[]> {
  const w = startWalk(pos, dice, options);
  if (played.length > w.maxUsed) return err('ILLEGAL_STEP', `this throw plays at most ${w.maxUsed} steps`);
  const found = new Map<string, Step>();
  const legalPrefix = followPrefix(w, played, 0, () => {
    if (played.length === w.maxUsed) return w.legal.has(boardString(w.g));
    let any = false;
    for (const from of sources(w.g)) {
      eachWay(w, from, undefined, (step) => {
        if (!completes(w, played.length + 1)) return false;
        any = true;
        const k = `${step.from}/${step.to}`;
        if (!found.has(k)) found.set(k, step);
        return false;
      });
    }
    return any;
  });
  if (!legalPrefix) {
    return err('ILLEGAL_STEP', played.length === 0 ? 'no legal step' : 'these steps do not start a legal turn');
  }
  return ok([...found.values()].sort((a, b) => b.from - a.from || b.to - a.to));
}

/**
 * The legal turn the given steps make (G2: the whole turn is checked against the legal set).
 * Errors say why: a step that is not legal, or too few dice used when more can be played (L12–L13).
 */
export function findTurn(pos: Position, dice: Dice, steps: readonly StepInput[], options: RuleOptions = DEFAULT_RULE_OPTIONS): Result<Turn> {
  const turns = legalTurns(pos, dice, options);
  if (turns.length === 0) {
    // L14: nothing can be played; the only turn is the empty one, which passes.
    return steps.length === 0 ? ok(passTurn(pos)) : err('ILLEGAL_TURN', 'no die can be played: the turn passes (L14)');
  }
  const w = startWalk(pos, dice, options);
  let result: string | undefined;
  const prefixOk = followPrefix(w, steps, 0, () => {
    result = boardString(w.g);
    return steps.length === w.maxUsed && w.legal.has(result);
  });
  if (!prefixOk) {
    if (steps.length < w.maxUsed && result !== undefined) {
      return err('ILLEGAL_TURN', `this throw must play ${w.maxUsed} ${w.maxUsed === 1 ? 'die' : 'dice'} (L12)`);
    }
    if (steps.length === 1 && w.maxUsed === 1 && dice[0] !== dice[1] && result !== undefined) {
      return err('ILLEGAL_TURN', 'the larger die must be played when only one can be (L13)');
    }
    return err('ILLEGAL_TURN', steps.length > w.maxUsed ? `this throw plays at most ${w.maxUsed} steps` : 'not a legal sequence of steps');
  }
  const target = result!;
  const turn = turns.find((t) => boardStringOf(t.after, pos) === target);
  return turn ? ok(turn) : err('ILLEGAL_TURN', 'not a legal turn');
}

/** The generator's board string of a turn's result, for matching (mover's frame, as `boardString`). */
function boardStringOf(after: Position, before: Position): string {
  const mover = before.turn;
  const perm = getVariant(before.variant).geometry.opponentSlots;
  const mine = after.board[mover];
  const theirs = after.board[opposite(mover)];
  const opp = new Array<number>(26);
  for (let s = 0; s < 26; s++) opp[s] = theirs[perm[s]!]!;
  return String.fromCharCode(...mine, ...opp);
}
