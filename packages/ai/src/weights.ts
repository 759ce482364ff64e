/**
 * Every weight of the heuristic evaluator (`evaluate.ts`), in one table. All are in **pips**: a feature's
 * value is added to the pip lead of the side it favours, and the total lead becomes a win chance through
 * the race formula (`race.ts`). Tuned by hand and by the self-play check against a random bot
 * (`evaluate.test.ts`), not by training; the neural nets of later issues replace it.
 */
export const WEIGHTS = {
  // ---- Shared: race and wastage -------------------------------------------------------------------
  /** Being on roll is worth about half a roll in a race (Kleinman's +4). */
  onRoll: 4,
  /** Standard deviation scale of the race: σ = spread · √(total pips − 4) (Kleinman uses 2). */
  spread: 2,
  /** Contact positions are less predictable than races: σ is widened by this factor. */
  contactSpread: 1.25,
  /** Wastage in the bear-off: each checker beyond the second on one home point costs this. */
  stack: 1,
  /** Wastage: each checker on the last point (own 1) wastes about a pip per bear-off, … */
  onAce: 1,
  /** … and on own 2 about half that. */
  onDeuce: 0.5,
  /** Each checker still outside the home board (a crossover still to make). */
  notHome: 0.5,
  /** Mars estimate in contact: σ of the "winner finishes before the loser escapes" race is widened this much,
   *  since hits (short nardy) and blocks (long nardy) can hold the loser back; at the start this gives
   *  about 12 % mars per game (short) — still below gnubg, whose mars are about a quarter of the wins. */
  contactMarsSpread: { short: 2.5, long: 1.5 },
  /** Pips a side still needs, after bringing all checkers home, to bear off its first one (mars estimate). */
  firstOff: 4,

  // ---- Short nardy and Caucasian (hitting) ------------------------------------------------------------
  /** Exposure: a blot hit loses its pips travelled (25 − point) plus this many for the lost tempo. */
  hitTempo: 4,
  /** The side on roll moves before its own blots can be hit, so they count only this fraction. */
  ownBlotsOnRoll: 0.3,
  /** Each point made (2+ checkers) in the own home board: a place to land safely and a block. */
  homePoint: 2,
  /** … worth this much more for each opposing checker on the bar, which must enter against it. */
  homePointPerBarChecker: 2,
  /** Each anchor (point made in the opponent's home board, own 19–24): a safe landing spot behind. */
  anchor: 2,
  /** A checker on the bar: a tempo to enter, … */
  bar: 3,
  /** … plus this times the chance of failing to enter (closed points / 6)² in one roll. */
  barDance: 12,
  /** A run of made points of length n ≥ 2 with opposing checkers behind it is worth prime · n². */
  prime: 0.8,

  // ---- Long nardy (blocking) ----------------------------------------------------------------------------
  /** Each checker still on the head (own 24): only one may leave per turn (L9), so late ones cost tempo. */
  head: 2,
  /** The longest run of occupied points n ≥ 2 in front of opposing checkers is worth block · n². */
  block: 0.7,
  /** Each point held in front of the opponent's rearmost checker (a stop he must jump). */
  pointAhead: 0.5,
} as const;
