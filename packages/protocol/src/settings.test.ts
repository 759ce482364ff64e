import {
  BLOCK_CHECKS,
  CEILINGS,
  CUBE_MAX_VALUES,
  DRAW_SCORINGS,
  FLAG_LOSES,
  HEAD_EXCEPTION_SCOPES,
  MARS_DEFINITIONS,
  MAX_AUTOMATIC_DOUBLES,
  MAX_MATCH_LENGTH,
  NEXT_GAME_STARTERS,
  OPENING_THROWS,
  SESSION_GAME_LIMITS,
  SESSION_MINUTE_LIMITS,
  SESSION_POINT_LIMITS,
  VARIANT_IDS,
  matchSettings,
} from '@nardy/engine';
import { describe, expect, test } from 'vitest';
import { MatchSettingsInputSchema, MatchSettingsSchema } from './settings.js';

/** Long nardy, money play, the cube on: every option of the engine's lists applies there. */
const BASE = { variant: 'long', matchLength: 0, cube: { enabled: true } } as const;
const accepts = (input: object): boolean => MatchSettingsInputSchema.safeParse(input).success;
const upTo = (max: number): number[] => Array.from({ length: max + 1 }, (_, i) => i);

/** Each settings field, the engine's values for it, and how a value sits in the input. */
const LISTS: readonly (readonly [string, readonly unknown[], (v: unknown) => object])[] = [
  ['variant', VARIANT_IDS, (variant) => ({ variant })],
  ['ceiling', CEILINGS, (ceiling) => ({ ...BASE, ceiling })],
  ['marsDefinition', MARS_DEFINITIONS, (marsDefinition) => ({ ...BASE, marsDefinition })],
  ['openingThrow', OPENING_THROWS, (openingThrow) => ({ ...BASE, openingThrow })],
  ['nextGameStarter', NEXT_GAME_STARTERS, (nextGameStarter) => ({ ...BASE, nextGameStarter })],
  ['drawScoring', DRAW_SCORINGS, (drawScoring) => ({ ...BASE, lastRollDraw: true, drawScoring })],
  ['flagLoses', FLAG_LOSES, (flagLoses) => ({ ...BASE, flagLoses })],
  ['rules.headExceptionScope', HEAD_EXCEPTION_SCOPES, (headExceptionScope) => ({ ...BASE, rules: { headExceptionScope } })],
  ['rules.blockCheck', BLOCK_CHECKS, (blockCheck) => ({ ...BASE, rules: { blockCheck } })],
  ['matchLength', upTo(MAX_MATCH_LENGTH), (matchLength) => ({ ...BASE, matchLength, cube: {} })],
  ['cube.maxValue', CUBE_MAX_VALUES, (maxValue) => ({ ...BASE, cube: { enabled: true, maxValue } })],
  ['cube.automaticDoubles', upTo(MAX_AUTOMATIC_DOUBLES), (automaticDoubles) => ({ ...BASE, cube: { enabled: true, automaticDoubles } })],
  ['session.games', SESSION_GAME_LIMITS, (games) => ({ ...BASE, session: { games } })],
  ['session.pointsAhead', SESSION_POINT_LIMITS, (pointsAhead) => ({ ...BASE, session: { pointsAhead } })],
  ['session.minutes', SESSION_MINUTE_LIMITS, (minutes) => ({ ...BASE, session: { minutes } })],
];
/** Values just outside each list. */
const OUTSIDE: Readonly<Record<string, readonly unknown[]>> = {
  matchLength: [-1, MAX_MATCH_LENGTH + 1],
  'cube.maxValue': [1, 3, 2 * CUBE_MAX_VALUES[CUBE_MAX_VALUES.length - 1]!],
  'cube.automaticDoubles': [-1, MAX_AUTOMATIC_DOUBLES + 1],
  'session.games': [-1, 2, 1.5, 1000, 'none-of-these'],
  'session.pointsAhead': [-1, 1, 1000, 'none-of-these'],
  'session.minutes': [-1, 1, 10_000, 'none-of-these'],
};

describe("the settings schema offers exactly the engine's option values", () => {
  for (const [field, values, input] of LISTS) {
    test(field, () => {
      for (const v of values) expect(accepts(input(v)), `${field} = ${String(v)}`).toBe(true);
      for (const v of OUTSIDE[field] ?? ['none-of-these', 1]) expect(accepts(input(v)), `${field} = ${String(v)}`).toBe(false);
    });
  }

  test('a table stored before session limits existed has none', () => {
    const m = matchSettings(BASE);
    if (!m.ok) throw new Error(m.error.message);
    const { session: _none, ...old } = m.value;
    const parsed = MatchSettingsSchema.safeParse(old);
    expect(parsed.success && parsed.data.session).toEqual({ games: 0, pointsAhead: 0, minutes: 0 });
  });

  test('the complete settings the engine makes are the schema of complete settings', () => {
    for (const [, values, input] of LISTS) {
      for (const v of values) {
        const m = matchSettings(input(v));
        expect(m.ok && MatchSettingsSchema.safeParse(m.value).success).toBe(true);
      }
    }
  });
});
