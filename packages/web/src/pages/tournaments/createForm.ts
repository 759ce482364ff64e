/**
 * The "Create tournament" form's state and the terms it asks the server for (`tournament.create`). The form checks
 * only what it can say better than the server (a name, a start time in the future); everything else — limits,
 * options that do not go together — the server answers, and the page shows its error.
 */
import type { VariantId } from '@nardy/engine';
import type { TournamentFormat, TournamentTermsInput } from '@nardy/protocol';
import { CLOCK_PRESETS, type ClockPreset } from '../lobby/clockPresets';

export interface CreateForm {
  readonly name: string;
  readonly format: TournamentFormat;
  readonly variant: VariantId;
  readonly matchLength: number;
  readonly clock: ClockPreset;
  readonly rated: boolean;
  readonly buyIn: number;
  readonly maxPlayers: number;
  /** `full`: a sit-and-go; `at`: at `startAt` (a `datetime-local` value, the player's own time). */
  readonly start: 'full' | 'at';
  readonly startAt: string;
  /** Swiss. */
  readonly rounds: number;
  /** Knockout. */
  readonly consolation: boolean;
  readonly thirdPlace: boolean;
  /** Arena. */
  readonly minutes: number;
  /** Casual sit-and-go: bots fill the empty seats after a while. */
  readonly bots: boolean;
}

export const DEFAULT_FORM: CreateForm = {
  name: '',
  format: 'knockout',
  variant: 'long',
  matchLength: 3,
  clock: 'tournament',
  rated: true,
  buyIn: 0,
  maxPlayers: 8,
  start: 'full',
  startAt: '',
  rounds: 5,
  consolation: false,
  thirdPlace: true,
  minutes: 60,
  bots: false,
};

/** The fewest players each format runs with (the server's formats say the same; it refuses fewer). */
const FEWEST: Record<TournamentFormat, number> = { knockout: 2, swiss: 2, roundRobin: 3, arena: 2 };

/** When it starts: an arena runs for a set time from a set start, so it is never a sit-and-go. */
export const startOf = (f: CreateForm): CreateForm['start'] => (f.format === 'arena' ? 'at' : f.start);

/** Whether the form offers bots: only a casual sit-and-go may have them. */
export const botsAllowed = (f: CreateForm): boolean => !f.rated && startOf(f) === 'full';

/** The format's own options, only those of the chosen format. */
function optionsOf(f: CreateForm): TournamentTermsInput['options'] {
  switch (f.format) {
    case 'knockout':
      return { consolation: f.consolation, thirdPlace: f.thirdPlace };
    case 'swiss':
      return { rounds: f.rounds };
    case 'arena':
      return { minutes: f.minutes };
    case 'roundRobin':
      return {};
  }
}

export type FormCheck =
  { readonly ok: true; readonly terms: TournamentTermsInput } | { readonly ok: false; readonly field: 'name' | 'startAt'; readonly key: string };

/** The terms the form asks for, or the field to fix; `now` in ms. */
export function termsOf(f: CreateForm, now: number): FormCheck {
  const name = f.name.trim();
  if (name === '') return { ok: false, field: 'name', key: 'create.nameNeeded' };
  let start: TournamentTermsInput['start'] = { kind: 'full' };
  if (startOf(f) === 'at') {
    const at = new Date(f.startAt).getTime();
    if (!Number.isFinite(at)) return { ok: false, field: 'startAt', key: 'create.startAtNeeded' };
    if (at <= now) return { ok: false, field: 'startAt', key: 'create.startAtPast' };
    start = { kind: 'at', at };
  }
  return {
    ok: true,
    terms: {
      name,
      format: f.format,
      match: { variant: f.variant, matchLength: f.matchLength, timeControl: CLOCK_PRESETS[f.clock] },
      rated: f.rated,
      buyIn: f.buyIn,
      // A sit-and-go starts when full; one at a set time starts with as few as the format allows.
      minPlayers: start.kind === 'full' ? f.maxPlayers : Math.min(FEWEST[f.format], f.maxPlayers),
      maxPlayers: f.maxPlayers,
      start,
      bots: botsAllowed(f) && f.bots,
      options: optionsOf(f),
    },
  };
}
