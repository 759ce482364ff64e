import { apply, CEILINGS, matchSettings, newMatch, toAct, VARIANT_IDS, type Action, type MatchSettingsInput, type MatchState } from '@nardy/engine';
import { runRandomGames, seededRng } from '@nardy/engine/testing';
import { holdPoints, STAKE_HOLD } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { holdFor, payoutFor } from './stakes.js';

const USERS = { p1: 'anna', p2: 'boris' };

function settings(input: MatchSettingsInput) {
  const s = matchSettings(input);
  if (!s.ok) throw new Error(s.error.message);
  return s.value;
}

function played(input: MatchSettingsInput, actions: readonly Action[]): MatchState {
  const m = newMatch(input);
  if (!m.ok) throw new Error(m.error.message);
  let s = m.value;
  for (const a of actions) {
    const r = apply(s, a);
    if (!r.ok) throw new Error(`${a.type}: ${r.error.message}`);
    s = r.value;
  }
  return s;
}

/** Short nardy, p1 opens with 3-1 (8/5 6/5), then p2 surrenders at his turn start: a koks (S7, G5a), 3 points. */
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

describe('G9 holds: the most a player can lose at the table', () => {
  it('a match to N holds N × the stake, whatever the cube and the scoring', () => {
    for (const variant of VARIANT_IDS)
      for (let n = 1; n <= 25; n++)
        for (const ceiling of CEILINGS)
          for (const cube of [false, true]) {
            const match = settings({ variant, matchLength: n, ceiling, cube: { enabled: cube } });
            expect(holdFor({ stake: 7, match })).toBe(7 * n);
          }
  });

  it('a money session without the cube: 3× the stake, lowered to the most one game can score', () => {
    expect(STAKE_HOLD).toEqual({ noCube: 3, cube: 10 });
    const money = (input: Omit<MatchSettingsInput, 'matchLength'>) => holdPoints(settings({ ...input, matchLength: 0, cube: { enabled: false } }));
    for (const variant of ['short', 'caucasian'] as const) {
      expect(money({ variant, ceiling: 'koks' })).toBe(3);
      expect(money({ variant, ceiling: 'mars' })).toBe(2);
      expect(money({ variant, ceiling: 'oin' })).toBe(1);
    }
    // Long nardy scores oin or mars (L24) unless home mars or koks is on (L25).
    expect(money({ variant: 'long' })).toBe(2);
    expect(money({ variant: 'long', koks: true })).toBe(3);
    expect(money({ variant: 'long', homeMars: true })).toBe(3);
    expect(money({ variant: 'long', koks: true, ceiling: 'mars' })).toBe(2);
    expect(money({ variant: 'long', koks: true, ceiling: 'oin' })).toBe(1);
    expect(money({ variant: 'long', marsDefinition: 'notAllHome' })).toBe(2);
  });

  it('a money session with the cube: 10× the stake, lowered where the ceiling times the highest cube is less', () => {
    const money = (input: Omit<MatchSettingsInput, 'matchLength' | 'cube'>, maxValue: number) =>
      holdPoints(settings({ ...input, matchLength: 0, cube: { enabled: true, maxValue } }));
    for (const ceiling of CEILINGS) expect(money({ variant: 'short', ceiling }, 64)).toBe(10);
    expect(money({ variant: 'short', ceiling: 'oin' }, 2)).toBe(2);
    expect(money({ variant: 'short', ceiling: 'oin' }, 8)).toBe(8);
    expect(money({ variant: 'short', ceiling: 'oin' }, 16)).toBe(10);
    expect(money({ variant: 'short', ceiling: 'mars' }, 4)).toBe(8);
    expect(money({ variant: 'short', ceiling: 'koks' }, 2)).toBe(6);
    expect(money({ variant: 'short', ceiling: 'koks' }, 4)).toBe(10);
    expect(money({ variant: 'long' }, 2)).toBe(4);
    expect(money({ variant: 'long', koks: true }, 2)).toBe(6);
  });

  it('no stake, no hold', () => {
    expect(holdFor({ stake: 0, match: settings({ variant: 'short', matchLength: 5 }) })).toBe(0);
    expect(holdFor({ stake: 0, match: settings({ variant: 'short', matchLength: 0 }) })).toBe(0);
  });
});

