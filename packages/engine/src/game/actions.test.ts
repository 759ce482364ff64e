import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { seededRng } from '../testing/random-play.js';
import { VARIANT_IDS } from '../types.js';
import { checkAction, RESIGN_LEVELS, SEAT_ACTION_TYPES, type Action } from './actions.js';
import { legalActions } from './legal.js';
import { apply, currentTurns, newMatch, replay, type MatchState } from './match.js';
import { randomSettings } from '../testing/random-games.js';

describe('checkAction: the shape of actions read from outside', () => {
  it('accepts well-formed actions and copies only their known fields', () => {
    expect(checkAction({ type: 'roll', seat: 'p1', dice: [3, 5], extra: 1 })).toEqual({ ok: true, value: { type: 'roll', seat: 'p1', dice: [3, 5] } });
    expect(checkAction({ type: 'move', seat: 'p2', steps: [{ from: 25, to: 20, die: 5 }] })).toEqual({
      ok: true,
      value: { type: 'move', seat: 'p2', steps: [{ from: 25, to: 20 }] },
    });
    expect(checkAction({ type: 'opening', dice: { p1: 6, p2: 2 } }).ok).toBe(true);
    for (const type of SEAT_ACTION_TYPES) expect(checkAction({ type, seat: 'p2' }).ok).toBe(true);
  });

  it('refuses malformed ones with a code', () => {
    const code = (x: unknown): string | undefined => {
      const r = checkAction(x);
      return r.ok ? undefined : r.error.code;
    };
    expect(code(undefined)).toBe('BAD_ACTION');
    expect(code('roll')).toBe('BAD_ACTION');
    expect(code({ type: 'double' })).toBe('BAD_ACTION');
    expect(
      code({
        type: 'move',
        seat: 'p1',
        steps: [
          { from: 1, to: 0 },
          { from: 1, to: 0 },
          { from: 1, to: 0 },
          { from: 1, to: 0 },
          { from: 1, to: 0 },
        ],
      }),
    ).toBe('BAD_ACTION');
    expect(code({ type: 'move', seat: 'p1', steps: [{ from: 26, to: 0 }] })).toBe('BAD_ACTION');
    expect(code({ type: 'roll', seat: 'p1', dice: [0, 3] })).toBe('BAD_DICE');
    expect(code({ type: 'opening', dice: [3, 1] })).toBe('BAD_DICE');
  });
});

const seatArb = fc.constantFrom('p1' as const, 'p2' as const);
const dieArb = fc.integer({ min: 1, max: 6 });
/** A mix of legal choices (by index into what is legal now) and arbitrary, mostly illegal, input. */
const stepArb = fc.oneof(
  { weight: 6, arbitrary: fc.record({ legal: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('opening'), dice: fc.record({ p1: dieArb, p2: dieArb }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('roll'), seat: seatArb, dice: fc.tuple(dieArb, dieArb) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('move'),
      seat: seatArb,
      steps: fc.array(fc.record({ from: fc.integer({ min: 0, max: 25 }), to: fc.integer({ min: 0, max: 25 }) }), { maxLength: 4 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constantFrom(...SEAT_ACTION_TYPES), seat: seatArb }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('resign'), seat: seatArb, level: fc.constantFrom(...RESIGN_LEVELS) }) },
  { weight: 1, arbitrary: fc.anything() },
);

/** Turns a "legal choice" into an action that apply accepts now. */
function legalChoice(state: MatchState, k: number): Action | undefined {
  const legal = legalActions(state);
  const a = legal[k % Math.max(1, legal.length)];
  if (!a) return undefined;
  if (a.type === 'opening') return { type: 'opening', dice: { p1: (1 + (k % 6)) as 1, p2: (1 + ((k >> 3) % 6)) as 1 } };
  if (a.type === 'roll') return { type: 'roll', seat: a.seat, dice: [(1 + (k % 6)) as 1, (1 + ((k >> 3) % 6)) as 1] };
  if (a.type === 'move') {
    const turns = currentTurns(state);
    return { type: 'move', seat: a.seat, steps: turns[k % Math.max(1, turns.length)]?.steps ?? [] };
  }
  return a;
}

describe('apply under arbitrary input (property)', () => {
  fcTest.prop([fc.constantFrom(...VARIANT_IDS), fc.integer(), fc.array(stepArb, { maxLength: 80 })], { numRuns: 150 })(
    'never throws; a refused action leaves the state deep-equal; the accepted log replays to the same state',
    (variant, seed, inputs) => {
      const settings = randomSettings(variant, seededRng(seed));
      const start = newMatch(settings);
      expect(start.ok).toBe(true);
      if (!start.ok) return;
      let state = start.value;
      const log: Action[] = [];
      for (const input of inputs) {
        const action = typeof input === 'object' && input !== null && 'legal' in input ? legalChoice(state, Number(input.legal)) : (input as Action);
        if (action === undefined) continue;
        const snapshot = structuredClone(state);
        const r = apply(state, action);
        if (r.ok) {
          expect(r.value.version).toBe(state.version + 1);
          log.push(action);
          state = r.value;
        } else {
          expect(typeof r.error.code).toBe('string');
          expect(state).toEqual(snapshot);
        }
      }
      expect(replay(settings, log)).toEqual({ ok: true, value: state });
    },
  );
});
