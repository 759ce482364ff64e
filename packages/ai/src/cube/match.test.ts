import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Probabilities } from '../probabilities.js';
import { decideCube, type CubeSituation } from './decide.js';
import { deadCubeMwc, equityToMwc, matchCubeEquities, mwcAfter, mwcToEquity, type MatchScore } from './match.js';
import { KAZAROSS_XG2 as met } from './met-kazaross-xg2.js';
import { arbitraryProbabilities } from './probabilities.suite.js';

const plain = (win: number, marsShare = 0): Probabilities => ({
  win,
  winMars: win * marsShare,
  winKoks: 0,
  loseMars: (1 - win) * marsShare,
  loseKoks: 0,
});
const at = (away: number, opponentAway: number, stage: MatchScore['stage'] = 'preCrawford'): MatchScore => ({ away, opponentAway, stage });
const centred = (match: MatchScore): CubeSituation => ({ value: 1, owner: 'centred', efficiency: 0.68, match });

/** The doubler's win chance above which the opponent passes. */
function cashPointOf(s: CubeSituation): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const m = (lo + hi) / 2;
    if (decideCube(plain(m), s).response === 'pass') hi = m;
    else lo = m;
  }
  return lo;
}

describe('match winning chances', () => {
  it('after a game: a win moves the side on roll, a loss its opponent; the Crawford game follows a first 1-away', () => {
    expect(mwcAfter(met, at(3, 3), 2)).toBe(0.75076); // 1-away 3-away: the Crawford game
    expect(mwcAfter(met, at(3, 3, 'postCrawford'), 2)).toBeCloseTo(1 - met.postCrawford[2]!, 12);
    expect(mwcAfter(met, at(3, 3), -1)).toBe(0.40053);
    expect(mwcAfter(met, at(2, 2), 4)).toBe(1);
  });
  it('dead cube at 2-away 2-away without mars: MWC = 32.264 % + p × (67.736 − 32.264) %', () => {
    expect(deadCubeMwc(plain(0.6), at(2, 2), 1, { met })).toBeCloseTo(0.32264 + 0.6 * 0.35472, 12);
  });
  it('equity ↔ MWC: −1 at losing the cube, +1 at winning it, inverse of each other', () => {
    const s = at(5, 3);
    expect(mwcToEquity(mwcAfter(met, s, 2), s, 2, met)).toBeCloseTo(1, 12);
    expect(mwcToEquity(mwcAfter(met, s, -2), s, 2, met)).toBeCloseTo(-1, 12);
    fc.assert(
      fc.property(fc.double({ min: -3, max: 3, noNaN: true }), fc.integer({ min: 2, max: 25 }), fc.integer({ min: 2, max: 25 }), (e, a, b) => {
        expect(mwcToEquity(equityToMwc(e, at(a, b), 1, met), at(a, b), 1, met)).toBeCloseTo(e, 9);
      }),
    );
  });
});

describe('match cube decisions', () => {
  it('2-away 2-away: the game decides the match once doubled — take while the taker has 32.264 %', () => {
    expect(cashPointOf(centred(at(2, 2)))).toBeCloseTo(0.67736, 6);
    expect(decideCube(plain(0.6), centred(at(2, 2)))).toMatchObject({ action: 'double', response: 'take' });
    expect(decideCube(plain(0.75), centred(at(2, 2)))).toMatchObject({ action: 'double', response: 'pass' });
    expect(decideCube(plain(0.45), centred(at(2, 2))).action).toBe('noDouble');
  });
  it('a long match plays like money: the cash point at 25-away 25-away is within a point of money’s 78.6 %', () => {
    expect(Math.abs(cashPointOf(centred(at(25, 25))) - (1 - 0.5 / 2.34))).toBeLessThan(0.01);
  });
  it('Crawford game: no double at all', () => {
    const d = decideCube(plain(0.9), centred(at(3, 1, 'crawford')));
    expect(d.mayDouble).toBe(false);
    expect(d.action).toBe('noDouble');
  });
  it('post-Crawford: the 1-away leader never doubles; the trailer doubles at once and the leader takes', () => {
    expect(decideCube(plain(0.8), centred(at(1, 4, 'postCrawford'))).action).toBe('noDouble');
    expect(decideCube(plain(0.4, 0.2), centred(at(4, 1, 'postCrawford')))).toMatchObject({ action: 'double', response: 'take' });
  });
  it('free drop: the leader passes the trailer’s 2-away double exactly when the trailer is the favourite', () => {
    expect(decideCube(plain(0.55), centred(at(2, 1, 'postCrawford'))).response).toBe('pass');
    expect(decideCube(plain(0.45), centred(at(2, 1, 'postCrawford'))).response).toBe('take');
    // Passing leaves 1-away 1-away: the leader's 50 % — the double costs nothing to drop.
    expect(mwcAfter(met, at(2, 1, 'postCrawford'), 1)).toBe(0.5);
  });
  it('dead cube past the match end: no double when winning the current stake already wins the match', () => {
    expect(decideCube(plain(0.75), { ...centred(at(2, 5)), value: 2, owner: 'onRoll' }).mayDouble).toBe(false);
    expect(decideCube(plain(0.75), { ...centred(at(3, 5)), value: 2, owner: 'onRoll' }).mayDouble).toBe(true);
  });
  it('properties: MWCs within 0..1, double/pass = MWC after winning the cube (+1 normalised)', () => {
    const score = fc.record({
      away: fc.integer({ min: 1, max: 25 }),
      opponentAway: fc.integer({ min: 1, max: 25 }),
      stage: fc.constantFrom('preCrawford' as const, 'postCrawford' as const),
    });
    fc.assert(
      fc.property(
        arbitraryProbabilities,
        score,
        fc.constantFrom(1, 2, 4),
        fc.constantFrom('centred' as const, 'onRoll' as const, 'opponent' as const),
        (p, s, cube, owner) => {
          const e = matchCubeEquities(p, s, owner, cube, 0.68, { met });
          for (const m of [e.mwc.noDouble, e.mwc.take, e.mwc.pass]) {
            expect(m).toBeGreaterThanOrEqual(-1e-12);
            expect(m).toBeLessThanOrEqual(1 + 1e-12);
          }
          expect(e.mwc.pass).toBe(mwcAfter(met, s, cube));
          if (mwcAfter(met, s, cube) > mwcAfter(met, s, -cube)) expect(e.pass).toBeCloseTo(1, 12);
        },
      ),
      { numRuns: 300 },
    );
  });
});
