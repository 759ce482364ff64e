import type { Checkers } from '@nardy/engine';
import { LONG_ENCODING, LONG_INPUTS, encodeLong } from './long-inputs.js';
import { rearmost, type NetFamily } from './net-evaluator.js';

/**
 * Long nardy's classes: `contact` while blocking is still possible — some checker still has an opposing one
 * ahead of it on its route —, `race` once every checker of both sides is in its own second half (own points
 * 1–12), where the routes no longer meet (bear-off positions use the one-sided tables when available).
 */
export type LongClass = 'contact' | 'race';

export function longClassOf(me: Checkers, them: Checkers): LongClass {
  return rearmost(me) > 12 || rearmost(them) > 12 ? 'contact' : 'race';
}

export const LONG_FAMILY: NetFamily<LongClass> = {
  variant: 'long',
  encoding: LONG_ENCODING,
  inputs: LONG_INPUTS,
  classes: ['contact', 'race'],
  hidden: { contact: 96, race: 48 },
  encode: encodeLong,
  classOf: longClassOf,
  file: (cls) => `long-${cls}.nnet`,
};
