import {
  BLOCK_CHECKS,
  CEILINGS,
  CUBE_MAX_VALUES,
  DRAW_SCORINGS,
  FLAG_LOSES,
  HEAD_EXCEPTION_SCOPES,
  MARS_DEFINITIONS,
  MAX_AUTOMATIC_DOUBLES,
  MAX_CUBE_VALUE,
  MAX_MATCH_LENGTH,
  NEXT_GAME_STARTERS,
  NO_SESSION_LIMITS,
  OPENING_THROWS,
  SESSION_GAME_LIMITS,
  SESSION_MINUTE_LIMITS,
  SESSION_POINT_LIMITS,
  VARIANT_IDS,
  matchSettings,
  type MatchSettings,
  type MatchSettingsInput,
  type RuleOptions,
  type TimeControl,
} from '@nardy/engine';
import { z } from 'zod';
import { LIMITS, MsSchema, assertType } from './common.js';

/**
 * Table settings. The shapes below mirror the engine's `MatchSettingsInput` field by field (checked at compile
 * time), their option lists are the engine's own arrays, and every schema ends in a refinement that runs the engine's own `matchSettings` validation, so the
 * rules about which options go together live in one place: the engine. Its `BAD_OPTIONS` code and message pass
 * through to the client.
 */

/** G8: the time control, as the engine's `TimeControl` (all times in ms), as the server shows a table's. */
export const TimeControlSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('matchReserve'), perPointMs: MsSchema, delayMs: MsSchema }),
  z.strictObject({ kind: z.literal('fischer'), initialMs: MsSchema, incrementMs: MsSchema }),
  z.strictObject({ kind: z.literal('bronstein'), initialMs: MsSchema, delayMs: MsSchema }),
  z.strictObject({ kind: z.literal('perMove'), limitMs: MsSchema }),
]);

/** Milliseconds in `[min, max]`; out of bounds is the settings' fault (`BAD_OPTIONS`), like the engine's checks. */
const boundedMs = (min: number, max: number) =>
  MsSchema.refine((n) => n >= min && n <= max, { message: `must be ${min}–${max} ms`, params: { code: 'BAD_OPTIONS' } });
const mainMs = boundedMs(LIMITS.clockMinMs, LIMITS.clockMaxMs);
const addedMs = boundedMs(0, LIMITS.clockAddedMaxMs);

/**
 * A time control a player asks for: every field within sane bounds (docs/protocol.md §12, docs/security.md), so no
 * table's clock comes near the longest timer Node can arm. A stored table from before the bounds is still shown.
 */
export const TimeControlInputSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('none') }),
  z.strictObject({ kind: z.literal('matchReserve'), perPointMs: boundedMs(LIMITS.clockMinMs, LIMITS.clockPerPointMaxMs), delayMs: addedMs }),
  z.strictObject({ kind: z.literal('fischer'), initialMs: mainMs, incrementMs: addedMs }),
  z.strictObject({ kind: z.literal('bronstein'), initialMs: mainMs, delayMs: addedMs }),
  z.strictObject({ kind: z.literal('perMove'), limitMs: mainMs }),
]);

const ruleOptionsShape = {
  headExceptionScope: z.enum(HEAD_EXCEPTION_SCOPES),
  blockCheck: z.enum(BLOCK_CHECKS),
  blockAheadCountsBorneOff: z.boolean(),
};
const cubeShape = {
  enabled: z.boolean(),
  maxValue: z.int().min(CUBE_MAX_VALUES[0]!).max(MAX_CUBE_VALUE),
  beaver: z.boolean(),
  automaticDoubles: z.int().min(0).max(MAX_AUTOMATIC_DOUBLES),
  jacoby: z.boolean(),
};
/** G6: one session limit from the engine's list (0 = none). */
const limitOf = (list: readonly number[]) =>
  z.int().refine((n) => list.includes(n), { message: `must be one of ${list.join(', ')}`, params: { code: 'BAD_OPTIONS' } });
const sessionShape = {
  games: limitOf(SESSION_GAME_LIMITS),
  pointsAhead: limitOf(SESSION_POINT_LIMITS),
  minutes: limitOf(SESSION_MINUTE_LIMITS),
};
const settingsShape = {
  variant: z.enum(VARIANT_IDS),
  ceiling: z.enum(CEILINGS),
  marsDefinition: z.enum(MARS_DEFINITIONS),
  homeMars: z.boolean(),
  koks: z.boolean(),
  openingThrow: z.enum(OPENING_THROWS),
  lastRollDraw: z.boolean(),
  drawScoring: z.enum(DRAW_SCORINGS),
  matchLength: z.int().min(0).max(MAX_MATCH_LENGTH),
  crawford: z.boolean(),
  nextGameStarter: z.enum(NEXT_GAME_STARTERS),
  flagLoses: z.enum(FLAG_LOSES),
  timeControl: TimeControlSchema,
};