describe('G9 payouts', () => {
  it('a match to N points: its loser pays N × stake, exactly his hold', () => {
    const one = played({ variant: 'short', matchLength: 1, cube: { enabled: false } }, [
      { type: 'opening', dice: { p1: 3, p2: 1 } },
      { type: 'resignMatch', seat: 'p1' },
    ]);
    expect(payoutFor(one, 10, USERS)).toEqual({ from: 'anna', to: 'boris', amount: 10 });
    const five = played({ variant: 'short', matchLength: 5, cube: { enabled: true } }, [{ type: 'resignMatch', seat: 'p2' }]);
    expect(payoutFor(five, 10, USERS)).toEqual({ from: 'boris', to: 'anna', amount: 50 });
    const flag = played({ variant: 'long', matchLength: 7, timeControl: { kind: 'perMove', limitMs: 60_000 } }, [
      { type: 'opening', dice: { p1: 3, p2: 1 } },
      { type: 'timeout', seat: 'p1' },
    ]);
    expect(flag.end?.reason).toBe('timeout');
    expect(payoutFor(flag, 3, USERS)).toEqual({ from: 'anna', to: 'boris', amount: 21 });
  });

  it('a money session: the player behind pays the net points × stake (a surrender is scored by the position)', () => {
    const s = played({ variant: 'short', matchLength: 0, cube: { enabled: false } }, [...OPEN_THEN_SURRENDER, { type: 'endSession', seat: 'p2' }]);
    expect(s.score).toEqual({ p1: 3, p2: 0 });
    expect(payoutFor(s, 4, USERS)).toEqual({ from: 'boris', to: 'anna', amount: 12 });
  });

  it('a money session pays its net points up to the hold, never more', () => {
    const s = played({ variant: 'short', matchLength: 0, cube: { enabled: false } }, [
      ...OPEN_THEN_SURRENDER,
      ...OPEN_THEN_SURRENDER,
      { type: 'endSession', seat: 'p2' },
    ]);
    expect(s.score).toEqual({ p1: 6, p2: 0 });
    expect(payoutFor(s, 4, USERS)).toEqual({ from: 'boris', to: 'anna', amount: 12 });
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

describe('G9 payouts over random play (property)', () => {
  const STAKE = 7;

  /** What a finished match pays, checked against its score and the hold. */
  function check(m: MatchState, seen: Record<string, number>): void {
    const hold = holdFor({ stake: STAKE, match: m.settings });
    const payout = payoutFor(m, STAKE, USERS);
    const n = m.settings.matchLength;
    const diff = m.score.p1 - m.score.p2;
    if (n > 0) {
      const winner = m.end!.winner!;
      expect(payout).toEqual({ from: USERS[winner === 'p1' ? 'p2' : 'p1'], to: USERS[winner], amount: n * STAKE });
      expect(payout!.amount).toBe(hold);
    } else if (diff === 0) expect(payout).toBeNull();
    else {
      const points = Math.abs(diff);
      expect(payout).toEqual({ from: diff > 0 ? 'boris' : 'anna', to: diff > 0 ? 'anna' : 'boris', amount: Math.min(points, holdPoints(m.settings)) * STAKE });
      if (points <= holdPoints(m.settings)) expect(payout!.amount).toBe(points * STAKE);
      else seen['capped'] = (seen['capped'] ?? 0) + 1;
    }
    if (payout) expect(payout.amount).toBeLessThanOrEqual(hold);
    const key = `${n > 0 ? 'match' : 'money'}:${m.end!.reason}`;
    seen[key] = (seen[key] ?? 0) + 1;
  }

  it.each(VARIANT_IDS.map((v, i) => [v, 9100 + i] as const))(
    '%s: every match end pays its points × stake (a money session up to the hold), never more than the hold',
    (variant, seed) => {
      const rnd = seededRng(seed);
      const seen: Record<string, number> = {};
      const report = runRandomGames(variant, {
        games: 120,
        seed,
        onState: (m) => {
          if (m.phase === 'matchOver') return check(m, seen);
          // Now and then the player to act resigns the match or runs out of time instead: those ends pay too.
          const seat = toAct(m);
          if (seat === null || rnd() > 0.02) return;
          for (const type of ['resignMatch', 'timeout'] as const) {
            const r = apply(m, { type, seat });
            if (r.ok && r.value.phase === 'matchOver') check(r.value, seen);
          }
        },
      });
      expect(report.problems).toEqual([]);
      for (const k of ['match:points', 'match:resignMatch', 'match:timeout', 'money:sessionEnded']) expect(seen[k]).toBeGreaterThan(0);
    },
  );
});
