import { DEFAULT_RULE_OPTIONS, type RuleOptions } from '../options.js';
import { boardKey, trusted, type Position } from '../position.js';
import { getVariant } from '../variants/registry.js';
import { BAR, HEAD, OFF, opposite, type Color, type Dice } from '../types.js';

/**
 * A deliberately simple, slow reference move generator, written straight from docs/rules.md and sharing no
 * code with the real one (movegen.ts): it keeps maps of checkers by the mover's points, tries every
 * sequence of single-die steps in every dice order, tracks each checker's identity for Caucasian C1, applies the forced-play
 * rules over whole sequences, and de-duplicates by board key. Tests compare the two on random positions
 * under every rule option, so that the fast generator's pruning is checked against plain enumeration.
 */
export function referenceResultKeys(pos: Position, dice: Dice, options: RuleOptions = DEFAULT_RULE_OPTIONS): string[] {
  const v = getVariant(pos.variant);
  const mover = pos.turn;
  const g = v.geometry;
  // Absolute board: abs point → signed count (+ mover, − opponent); bars and offs apart.
  const start: State = {
    mine: new Map(),
    theirs: new Map(),
    myBar: pos.board[mover][BAR]!,
    theirBar: pos.board[opposite(mover)][BAR]!,
    myOff: pos.board[mover][OFF]!,
    hitters: [],
    headMoved: 0,
  };
  for (let p = 1; p <= 24; p++) {
    const m = pos.board[mover][p]!;
    const t = pos.board[opposite(mover)][p]!;
    if (m) start.mine.set(p, m);
    if (t) start.theirs.set(g.opponentPoint(p), t);
  }
  const theirOff = pos.board[opposite(mover)][OFF]!;
  const isLong = v.id === 'long';
  const caucasian = v.constraints.includes('hitAndHide');
  const orders: number[][] =
    dice[0] === dice[1]
      ? [[dice[0], dice[0], dice[0], dice[0]]]
      : [
          [dice[0], dice[1]],
          [dice[1], dice[0]],
        ];

  // L16: opponent's own points are q; my point p is the opponent's q = opponentPoint(p).
  const blockIllegal = (s: State): boolean => {
    if (!isLong) return false;
    if (options.blockAheadCountsBorneOff && theirOff > 0) return false;
    let minQ = 25;
    for (const [p, n] of s.theirs) if (n > 0) minQ = Math.min(minQ, g.opponentPoint(p));
    let run = 0;
    for (let q = 24; q >= 1; q--) {
      if ((s.mine.get(g.opponentPoint(q)) ?? 0) > 0) {
        run++;
        const ends = q === 1 || (s.mine.get(g.opponentPoint(q - 1)) ?? 0) === 0;
        if (ends && run >= 6 && minQ >= q) return true;
      } else run = 0;
    }
    return false;
  };

  const run = (headLimit: number): { len: number; keys: Map<string, number> } => {
    let best = 0;
    const found = new Map<string, number[]>(); // key → dice used
    const visit = (s: State, rest: number[], used: number[]): void => {
      let moved = false;
      if (rest.length > 0) {
        const die = rest[0]!;
        for (const from of sourcesOf(s)) {
          for (const asHitter of caucasian ? [false, true] : [false]) {
            const next = step(s, from, die, asHitter, headLimit);
            if (!next) continue;
            if (options.blockCheck === 'perStep' && blockIllegal(next)) continue;
            moved = true;
            visit(next, rest.slice(1), [...used, die]);
          }
        }
      }
      if (!moved || options.blockCheck === 'endOfTurn') {
        if (options.blockCheck === 'endOfTurn' && blockIllegal(s)) return;
        if (used.length < best) return;
        if (used.length > best) {
          best = used.length;
          found.clear();
        }
        const key = keyOf(s);
        const before = found.get(key);
        // A one-die result reached with either die counts as the larger one (L13, L20).
        if (!before || (used.length === 1 && used[0]! > before[0]!)) found.set(key, used);
      }
    };
    for (const order of orders) visit(start, order, []);
    return { len: best, keys: new Map([...found].map(([k, u]) => [k, Math.max(...u, 0)])) };
  };

  const sourcesOf = (s: State): number[] => {
    if (s.myBar > 0) return [BAR];
    return [...s.mine.keys()].filter((p) => (s.mine.get(p) ?? 0) > 0).sort((a, b) => b - a);
  };

  const step = (s: State, from: number, die: number, asHitter: boolean, headLimit: number): State | undefined => {
    const here = from === BAR ? s.myBar : (s.mine.get(from) ?? 0);
    const hittersHere = s.hitters.filter((h) => h === from).length;
    if (asHitter ? hittersHere === 0 : here - hittersHere === 0) return undefined;
    if (isLong && from === HEAD && s.headMoved >= headLimit) return undefined;
    const to = from - die;
    const next: State = { ...s, mine: new Map(s.mine), theirs: new Map(s.theirs), hitters: [...s.hitters] };
    if (from === BAR) next.myBar--;
    else next.mine.set(from, here - 1);
    if (isLong && from === HEAD) next.headMoved++;
    if (asHitter) next.hitters.splice(next.hitters.indexOf(from), 1);
    if (to <= 0) {
      // L17: everything home; L19: overshoot only from the highest occupied point.
      let outside = s.myBar;
      for (const [p, n] of s.mine) if (p > 6) outside += n;
      if (outside > 0) return undefined;
      if (to < 0) for (let p = from + 1; p <= 6; p++) if ((s.mine.get(p) ?? 0) > 0) return undefined;
      next.myOff++;
      return next;
    }
    const opp = s.theirs.get(to) ?? 0;
    if (opp > 0 && (v.contact === 'block' || opp > 1)) return undefined;
    if (asHitter && (s.mine.get(to) ?? 0) > 0) return undefined; // C1
    let hit = false;
    if (opp === 1 && v.contact === 'hit') {
      next.theirs.set(to, 0);
      next.theirBar++;
      hit = true;
    }
    next.mine.set(to, (next.mine.get(to) ?? 0) + 1);
    if (asHitter || (caucasian && hit && to <= 6)) next.hitters.push(to);
    return next;
  };

  const keyOf = (s: State): string => {
    const mine = new Array<number>(26).fill(0);
    const theirs = new Array<number>(26).fill(0);
    for (const [p, n] of s.mine) mine[p] = n;
    for (const [p, n] of s.theirs) theirs[g.opponentPoint(p)] = n;
    mine[BAR] = s.myBar;
    mine[OFF] = s.myOff;
    theirs[BAR] = s.theirBar;
    theirs[OFF] = theirOff;
    const board: Record<Color, number[]> = mover === 'white' ? { white: mine, black: theirs } : { white: theirs, black: mine };
    return boardKey(trusted({ ...pos, board }));
  };

  const firstTurnDouble = isLong && pos.firstTurn[mover] && dice[0] === dice[1];
  let result = run(firstTurnDouble && options.headExceptionScope === 'anyDouble' ? 2 : 1);
  if (firstTurnDouble && options.headExceptionScope !== 'anyDouble' && result.len < 4 && firstTurnQualifies()) result = run(2);
  if (result.len === 0) return [];
  let keys = [...result.keys.keys()];
  // L13: one die of a non-double — the larger when it can be played.
  if (result.len === 1 && dice[0] !== dice[1]) {
    const larger = Math.max(dice[0], dice[1]);
    const withLarger = keys.filter((k) => result.keys.get(k) === larger);
    if (withLarger.length > 0) keys = withLarger;
  }
  return keys.sort();

  function firstTurnQualifies(): boolean {
    const scope = options.headExceptionScope;
    const d = dice[0];
    if (scope === 'federation' && ![3, 4, 6].includes(d)) return false;
    for (let p = HEAD - d; p >= 1; p -= d) {
      if ((start.theirs.get(p) ?? 0) > 0) return scope === 'blockedDouble' || p === 12;
    }
    return false;
  }
}

interface State {
  /** The mover's checkers by own point, the opponent's by the mover's points. */
  mine: Map<number, number>;
  theirs: Map<number, number>;
  myBar: number;
  theirBar: number;
  myOff: number;
  /** Caucasian: the points of checkers that hit in the mover's home this turn (C1). */
  hitters: number[];
  headMoved: number;
}
