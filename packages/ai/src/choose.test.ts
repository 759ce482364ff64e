import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { VARIANT_IDS, legalTurns, winnerOf, type Position, type RuleOptions, type Turn } from '@nardy/engine';
import { diceArb, playedPositionArb } from '@nardy/engine/testing';
import { chooseTurn, cubeEvaluator, rankTurns } from './choose.js';
import { staticEvaluator } from './evaluator.js';
import { isValidProbabilities } from './probabilities.js';
import { evaluatePly } from './search/ply.js';
import { LEVELS, LEVEL_SETTINGS } from './levels.js';
import { seededRng } from './rng.js';
import { made } from './test-positions.suite.js';

const ALL_RULES: RuleOptions[] = [];
for (const headExceptionScope of ['federation', 'blockedDouble', 'anyDouble'] as const)
  for (const blockCheck of ['perStep', 'endOfTurn'] as const)
    for (const blockAheadCountsBorneOff of [true, false]) ALL_RULES.push({ headExceptionScope, blockCheck, blockAheadCountsBorneOff });

const sameTurn = (a: Turn, b: Turn): boolean => JSON.stringify(a.steps) === JSON.stringify(b.steps);

/** Whether a White blot stands within 1–6 pips in front of a Black checker (short nardy, White's frame). */
function leavesDirectShot(pos: Position): boolean {
  const w = pos.board.white;
  const b = pos.board.black;
  for (let p = 1; p <= 24; p++) {
    if (w[p] !== 1) continue;
    for (let q = 25; q >= 1; q--) {
      const d = q - (25 - p);
      if ((b[q] ?? 0) > 0 && d >= 1 && d <= 6) return true;
    }
  }
  return false;
}

