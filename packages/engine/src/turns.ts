import { generator, RESULT_BOARD_BYTES, RESULT_STEP_BYTES, type TurnGenerator } from './movegen.js';
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from './options.js';
import { trusted, type Position } from './position.js';
import { err, ok, type Result } from './result.js';
import { getVariant } from './variants/registry.js';
import { BAR, isDie, OFF, opposite, type Dice, type Die, type Step } from './types.js';

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
 * Every legal full turn for the side on roll (RULES.md L5–L22, S3–S6, C1–C3), one per distinct resulting
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

function collect(g: TurnGenerator, pos: Position): Turn[] {
  const n = g.count;
  const len = g.maxUsed;
  const order: number[] = new Array(n);
  const sortKey: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    order[i] = i;
    let k = 0;
    for (let s = 0; s < 4; s++) {
      const o = i * RESULT_STEP_BYTES + s * 4;
      k = k * 1024 + (s < len ? 32 * (g.steps[o]! + 1) + (g.steps[o + 1]! + 1) : 0);
    }
    sortKey[i] = k;
  }
  order.sort((a, b) => sortKey[b]! - sortKey[a]!);
  const mover = pos.turn;
  const other = opposite(mover);
  const oppPoint = getVariant(pos.variant).geometry.opponentPoint;
  const firstTurn = mover === 'white' ? { white: false, black: pos.firstTurn.black } : { white: pos.firstTurn.white, black: false };
  const turns: Turn[] = new Array(n);
  for (let r = 0; r < n; r++) {
    const i = order[r]!;
    const bo = i * RESULT_BOARD_BYTES;
    const mine = new Array<number>(26);
    const theirs = new Array<number>(26);
    for (let s = 0; s < 26; s++) {
      mine[s] = g.boards[bo + s]!;
      theirs[s === OFF || s === BAR ? s : oppPoint(s)] = g.boards[bo + 26 + s]!;
    }
    const steps: Step[] = new Array(len);
    for (let s = 0; s < len; s++) {
      const o = i * RESULT_STEP_BYTES + s * 4;
      steps[s] = { from: g.steps[o]!, to: g.steps[o + 1]!, die: g.steps[o + 2] as Die, hit: g.steps[o + 3] === 1 };
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
