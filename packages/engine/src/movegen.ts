import { DEFAULT_RULE_OPTIONS, type RuleOptions } from './options.js';
import type { Position } from './position.js';
import { bearOffAllowed, HOME_TOP } from './rules/bear-off.js';
import { firstTurnDoubleQualifies, HEAD_LIMIT, HEAD_LIMIT_FIRST_TURN_DOUBLE } from './rules/head.js';
import { hitterMayLand, makesHitter } from './rules/hit-and-hide.js';
import { hasIllegalBlock, illegalBlockThrough, type BlockContext } from './rules/six-block.js';
import { getVariant } from './variants/registry.js';
import { BAR, CHECKERS, HEAD, OFF, opposite, type Dice } from './types.js';
import { Z1, Z_DEPTH, Z_HITTER, Z_SIDE, zIndex } from './zobrist.js';

const SLOTS = 26;
/**
 * The scratch state lives in one buffer so it can be copied and compared as 32-bit words:
 * bytes 0..25 the mover's slots, 28..53 the opponent's, 56..63 the Caucasian hitters (points 1..6).
 */
const OPP_AT = 28;
const HITTERS_AT = 56;
const STATE_BYTES = 64;
/** A stored result: the mover's and the opponent's slots (words 0..13). */
const BOARD_WORDS = 14;
const BOARD_BYTES = BOARD_WORDS * 4;
/** A stored intermediate state for transpositions: board and hitters (words 0..15). */
const MEMO_WORDS = 16;
/** A stored step sequence: up to four steps of (from, to, die, hit). */
const STEP_BYTES = 16;

/** Slots 1..24 (bit s = slot s); with the bar, bit 25, every slot a checker can move from. */
const POINTS_MASK = 0x1fffffe;
const SOURCES_MASK = 0x3fffffe;

