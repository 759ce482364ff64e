/**
 * The clocks the lobby offers, apart from the table form (`tableForm.ts`) that also uses them: the first screen's
 * one-click games (`presets.ts`) name them too, and the form's code is not part of the lobby's first load.
 */
import { TOURNAMENT_CLOCK, US_CLOCK, type TimeControl } from '@nardy/engine';

/**
 * The clocks offered (G8): the rule texts' tournament control (3 min per point + 15 s delay), the US
 * federation's (2 min per point + 12 s), Fischer, Bronstein, a casual per-move limit, or none.
 */
export const CLOCK_PRESETS = {
  none: { kind: 'none' },
  tournament: TOURNAMENT_CLOCK,
  us: US_CLOCK,
  fischer: { kind: 'fischer', initialMs: 300_000, incrementMs: 5_000 },
  bronstein: { kind: 'bronstein', initialMs: 300_000, delayMs: 10_000 },
  perMove: { kind: 'perMove', limitMs: 60_000 },
} as const satisfies Record<string, TimeControl>;
export type ClockPreset = keyof typeof CLOCK_PRESETS;
export const CLOCK_PRESET_IDS = Object.keys(CLOCK_PRESETS) as ClockPreset[];
