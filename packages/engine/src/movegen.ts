import { DEFAULT_RULE_OPTIONS, type RuleOptions } from './options.js';
import type { Position } from './position.js';
import { bearOffAllowed, HOME_TOP } from './rules/bear-off.js';
import { firstTurnDoubleQualifies, HEAD_LIMIT, HEAD_LIMIT_FIRST_TURN_DOUBLE } from './rules/head.js';
import { hitterMayLand, makesHitter } from './rules/hit-and-hide.js';
import { hasIllegalBlock, illegalBlockThrough, type BlockContext } from './rules/six-block.js';
import { getVariant } from './variants/registry.js';
import { BAR, CHECKERS, HEAD, OFF, opposite, type Dice } from './types.js';
import { key53, Z1, Z2, Z_DEPTH, Z_HITTER, Z_SIDE, zIndex } from './zobrist.js';

const SLOTS = 26;
/** A stored board: the mover's 26 slots, then the opponent's 26 slots by the mover's points. */
const BOARD_BYTES = 2 * SLOTS;
/** A stored step sequence: up to four steps of (from, to, die, hit). */
const STEP_BYTES = 16;
const MEMO_BYTES = BOARD_BYTES + HOME_TOP + 1;

/** Packed undo record of one step; 0 means the step was illegal. */
const STEP_DONE = 1;
const STEP_HIT = 2;
const STEP_MADE_HITTER = 4;

/**
 * The move generator: a depth-first search over single-die steps in the mover's own frame, with
 * every per-step rule applied as it goes (L6, L9–L11, L16 perStep, L17–L19, S3–S4, C1), the
 * forced-play rules (L12–L13, S5) applied over whole sequences, and results de-duplicated by the
 * resulting position (L15). On doubles, transpositions of intermediate positions are searched once.
 *
 * Mutable scratch, reused between calls (the engine is single-threaded and never re-enters it).
 */
export class TurnGenerator {
  /** The mover's checkers by own slot (0 off, 1..24, 25 bar). */
  readonly me = new Int8Array(SLOTS);
  /** The opponent's checkers by the mover's points 1..24; slot 0 = opponent's off, 25 = opponent's bar. */
  readonly opp = new Int8Array(SLOTS);
  /** Caucasian C1: checkers that hit in the mover's home this turn, by own point. */
  readonly hitters = new Int8Array(SLOTS);
  h1 = 0;
  h2 = 0;
  /** The mover's checkers not yet home (points 7..24 and the bar): bearing off needs 0 (L17). */
  outside = 0;

  hitContact = false;
  headRule = false;
  headStart = 0;
  headLimit: number = CHECKERS;
  blockPerStep = false;
  blockEndOfTurn = false;
  hitAndHide = false;
  blockCtx: BlockContext = { oppPoint: (p) => p, oppAheadQ: 25, borneOffAhead: true };
  oppPoint: (p: number) => number = (p) => p;

  readonly dice = new Int8Array(4);
  nDice = 0;
  double = false;
  readonly seq = new Int8Array(STEP_BYTES);

  /** Results: the longest sequences found so far. */
  maxUsed = 0;
  count = 0;
  boards = new Int8Array(64 * BOARD_BYTES);
  steps = new Int8Array(64 * STEP_BYTES);
  readonly resultIndex = new Map<number, number>();

  private readonly memo = new Map<number, number>();
  private memoPool = new Int8Array(256 * MEMO_BYTES);
  private memoCount = 0;

