import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_OPTIONS } from '../options.js';
import { defaultMatchSettings, jacobyInForce, matchSettings, maxGamePoints } from './settings.js';

const bad = (input: unknown, code = 'BAD_OPTIONS'): string => {
  const r = matchSettings(input);
  if (r.ok) throw new Error(`accepted ${JSON.stringify(input)}`);
  expect(r.error.code).toBe(code);
  return r.error.message;
};

describe('match settings: defaults per variant and validation (G1–G8, L4, L24–L27)', () => {
  it('long nardy defaults: no cube (L26), fresh opening throw (L4), rule 1.4 starter (G6), federation scoring (L24)', () => {
    expect(defaultMatchSettings('long')).toEqual({
      variant: 'long',
      rules: DEFAULT_RULE_OPTIONS,
      ceiling: 'koks',
      marsDefinition: 'noneBorneOff',
      homeMars: false,
      koks: false,
      openingThrow: 'fresh',
      lastRollDraw: false,
      drawScoring: 'half',
      cube: { enabled: false, maxValue: 64, beaver: false, automaticDoubles: 0, jacoby: false },
      matchLength: 0,
      crawford: true,
      session: { games: 0, pointsAhead: 0, minutes: 0 },
      nextGameStarter: 'previousBlack',
      flagLoses: 'match',
      timeControl: { kind: 'none' },
    });
  });

  it('short nardy and Caucasian defaults: cube on with max 64 (G3), opening dice (S2), new throw each game (G6), Jacoby in money play', () => {
    for (const v of ['short', 'caucasian'] as const) {
      const s = defaultMatchSettings(v);
      expect(s.cube).toEqual({ enabled: true, maxValue: 64, beaver: false, automaticDoubles: 0, jacoby: true });
      expect(s.openingThrow).toBe('useOpeningDice');
      expect(s.nextGameStarter).toBe('openingThrow');
      expect(jacobyInForce(s)).toBe(true);
    }
  });

  it('G3 Jacoby defaults off in match play; Crawford defaults on', () => {
    const r = matchSettings({ variant: 'short', matchLength: 7 });
    expect(r.ok && r.value.cube.jacoby).toBe(false);
    expect(r.ok && r.value.crawford).toBe(true);
  });

  it('settings are completed from partial input and round-trip', () => {
    const r = matchSettings({ variant: 'long', rules: { blockCheck: 'endOfTurn' }, cube: { enabled: true }, lastRollDraw: true, drawScoring: 'one' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.rules.blockCheck).toBe('endOfTurn');
    expect(r.value.rules.headExceptionScope).toBe('federation');
    expect(r.value.cube.enabled).toBe(true);
    expect(matchSettings(r.value)).toEqual(r);
    expect(Object.isFrozen(r.value)).toBe(true);
  });

  it('rejects unknown keys and values', () => {
    bad(null);
    bad({}, 'BAD_VARIANT');
    bad({ variant: 'plakoto' }, 'BAD_VARIANT');
    bad({ variant: 'long', colour: 'red' });
    bad({ variant: 'long', ceiling: 'gammon' });
    bad({ variant: 'long', cube: { size: 3 } });
    bad({ variant: 'long', rules: { blockCheck: 'never' } });
  });

  it('G6 match length 1..25 or 0 for money', () => {
    expect(matchSettings({ variant: 'short', matchLength: 25 }).ok).toBe(true);
    bad({ variant: 'short', matchLength: 26 });
    bad({ variant: 'short', matchLength: -1 });
    bad({ variant: 'short', matchLength: 2.5 });
  });

  it('G6 session limits: from their lists, money play only', () => {
    const r = matchSettings({ variant: 'short', session: { games: 10, minutes: 30 } });
    expect(r.ok && r.value.session).toEqual({ games: 10, pointsAhead: 0, minutes: 30 });
    bad({ variant: 'short', session: { games: 4 } });
    bad({ variant: 'short', session: { hours: 1 } });
    bad({ variant: 'short', session: 5 });
    bad({ variant: 'short', matchLength: 5, session: { pointsAhead: 5 } });
    expect(matchSettings({ variant: 'short', matchLength: 5, session: { games: 0 } }).ok).toBe(true);
  });

  it('G3 max cube is a power of two; beaver, automatic doubles and Jacoby need the cube and money play', () => {
    bad({ variant: 'short', cube: { maxValue: 48 } });
    bad({ variant: 'short', cube: { maxValue: 1 } });
    bad({ variant: 'short', matchLength: 5, cube: { beaver: true } });
    bad({ variant: 'short', matchLength: 5, cube: { jacoby: true } });
    bad({ variant: 'short', matchLength: 5, cube: { automaticDoubles: 1 } });
    bad({ variant: 'long', cube: { beaver: true } });
    bad({ variant: 'short', cube: { automaticDoubles: 9 } });
    expect(matchSettings({ variant: 'short', cube: { beaver: true, automaticDoubles: 2 } }).ok).toBe(true);
  });

  it('L4, L25, G6: long-nardy options are refused in short nardy', () => {
    expect(bad({ variant: 'short', openingThrow: 'fresh' })).toMatch(/S2/);
    expect(bad({ variant: 'short', koks: true })).toMatch(/L25/);
    bad({ variant: 'caucasian', marsDefinition: 'notAllHome' });
    bad({ variant: 'short', nextGameStarter: 'previousWinner' });
    // Defaults are accepted (a UI may send every field).
    expect(matchSettings({ variant: 'short', koks: false, marsDefinition: 'noneBorneOff' }).ok).toBe(true);
  });

  it('L27/G7: lastRollDraw is available in both variants', () => {
    expect(matchSettings({ variant: 'short', lastRollDraw: true, drawScoring: 'one' }).ok).toBe(true);
    expect(matchSettings({ variant: 'long', lastRollDraw: true }).ok).toBe(true);
  });

  it('G8: the time control is validated; a match reserve needs a match', () => {
    bad({ variant: 'long', timeControl: { kind: 'matchReserve', perPointMs: 180_000, delayMs: 15_000 } });
    expect(matchSettings({ variant: 'long', matchLength: 5, timeControl: { kind: 'matchReserve', perPointMs: 180_000, delayMs: 15_000 } }).ok).toBe(true);
    bad({ variant: 'long', timeControl: { kind: 'fischer' } });
    bad({ variant: 'long', flagLoses: 'nothing' });
  });

  it('the most one game can score: the most a win counts under the ceiling, times the highest cube', () => {
    const most = (input: object): number => maxGamePoints(valid(input));
    expect(most({ variant: 'short' })).toBe(3 * 64);
    expect(most({ variant: 'short', ceiling: 'oin', cube: { maxValue: 8 } })).toBe(8);
    expect(most({ variant: 'short', ceiling: 'mars', cube: { enabled: false } })).toBe(2);
    expect(most({ variant: 'long' })).toBe(2);
    expect(most({ variant: 'long', koks: true })).toBe(3);
    expect(most({ variant: 'long', homeMars: true, cube: { enabled: true, maxValue: 4 } })).toBe(12);
    expect(most({ variant: 'caucasian', ceiling: 'oin', cube: { enabled: false } })).toBe(1);
  });
});

function valid(input: object) {
  const r = matchSettings(input);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
