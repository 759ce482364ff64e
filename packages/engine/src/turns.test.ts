import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_OPTIONS, type RuleOptions } from './options.js';
import { boardKey, mirror, pips, positionFromSetup, startPosition, type Position } from './position.js';
import { hasIllegalBlock } from './rules/six-block.js';
import { diceArb, playedPositionArb, scatteredPositionArb } from './testing/index.js';
import { referenceResultKeys } from './testing/reference-movegen.js';
import { findTurn, legalTurns, nextSteps, type Turn } from './turns.js';
import { getVariant, VARIANTS } from './variants/registry.js';
import { parsePlainBoard } from './notation/plain-board.js';
import { BAR, CHECKERS, OFF, opposite, type Dice, type Die } from './types.js';
import { legalFixtureLines } from '../test/files.js';

const ALL_OPTIONS: RuleOptions[] = [];
for (const headExceptionScope of ['federation', 'blockedDouble', 'anyDouble'] as const)
  for (const blockCheck of ['perStep', 'endOfTurn'] as const)
    for (const blockAheadCountsBorneOff of [true, false]) ALL_OPTIONS.push({ headExceptionScope, blockCheck, blockAheadCountsBorneOff });

const optionsArb = fc.constantFrom(...ALL_OPTIONS);

/** Scattered positions may hold a six-block that no game reaches; the rules say nothing about those. */
function reachableBlocks(pos: Position): boolean {
  if (pos.variant !== 'long') return true;
  const g = getVariant('long').geometry;
  const other = pos.board[opposite(pos.turn)];
  let aheadQ = 25;
  for (let q = 1; q <= 24; q++) if (other[q]! > 0) aheadQ = Math.min(aheadQ, q);
  const ctx = { oppPoint: g.opponentSlots, oppAheadQ: aheadQ, borneOffAhead: false };
  return !hasIllegalBlock(pos.board[pos.turn], ctx) && !hasIllegalBlock(other, { ...ctx, oppAheadQ: 25 });
}

const keysOf = (turns: Turn[]): string[] => turns.map((t) => boardKey(t.after)).sort();

describe.each(VARIANTS.map((v) => v.id))('legalTurns — %s', (variant) => {
  const positions = fc.oneof(playedPositionArb(variant), scatteredPositionArb(variant).filter(reachableBlocks));

  test.prop([positions, diceArb, optionsArb], { numRuns: Number(process.env['NARDY_REFERENCE_RUNS'] ?? 300) })(
    'agrees with the brute-force reference generator under every rule option',
    (pos, dice, options) => {
      expect(keysOf(legalTurns(pos, dice, options))).toEqual(referenceResultKeys(pos, dice, options));
    },
    600_000,
  );

  test.prop([positions, diceArb], { numRuns: 300 })('invariants of every turn', (pos, dice) => {
    const turns = legalTurns(pos, dice);
    const keys = keysOf(turns);
    expect(new Set(keys).size).toBe(keys.length); // no duplicates (L15)
    const mover = pos.turn;
    const diceTotal = dice[0] === dice[1] ? 4 * dice[0] : dice[0] + dice[1];
    const len = turns[0]?.steps.length ?? 0;
    for (const t of turns) {
      expect(t.steps).toHaveLength(len); // all turns use the same, maximal number of dice (L12)
      expect(t.after.turn).toBe(opposite(mover));
      // Every result is a valid position: 15 checkers per side, no shared point. The one exception is the drawn
      // end (L27, G7: the last throw bears off the 15th checker too), a final position no setup may describe.
      const drawnEnd = t.after.board.white[OFF] === CHECKERS && t.after.board.black[OFF] === CHECKERS;
      if (!drawnEnd) expect(positionFromSetup(t.after).ok).toBe(true);
      for (const c of ['white', 'black'] as const) expect(t.after.board[c].reduce((a, b) => a + b, 0)).toBe(CHECKERS);
      // The mover's pips drop by exactly the dice used, less only for a bear-off from a lower point.
      const used = t.steps.reduce((a, s) => a + s.die, 0);
      const drop = pips(pos.board[mover]) - pips(t.after.board[mover]);
      const overshoot = t.steps.reduce((a, s) => a + (s.to === OFF ? s.die - s.from : 0), 0);
      expect(drop).toBe(used - overshoot);
      expect(overshoot).toBeGreaterThanOrEqual(0);
      if (len === (dice[0] === dice[1] ? 4 : 2)) expect(used).toBe(diceTotal);
      // Each step really is one die.
      for (const s of t.steps) expect(s.from - s.die === s.to || (s.to === OFF && s.from < s.die)).toBe(true);
      // The opponent's checkers move only to the bar (S3).
      const before = pos.board[opposite(mover)];
      const after = t.after.board[opposite(mover)];
      const hits = t.steps.filter((s) => s.hit).length;
      expect(after[BAR]! - before[BAR]!).toBe(hits);
      expect(after[OFF]).toBe(before[OFF]);
    }
  });

  it('L27/G7: after the opponent has borne off all 15, the last throw may bear off the 15th too (a drawn end)', () => {
    const side = (off: number, onOne: number): number[] => [off, onOne, ...Array<number>(24).fill(0)];
    const pos = positionFromSetup({
      variant,
      turn: 'black',
      board: { white: side(CHECKERS, 0), black: side(CHECKERS - 1, 1) },
      firstTurn: { white: false, black: false },
    });
    if (!pos.ok) throw new Error(pos.error.message);
    const turns = legalTurns(pos.value, [1, 1]);
    expect(turns).toHaveLength(1);
    expect(turns[0]!.steps).toEqual([expect.objectContaining({ from: 1, to: OFF, die: 1 })]);
    expect(turns[0]!.after.board.black[OFF]).toBe(CHECKERS);
  });

  test.prop([positions, diceArb], { numRuns: 200 })('deterministic, in the documented order', (pos, dice) => {
    const a = legalTurns(pos, dice);
    const b = legalTurns(pos, dice);
    expect(a.map((t) => boardKey(t.after))).toEqual(b.map((t) => boardKey(t.after)));
    for (let i = 1; i < a.length; i++) {
      const x = a[i - 1]!.steps;
      const y = a[i]!.steps;
      let cmp = 0;
      for (let s = 0; s < x.length && cmp === 0; s++) cmp = y[s]!.from - x[s]!.from || y[s]!.to - x[s]!.to;
      expect(cmp).toBeLessThanOrEqual(0);
    }
  });

  test.prop([positions, diceArb], { numRuns: 200 })('mirror symmetry: swapping colours commutes with generation', (pos, dice) => {
    const direct = legalTurns(pos, dice).map((t) => boardKey(mirror(t.after)));
    const mirrored = legalTurns(mirror(pos), dice).map((t) => boardKey(t.after));
    expect(mirrored).toEqual(direct);
  });

  test.prop([positions, diceArb], { numRuns: 100 })('nextSteps walks exactly to the legal turns; findTurn accepts each', (pos, dice) => {
    const turns = legalTurns(pos, dice);
    for (const t of turns.slice(0, 5)) {
      for (let i = 0; i <= t.steps.length; i++) {
        const next = nextSteps(pos, dice, t.steps.slice(0, i));
        expect(next.ok).toBe(true);
        if (!next.ok) return;
        if (i < t.steps.length) expect(next.value.some((s) => s.from === t.steps[i]!.from && s.to === t.steps[i]!.to)).toBe(true);
        else expect(next.value).toEqual([]);
      }
      const found = findTurn(pos, dice, t.steps);
      expect(found.ok && boardKey(found.value.after)).toBe(boardKey(t.after));
    }
  });
});