  /** Loads a position and dice; `options` are the game's rule options (RULES.md §2.9). */
  load(pos: Position, dice: Dice, options: RuleOptions = DEFAULT_RULE_OPTIONS): void {
    const variant = getVariant(pos.variant);
    const mine = pos.board[pos.turn];
    const theirs = pos.board[opposite(pos.turn)];
    const oppPoint = variant.geometry.opponentPoint;
    this.oppPoint = oppPoint;
    const { me, opp, hitters } = this;
    let h1 = 0;
    let h2 = 0;
    let outside = 0;
    let oppAheadQ = 25;
    for (let s = 0; s < SLOTS; s++) {
      const m = mine[s] ?? 0;
      me[s] = m;
      hitters[s] = 0;
      if (s > HOME_TOP) outside += m;
      const oppSlot = s === 0 || s === BAR ? s : oppPoint(s);
      const o = theirs[oppSlot] ?? 0;
      opp[s] = o;
      if (s >= 1 && s <= 24 && o > 0 && oppSlot < oppAheadQ) oppAheadQ = oppSlot;
      h1 ^= Z1[zIndex(s, m)]! ^ Z1[Z_SIDE + zIndex(s, o)]!;
      h2 ^= Z2[zIndex(s, m)]! ^ Z2[Z_SIDE + zIndex(s, o)]!;
    }
    this.h1 = h1;
    this.h2 = h2;
    this.outside = outside;
    this.hitContact = variant.contact === 'hit';
    this.headRule = variant.constraints.includes('head');
    this.headStart = me[HEAD]!;
    this.headLimit = this.headRule ? HEAD_LIMIT : CHECKERS;
    const sixBlock = variant.constraints.includes('sixBlock');
    this.blockPerStep = sixBlock && options.blockCheck === 'perStep';
    this.blockEndOfTurn = sixBlock && options.blockCheck === 'endOfTurn';
    this.blockCtx = {
      oppPoint,
      oppAheadQ,
      borneOffAhead: options.blockAheadCountsBorneOff && (theirs[OFF] ?? 0) > 0,
    };
    this.hitAndHide = variant.constraints.includes('hitAndHide');
    const [a, b] = dice;
    this.double = a === b;
    if (this.double) {
      this.nDice = 4;
      this.dice.fill(a);
    } else {
      this.nDice = 2;
      this.dice[0] = Math.max(a, b);
      this.dice[1] = Math.min(a, b);
    }
    this.firstTurnDouble = this.headRule && pos.firstTurn[pos.turn] && this.double;
    this.headScope = options.headExceptionScope;
  }

  private firstTurnDouble = false;
  private headScope: RuleOptions['headExceptionScope'] = 'federation';

  private setMe(s: number, n: number): void {
    const old = this.me[s]!;
    this.h1 ^= Z1[zIndex(s, old)]! ^ Z1[zIndex(s, n)]!;
    this.h2 ^= Z2[zIndex(s, old)]! ^ Z2[zIndex(s, n)]!;
    this.me[s] = n;
  }

  private setOpp(s: number, n: number): void {
    const old = this.opp[s]!;
    this.h1 ^= Z1[Z_SIDE + zIndex(s, old)]! ^ Z1[Z_SIDE + zIndex(s, n)]!;
    this.h2 ^= Z2[Z_SIDE + zIndex(s, old)]! ^ Z2[Z_SIDE + zIndex(s, n)]!;
    this.opp[s] = n;
  }

  /** Whether the bar must be entered first (S4). */
  mustEnter(): boolean {
    return this.hitContact && this.me[BAR]! > 0;
  }

  /**
   * Plays one step if it is legal under every per-step rule; returns the undo record (0 = illegal).
   * `asHitter` (Caucasian only) moves a checker that hit in the home this turn.
   */
  doStep(from: number, die: number, asHitter: boolean): number {
    const { me, opp } = this;
    const to = from - die;
    if (to >= 1) {
      const o = opp[to]!;
      if (o !== 0 && (!this.hitContact || o > 1)) return 0; // L6 / S3
    } else if (!bearOffAllowed(me, this.outside, from, die)) return 0; // L17–L19
    if (from === HEAD && this.headRule && this.headStart - me[HEAD]! >= this.headLimit) return 0; // L9–L10
    if (asHitter && !hitterMayLand(me, to)) return 0; // C1
    let rec = STEP_DONE;
    this.setMe(from, me[from]! - 1);
    if (from > HOME_TOP && to <= HOME_TOP) this.outside--;
    if (to >= 1) {
      if (this.hitContact && opp[to] === 1) {
        this.setOpp(to, 0);
        this.setOpp(BAR, opp[BAR]! + 1);
        rec |= STEP_HIT;
      }
      this.setMe(to, me[to]! + 1);
    } else this.setMe(OFF, me[OFF]! + 1);
    if (this.hitAndHide) {
      const { hitters } = this;
      if (asHitter) {
        hitters[from]!--;
        if (to >= 1) hitters[to]!++;
      } else if (makesHitter(to, (rec & STEP_HIT) !== 0)) {
        hitters[to]!++;
        rec |= STEP_MADE_HITTER;
      }
    }
    // L16 perStep ("пробегом"): a step may not complete an illegal block, even in passing.
    if (this.blockPerStep && to >= 1 && me[to] === 1 && illegalBlockThrough(me, this.blockCtx, to)) {
      this.undoStep(from, die, rec, asHitter);
      return 0;
    }
    return rec;
  }

