import { BAR, CHECKERS, DEFAULT_SCORING, OFF, getVariant, opposite, scoreWin, type Checkers, type Position, type ScoringSettings } from '@nardy/engine';
import { longContactScore } from './long-features.js';
import type { Probabilities } from './probabilities.js';
import { beforeEscapeChance, effectivePips, koksEscapePips, marsEscapePips, raceWinChance } from './race.js';
import { shortContactScore } from './short-features.js';
import { WEIGHTS as W } from './weights.js';

/**
 * The heuristic evaluator: a position → gnubg's five probabilities from the view of the side on roll.
 *
 * - **Finished game** (a side has all 15 off): exact, from the engine's `scoreWin` (1 or 0; mars and koks
 *   by the scoring settings, before the table's ceiling).
 * - **Win chance:** the race formula `raceWinChance` on the lead in effective pips (pip count + wastage +
 *   crossovers), plus — while the sides are still in contact — each side's positional score in pips
 *   (short nardy: `shortContactScore` — blots exposed to shots, home points, anchors, the bar, primes;
 *   long nardy: `longContactScore` — checkers on the head, blocks ahead of the opponent). σ is widened in
 *   contact. Weights: `weights.ts`.
 * - **Mars / koks:** win × the chance the winner finishes before the loser escapes — brings all checkers
 *   home and bears one off (mars), or leaves its first quarter and the bar (koks, short nardy; long nardy
 *   only with the L25 `koks` option), σ widened in contact. Long nardy's `homeMars` is exact at the end only.
 * - Not modelled: the last-throw draw (L27); a side with all 15 off counts as the winner.
 */
export function evaluate(position: Position, scoring: ScoringSettings = DEFAULT_SCORING): Probabilities {
  const me = position.board[position.turn];
  const them = position.board[opposite(position.turn)];
  if ((them[OFF] ?? 0) === CHECKERS) {
    const raw = scoreWin(position, opposite(position.turn), scoring).rawPoints;
    return { win: 0, winMars: 0, winKoks: 0, loseMars: raw >= 2 ? 1 : 0, loseKoks: raw >= 3 ? 1 : 0 };
  }
  if ((me[OFF] ?? 0) === CHECKERS) {
    const raw = scoreWin(position, position.turn, scoring).rawPoints;
    return { win: 1, winMars: raw >= 2 ? 1 : 0, winKoks: raw >= 3 ? 1 : 0, loseMars: 0, loseKoks: 0 };
  }

  const variant = getVariant(position.variant);
  const hitting = variant.contact === 'hit';
  const myPips = effectivePips(me);
  const theirPips = effectivePips(them);
  let lead = theirPips - myPips;
  const contact = hitting ? shortContact(me, them) : longContact(me, them);
  if (contact) {
    lead += hitting ? shortContactScore(me, them, true) - shortContactScore(them, me, false) : longContactScore(me, them) - longContactScore(them, me);
  }
  const win = raceWinChance(lead, myPips + theirPips, contact ? W.contactSpread : 1);

  const koksZone = hitting || scoring.koks;
  const marsWiden = contact ? (hitting ? W.contactMarsSpread.short : W.contactMarsSpread.long) : 1;
  const marsCond = (loser: Checkers, winnerPips: number, winnerOnRoll: boolean): [number, number] => {
    if (scoring.ceiling === 'oin') return [0, 0];
    const mars = beforeEscapeChance(marsEscapePips(loser, scoring.marsDefinition), winnerPips, winnerOnRoll, marsWiden);
    const koks = koksZone ? Math.min(mars, beforeEscapeChance(koksEscapePips(loser), winnerPips, winnerOnRoll, marsWiden)) : 0;
    return [mars, koks];
  };
  const [winMars, winKoks] = marsCond(them, myPips, true);
  const [loseMars, loseKoks] = marsCond(me, theirPips, false);
  return {
    win,
    winMars: win * winMars,
    winKoks: win * winKoks,
    loseMars: (1 - win) * loseMars,
    loseKoks: (1 - win) * loseKoks,
  };
}

/** Short nardy: contact while the rearmost checkers have not passed each other (bar = 25). */
function shortContact(a: Checkers, b: Checkers): boolean {
  return rearmost(a) + rearmost(b) > 25;
}

/**
 * Long nardy: both sides move the same way, so they have passed each other only when every checker of each
 * side is in its own second half (own points 1–12): then no checker has an opposing one ahead of it.
 */
function longContact(a: Checkers, b: Checkers): boolean {
  return rearmost(a) > 12 || rearmost(b) > 12;
}

function rearmost(side: Checkers): number {
  for (let p = BAR; p >= 1; p--) if ((side[p] ?? 0) > 0) return p;
  return 0;
}
