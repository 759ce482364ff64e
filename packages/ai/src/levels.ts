/**
 * The bot's playing levels, named like gnubg's. Today every level is the 0-ply heuristic (`evaluate.ts`)
 * with Gaussian noise of standard deviation `noise` (in equity units) added to each candidate turn's
 * equity before the best is picked: the lower the level, the larger the noise and the more often it
 * plays a worse turn. `expert` and above are the plain heuristic today; later issues give them deeper
 * search (`plies`) and the trained nets behind the same names.
 */
export const LEVELS = ['beginner', 'casual', 'intermediate', 'advanced', 'expert', 'worldclass', 'grandmaster'] as const;
export type Level = (typeof LEVELS)[number];

export interface LevelSetting {
  /** Standard deviation of the noise added to each candidate's cubeless equity (0 = deterministic). */
  readonly noise: number;
  /** Search depth used today (0-ply: evaluate each resulting position once). */
  readonly plies: number;
  /** What the level does today, for the UI. */
  readonly description: string;
}

export const LEVEL_SETTINGS: { readonly [L in Level]: LevelSetting } = {
  beginner: { noise: 0.3, plies: 0, description: 'heuristic with heavy noise: often picks clearly worse moves' },
  casual: { noise: 0.15, plies: 0, description: 'heuristic with strong noise: regular mistakes' },
  intermediate: { noise: 0.08, plies: 0, description: 'heuristic with moderate noise: occasional mistakes' },
  advanced: { noise: 0.03, plies: 0, description: 'heuristic with slight noise: picks among near-equal moves' },
  expert: { noise: 0, plies: 0, description: 'the plain heuristic, no noise (later: nets at 0-ply)' },
  worldclass: { noise: 0, plies: 0, description: 'currently equal to expert (later: nets at 2-ply)' },
  grandmaster: { noise: 0, plies: 0, description: 'currently equal to expert (later: nets at 3-ply)' },
};

export const DEFAULT_LEVEL: Level = 'expert';

export const isLevel = (x: unknown): x is Level => typeof x === 'string' && (LEVELS as readonly string[]).includes(x);