  undoStep(from: number, die: number, rec: number, asHitter: boolean): void {
    const { me, opp } = this;
    const to = from - die;
    if (this.hitAndHide) {
      const { hitters } = this;
      if (asHitter) {
        hitters[from]!++;
        if (to >= 1) hitters[to]!--;
      } else if (rec & STEP_MADE_HITTER) hitters[to]!--;
    }
    if (to >= 1) {
      this.setMe(to, me[to]! - 1);
      if (rec & STEP_HIT) {
        this.setOpp(BAR, opp[BAR]! - 1);
        this.setOpp(to, 1);
      }
    } else this.setMe(OFF, me[OFF]! - 1);
    if (from > HOME_TOP && to <= HOME_TOP) this.outside++;
    this.setMe(from, me[from]! + 1);
  }

  /** Whether a checker of the given kind can be taken from `from` (Caucasian tracks hitters apart). */
  hasKind(from: number, asHitter: boolean): boolean {
    const n = this.me[from]!;
    if (!this.hitAndHide) return !asHitter && n > 0;
    const h = this.hitters[from]!;
    return asHitter ? h > 0 : n > h;
  }

  /** Generates every legal turn into the result buffers. */
  generate(): void {
    this.runSearch();
    // L10: a second head checker only when one head checker cannot play the whole double.
    if (this.firstTurnDouble && this.maxUsed < 4 && firstTurnDoubleQualifies(this.headScope, this.opp, this.dice[0]!)) {
      this.headLimit = HEAD_LIMIT_FIRST_TURN_DOUBLE;
      this.runSearch();
    }
    this.applyLargerDieRule();
    // L14: no die can be played — the turn passes, and there is no turn to list.
    if (this.maxUsed === 0) this.count = 0;
  }

  private runSearch(): void {
    this.maxUsed = 0;
    this.count = 0;
    this.resultIndex.clear();
    if (this.double) {
      this.memo.clear();
      this.memoCount = 0;
      this.search(0);
    } else {
      // Both orders of a non-double: the larger die first, so that single-die results of the larger die come first.
      this.search(0);
      const d = this.dice;
      const t = d[0]!;
      d[0] = d[1]!;
      d[1] = t;
      this.search(0);
      d[1] = d[0]!;
      d[0] = t;
    }
  }

  private search(depth: number): void {
    if (this.double && depth > 0 && depth < 4 && this.seen(depth)) return;
    // endOfTurn: every prefix is a candidate turn of its length (L15: maximise over legal sequences).
    if (this.blockEndOfTurn) this.leaf(depth);
    if (depth === this.nDice) {
      if (!this.blockEndOfTurn) this.leaf(depth);
      return;
    }
    const die = this.dice[depth]!;
    const top = this.mustEnter() ? BAR : 24;
    const bottom = this.mustEnter() ? BAR : 1;
    const seq = this.seq;
    let moved = false;
    for (let from = top; from >= bottom; from--) {
      if (this.me[from] === 0) continue;
      for (let kind = 0; kind < 2; kind++) {
        const asHitter = kind === 1;
        if (!this.hasKind(from, asHitter)) continue;
        const rec = this.doStep(from, die, asHitter);
        if (rec === 0) continue;
        moved = true;
        const o = depth * 4;
        seq[o] = from;
        seq[o + 1] = from - die < 0 ? 0 : from - die;
        seq[o + 2] = die;
        seq[o + 3] = rec & STEP_HIT ? 1 : 0;
        this.search(depth + 1);
        this.undoStep(from, die, rec, asHitter);
        if (!this.hitAndHide) break;
      }
    }
    if (!moved && !this.blockEndOfTurn) this.leaf(depth);
  }

  /** Transposition check for doubles: has this intermediate state been searched at this depth? */
  private seen(depth: number): boolean {
    let h1 = this.h1 ^ Z1[Z_DEPTH + depth]!;
    let h2 = this.h2 ^ Z2[Z_DEPTH + depth]!;
    if (this.hitAndHide) {
      for (let p = 1; p <= HOME_TOP; p++) {
        const n = this.hitters[p]!;
        if (n) {
          h1 ^= Z1[Z_HITTER + p * 4 + n]!;
          h2 ^= Z2[Z_HITTER + p * 4 + n]!;
        }
      }
    }
    const key = key53(h1, h2);
    const at = this.memo.get(key);
    if (at !== undefined && this.sameMemo(at)) return true;
    if (at !== undefined) {
      // A hash collision: fall back to a scan, which is exact.
      for (let i = 0; i < this.memoCount; i++) if (this.sameMemo(i * MEMO_BYTES)) return true;
    }
    this.storeMemo(key, at === undefined);
    return false;
  }

