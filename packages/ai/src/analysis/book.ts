import { DEFAULT_RULE_OPTIONS, type Dice, type RuleOptions } from '@nardy/engine';

/**
 * The long-nardy opening book (docs/opening-book-long.md: rollouts of every first turn of each side, default
 * rules). The head rule leaves every first turn forced but 3-3, where White chooses between `24/15 24/21` and
 * `24/18(2)` and Black, after any opening of White, between `12/3 12/9` and `12/6(2)`. These are the book's
 * equities (the mover's cubeless points per game, 1,296 trials for White, 324 for each reply).
 */
const WHITE_33 = { best: '24/15 24/21', other: '24/18(2)', equities: [0.633, 0.446] } as const;

const BLACK_33_BEST = '12/3 12/9';
const BLACK_33_OTHER = '12/6(2)';

/** Black's 3-3 after each opening of White (its notation): the equities of `12/3 12/9` and of `12/6(2)`. */
const BLACK_33: Readonly<Record<string, readonly [number, number]>> = {
  '24/13': [0.164, -0.065],
  '24/14': [-0.034, -0.148],
  '24/15': [0.133, -0.037],
  '24/16': [0.173, 0.006],
  '24/17': [0.139, 0.04],
  '24/18': [0.231, -0.022],
  '24/19': [0.16, -0.059],
  '24/20': [0.207, 0.086],
  '24/21': [0.096, 0.019],
  '24/18(2)': [-0.114, -0.154],
  '24/4': [0.037, -0.086],
  '24/16(2)': [-0.262, -0.423],
  '24/15 24/21': [-0.194, -0.515],
};

/** The book's verdict on a first turn: its best turn and the equity lost by the one played. */
export interface BookVerdict {
  readonly best: string;
  readonly error: number;
}

/**
 * The book's verdict on a long-nardy first turn with a choice (3-3), or null where the book has none (other
 * throws are forced; other rule options than the defaults the book was rolled out under; later turns).
 * `whiteOpening` is White's first turn (for Black's reply).
 */
export function bookVerdict(rules: RuleOptions, turnsPlayed: number, dice: Dice, played: string, whiteOpening: string | undefined): BookVerdict | null {
  if (rules.headExceptionScope !== DEFAULT_RULE_OPTIONS.headExceptionScope || dice[0] !== 3 || dice[1] !== 3) return null;
  if (turnsPlayed === 0) {
    if (played !== WHITE_33.best && played !== WHITE_33.other) return null;
    return { best: WHITE_33.best, error: played === WHITE_33.best ? 0 : WHITE_33.equities[0] - WHITE_33.equities[1] };
  }
  const reply = turnsPlayed === 1 && whiteOpening !== undefined ? BLACK_33[whiteOpening] : undefined;
  if (!reply || (played !== BLACK_33_BEST && played !== BLACK_33_OTHER)) return null;
  return { best: BLACK_33_BEST, error: played === BLACK_33_BEST ? 0 : reply[0] - reply[1] };
}

/** Whether a long-nardy turn is one of each side's first turns, all of which the book covers. */
export const inBook = (variant: string, rules: RuleOptions, turnsPlayed: number): boolean =>
  variant === 'long' && rules.headExceptionScope === DEFAULT_RULE_OPTIONS.headExceptionScope && turnsPlayed <= 1;