/** What `commutes` allows to prune. */
const NO_PRUNING = 0;
const PRUNE_ALL = 1;
const PRUNE_ONTO_HELD = 2;

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
  private readonly state = new ArrayBuffer(STATE_BYTES);
  private readonly words = new Int32Array(this.state);
  /** The mover's checkers by own slot (0 off, 1..24, 25 bar). */
  readonly me = new Int8Array(this.state, 0, SLOTS);
  /** The opponent's checkers by the mover's points 1..24; slot 0 = opponent's off, 25 = opponent's bar. */
  readonly opp = new Int8Array(this.state, OPP_AT, SLOTS);
  /** Caucasian C1: checkers that hit in the mover's home this turn, by own point (1..6). */
  readonly hitters = new Int8Array(this.state, HITTERS_AT, HOME_TOP + 2);
  /** Zobrist hash of the mover's and the opponent's slots. */
  h1 = 0;
  /** Bit s set when the mover has checkers in slot s. */
  occupied = 0;
  /**
   * landable[d]: bit s set when a checker in slot s could land with die d — the point s − d is open
   * (L6, S3) or the step would bear off (checked when played). Fixed for the turn: the opponent's
   * checkers never arrive on a point during it, a hit only empties one.
   */
  readonly landable = new Int32Array(7);
  /** The mover's checkers not yet home (points 7..24 and the bar): bearing off needs 0 (L17). */
  outside = 0;

  hitContact = false;
  headRule = false;
  headStart = 0;
  headLimit: number = CHECKERS;
  blockPerStep = false;
  blockEndOfTurn = false;
  hitAndHide = false;
  readonly blockCtx: { -readonly [K in keyof BlockContext]: BlockContext[K] } = {
    oppPoint: new Int8Array(SLOTS),
    oppAheadQ: 25,
    borneOffAhead: true,
  };

  readonly dice = new Int8Array(4);
  nDice = 0;
  double = false;
  readonly seq = new Int8Array(STEP_BYTES);

  /** Results: the longest sequences found so far. */
  maxUsed = 0;
  count = 0;
  /** Result boards, BOARD_WORDS words each; `boards` is the byte view (RESULT_BOARD_BYTES per result). */
  private boardWords = new Int32Array(64 * BOARD_WORDS);
  boards = new Int8Array(this.boardWords.buffer);
  steps = new Int8Array(64 * STEP_BYTES);
  private resultHash = new Int32Array(64);
  private readonly results = new HashIndex();

  private readonly memo = new HashIndex();
  private memoPool = new Int32Array(256 * MEMO_WORDS);
  private memoHash = new Int32Array(256);
  private memoCount = 0;

  /** Loads a position and dice; `options` are the game's rule options (docs/rules.md §2.9). */
  load(pos: Position, dice: Dice, options: RuleOptions = DEFAULT_RULE_OPTIONS): void {
    const variant = getVariant(pos.variant);
    const mine = pos.board[pos.turn];
    const theirs = pos.board[opposite(pos.turn)];
    const oppPoint = variant.geometry.opponentSlots;
    const hit = variant.contact === 'hit';
    const { me, opp, hitters } = this;
    let outside = 0;
    let oppAheadQ = 25;
    let occupied = 0;
    /** Points the mover may not land on (L6: any opposing checker; S3: two or more). */
    let closed = 0;
    hitters.fill(0);
    for (let s = 0; s < SLOTS; s++) {
      const m = mine[s]!;
      me[s] = m;
      if (m > 0) occupied |= 1 << s;
      if (s > HOME_TOP) outside += m;
      const oppSlot = oppPoint[s]!;
      const o = theirs[oppSlot]!;
      opp[s] = o;
      if (s >= 1 && s <= 24 && o > (hit ? 1 : 0)) closed |= 1 << s;
      if (s >= 1 && s <= 24 && o > 0 && oppSlot < oppAheadQ) oppAheadQ = oppSlot;
    }
    // The hash is kept relative to the loaded position (it starts at 0 and takes each step's change),
    // which distinguishes boards just as well and saves hashing the whole board on every load.
    this.h1 = 0;
    this.occupied = occupied;
    for (let d = 1; d <= 6; d++) this.landable[d] = ~(closed << d) & SOURCES_MASK;
    this.outside = outside;
    this.hitContact = hit;
    this.headRule = variant.constraints.includes('head');
    this.headStart = me[HEAD]!;
    this.headLimit = this.headRule ? HEAD_LIMIT : CHECKERS;
    const sixBlock = variant.constraints.includes('sixBlock');
    this.blockPerStep = sixBlock && options.blockCheck === 'perStep';
    this.blockEndOfTurn = sixBlock && options.blockCheck === 'endOfTurn';
    const ctx = this.blockCtx;
    ctx.oppPoint = oppPoint;
    ctx.oppAheadQ = oppAheadQ;
    ctx.borneOffAhead = options.blockAheadCountsBorneOff && theirs[OFF]! > 0;
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
    if (n === 0) this.occupied &= ~(1 << s);
    else this.occupied |= 1 << s;
    this.h1 ^= Z1[zIndex(s, old)]! ^ Z1[zIndex(s, n)]!;
    this.me[s] = n;
  }

  private setOpp(s: number, n: number): void {
    const old = this.opp[s]!;
    this.h1 ^= Z1[Z_SIDE + zIndex(s, old)]! ^ Z1[Z_SIDE + zIndex(s, n)]!;
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
    const h = from <= HOME_TOP ? this.hitters[from]! : 0;
    return asHitter ? h > 0 : n > h;
  }

  /** Generates every legal turn into the result buffers. */
  generate(): void {
    // L10: 'anyDouble' — every first-turn double may take two head checkers; otherwise a second head
    // checker only when one cannot play the whole double and the scope's condition holds.
    if (this.firstTurnDouble && this.headScope === 'anyDouble') this.headLimit = HEAD_LIMIT_FIRST_TURN_DOUBLE;
    this.runSearch();
    if (
      this.firstTurnDouble &&
      this.headLimit < HEAD_LIMIT_FIRST_TURN_DOUBLE &&
      this.maxUsed < 4 &&
      this.headScope !== 'anyDouble' &&
      firstTurnDoubleQualifies(this.headScope, this.opp, this.dice[0]!)
    ) {
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
    this.results.clear();
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
      this.secondOrder = true;
      this.search(0);
      this.secondOrder = false;
      d[1] = d[0]!;
      d[0] = t;
    }
  }

  /** True while searching the smaller die first (the second order of a non-double). */
  private secondOrder = false;

  private search(depth: number): void {
    // Depth 1 needs no check: first steps from different points always give different positions.
    if (this.double && depth > 1 && depth < 4 && this.seen(depth)) return;
    // endOfTurn: every prefix is a candidate turn of its length (L15: maximise over legal sequences).
    if (this.blockEndOfTurn) this.leaf(depth);
    if (depth === this.nDice) {
      if (!this.blockEndOfTurn) this.leaf(depth);
      return;
    }
    const die = this.dice[depth]!;
    const seq = this.seq;
    const o = depth * 4;
    const last = depth + 1 === this.nDice;
    let moved = false;
    // Steps that commute with the previous one were already searched in the other order: for a
    // non-double's second order every such step, for a double those from a higher point than the last.
    const pruneCommuting = depth > 0 && (this.double || this.secondOrder) ? this.commutes(depth) : NO_PRUNING;
    const prevFrom = depth > 0 ? seq[o - 4]! : 0;
    const prevTo = depth > 0 ? seq[o - 3]! : 0;
    const pruneAbove = this.double ? prevFrom : 0;
    // Sources from the back of the route forward: the occupied slots, highest first (the bar only, S4).
    let sources = (this.mustEnter() ? 1 << BAR : this.occupied & POINTS_MASK) & this.landable[die]!;
    while (sources !== 0) {
      const from = 31 - Math.clz32(sources);
      sources ^= 1 << from;
      // Already found in the other order, this step then the previous one (see commutes()). Not counted as
      // moved: if it is legal here, the other order already reached this depth.
      if (
        pruneCommuting !== NO_PRUNING &&
        from > pruneAbove &&
        from !== prevTo &&
        from !== prevFrom &&
        from - die > 0 &&
        (pruneCommuting === PRUNE_ALL || (from - die !== prevTo && this.me[from - die]! > 0))
      ) {
        continue;
      }
      for (let kind = 0; kind < 2; kind++) {
        const asHitter = kind === 1;
        if (this.hitAndHide ? !this.hasKind(from, asHitter) : asHitter) continue;
        const rec = this.doStep(from, die, asHitter);
        if (rec === 0) continue;
        moved = true;
        seq[o] = from;
        seq[o + 1] = from - die < 0 ? 0 : from - die;
        seq[o + 2] = die;
        seq[o + 3] = rec & STEP_HIT ? 1 : 0;
        // The last die ends the sequence: record it directly (nothing to memoize or prune below it).
        if (last && !this.blockEndOfTurn) this.leaf(depth + 1);
        else this.search(depth + 1);
        this.undoStep(from, die, rec, asHitter);
      }
    }
    if (!moved && !this.blockEndOfTurn) this.leaf(depth);
  }

  /**
   * After a step a (the last one played), which next steps b commute with a — legal as b then a, to the
   * same position? Candidates start neither where a started nor where it landed and do not bear off
   * (checked by the caller: L17–L19 depend on the order). None when a entered from the bar (S4) or
   * Caucasian hitters are in play (C1); under the per-step block rule (L16), when a emptied its point,
   * only those landing on a point the mover already held before a. The proof is in docs/movegen.md.
   */
  private commutes(depth: number): number {
    const from = this.seq[(depth - 1) * 4]!;
    if (from === BAR || this.hitAndHide) return NO_PRUNING;
    return !this.blockPerStep || this.me[from]! > 0 ? PRUNE_ALL : PRUNE_ONTO_HELD;
  }

  /** Transposition check for doubles: has this intermediate state been searched at this depth? */
  private seen(depth: number): boolean {
    let h1 = this.h1 ^ Z1[Z_DEPTH + depth]!;
    if (this.hitAndHide) {
      for (let p = 1; p <= HOME_TOP; p++) {
        const n = this.hitters[p]!;
        if (n) h1 ^= Z1[Z_HITTER + p * 4 + n]!;
      }
    }
    const memo = this.memo;
    for (let slot = memo.first(h1); ; slot = memo.next(slot)) {
      const i = memo.at(slot);
      if (i < 0) {
        memo.put(slot, h1, this.storeMemo(h1));
        return false;
      }
      if (this.memoHash[i] === h1 && this.sameMemo(i)) return true;
    }
  }

  private sameMemo(i: number): boolean {
    const { memoPool, words } = this;
    const off = i * MEMO_WORDS;
    for (let w = 0; w < MEMO_WORDS; w++) if (memoPool[off + w] !== words[w]) return false;
    return true;
  }

  private storeMemo(h1: number): number {
    const i = this.memoCount++;
    if ((i + 1) * MEMO_WORDS > this.memoPool.length) {
      this.memoPool = grow(this.memoPool);
      this.memoHash = grow(this.memoHash);
    }
    const { memoPool, words } = this;
    const off = i * MEMO_WORDS;
    for (let w = 0; w < MEMO_WORDS; w++) memoPool[off + w] = words[w]!;
    this.memoHash[i] = h1;
    return i;
  }

  private leaf(depth: number): void {
    if (depth < this.maxUsed) return;
    if (this.blockEndOfTurn && hasIllegalBlock(this.me, this.blockCtx)) return;
    if (depth > this.maxUsed) {
      this.maxUsed = depth;
      this.count = 0;
      this.results.clear();
    }
    const { h1, results } = this;
    let slot = results.first(h1);
    for (; ; slot = results.next(slot)) {
      const i = results.at(slot);
      if (i < 0) break;
      if (this.resultHash[i] === h1 && this.sameResult(i)) return;
    }
    const i = this.count++;
    if ((i + 1) * BOARD_WORDS > this.boardWords.length) {
      this.boardWords = grow(this.boardWords);
      this.boards = new Int8Array(this.boardWords.buffer);
      this.steps = grow(this.steps);
      this.resultHash = grow(this.resultHash);
    }
    results.put(slot, h1, i);
    this.resultHash[i] = h1;
    const { words, boardWords, steps, seq } = this;
    const bo = i * BOARD_WORDS;
    for (let w = 0; w < BOARD_WORDS; w++) boardWords[bo + w] = words[w]!;
    const so = i * STEP_BYTES;
    const used = depth * 4;
    for (let k = 0; k < STEP_BYTES; k++) steps[so + k] = k < used ? seq[k]! : 0;
  }

  private sameResult(i: number): boolean {
    const { boardWords, words } = this;
    const off = i * BOARD_WORDS;
    for (let w = 0; w < BOARD_WORDS; w++) if (boardWords[off + w] !== words[w]) return false;
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
        this.boardWords.copyWithin(kept * BOARD_WORDS, i * BOARD_WORDS, (i + 1) * BOARD_WORDS);
        this.steps.copyWithin(kept * STEP_BYTES, i * STEP_BYTES, (i + 1) * STEP_BYTES);
      }
      kept++;
    }
    this.count = kept;
    this.results.clear();
  }

  /** Number of steps of result i (= maxUsed for every result). */
  stepCount(): number {
    return this.maxUsed;
  }
}

