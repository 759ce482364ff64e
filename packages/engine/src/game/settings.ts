import { ruleOptions, type RuleOptions } from '../options.js';
import { err, ok, type Result } from '../result.js';
import { CEILINGS, DEFAULT_SCORING, MARS_DEFINITIONS, maxWinPoints, type ScoringSettings } from '../rules/scoring.js';
import { getVariant, variantById } from '../variants/registry.js';
import type { VariantId } from '../types.js';
import { NO_CLOCK, timeControl, type TimeControl } from './clock.js';
import { isRecord } from '../guards.js';

/** G3: the doubling cube. */
export interface CubeSettings {
  /** Whether the cube is used (G3: on in short nardy and Caucasian, off in long nardy by default, L26). */
  readonly enabled: boolean;
  /** The highest value the cube may reach (a power of two; 64 by default). */
  readonly maxValue: number;
  /** Beaver: the taker may redouble at once and keep the cube (money play only). */
  readonly beaver: boolean;
  /** Automatic doubles: how many times equal opening dice double the stake (0 = off; money play only). */
  readonly automaticDoubles: number;
  /** Jacoby: mars and koks count one unless the cube was turned (money play only). */
  readonly jacoby: boolean;
}

/** L4: long nardy's starter throws both dice afresh (`fresh`) or plays the two opening dice (`useOpeningDice`). */
export const OPENING_THROWS = ['fresh', 'useOpeningDice'] as const;
export type OpeningThrow = (typeof OPENING_THROWS)[number];

/**
 * G6: who starts a game after the first. `previousBlack` — rule 1.4, the previous game's Black starts and plays
 * White (long nardy default); `previousWinner` — the previous winner starts and plays White (long nardy option;
 * after a draw, the previous Black); `openingThrow` — a new opening throw (short nardy, always). In this order
 * because the web form offers them so (the options of long nardy, its default first).
 */
export const NEXT_GAME_STARTERS = ['previousBlack', 'previousWinner', 'openingThrow'] as const;
export type NextGameStarter = (typeof NEXT_GAME_STARTERS)[number];

/** L27/G7: a last-throw draw scores ½ to each side (`half`) or 1 to each (`one`), times the cube. */
export const DRAW_SCORINGS = ['half', 'one'] as const;
export type DrawScoring = (typeof DRAW_SCORINGS)[number];

/** G8: a flag fall loses the match (default) or only the game, valued as a surrender. */
export const FLAG_LOSES = ['match', 'game'] as const;
export type FlagLoses = (typeof FLAG_LOSES)[number];

/**
 * G6: the limits a money session may have (0 = none): it ends between games once this many games are played, once
 * one side is this many points ahead, or (kept by the server, which has the time) once this many minutes have passed.
 */
export interface SessionLimits {
  readonly games: number;
  readonly pointsAhead: number;
  readonly minutes: number;
}
/** G6: the session limits a table may choose, as lists (0 = no limit), so every table form offers the same. */
export const SESSION_GAME_LIMITS = [0, 1, 3, 5, 7, 10, 15, 20, 30] as const;
export const SESSION_POINT_LIMITS = [0, 3, 5, 7, 10, 15, 20, 30] as const;
export const SESSION_MINUTE_LIMITS = [0, 15, 30, 45, 60, 90, 120] as const;
export const NO_SESSION_LIMITS: SessionLimits = Object.freeze({ games: 0, pointsAhead: 0, minutes: 0 });

