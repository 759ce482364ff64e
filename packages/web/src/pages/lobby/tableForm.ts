/**
 * The table-settings form as data (docs/rules.md §7, docs/protocol.md §4 "Table settings"): its state, which fields
 * apply to it, and the `TableSettingsInput` it sends. Which options go together is the engine's decision
 * (`matchSettings`); the form only hides what cannot apply (long-nardy scoring in short nardy, money-play cube
 * options in a match, a match-reserve clock in a money session), and the server answers anything else with
 * `BAD_OPTIONS` and the engine's reason.
 */
import {
  CEILINGS,
  MAX_AUTOMATIC_DOUBLES,
  MAX_MATCH_LENGTH,
  ceilingPoints,
  defaultMatchSettings,
  matchSettings,
  maxWinPoints,
  scoringOf,
  type Ceiling,
  type CubeSettings,
  type DrawScoring,
  type FlagLoses,
  type MarsDefinition,
  type MatchSettingsInput,
  type NextGameStarter,
  type OpeningThrow,
  type RuleOptions,
  type SessionLimits,
  type TimeControl,
  type VariantId,
} from '@nardy/engine';
import type { QuickPairPool, TableSettingsInput } from '@nardy/protocol';
import { CLOCK_PRESETS, CLOCK_PRESET_IDS, type ClockPreset } from './clockPresets';

/** Match lengths offered: 0 = money session, then 1 to the engine's longest match (G6). */
export const MATCH_LENGTHS = Array.from({ length: MAX_MATCH_LENGTH + 1 }, (_, i) => i);
/** G3: automatic doubles offered, 0 (off) to the engine's most. */
export const AUTOMATIC_DOUBLES = Array.from({ length: MAX_AUTOMATIC_DOUBLES + 1 }, (_, i) => i);

export interface TableForm {
  readonly variant: VariantId;
  readonly matchLength: number;
  readonly ceiling: Ceiling;
  readonly marsDefinition: MarsDefinition;
  readonly homeMars: boolean;
  readonly koks: boolean;
  readonly openingThrow: OpeningThrow;
  readonly nextGameStarter: NextGameStarter;
  readonly rules: RuleOptions;
  readonly lastRollDraw: boolean;
  readonly drawScoring: DrawScoring;
  readonly cube: CubeSettings;
  readonly crawford: boolean;
  readonly flagLoses: FlagLoses;
  /** G6: a money session's limits (0 = none). */
  readonly session: SessionLimits;
  readonly clock: ClockPreset;
  readonly rated: boolean;
  readonly stake: number;
}

/** Whether a win can count three: always in short nardy (S7), in long nardy with koks or home mars (L25). */
const winsOfThree = (f: Pick<TableForm, 'variant' | 'koks' | 'homeMars'>): boolean =>
  maxWinPoints(scoringOf(f), { ...f, ceiling: 'koks', marsDefinition: 'noneBorneOff' }) === 3;

/** The ceilings that mean something (G4): where no win counts three, "up to three" is not offered. */
export const ceilingChoices = (f: Pick<TableForm, 'variant' | 'koks' | 'homeMars'>): Ceiling[] =>
  CEILINGS.filter((c) => winsOfThree(f) || ceilingPoints(c) < 3);

/**
 * The ceiling kept in step with the scoring options, so the form never offers "up to three" beside wins that count
 * at most two: a ceiling above the variant's most becomes that most, and a ceiling of two that was the most lifts to
 * three when a win of three becomes possible (koks or home mars ticked, or short nardy chosen).
 */
function withCeiling(before: TableForm | null, f: TableForm): TableForm {
  const choices = ceilingChoices(f);
  if (!choices.includes(f.ceiling)) return { ...f, ceiling: choices[choices.length - 1]! };
  if (before && !winsOfThree(before) && winsOfThree(f) && f.ceiling === 'mars') return { ...f, ceiling: 'koks' };
  return f;
}

/** A match to 3 points, the variant's own rules and cube, no clock. */
export function defaultForm(variant: VariantId, rated: boolean): TableForm {
  const m = defaultMatchSettings(variant);
  return withCeiling(null, {
    variant,
    matchLength: 3,
    ceiling: m.ceiling,
    marsDefinition: m.marsDefinition,
    homeMars: m.homeMars,
    koks: m.koks,
    openingThrow: m.openingThrow,
    nextGameStarter: m.nextGameStarter,
    rules: m.rules,
    lastRollDraw: m.lastRollDraw,
    drawScoring: m.drawScoring,
    cube: m.cube,
    crawford: m.crawford,
    flagLoses: m.flagLoses,
    session: m.session,
    clock: 'none',
    rated,
    stake: 0,
  });
}

const isMatchReserve = (p: ClockPreset): boolean => CLOCK_PRESETS[p].kind === 'matchReserve';

/** The clocks that fit: a match reserve needs a match length (G8). */
export const clockChoices = (matchLength: number): ClockPreset[] => CLOCK_PRESET_IDS.filter((p) => matchLength > 0 || !isMatchReserve(p));