/** Grows a typed array to twice its length, keeping its contents. */
function grow<T extends Int8Array | Int32Array>(a: T): T {
  const bigger = new (a.constructor as new (n: number) => T)(a.length * 2);
  bigger.set(a);
  return bigger;
}

/**
 * An open-addressing index from a 32-bit hash to an entry number, cleared in O(1) by a stamp.
 * It only proposes candidates: callers confirm each by comparing hashes and boards.
 */
class HashIndex {
  private bits = 10;
  private mask = (1 << this.bits) - 1;
  private stamps = new Int32Array(1 << this.bits);
  private keys = new Int32Array(1 << this.bits);
  private entries = new Int32Array(1 << this.bits);
  private stamp = 1;
  private size = 0;

  clear(): void {
    this.stamp++;
    this.size = 0;
  }

  first(hash: number): number {
    return (hash ^ (hash >>> this.bits)) & this.mask;
  }

  next(slot: number): number {
    return (slot + 1) & this.mask;
  }

  /** The entry at a slot, or -1 when the slot is free. */
  at(slot: number): number {
    return this.stamps[slot] === this.stamp ? this.entries[slot]! : -1;
  }

  /** Fills the free slot that probing for `hash` ended on. */
  put(slot: number, hash: number, entry: number): void {
    this.stamps[slot] = this.stamp;
    this.keys[slot] = hash;
    this.entries[slot] = entry;
    if (++this.size * 2 > this.mask) this.grow();
  }

  private grow(): void {
    const { stamps, keys, entries, stamp } = this;
    this.bits++;
    this.mask = (1 << this.bits) - 1;
    this.stamps = new Int32Array(1 << this.bits);
    this.keys = new Int32Array(1 << this.bits);
    this.entries = new Int32Array(1 << this.bits);
    this.stamp = 1;
    this.size = 0;
    for (let s = 0; s < stamps.length; s++) {
      if (stamps[s] !== stamp) continue;
      let slot = this.first(keys[s]!);
      while (this.at(slot) >= 0) slot = this.next(slot);
      this.put(slot, keys[s]!, entries[s]!);
    }
  }
}

/** Per result in `boards`: the mover's 26 slots at 0, the opponent's (by the mover's points) at RESULT_OPP_AT. */
export const RESULT_BOARD_BYTES = BOARD_BYTES;
export const RESULT_OPP_AT = OPP_AT;
export const RESULT_STEP_BYTES = STEP_BYTES;

let shared: TurnGenerator | undefined;
/** The engine's scratch generator (created on first use). */
export const generator = (): TurnGenerator => (shared ??= new TurnGenerator());
