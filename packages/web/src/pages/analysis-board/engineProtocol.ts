/**
 * What the analysis board and its Web Worker (engine.worker.ts) say to each other. Plain data only: the position
 * crosses as its setup and is validated again on the other side.
 */
import type { Color, Dice, Setup } from '@nardy/engine';

/** A position with what its cube decisions and cubeful equities depend on. */
export interface Job {
  readonly setup: Setup;
  readonly cube: { readonly value: number; readonly owner: Color | null };
  /** Points each side still needs; undefined for money. */
  readonly away?: { readonly onRoll: number; readonly opponent: number };
  readonly crawford: boolean;
}

export type EngineRequest =
  | { readonly id: number; readonly kind: 'hint'; readonly job: Job; readonly dice: Dice; readonly ply: number }
  | { readonly id: number; readonly kind: 'eval'; readonly job: Job; readonly ply: number }
  | { readonly id: number; readonly kind: 'rollout'; readonly job: Job; readonly settings: RolloutSettings }
  | { readonly id: number; readonly kind: 'stop' };

/** A rollout as the player sets it up. */
export interface RolloutSettings {
  readonly trials: number;
  /** Each trial stops after this many half-moves and takes the evaluator's estimate; null: played to the end. */
  readonly truncate: number | null;
  /** The seed of the dice (the same seed, the same rollout). */
  readonly seed: number;
  /** Luck adjustment (variance reduction). */
  readonly luck: boolean;
}

export interface FiveNumbers {
  readonly win: number;
  readonly winMars: number;
  readonly winKoks: number;
  readonly loseMars: number;
  readonly loseKoks: number;
}

export interface HintTurn {
  /** The turn in the engine's notation (`Ø` for no move). */
  readonly move: string;
  readonly equity: number;
  readonly probabilities: FiveNumbers;
  readonly plies: number;
}

/** The cube decision on a set of probabilities of the side on roll. */
export interface CubeVerdict {
  readonly action: 'double' | 'noDouble' | 'tooGood';
  readonly response: 'take' | 'pass' | 'beaver';
  /** Cubeful equities per unit of the current cube (normalised in match play). */
  readonly noDouble: number;
  readonly take: number;
  readonly pass: number;
  /** The cubeful equity of the position: that of the right action. */
  readonly cubeful: number;
}

export interface EvalResult extends CubeVerdict {
  readonly probabilities: FiveNumbers;
  /** Cubeless equity of the side on roll. */
  readonly equity: number;
}

export interface RolloutFigures {
  readonly trials: number;
  readonly probabilities: FiveNumbers;
  /** Standard errors of the five probabilities. */
  readonly errors: FiveNumbers;
  /** Cubeless equity. */
  readonly equity: number;
  /** Standard error of the cubeless equity. */
  readonly error: number;
  /** The cube applied to the rolled-out probabilities (the trials themselves are played cubeless). */
  readonly cube: CubeVerdict;
}

export type EngineReply =
  | { readonly id: number; readonly kind: 'hint'; readonly turns: readonly HintTurn[] }
  | { readonly id: number; readonly kind: 'eval'; readonly result: EvalResult }
  | { readonly id: number; readonly kind: 'progress'; readonly done: number; readonly total: number; readonly estimate: RolloutFigures }
  | { readonly id: number; readonly kind: 'rollout'; readonly result: RolloutFigures; readonly stopped: boolean }
  /** `loading`: the engine's files could not be fetched (the message is the browser's, for the console). */
  | { readonly id: number; readonly kind: 'error'; readonly message: string; readonly loading?: boolean };

/** Where the server serves `@nardy/ai`'s data files (nets, bear-off tables, the WebAssembly kernel), by package path. */
export const AI_FILES_PATH = '/api/ai/files/';
