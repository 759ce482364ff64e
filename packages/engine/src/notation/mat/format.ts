import type { EngineError } from '../../result.js';
import type { Action } from '../../game/actions.js';
import { defaultMatchSettings, type MatchSettings } from '../../game/settings.js';
import type { BySeat } from '../../game/seats.js';
import type { VariantId } from '../../types.js';

/** A match as a `.mat` file holds it: what `writeMat` takes and `parseMat` gives back. */
export interface MatMatch {
  readonly settings: MatchSettings;
  /** The action log (`replay(settings, actions)` rebuilds the match). */
  readonly actions: readonly Action[];
  /** Player 1 (left column, plays White in short nardy) and player 2. */
  readonly names: BySeat<string>;
  /** When the match was played (header `EventDate` / `EventTime`, UTC). */
  readonly date?: Date;
  /** Header `Site`. */
  readonly site?: string;
  /** Header `Match ID` (ours: the game id). */
  readonly matchId?: string;
}

/** A `.mat` error: what is wrong and on which line (1-based; 0 for the file as a whole). */
export interface MatError extends EngineError {
  readonly line: number;
}

/** The `Variant` header's names (ours; gnubg and XG do not write it, and a file without it is short nardy). */
export const MAT_VARIANTS: Readonly<Record<VariantId, string>> = { short: 'short-nardy', long: 'long-nardy', caucasian: 'caucasian-nardy' };

/** The columns: `%3d) ` then the left entry padded to 27, a space, the right entry (gnubg's layout). */
export const LEFT_WIDTH = 27;
/** Unnumbered lines (a game's result) start at column 6 for player 1 and 34 for player 2, as gnubg writes them. */
export const RESULT_INDENT: BySeat<number> = { p1: 6, p2: 34 };
/** An unnumbered line indented this far or more belongs to player 2. */
export const RIGHT_COLUMN_INDENT = 20;

/** Points as the file writes them: `1 point`, `2 points`, `0.5 points`. */
export const pointsText = (n: number): string => `${n} point${n === 1 ? '' : 's'}`;

/**
 * The settings a header's standard tags give (on the variant's defaults): the length, Crawford, and in money play
 * Jacoby (`jacoby` when the tag is absent) and beavers; the cube limit. Our `Settings` tag carries the rest.
 */
export function headerSettings(variant: VariantId, matchLength: number, tag: (key: string) => string | undefined, jacoby: boolean): MatchSettings {
  const d = defaultMatchSettings(variant);
  const onOff = (k: string, dflt: boolean): boolean => (tag(k) === undefined ? dflt : /^on$/i.test(tag(k)!));
  const money = matchLength === 0;
  return {
    ...d,
    matchLength,
    crawford: onOff('Crawford', true),
    cube: {
      ...d.cube,
      // gnubg and XG allow a higher cube than we do; a file's limit beyond ours is clamped (no game reaches it).
      maxValue: Math.min(Number(tag('CubeLimit') ?? d.cube.maxValue), 4096),
      jacoby: money && onOff('Jacoby', jacoby),
      beaver: money && onOff('Beaver', false),
    },
  };
}