describe('chooseTurn', () => {
  // 0-ply levels on many positions; the searching levels (2- and 3-ply) on fewer, as they cost more.
  const shallow = LEVELS.filter((l) => LEVEL_SETTINGS[l].plies === 0);
  for (const variant of VARIANT_IDS) {
    const deep = LEVELS.filter((l) => LEVEL_SETTINGS[l].plies > 0 && (variant === 'short' || LEVEL_SETTINGS[l].plies <= 2));
    for (const [levels, numRuns] of [
      [shallow, 150],
      [deep, 8],
    ] as const) {
      const rulesArb = fc.constantFrom(...(variant === 'long' ? ALL_RULES : ALL_RULES.slice(0, 1)));
      const cases = rulesArb.chain((rules) =>
        fc.tuple(fc.constant(rules), playedPositionArb(variant, 160, rules), diceArb, fc.constantFrom(...levels), fc.integer()),
      );
      test.prop([cases], { numRuns })(
        `${variant}: always one of legalTurns (every rule option; levels ${levels.join(', ')})`,
        ([rules, pos, dice, level, seed]) => {
          const turns = legalTurns(pos, dice, rules);
          const chosen = chooseTurn(pos, dice, { level, rules, rng: seededRng(seed) });
          if (turns.length === 0) expect(chosen.steps).toEqual([]);
          else expect(turns.some((t) => sameTurn(t, chosen))).toBe(true);
          // Deterministic for a given seed.
          expect(chooseTurn(pos, dice, { level, rules, rng: seededRng(seed) }).steps).toEqual(chosen.steps);
        },
        120_000,
      );
    }
  }

  it('returns the pass turn when no die can be played', () => {
    // Black closed his whole home board; White's checker on the bar cannot enter.
    const pos = made('short', 'white', { 25: 1, 6: 14 }, { 1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 5 });
    const t = chooseTurn(pos, [6, 5]);
    expect(t.steps).toEqual([]);
    expect(t.after.turn).toBe('black');
  });

  it('takes a sure bear-off win when one is available (short and long nardy)', () => {
    const short = made('short', 'white', { 6: 1, 3: 1 }, { 6: 15 });
    expect(winnerOf(chooseTurn(short, [6, 3]).after)).toBe('white');
    const long = made('long', 'white', { 6: 1, 3: 1 }, { 1: 15 });
    expect(winnerOf(chooseTurn(long, [6, 3]).after)).toBe('white');
    // Some legal turns do not win: the choice mattered.
    expect(legalTurns(short, [6, 3]).some((t) => !winnerOf(t.after))).toBe(true);
  });

  it('bears a checker off when only that saves the mars (long nardy L24, short nardy S7), at every level without noise', () => {
    // The opponent has one checker left on its 1-point and finishes with any throw; White must bear off now.
    for (const variant of ['long', 'short'] as const) {
      const pos = made(variant, 'white', { 7: 1, 6: 4, 5: 4, 3: 3, 1: 3 }, { 1: 1 });
      const turns = legalTurns(pos, [6, 1]);
      expect(turns.some((t) => t.after.board.white[0] === 0)).toBe(true); // a careless turn exists
      for (const level of ['expert', 'worldclass', 'grandmaster'] as const) {
        expect(chooseTurn(pos, [6, 1], { level }).after.board.white[0]).toBeGreaterThan(0);
      }
    }
  });

  it('plays a forced block break (long nardy): the one legal turn breaks the block, at every level', () => {
    // White's five-point block 12–8 (a checker each), ten checkers on its 1-point that cannot bear off yet (L17).
    // Black holds White's points 2–6 (Black's own 14–18), so with 6-5 only 12/7 (5) then 7/1 (6) can be played.
    const pos = made('long', 'white', { 12: 1, 11: 1, 10: 1, 9: 1, 8: 1, 1: 10 }, { 14: 3, 15: 3, 16: 3, 17: 3, 18: 3 });
    const turns = legalTurns(pos, [6, 5]);
    expect(turns).toHaveLength(1);
    expect(turns[0]!.after.board.white[12]).toBe(0);
    for (const level of LEVELS) expect(sameTurn(chooseTurn(pos, [6, 5], { level, rng: seededRng(1) }), turns[0]!)).toBe(true);
  });

  it('hits a blot when it is clearly best (short nardy: 3-1 makes the 5-point on the head of a blot)', () => {
    const start = { 24: 2, 13: 5, 8: 3, 6: 5 };
    for (const variant of ['short', 'caucasian'] as const) {
      const p = made(variant, 'white', start, { 24: 1, 20: 1, 13: 5, 8: 3, 6: 5 });
      const t = chooseTurn(p, [3, 1]);
      expect(t.steps.some((s) => s.hit)).toBe(true);
      expect(t.after.board.white[5]).toBe(2);
      expect(t.after.board.black[25]).toBe(1);
    }
  });

  it('avoids leaving a direct shot when a safe play exists (short nardy 6-2: 8/2 4/2, not 8/2 8/6)', () => {
    const pos = made('short', 'white', { 8: 2, 6: 5, 5: 4, 4: 4 }, { 24: 2, 6: 3, 5: 3, 4: 3, 3: 2, 2: 2 });
    const turns = legalTurns(pos, [6, 2]);
    expect(turns.some((t) => leavesDirectShot(t.after))).toBe(true);
    expect(turns.some((t) => !leavesDirectShot(t.after))).toBe(true);
    const chosen = chooseTurn(pos, [6, 2]);
    expect(leavesDirectShot(chosen.after)).toBe(false);
  });

  it('ranks every legal turn, best first', () => {
    const pos = made('short', 'white', { 8: 2, 6: 5, 5: 4, 4: 4 }, { 24: 2, 6: 3, 5: 3, 4: 3, 3: 2, 2: 2 });
    const ranked = rankTurns(pos, [6, 2]);
    expect(ranked.length).toBe(legalTurns(pos, [6, 2]).length);
    for (let i = 1; i < ranked.length; i++) expect(ranked[i - 1]!.equity).toBeGreaterThanOrEqual(ranked[i]!.equity);
  });

  it('noisier levels deviate from the noise-free choice more often (over 150 self-play positions)', () => {
    const rng = seededRng(42);
    const cases = fc.sample(fc.tuple(playedPositionArb('short', 120, ALL_RULES[0]!), diceArb), { numRuns: 150, seed: 7 });
    const deviations = (level: (typeof LEVELS)[number]): number =>
      cases.filter(([pos, dice]) => !sameTurn(chooseTurn(pos, dice, { level, rng }), chooseTurn(pos, dice, { level: 'expert' }))).length;
    const beginner = deviations('beginner');
    const advanced = deviations('advanced');
    console.log(`[@nardy/ai levels] turns differing from expert over 150 positions: beginner ${beginner}, advanced ${advanced}`);
    expect(deviations('expert')).toBe(0);
    expect(advanced).toBeGreaterThan(0);
    expect(beginner).toBeGreaterThan(advanced);
  });
});

describe('cubeEvaluator: what each level bases its cube decisions on', () => {
  // A race where the next throws matter: the static evaluation and the look-ahead differ.
  const position = made('short', 'white', { 8: 3, 6: 4, 5: 3, 4: 2, 3: 3 }, { 9: 2, 7: 4, 6: 3, 5: 3, 4: 3 });

  it('up to expert the static evaluation; worldclass and grandmaster 2-ply', () => {
    const flat = staticEvaluator('short')(position);
    for (const level of LEVELS) {
      const p = cubeEvaluator(level)(position);
      expect(isValidProbabilities(p)).toBe(true);
      if (LEVEL_SETTINGS[level].cubePlies === 0) expect(p).toEqual(flat);
    }
    expect(LEVEL_SETTINGS.worldclass.cubePlies).toBe(2);
    expect(cubeEvaluator('worldclass')(position).win).toBeCloseTo(evaluatePly(position, 2, { evaluate: staticEvaluator('short') }).win, 2);
    expect(cubeEvaluator('worldclass')(position)).not.toEqual(flat);
  });

  it("cubePlies overrides the level's look-ahead", () => {
    expect(cubeEvaluator('worldclass', { cubePlies: 0 })(position)).toEqual(staticEvaluator('short')(position));
    expect(cubeEvaluator('expert', { cubePlies: 2 })(position)).toEqual(cubeEvaluator('worldclass')(position));
  });

  it('falls back to the static evaluation when the deadline has passed', () => {
    expect(cubeEvaluator('grandmaster', { deadline: Date.now() - 1 })(position)).toEqual(staticEvaluator('short')(position));
  });
});
