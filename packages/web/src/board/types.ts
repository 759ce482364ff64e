/**
 * The board component's contract (DESIGN.md §5): it draws what it is given and reports the player's steps.
 * No rules inside — the legal steps come from the engine through the app (`BoardInput.next`), and the mapping of each
 * side's route onto the 24 physical points comes from the engine's geometry through the app (`toAbs`).
 * Only types are imported from the engine and the protocol.
 */
import type { Color } from '@nardy/engine';
import type { ReactNode } from 'react';

/** One step of a turn in the mover's own frame: `from` 25 = bar, 1–24 points (24 = start), `to` 0 = off. */
export interface BoardStep {
  readonly from: number;
  readonly to: number;
  readonly die: number;
  readonly hit: boolean;
}

/** What to draw. Boards are in each colour's own frame (26 slots: [0] = off, 1..24, [25] = bar). */
export interface BoardModel {
  readonly variant: 'long' | 'short' | 'caucasian';
  readonly board: { readonly white: readonly number[]; readonly black: readonly number[] };
  /** Absolute (physical) point 1..24 of a colour's own point p, White's numbering (docs/rules.md §1). */
  readonly toAbs: (color: Color, p: number) => number;
  /** The point number printed beside absolute point `abs` for the viewer (notation numbering). */
  readonly label: (abs: number) => number;
  /** The side to move, or null between games. */
  readonly turn: Color | null;
  /** The dice as thrown (two values), or null before the throw. */
  readonly dice: readonly [number, number] | null;
  /** null when the variant plays without a cube. `owner` null = centred; `offered`: the value of a double awaiting its answer. */
  readonly cube: { readonly value: number; readonly owner: Color | null; readonly offered?: number } | null;
  readonly pips: { readonly white: number; readonly black: number };
  /** The turn that led to this position (marked on the board), when the host knows it. */
  readonly lastTurn?: { readonly color: Color; readonly steps: readonly BoardStep[] } | null;
}

/**
 * The viewer's input state, or null when it is not his move. The legal steps come from the engine (the room calls
 * `nextSteps` on the view's position and dice), so steps may be played in any order that leads to a legal turn.
 */
export interface BoardInput {
  readonly color: Color;
  /** The legal next steps after `played` (a legal prefix); empty when `played` is a whole turn (confirm). */
  readonly next: (played: readonly BoardStep[]) => readonly BoardStep[];
  /** Every legal whole turn (`view.legal.turns`); one turn = forced (auto-play); `[[]]` or `[]`: nothing to play (L14). */
  readonly turns: readonly (readonly BoardStep[])[];
}

export interface BoardSettings {
  /** Play a forced turn (exactly one legal turn, or nothing to play) by itself; still needs confirm unless `autoConfirm`. */
  readonly autoPlayForced: boolean;
  /** Send a turn as soon as it is whole (no further step possible), the player's own and a forced one alike, without the confirm button. */
  readonly autoConfirm: boolean;
  readonly reducedMotion: boolean;
}

export interface BoardProps {
  readonly model: BoardModel;
  /** The colour drawn at the bottom (the viewer's; spectators choose). */
  readonly orientation: Color;
  readonly input: BoardInput | null;
  readonly settings: BoardSettings;
  /** A whole legal turn, confirmed by the player (or by itself, `autoConfirm`). */
  readonly onTurn: (steps: readonly BoardStep[]) => void;
  /** The host's line of who must act and what; without it the board says whose move it is. Its own notes on the turn in hand (sent, forced, nothing to play) come first. */
  readonly status?: string;
  /** The host's decisions (roll, double, answer an offer), shown where the turn's buttons go while there is no turn to play. */
  readonly controls?: ReactNode;
  /** Translated labels (the board holds no strings of its own). */
  readonly t: Translate;
}

/**
 * A translation function of the `board` namespace. Two signatures rather than an optional `options`, so that
 * i18next's own `t` (`useTranslation('board').t`) fits under exactOptionalPropertyTypes.
 */
export interface Translate {
  (key: string): string;
  (key: string, options: Record<string, unknown>): string;
}
