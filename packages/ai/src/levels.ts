import type { MoveFilter } from './search/ply.js';

/**
 * The bot's playing levels, named like gnubg's so backgammon players recognise them. Each is a search depth
 * with gnubg-style move filters and, below `expert`, Gaussian noise of standard deviation `noise` (cubeless
 * equity) added to each candidate's score before the best is picked — the lower the level, the more often
 * it plays a worse turn. The evaluator under every level is the variant's strongest (`evaluator.ts`).
 */
export const LEVELS = ['beginner', 'casual', 'intermediate', 'advanced', 'expert', 'worldclass', 'grandmaster'] as const;
export type Level = (typeof LEVELS)[number];

export interface LevelSetting {
  /** Standard deviation of the noise added to each candidate's cubeless equity (0 = deterministic). */
  readonly noise: number;
  /** Look-ahead: 0 = static evaluation of each resulting position; n = n throws ahead (`search/ply.ts`). */
  readonly plies: number;
  /**
   * Look-ahead of its cube decisions: the position before the roll valued over the throws to come, `cubePlies`
   * deep (`cubeEvaluator`; 0 = its static evaluation), as gnubg values cube decisions at its chosen ply.
   */
  readonly cubePlies: number;
  /** Filter before each deeper ply (`filters[k]` before ply k + 1). */
  readonly filters: readonly MoveFilter[];
  /** What the level does, for the UI and the README. */
  readonly description: string;
}

/**
 * gnubg's "normal" filter: the best 8 within 0.16 at 0-ply go on to the deepest ply (gnubg skips 1-ply; here
 * 1-ply re-scores them with the same cut, so a late answer still has a 1-ply ranking), and at 3-ply the best 2
 * within 0.04. Keeping 3 within 0.06 for 2-ply instead lost 0.45 mp more per decision by gnubg's 2-ply judge
 * and was 2.5 times faster (bench/RESULTS.md, "The 2-ply move filter").
 */
const FILTERS: readonly MoveFilter[] = [
  { keep: 8, within: 0.16 },
  { keep: 8, within: 0.16 },
  { keep: 2, within: 0.04 },
];

export const LEVEL_SETTINGS: { readonly [L in Level]: LevelSetting } = {
  beginner: { cubePlies: 0, noise: 0.06, plies: 0, filters: FILTERS, description: '0-ply with heavy noise (0.06): often picks clearly worse turns' },
  casual: { cubePlies: 0, noise: 0.05, plies: 0, filters: FILTERS, description: '0-ply with strong noise (0.05): regular mistakes' },
  intermediate: { cubePlies: 0, noise: 0.04, plies: 0, filters: FILTERS, description: '0-ply with moderate noise (0.04): occasional mistakes' },
  advanced: { cubePlies: 0, noise: 0.015, plies: 0, filters: FILTERS, description: '0-ply with slight noise (0.015): picks among near-equal turns' },
  expert: { cubePlies: 0, noise: 0, plies: 0, filters: FILTERS, description: '0-ply: every turn judged by the static evaluation of its result' },
  worldclass: {
    cubePlies: 2,
    noise: 0,
    plies: 2,
    filters: FILTERS,
    description: '2-ply: the best candidates looked at two throws ahead, cube decisions too (default)',
  },
  grandmaster: {
    cubePlies: 2,
    noise: 0,
    plies: 3,
    filters: FILTERS,
    description: '3-ply: the best candidates looked at three throws ahead; cube decisions at 2-ply',
  },
};

export const DEFAULT_LEVEL: Level = 'worldclass';

export const isLevel = (x: unknown): x is Level => typeof x === 'string' && (LEVELS as readonly string[]).includes(x);