describe('findTurn and nextSteps errors', () => {
  const start = startPosition('short');
  it('an incomplete turn is refused with L12', () => {
    const r = findTurn(start, [3, 1], [{ from: 8, to: 5 }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ILLEGAL_TURN');
  });
  it('a step onto a closed point is refused', () => {
    const r = nextSteps(start, [6, 1], [{ from: 13, to: 12 }]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('ILLEGAL_STEP');
  });
  it('the larger die is required when only one can be played (L13, SN-03)', () => {
    const board = new Array<number>(26).fill(0);
    board[13] = 1;
    board[1] = 14;
    const black = new Array<number>(26).fill(0);
    black[OFF] = 0;
    black[25 - 3] = 2; // closes White's 3: 13/3 is impossible, each die alone is playable
    black[25 - 24] = 13;
    const pos = positionFromSetup({ variant: 'short', turn: 'white', board: { white: board, black }, firstTurn: { white: false, black: false } });
    expect(pos.ok).toBe(true);
    if (!pos.ok) return;
    const dice: Dice = [6, 4];
    const turns = legalTurns(pos.value, dice, DEFAULT_RULE_OPTIONS);
    expect(turns.map((t) => t.steps.map((s) => `${s.from}/${s.to}`).join(' '))).toEqual(['13/7']);
    const r = findTurn(pos.value, dice, [{ from: 13, to: 9 }]);
    expect(r.ok).toBe(false);
  });
  it('no legal move: findTurn accepts only the empty turn (L14)', () => {
    const white = new Array<number>(26).fill(0);
    white[BAR] = 1;
    white[6] = 14;
    const black = new Array<number>(26).fill(0);
    for (let p = 19; p <= 24; p++) black[25 - p] = 2; // Black closes every entry point (S4)
    black[OFF] = 3;
    const pos = positionFromSetup({ variant: 'short', turn: 'white', board: { white, black }, firstTurn: { white: false, black: false } });
    expect(pos.ok).toBe(true);
    if (!pos.ok) return;
    expect(legalTurns(pos.value, [3, 5])).toEqual([]);
    const r = findTurn(pos.value, [3, 5], []);
    expect(r.ok && r.value.steps.length).toBe(0);
    expect(findTurn(pos.value, [3, 5], [{ from: 25, to: 22 }]).ok).toBe(false);
  });
});

describe('legalTurns agrees with the reference on the fixture positions under every rule option', () => {
  // The long-nardy fixtures were sampled to exercise the six-block rule, head rule and bear-off;
  // here they are replayed with other option values and all 21 throws, not just their own.
  const step = Number(process.env['NARDY_FIXTURE_STRIDE'] ?? 15);
  it.each(VARIANTS.map((v) => v.id))(
    '%s',
    (variant) => {
      const lines = legalFixtureLines(variant);
      const bad: string[] = [];
      for (let i = 0; i < lines.length; i += step) {
        const parsed = parsePlainBoard(JSON.parse(lines[i]!));
        if (!parsed.ok) throw new Error(parsed.error.message);
        const pos = parsed.value.position;
        ALL_OPTIONS.forEach((options, k) => {
          const dice: Dice = k === 0 ? parsed.value.dice! : [(((i + k) % 6) + 1) as Die, (((i * 7 + k * 5) % 6) + 1) as Die];
          const fast = keysOf(legalTurns(pos, dice, options));
          if (fast.join() !== referenceResultKeys(pos, dice, options).join()) bad.push(`line ${i + 1} ${dice} ${JSON.stringify(options)}`);
        });
      }
      expect(bad).toEqual([]);
    },
    600_000,
  );
});
