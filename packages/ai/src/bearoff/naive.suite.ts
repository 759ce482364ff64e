import { CHECKERS, legalTurns, positionFromSetup, type Checkers, type Dice, type Die, type Position, type VariantId } from '@nardy/engine';

/**
 * Test helpers: an independent, deliberately naive bear-off solver. Moves come from the engine's
 * `legalTurns` on a full position (the opponent parked on its own 6-point, far from our home in every
 * variant), values from plain memoised recursion over string keys — nothing shared with solve.ts / moves.ts.
 */
export const ALL_THROWS: readonly Dice[] = (() => {
  const out: Dice[] = [];
  for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) out.push([a as Die, b as Die]);
  return out;
})();
const weight = (d: Dice): number => (d[0] === d[1] ? 1 / 36 : 2 / 36);

/** A side (own frame, 26 slots) with `home[p - 1]` checkers on home point p and the rest off. */
export function side(home: readonly number[]): number[] {
  const s = new Array<number>(26).fill(0);
  home.forEach((n, i) => (s[i + 1] = n));
  s[0] = CHECKERS - home.reduce((a, b) => a + b, 0);
  return s;
}

/** White on roll with `mine`; Black's 15 checkers on its own 6-point. */
export function bearOffPosition(mine: Checkers, variant: VariantId = 'short'): Position {
  const parked = side([0, 0, 0, 0, 0, 15]);
  const r = positionFromSetup({ variant, turn: 'white', board: { white: mine, black: parked }, firstTurn: { white: false, black: false } });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const key = (s: Checkers): string => s.slice(1, 7).join(',');
const homeOf = (k: string): number[] => k.split(',').map(Number);
const isOff = (k: string): boolean => homeOf(k).every((n) => n === 0);

/** Distinct home boards the engine allows after a throw. */
export function engineResults(home: readonly number[], dice: Dice, variant: VariantId = 'short'): string[] {
  return [...new Set(legalTurns(bearOffPosition(side(home), variant), dice).map((t) => key(t.after.board.white)))];
}

const successors = new Map<string, string[][]>();
const next = (k: string): string[][] => {
  let s = successors.get(k);
  if (!s) successors.set(k, (s = ALL_THROWS.map((d) => engineResults(homeOf(k), d))));
  return s;
};

/** [mean, distribution] of throws to reach `goal`, minimising the mean (ties: the first engine turn). */
function solve(k: string, goal: (from: string, to: string) => boolean, memo: Map<string, [number, number[]]>): [number, number[]] {
  const hit = memo.get(k);
  if (hit) return hit;
  let mean = 1;
  const dist: number[] = [0];
  next(k).forEach((results, t) => {
    let best: [number, number[]] | undefined;
    for (const r of results) {
      const v: [number, number[]] = goal(k, r) ? [0, [1]] : solve(r, goal, memo);
      if (!best || v[0] < best[0] - 1e-12) best = v;
    }
    const w = weight(ALL_THROWS[t]!);
    mean += w * best![0];
    best![1].forEach((p, i) => (dist[i + 1] = (dist[i + 1] ?? 0) + w * p));
  });
  const out: [number, number[]] = [mean, dist];
  memo.set(k, out);
  return out;
}

const offMemo = new Map<string, [number, number[]]>();
const firstMemo = new Map<string, [number, number[]]>();
const count = (k: string): number => homeOf(k).reduce((a, b) => a + b, 0);

export const naiveOffIn = (home: readonly number[]): [number, number[]] =>
  isOff(key(side(home))) ? [0, [1]] : solve(key(side(home)), (_, to) => isOff(to), offMemo);
export const naiveFirstOffIn = (home: readonly number[]): [number, number[]] => solve(key(side(home)), (from, to) => count(to) < count(from), firstMemo);

const winMemo = new Map<string, number>();
/** Exact chance that the side on roll with `a` beats `b`, each throw played to maximise it. */
export function naiveWin(a: readonly number[], b: readonly number[]): number {
  const ka = key(side(a));
  const kb = key(side(b));
  const k = `${ka}|${kb}`;
  const hit = winMemo.get(k);
  if (hit !== undefined) return hit;
  let w = 0;
  next(ka).forEach((results, t) => {
    let best = 0;
    for (const r of results) best = Math.max(best, isOff(r) ? 1 : 1 - naiveWin(b, homeOf(r)));
    w += weight(ALL_THROWS[t]!) * best;
  });
  winMemo.set(k, w);
  return w;
}

/** Every home board (counts for points 1..6) with at most `n` checkers. */
export function homesUpTo(n: number): number[][] {
  const out: number[][] = [];
  const walk = (p: number, left: number, acc: number[]): void => {
    if (p === 6) out.push(acc);
    else for (let c = 0; c <= left; c++) walk(p + 1, left - c, [...acc, c]);
  };
  walk(0, n, []);
  return out;
}
