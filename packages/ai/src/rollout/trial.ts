import { scoreWin, seededRng, winnerOf, type Color, type Dice, type Position, type Rng, type ScoringSettings, type Turn } from '@nardy/engine';
import type { SearchContext } from '../search/ply.js';
import { mixSeed, SEED_TAG, trialDice } from './dice.js';
import { throwLuck } from './luck.js';
import { addScaled, inPerspective, type Vec5 } from './vector.js';

/** Picks the turn a player makes in a rollout; `rng` is the trial's own (seeded) noise source. */
export type Chooser = (position: Position, dice: Dice, rng: Rng) => Turn;

/** What one trial needs besides the chooser and the evaluations (all plain data). */
export interface TrialSpec {
  /** The position the trial starts from; its side on roll throws first. */
  readonly start: Position;
  /** Whose probabilities the trial reports. */
  readonly perspective: Color;
  readonly seed: number;
  readonly scoring: ScoringSettings;
  /** Variance reduction by luck adjustment (see `runTrial`). */
  readonly luck: boolean;
  /** Stop after this many half-moves and take the evaluator's estimate; undefined = play to the end. */
  readonly truncate: number | undefined;
}

/**
 * One trial: the game played on from `spec.start` with the quasi-random throws of `trialDice` until a side
 * has borne off all 15 (L23; the L27 last-throw draw is not played) or the truncation point. The outcome is
 * the five probabilities from `perspective`'s view: 0 or 1 from the engine's `scoreWin` (rawPoints ≥ 2 a mars,
 * ≥ 3 a koks, before the ceiling G4) at the end, or the static evaluation at the truncation point.
 *
 * **Luck adjustment** (`spec.luck`, gnubg's variance reduction): at each throw, the throw's luck
 * (`throwLuck`: the value after the best turn for the throw that came minus the mean over all 36 throws) is
 * subtracted from the outcome, from `perspective`'s view. Each luck term has mean zero over the dice, so the
 * adjusted outcome keeps its expectation, while most of the dice's noise cancels: the spread of the trials,
 * and with it the standard error, shrinks. The better the evaluator, the more it cancels.
 */
export function runTrial(spec: TrialSpec, trial: number, chooser: Chooser, ctx: SearchContext): Vec5 {
  const dice = trialDice(spec.seed, trial);
  const rng = seededRng(mixSeed(SEED_TAG.noise, spec.seed, trial));
  const outcome: Vec5 = [0, 0, 0, 0, 0];
  let position = spec.start;
  for (let h = 0; ; h++) {
    const winner = winnerOf(position);
    if (winner) {
      const raw = scoreWin(position, winner, spec.scoring).rawPoints;
      const won = { win: 1, winMars: raw >= 2 ? 1 : 0, winKoks: raw >= 3 ? 1 : 0, loseMars: 0, loseKoks: 0 };
      addScaled(outcome, inPerspective(won, winner, spec.perspective));
      return outcome;
    }
    if (spec.truncate !== undefined && h >= spec.truncate) {
      addScaled(outcome, inPerspective(ctx.evaluate(position), position.turn, spec.perspective));
      return outcome;
    }
    const thrown = dice(h);
    if (spec.luck) {
      const { actual, mean } = throwLuck(position, thrown, ctx);
      addScaled(outcome, inPerspective(actual, position.turn, spec.perspective), -1);
      addScaled(outcome, inPerspective(mean, position.turn, spec.perspective));
    }
    position = chooser(position, thrown, rng).after;
  }
}
