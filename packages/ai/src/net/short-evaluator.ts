import { CHECKERS, OFF, type Checkers } from '@nardy/engine';
import { rearmost, type NetFamily } from './net-evaluator.js';
import { SHORT_ENCODING, SHORT_INPUTS, encodeShort } from './short-inputs.js';

/** gnubg's position classes that have a net of their own here (bear-off has exact tables instead). */
export type ShortClass = 'contact' | 'crashed' | 'race';

/**
 * Checkers a side still has in play: those not borne off, less the spares piled on its 1- and 2-points (they
 * can never move forward again and no longer make points that matter).
 */
export function liveCheckers(side: Checkers): number {
  return CHECKERS - side[OFF]! - Math.max(0, side[1]! - 1) - Math.max(0, side[2]! - 1);
}

/** A side with this many checkers in play or fewer has crashed: its board is going, whatever it still blocks. */
const CRASHED_LIVE = 6;

/** Whether a side has crashed (`CRASHED_LIVE`), borne off or not. */
export const hasCrashed = (side: Checkers): boolean => liveCheckers(side) <= CRASHED_LIVE;

/**
 * A side in the crashed net's domain: crashed, and bearing off. A side crunched before its first checker is off
 * (checkers still back, the rest piled deep) is a gammon fight; the crashed net learnt from bear-offs with
 * checkers sent back and misses those gammons — against our own rollouts of such positions from our games the
 * contact net is about half as far off (bench/RESULTS.md, "The crashed class").
 */
const crashed = (side: Checkers): boolean => side[OFF]! > 0 && hasCrashed(side);

/**
 * Race once the rearmost checkers have passed each other (a's point p faces b's point 25 − p); otherwise
 * crashed when either side has crashed (gnubg's class for the late stages of back games and of bear-offs
 * against an anchor, where a checker sent back changes everything and the contact net misjudges), else contact.
 */
export function shortClassOf(me: Checkers, them: Checkers): ShortClass {
  if (rearmost(me) + rearmost(them) <= 25) return 'race';
  return crashed(me) || crashed(them) ? 'crashed' : 'contact';
}

/** Short nardy's nets (also Caucasian's, issue 6 item 7: same board, same scoring). */
export const SHORT_FAMILY: NetFamily<ShortClass> = {
  variant: 'short',
  encoding: SHORT_ENCODING,
  inputs: SHORT_INPUTS,
  classes: ['contact', 'crashed', 'race'],
  hidden: { contact: 96, crashed: 96, race: 48 },
  encode: encodeShort,
  classOf: shortClassOf,
  file: (cls) => `short-${cls}.nnet`,
};
