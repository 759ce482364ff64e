/**
 * gnubg's names for how good a decision was and how lucky a throw was, and its rating of a player's whole
 * performance, with gnubg's default thresholds (all in normalised equity, EMG per unit of the cube).
 */

/** A decision's mark: none, doubtful (?!), bad (?), very bad (??). */
export type SkillMark = 'none' | 'doubtful' | 'bad' | 'veryBad';

/** A throw's mark. */
export type LuckMark = 'veryUnlucky' | 'unlucky' | 'none' | 'lucky' | 'veryLucky';

/** The equity lost above which a decision is doubtful, bad, very bad (gnubg's defaults: 0.04, 0.08, 0.16). */
export interface SkillThresholds {
  readonly doubtful: number;
  readonly bad: number;
  readonly veryBad: number;
}

/** The luck (equity of the throw minus the mean) beyond which a throw is (very) lucky or unlucky (gnubg: 0.3, 0.6). */
export interface LuckThresholds {
  readonly lucky: number;
  readonly veryLucky: number;
}

export const DEFAULT_SKILL_THRESHOLDS: SkillThresholds = { doubtful: 0.04, bad: 0.08, veryBad: 0.16 };
export const DEFAULT_LUCK_THRESHOLDS: LuckThresholds = { lucky: 0.3, veryLucky: 0.6 };

export function skillMark(error: number, t: SkillThresholds = DEFAULT_SKILL_THRESHOLDS): SkillMark {
  if (error > t.veryBad) return 'veryBad';
  if (error > t.bad) return 'bad';
  if (error > t.doubtful) return 'doubtful';
  return 'none';
}

export function luckMark(luck: number, t: LuckThresholds = DEFAULT_LUCK_THRESHOLDS): LuckMark {
  if (luck > t.veryLucky) return 'veryLucky';
  if (luck > t.lucky) return 'lucky';
  if (luck < -t.veryLucky) return 'veryUnlucky';
  if (luck < -t.lucky) return 'unlucky';
  return 'none';
}

/** gnubg's ratings of play, worst first. */
export const RATINGS = ['Awful!', 'Beginner', 'Casual player', 'Intermediate', 'Advanced', 'Expert', 'World class', 'Supernatural'] as const;
export type Rating = (typeof RATINGS)[number];

/**
 * gnubg's bands (analysis.c, since 0.14): the rating is the best one whose bound the error rate — mEMG per
 * unforced decision — is below: Supernatural < 2, World class < 5, Expert < 8, Advanced < 12, Intermediate < 18,
 * Casual player < 26, Beginner < 35, Awful! from 35.
 */
const RATING_BOUNDS_MEMG = [Infinity, 35, 26, 18, 12, 8, 5, 2] as const;

/** The rating of an error rate in mEMG per unforced decision; null without any unforced decision. */
export function ratingOf(errorRateMemg: number | null): Rating | null {
  if (errorRateMemg === null) return null;
  for (let i = RATINGS.length - 1; i >= 0; i--) if (errorRateMemg < RATING_BOUNDS_MEMG[i]!) return RATINGS[i]!;
  return RATINGS[0];
}
