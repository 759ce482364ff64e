/**
 * The first screen's one-click games (variant × length × clock), declared once: each is a quick-pairing pool
 * (protocol §4), so two players who click the same tile sit down together. The clocks are the form's own
 * (`CLOCK_PRESETS`): the rule texts' tournament control for matches; a money game has no match reserve, so Fischer.
 */
import { LIMITS, type QuickPairPool } from '@nardy/protocol';
import { CLOCK_PRESETS } from './clockPresets';

export const PRESETS = [
  { id: 'long1', variant: 'long', matchLength: 1, clock: 'tournament' },
  { id: 'long3', variant: 'long', matchLength: 3, clock: 'tournament' },
  { id: 'long5', variant: 'long', matchLength: 5, clock: 'tournament' },
  { id: 'short1', variant: 'short', matchLength: 1, clock: 'tournament' },
  { id: 'short3', variant: 'short', matchLength: 3, clock: 'tournament' },
  { id: 'short5', variant: 'short', matchLength: 5, clock: 'tournament' },
  { id: 'short7', variant: 'short', matchLength: 7, clock: 'tournament' },
  { id: 'money', variant: 'long', matchLength: 0, clock: 'fischer' },
] as const satisfies readonly { id: string; variant: QuickPairPool['variant']; matchLength: number; clock: keyof typeof CLOCK_PRESETS }[];

export type Preset = (typeof PRESETS)[number];

/** The bot levels the protocol offers, 1 to `LIMITS.botLevels`. */
export const BOT_LEVELS = Array.from({ length: LIMITS.botLevels }, (_, i) => i + 1);

/** A row of the grid: the matches of a variant, or the money games. */
export type PresetGroup = Preset['variant'] | 'money';
const groupOf = (p: Preset): PresetGroup => (p.matchLength === 0 ? 'money' : p.variant);

/** The presets in rows, in their declared order. */
export function presetRows(): { group: PresetGroup; presets: Preset[] }[] {
  const rows: { group: PresetGroup; presets: Preset[] }[] = [];
  for (const p of PRESETS) {
    const row = rows.find((r) => r.group === groupOf(p));
    if (row) row.presets.push(p);
    else rows.push({ group: groupOf(p), presets: [p] });
  }
  return rows;
}

/** The pool a tile joins; rated for an account, casual for a guest (the server refuses a guest's rated game). */
export const presetPool = (p: Preset, rated: boolean): QuickPairPool => ({
  variant: p.variant,
  matchLength: p.matchLength,
  timeControl: { ...CLOCK_PRESETS[p.clock] },
  rated,
});