  private sameMemo(off: number): boolean {
    const pool = this.memoPool;
    const { me, opp, hitters } = this;
    for (let s = 0; s < SLOTS; s++) if (pool[off + s] !== me[s] || pool[off + SLOTS + s] !== opp[s]) return false;
    for (let p = 1; p <= HOME_TOP; p++) if (pool[off + BOARD_BYTES + p] !== hitters[p]) return false;
    return true;
  }

  private storeMemo(key: number, index: boolean): void {
    const off = this.memoCount * MEMO_BYTES;
    if (off + MEMO_BYTES > this.memoPool.length) {
      const bigger = new Int8Array(this.memoPool.length * 2);
      bigger.set(this.memoPool);
      this.memoPool = bigger;
    }
    this.memoPool.set(this.me, off);
    this.memoPool.set(this.opp, off + SLOTS);
    for (let p = 1; p <= HOME_TOP; p++) this.memoPool[off + BOARD_BYTES + p] = this.hitters[p]!;
    this.memoCount++;
    if (index) this.memo.set(key, off);
  }

  private leaf(depth: number): void {
    if (depth < this.maxUsed) return;
    if (this.blockEndOfTurn && hasIllegalBlock(this.me, this.blockCtx)) return;
    if (depth > this.maxUsed) {
      this.maxUsed = depth;
      this.count = 0;
      this.resultIndex.clear();
    }
    const key = key53(this.h1, this.h2);
    const at = this.resultIndex.get(key);
    if (at !== undefined) {
      if (this.sameResult(at)) return;
      for (let i = 0; i < this.count; i++) if (this.sameResult(i)) return;
    }
    const i = this.count++;
    if ((i + 1) * BOARD_BYTES > this.boards.length) {
      const nb = new Int8Array(this.boards.length * 2);
      nb.set(this.boards);
      this.boards = nb;
      const ns = new Int8Array(this.steps.length * 2);
      ns.set(this.steps);
      this.steps = ns;
    }
    this.boards.set(this.me, i * BOARD_BYTES);
    this.boards.set(this.opp, i * BOARD_BYTES + SLOTS);
    this.steps.fill(0, i * STEP_BYTES, (i + 1) * STEP_BYTES);
    this.steps.set(this.seq.subarray(0, depth * 4), i * STEP_BYTES);
    if (at === undefined) this.resultIndex.set(key, i);
  }

  private sameResult(i: number): boolean {
    const b = this.boards;
    const off = i * BOARD_BYTES;
    const { me, opp } = this;
    for (let s = 0; s < SLOTS; s++) if (b[off + s] !== me[s] || b[off + SLOTS + s] !== opp[s]) return false;
    return true;
  }

  /** L13 / S5: when only one die of a non-double can be played, the larger one if it can be. */
  private applyLargerDieRule(): void {
    if (this.double || this.maxUsed !== 1) return;
    const larger = Math.max(this.dice[0]!, this.dice[1]!);
    let kept = 0;
    let anyLarger = false;
    for (let i = 0; i < this.count; i++) if (this.steps[i * STEP_BYTES + 2] === larger) anyLarger = true;
    if (!anyLarger) return;
    for (let i = 0; i < this.count; i++) {
      if (this.steps[i * STEP_BYTES + 2] !== larger) continue;
      if (kept !== i) {
        this.boards.copyWithin(kept * BOARD_BYTES, i * BOARD_BYTES, (i + 1) * BOARD_BYTES);
        this.steps.copyWithin(kept * STEP_BYTES, i * STEP_BYTES, (i + 1) * STEP_BYTES);
      }
      kept++;
    }
    this.count = kept;
    this.resultIndex.clear();
  }

  /** Number of steps of result i (= maxUsed for every result). */
  stepCount(): number {
    return this.maxUsed;
  }
}

export const RESULT_BOARD_BYTES = BOARD_BYTES;
export const RESULT_STEP_BYTES = STEP_BYTES;

let shared: TurnGenerator | undefined;
/** The engine's scratch generator (created on first use). */
export const generator = (): TurnGenerator => (shared ??= new TurnGenerator());
