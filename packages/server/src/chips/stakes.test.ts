import { apply, newMatch, type Action, type MatchSettingsInput, type MatchState } from '@nardy/engine';
import { STAKE_HOLD } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { holdFor, payoutFor } from './stakes.js';

const USERS = { p1: 'anna', p2: 'boris' };

function played(settings: MatchSettingsInput, actions: readonly Action[]): MatchState {
  const m = newMatch(settings);
  if (!m.ok) throw new Error(m.error.message);
  let s = m.value;
  for (const a of actions) {
    const r = apply(s, a);
    if (!r.ok) throw new Error(`${a.type}: ${r.error.message}`);
    s = r.value;
  }
  return s;
}

/** Short nardy, p1 opens with 3-1 (8/5 6/5), then p2 surrenders at his turn start (G5a: a single game). */
const OPEN_THEN_SURRENDER: readonly Action[] = [
  { type: 'opening', dice: { p1: 3, p2: 1 } },
  {
    type: 'move',
    seat: 'p1',
    steps: [
      { from: 8, to: 5 },
      { from: 6, to: 5 },
    ],
  },
  { type: 'surrender', seat: 'p2' },
];

describe('G9 holds: 3× the stake without the cube, 10× with it', () => {
  it('sizes the hold by the cube setting', () => {
    expect(STAKE_HOLD).toEqual({ noCube: 3, cube: 10 });
    expect(holdFor({ stake: 7, match: { cube: { enabled: false } as never } })).toBe(21);
    expect(holdFor({ stake: 7, match: { cube: { enabled: true } as never } })).toBe(70);
    expect(holdFor({ stake: 0, match: { cube: { enabled: true } as never } })).toBe(0);
  });
});

describe('G9 payouts', () => {
  it('a match to N points: its loser pays N × stake, capped by his hold', () => {
    const one = played({ variant: 'short', matchLength: 1, cube: { enabled: false } }, [
      { type: 'opening', dice: { p1: 3, p2: 1 } },
      { type: 'resignMatch', seat: 'p1' },
    ]);
    expect(payoutFor(one, 10, USERS)).toEqual({ from: 'anna', to: 'boris', amount: 10 });
    const five = played({ variant: 'short', matchLength: 5, cube: { enabled: false } }, [{ type: 'resignMatch', seat: 'p2' }]);
    // 5 × 10 = 50, but he put only 3 × 10 on hold.
    expect(payoutFor(five, 10, USERS)).toEqual({ from: 'boris', to: 'anna', amount: 30 });
  });

  it('a money session: the player behind pays the net points × stake (a surrender is scored by the position)', () => {
    const s = played({ variant: 'short', matchLength: 0, cube: { enabled: false } }, [...OPEN_THEN_SURRENDER, { type: 'endSession', seat: 'p2' }]);
    expect(s.score.p1).toBeGreaterThan(0);
    expect(payoutFor(s, 4, USERS)).toEqual({ from: 'boris', to: 'anna', amount: Math.min(s.score.p1 * 4, 12) });
  });

  it('moves nothing without a stake, before the end, or when level', () => {
    const over = played({ variant: 'short', matchLength: 1 }, [{ type: 'resignMatch', seat: 'p1' }]);
    expect(payoutFor(over, 0, USERS)).toBeNull();
    expect(payoutFor(played({ variant: 'short', matchLength: 1 }, []), 10, USERS)).toBeNull();
    const level = played({ variant: 'short', matchLength: 0 }, [{ type: 'endSession', seat: 'p1' }]);
    expect(level.end?.reason).toBe('sessionEnded');
    expect(payoutFor(level, 10, USERS)).toBeNull();
  });
});