/** Which fields apply to the form as it stands. */
export interface Applicable {
  /** L24–L25 mars options, L4 opening throw, G6 next-game starter, L10/L16 rule options. */
  readonly longOptions: boolean;
  readonly drawScoring: boolean;
  /** Maximum cube value (the cube is on). */
  readonly cubeOptions: boolean;
  /** Beaver, automatic doubles, Jacoby: cube on, money play (G3). */
  readonly moneyCube: boolean;
  /** The Crawford rule: cube on, match play (G3). */
  readonly crawford: boolean;
  /** What a flag fall loses: only with a clock (G8). */
  readonly flagLoses: boolean;
  /** A money session's limits (G6). */
  readonly session: boolean;
  readonly clocks: readonly ClockPreset[];
}

export function applicable(f: TableForm): Applicable {
  const money = f.matchLength === 0;
  return {
    longOptions: f.variant === 'long',
    drawScoring: f.lastRollDraw,
    cubeOptions: f.cube.enabled,
    moneyCube: f.cube.enabled && money,
    crawford: f.cube.enabled && !money,
    flagLoses: f.clock !== 'none',
    session: money,
    clocks: clockChoices(f.matchLength),
  };
}

/**
 * The form after a change: a new variant takes that variant's own rules and cube default (what players of it
 * expect); a money session drops a match-reserve clock.
 */
export function update(f: TableForm, patch: Partial<TableForm>): TableForm {
  let next: TableForm = { ...f, ...patch };
  if (patch.variant !== undefined && patch.variant !== f.variant) {
    const d = defaultForm(patch.variant, f.rated);
    next = {
      ...next,
      marsDefinition: d.marsDefinition,
      homeMars: d.homeMars,
      koks: d.koks,
      openingThrow: d.openingThrow,
      nextGameStarter: d.nextGameStarter,
      rules: d.rules,
      cube: d.cube,
    };
  }
  if (!clockChoices(next.matchLength).includes(next.clock)) next = { ...next, clock: 'none' };
  return withCeiling(f, next);
}

/** The match settings the form asks for: only what applies, the engine fills in the rest (protocol §4). */
export function toMatchInput(f: TableForm): MatchSettingsInput {
  const a = applicable(f);
  const cube: Partial<CubeSettings> = !f.cube.enabled
    ? { enabled: false }
    : {
        enabled: true,
        maxValue: f.cube.maxValue,
        ...(a.moneyCube ? { beaver: f.cube.beaver, automaticDoubles: f.cube.automaticDoubles, jacoby: f.cube.jacoby } : {}),
      };
  return {
    variant: f.variant,
    matchLength: f.matchLength,
    ceiling: f.ceiling,
    ...(a.longOptions
      ? {
          marsDefinition: f.marsDefinition,
          homeMars: f.homeMars,
          koks: f.koks,
          openingThrow: f.openingThrow,
          nextGameStarter: f.nextGameStarter,
          rules: f.rules,
        }
      : {}),
    lastRollDraw: f.lastRollDraw,
    ...(a.drawScoring ? { drawScoring: f.drawScoring } : {}),
    cube,
    ...(a.crawford ? { crawford: f.crawford } : {}),
    timeControl: CLOCK_PRESETS[f.clock],
    ...(a.flagLoses ? { flagLoses: f.flagLoses } : {}),
    ...(a.session ? { session: f.session } : {}),
  };
}

export const toSettingsInput = (f: TableForm): TableSettingsInput => ({
  match: toMatchInput(f) as TableSettingsInput['match'],
  rated: f.rated,
  stake: f.stake,
});

/** Bot games are casual and without stakes (the server plays them so). */
export const toBotSettings = (f: TableForm): TableSettingsInput => ({ ...toSettingsInput(f), rated: false, stake: 0 });

/** A quick-pairing pool: variant, length, clock and rated of the form (protocol §4 Quick pairing). */
export const toPool = (f: TableForm): QuickPairPool => ({
  variant: f.variant,
  matchLength: f.matchLength,
  timeControl: { ...CLOCK_PRESETS[f.clock] },
  rated: f.rated,
});

/** The engine's objection to the form, if any (the server would answer BAD_OPTIONS with the same reason). */
export function problem(f: TableForm): string | null {
  const r = matchSettings(toMatchInput(f));
  return r.ok ? null : r.error.message;
}

const samePreset = (tc: TimeControl): ClockPreset => CLOCK_PRESET_IDS.find((p) => JSON.stringify(CLOCK_PRESETS[p]) === JSON.stringify(tc)) ?? 'none';

/**
 * A form from saved settings (the profile's preferred settings): the engine completes them; a clock that is not
 * one of the presets becomes none. Unreadable settings give the default form.
 */
export function formFromSettings(saved: TableSettingsInput | null, fallbackRated: boolean): TableForm {
  const m = saved ? matchSettings(saved.match) : null;
  if (!saved || !m?.ok) return defaultForm('long', fallbackRated);
  const s = m.value;
  return withCeiling(null, {
    variant: s.variant,
    matchLength: s.matchLength,
    ceiling: s.ceiling,
    marsDefinition: s.marsDefinition,
    homeMars: s.homeMars,
    koks: s.koks,
    openingThrow: s.openingThrow,
    nextGameStarter: s.nextGameStarter,
    rules: s.rules,
    lastRollDraw: s.lastRollDraw,
    drawScoring: s.drawScoring,
    cube: s.cube,
    crawford: s.crawford,
    flagLoses: s.flagLoses,
    session: s.session,
    clock: samePreset(s.timeControl),
    rated: saved.rated,
    stake: saved.stake,
  });
}