/** Everything a match (or money session) is played under, stored with it and shown before the players sit down. */
export interface MatchSettings extends ScoringSettings {
  readonly variant: VariantId;
  /** The move-generation options (L10, L16). */
  readonly rules: RuleOptions;
  /** L4 (long nardy); short nardy is always `useOpeningDice` (S2, G1). */
  readonly openingThrow: OpeningThrow;
  /** L27/G7: the player who started later gets one more throw when the starter finishes; all off → draw. */
  readonly lastRollDraw: boolean;
  readonly drawScoring: DrawScoring;
  readonly cube: CubeSettings;
  /** G6: a match to N points (1..25), or 0 for a money session. */
  readonly matchLength: number;
  /** G3/S7: Crawford rule in match play (on by default). */
  readonly crawford: boolean;
  /** G6: a money session's limits (all 0 in a match). */
  readonly session: SessionLimits;
  readonly nextGameStarter: NextGameStarter;
  readonly flagLoses: FlagLoses;
  /** G8: the time control (the engine only validates it; clock arithmetic is in clock.ts). */
  readonly timeControl: TimeControl;
}

/** What a caller may pass: any subset; `variant` is required. */
export type MatchSettingsInput = { readonly variant: VariantId } & Partial<
  Omit<MatchSettings, 'variant' | 'rules' | 'cube' | 'session'> & {
    readonly rules: Partial<RuleOptions>;
    readonly cube: Partial<CubeSettings>;
    readonly session: Partial<SessionLimits>;
  }
>;

export const MAX_MATCH_LENGTH = 25;
export const DEFAULT_MAX_CUBE = 64;
/** G3: the highest value the cube may be allowed to reach. */
export const MAX_CUBE_VALUE = 4096;
/** G3: the values `cube.maxValue` may take: the powers of two from 2 to `MAX_CUBE_VALUE`. */
export const CUBE_MAX_VALUES: readonly number[] = Array.from({ length: Math.log2(MAX_CUBE_VALUE) }, (_, i) => 2 ** (i + 1));
export const MAX_AUTOMATIC_DOUBLES = 6;

/** The defaults for a variant (G1–G8, L4, L24–L27). Money session; the cube as the variant says. */
export function defaultMatchSettings(variant: VariantId): MatchSettings {
  const r = matchSettings({ variant });
  if (!r.ok) throw new Error(`defaults for ${variant} are invalid: ${r.error.message}`); // a bug, not input
  return r.value;
}

const KEYS = new Set([
  'variant',
  'rules',
  'ceiling',
  'marsDefinition',
  'homeMars',
  'koks',
  'openingThrow',
  'lastRollDraw',
  'drawScoring',
  'cube',
  'matchLength',
  'crawford',
  'session',
  'nextGameStarter',
  'flagLoses',
  'timeControl',
]);
const CUBE_KEYS = new Set(['enabled', 'maxValue', 'beaver', 'automaticDoubles', 'jacoby']);
const SESSION_KEYS = new Set(['games', 'pointsAhead', 'minutes']);

/** G6: a money session's limits, each from its list; a match has none. */
function sessionLimits(input: unknown, money: boolean): Result<SessionLimits> {
  if (!isRecord(input)) return err('BAD_OPTIONS', 'session limits must be an object');
  for (const k of Object.keys(input)) if (!SESSION_KEYS.has(k)) return err('BAD_OPTIONS', `unknown session limit '${k}'`);
  const games = pick<number>(input, 'games', SESSION_GAME_LIMITS, 0);
  if (!games.ok) return games;
  const pointsAhead = pick<number>(input, 'pointsAhead', SESSION_POINT_LIMITS, 0);
  if (!pointsAhead.ok) return pointsAhead;
  const minutes = pick<number>(input, 'minutes', SESSION_MINUTE_LIMITS, 0);
  if (!minutes.ok) return minutes;
  if (!money && games.value + pointsAhead.value + minutes.value > 0)
    return err('BAD_OPTIONS', 'session limits are for a money session; a match ends at its length (G6)');
  return ok(Object.freeze({ games: games.value, pointsAhead: pointsAhead.value, minutes: minutes.value }));
}

function pick<T>(obj: Record<string, unknown>, key: string, allowed: readonly T[], dflt: T): Result<T> {
  const v = obj[key];
  if (v === undefined) return ok(dflt);
  if (!allowed.includes(v as T)) {
    return err('BAD_OPTIONS', `'${key}' must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}`);
  }
  return ok(v as T);
}

