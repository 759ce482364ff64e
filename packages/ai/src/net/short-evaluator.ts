import type { Checkers } from '@nardy/engine';
import { rearmost, type NetFamily, type NetSet } from './net-evaluator.js';
import { SHORT_ENCODING, SHORT_INPUTS, encodeShort } from './short-inputs.js';

/** gnubg's position classes that have a net of their own here (bear-off has exact tables instead). */
export type ShortClass = 'contact' | 'race';
export type ShortNets = NetSet<ShortClass>;

/** Contact while the rearmost checkers have not passed each other (a's point p faces b's point 25 − p). */
export function shortClassOf(me: Checkers, them: Checkers): ShortClass {
  return rearmost(me) + rearmost(them) > 25 ? 'contact' : 'race';
}

/** Short nardy's nets (also Caucasian's, issue 6 item 7: same board, same scoring). */
export const SHORT_FAMILY: NetFamily<ShortClass> = {
  variant: 'short',
  encoding: SHORT_ENCODING,
  inputs: SHORT_INPUTS,
  classes: ['contact', 'race'],
  hidden: { contact: 96, race: 48 },
  encode: encodeShort,
  classOf: shortClassOf,
  file: (cls) => `short-${cls}.nnet`,
};