/** Runs the engine's validation; its error becomes an issue whose `params.code` is the engine's code. */
const engineCheck = (value: unknown, ctx: z.core.$RefinementCtx<unknown>): void => {
  const r = matchSettings(value);
  if (!r.ok) ctx.addIssue({ code: 'custom', message: r.error.message, params: { code: r.error.code }, input: value });
};

/** What a player asks for: any subset of the settings, `variant` required (the engine fills in the defaults). */
export const MatchSettingsInputSchema = z
  .strictObject({
    variant: settingsShape.variant,
    rules: z.exactOptional(
      z.strictObject({
        headExceptionScope: z.exactOptional(ruleOptionsShape.headExceptionScope),
        blockCheck: z.exactOptional(ruleOptionsShape.blockCheck),
        blockAheadCountsBorneOff: z.exactOptional(ruleOptionsShape.blockAheadCountsBorneOff),
      }),
    ),
    cube: z.exactOptional(
      z.strictObject({
        enabled: z.exactOptional(cubeShape.enabled),
        maxValue: z.exactOptional(cubeShape.maxValue),
        beaver: z.exactOptional(cubeShape.beaver),
        automaticDoubles: z.exactOptional(cubeShape.automaticDoubles),
        jacoby: z.exactOptional(cubeShape.jacoby),
      }),
    ),
    ceiling: z.exactOptional(settingsShape.ceiling),
    marsDefinition: z.exactOptional(settingsShape.marsDefinition),
    homeMars: z.exactOptional(settingsShape.homeMars),
    koks: z.exactOptional(settingsShape.koks),
    openingThrow: z.exactOptional(settingsShape.openingThrow),
    lastRollDraw: z.exactOptional(settingsShape.lastRollDraw),
    drawScoring: z.exactOptional(settingsShape.drawScoring),
    matchLength: z.exactOptional(settingsShape.matchLength),
    crawford: z.exactOptional(settingsShape.crawford),
    session: z.exactOptional(
      z.strictObject({
        games: z.exactOptional(sessionShape.games),
        pointsAhead: z.exactOptional(sessionShape.pointsAhead),
        minutes: z.exactOptional(sessionShape.minutes),
      }),
    ),
    nextGameStarter: z.exactOptional(settingsShape.nextGameStarter),
    flagLoses: z.exactOptional(settingsShape.flagLoses),
    timeControl: z.exactOptional(TimeControlInputSchema),
  })
  .superRefine(engineCheck);

/** The complete settings a table is played under (what the server sends), as the engine's `MatchSettings`. */
export const MatchSettingsSchema = z
  .strictObject({
    ...settingsShape,
    rules: z.strictObject(ruleOptionsShape),
    cube: z.strictObject(cubeShape),
    // A table stored before session limits existed has none.
    session: z.strictObject(sessionShape).default(NO_SESSION_LIMITS),
  })
  .superRefine(engineCheck);

/** Table-level settings around the match: rated or casual, and a stake in chips per point (0 = none, G9). */
const tableShape = {
  rated: z.boolean(),
  stake: z.int().min(0).max(LIMITS.maxStake),
};

/** A seek, challenge, private table or bot game asks for these. */
export const TableSettingsInputSchema = z.strictObject({ match: MatchSettingsInputSchema, ...tableShape });
/** The complete table settings the server shows. */
export const TableSettingsSchema = z.strictObject({ match: MatchSettingsSchema, ...tableShape });

export type MatchSettingsInputWire = z.infer<typeof MatchSettingsInputSchema>;
export type TableSettingsInput = z.infer<typeof TableSettingsInputSchema>;
export type TableSettings = z.infer<typeof TableSettingsSchema>;

// The wire shapes are the engine's types, both ways.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type DeepMutable<T> = T extends object ? { -readonly [K in keyof T]: DeepMutable<T[K]> } : T;
assertType<Same<z.infer<typeof TimeControlSchema>, DeepMutable<TimeControl>>>();
assertType<Same<z.infer<typeof TimeControlInputSchema>, DeepMutable<TimeControl>>>();
assertType<Same<z.infer<typeof MatchSettingsSchema>['rules'], DeepMutable<RuleOptions>>>();
assertType<Same<z.infer<typeof MatchSettingsSchema>, DeepMutable<MatchSettings>>>();
assertType<Same<MatchSettingsInputWire, DeepMutable<MatchSettingsInput>>>();