const BOOLS = [true, false] as const;

/**
 * Completes and validates match settings (G1–G8). Unknown keys or values, long-nardy-only options with
 * non-default values in short nardy, and money-play-only cube options in a match are `BAD_OPTIONS`.
 */
export function matchSettings(input: unknown): Result<MatchSettings> {
  if (!isRecord(input)) return err('BAD_OPTIONS', 'match settings must be an object');
  for (const k of Object.keys(input)) if (!KEYS.has(k)) return err('BAD_OPTIONS', `unknown match setting '${k}'`);
  const v = variantById(input['variant']);
  if (!v.ok) return v;
  const variant = v.value;
  const long = variant.scoring === 'long';

  const rules = ruleOptions(input['rules'] ?? {});
  if (!rules.ok) return rules;

  const ceiling = pick(input, 'ceiling', CEILINGS, DEFAULT_SCORING.ceiling);
  if (!ceiling.ok) return ceiling;
  const marsDefinition = pick(input, 'marsDefinition', MARS_DEFINITIONS, DEFAULT_SCORING.marsDefinition);
  if (!marsDefinition.ok) return marsDefinition;
  const homeMars = pick(input, 'homeMars', BOOLS, false);
  if (!homeMars.ok) return homeMars;
  const koks = pick(input, 'koks', BOOLS, false);
  if (!koks.ok) return koks;
  const dfltOpening: OpeningThrow = variant.opening === 'fresh' ? 'fresh' : 'useOpeningDice';
  const openingThrow = pick(input, 'openingThrow', OPENING_THROWS, dfltOpening);
  if (!openingThrow.ok) return openingThrow;
  const lastRollDraw = pick(input, 'lastRollDraw', BOOLS, false);
  if (!lastRollDraw.ok) return lastRollDraw;
  const drawScoring = pick<DrawScoring>(input, 'drawScoring', DRAW_SCORINGS, 'half');
  if (!drawScoring.ok) return drawScoring;
  const crawford = pick(input, 'crawford', BOOLS, true);
  if (!crawford.ok) return crawford;
  const starter = pick<NextGameStarter>(input, 'nextGameStarter', NEXT_GAME_STARTERS, long ? 'previousBlack' : 'openingThrow');
  if (!starter.ok) return starter;
  const flagLoses = pick<FlagLoses>(input, 'flagLoses', FLAG_LOSES, 'match');
  if (!flagLoses.ok) return flagLoses;

  if (!long) {
    // L24–L25, L4 and G6's rule 1.4 are long nardy's; short nardy has S2 and S7.
    if (marsDefinition.value !== 'noneBorneOff' || homeMars.value || koks.value) {
      return err('BAD_OPTIONS', 'marsDefinition, homeMars and koks are long-nardy options (L25); short nardy scores by S7');
    }
    if (openingThrow.value !== 'useOpeningDice') {
      return err('BAD_OPTIONS', 'short nardy always plays the two opening dice as the first move (S2, G1)');
    }
    if (starter.value !== 'openingThrow') {
      return err('BAD_OPTIONS', 'in short nardy every game starts with a new opening throw (G6)');
    }
  }

  const matchLength = input['matchLength'] ?? 0;
  if (typeof matchLength !== 'number' || !Number.isInteger(matchLength) || matchLength < 0 || matchLength > MAX_MATCH_LENGTH) {
    return err('BAD_OPTIONS', `matchLength must be an integer 1..${MAX_MATCH_LENGTH}, or 0 for a money session (G6)`);
  }
  const money = matchLength === 0;

  const cubeIn = input['cube'] ?? {};
  if (!isRecord(cubeIn)) return err('BAD_OPTIONS', 'cube settings must be an object');
  for (const k of Object.keys(cubeIn)) if (!CUBE_KEYS.has(k)) return err('BAD_OPTIONS', `unknown cube setting '${k}'`);
  const enabled = pick(cubeIn, 'enabled', BOOLS, variant.cubeByDefault);
  if (!enabled.ok) return enabled;
  const maxValue = cubeIn['maxValue'] ?? DEFAULT_MAX_CUBE;
  if (typeof maxValue !== 'number' || !CUBE_MAX_VALUES.includes(maxValue)) {
    return err('BAD_OPTIONS', `cube.maxValue must be a power of two from 2 to ${MAX_CUBE_VALUE} (G3)`);
  }
  const beaver = pick(cubeIn, 'beaver', BOOLS, false);
  if (!beaver.ok) return beaver;
  const autos = cubeIn['automaticDoubles'] ?? 0;
  if (typeof autos !== 'number' || !Number.isInteger(autos) || autos < 0 || autos > MAX_AUTOMATIC_DOUBLES) {
    return err('BAD_OPTIONS', `cube.automaticDoubles must be an integer 0..${MAX_AUTOMATIC_DOUBLES} (G3)`);
  }
  const jacoby = pick(cubeIn, 'jacoby', BOOLS, enabled.value && money);
  if (!jacoby.ok) return jacoby;
  for (const [name, on] of [
    ['beaver', beaver.value],
    ['automaticDoubles', autos > 0],
    ['jacoby', jacoby.value],
  ] as const) {
    if (!on) continue;
    if (!enabled.value) return err('BAD_OPTIONS', `cube.${name} needs the cube (G3)`);
    if (!money) return err('BAD_OPTIONS', `cube.${name} is a money-play option (G3)`);
  }

  const session = sessionLimits(input['session'] ?? NO_SESSION_LIMITS, money);
  if (!session.ok) return session;

  const tc = timeControl(input['timeControl'] ?? NO_CLOCK);
  if (!tc.ok) return tc;
  if (tc.value.kind === 'matchReserve' && money) {
    return err('BAD_OPTIONS', 'a match reserve clock needs a match length (G8)');
  }

  return ok(
    Object.freeze({
      variant: variant.id,
      rules: Object.freeze(rules.value),
      ceiling: ceiling.value,
      marsDefinition: marsDefinition.value,
      homeMars: homeMars.value,
      koks: koks.value,
      openingThrow: openingThrow.value,
      lastRollDraw: lastRollDraw.value,
      drawScoring: drawScoring.value,
      cube: Object.freeze({
        enabled: enabled.value,
        maxValue,
        beaver: beaver.value,
        automaticDoubles: autos,
        jacoby: jacoby.value,
      }),
      matchLength,
      crawford: crawford.value,
      session: session.value,
      nextGameStarter: starter.value,
      flagLoses: flagLoses.value,
      timeControl: tc.value,
    }),
  );
}

/** Whether the Jacoby rule is in force (G3: money play, cube on, option set). */
export const jacobyInForce = (s: MatchSettings): boolean => s.cube.enabled && s.cube.jacoby && s.matchLength === 0;

/** The variant's scoring id (L24 vs S7). */
export const scoringOf = (s: Pick<MatchSettings, 'variant'>) => getVariant(s.variant).scoring;

/**
 * The most one game can score for its winner: the most a win counts (the variant, the long-nardy options and the
 * ceiling, L24–L25, G4) times the highest cube (G3: doubles, beavers and automatic doubles all stop at `maxValue`).
 * A draw scores both sides alike, so it never costs more. A money session's stake hold is sized by it (G9).
 */
export const maxGamePoints = (
  s: Pick<MatchSettings, 'variant' | keyof ScoringSettings> & { readonly cube: Pick<CubeSettings, 'enabled' | 'maxValue'> },
): number => maxWinPoints(scoringOf(s), s) * (s.cube.enabled ? s.cube.maxValue : 1);
