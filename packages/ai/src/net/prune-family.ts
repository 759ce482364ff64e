import type { NetFamily } from './net-evaluator.js';
import { LONG_RAW_ENCODING, LONG_RAW_INPUTS, encodeLongRaw } from './long-inputs.js';
import { SHORT_RAW_ENCODING, SHORT_RAW_INPUTS, encodeShortRaw } from './short-inputs.js';

/**
 * gnubg's pruning net: a tiny net on the board alone (no features), taught to imitate the short-nardy nets
 * (`train/train-prune-main.ts`). Inside deeper searches it ranks every candidate cheaply so that only the
 * few best get the full evaluation (`search/ply.ts`).
 */
export const SHORT_PRUNE_FAMILY: NetFamily<'prune'> = {
  variant: 'short',
  encoding: SHORT_RAW_ENCODING,
  inputs: SHORT_RAW_INPUTS,
  classes: ['prune'],
  hidden: { prune: 12 },
  encode: encodeShortRaw,
  classOf: () => 'prune',
  file: () => 'short-prune.nnet',
};

/** The same for long nardy (the board part of `long-v1`). */
export const LONG_PRUNE_FAMILY: NetFamily<'prune'> = {
  variant: 'long',
  encoding: LONG_RAW_ENCODING,
  inputs: LONG_RAW_INPUTS,
  classes: ['prune'],
  hidden: { prune: 12 },
  encode: encodeLongRaw,
  classOf: () => 'prune',
  file: () => 'long-prune.nnet',
};

/** The pruning family that imitates a variant family's nets. */
export const pruneFamilyOf = (variant: 'short' | 'long'): NetFamily<'prune'> => (variant === 'long' ? LONG_PRUNE_FAMILY : SHORT_PRUNE_FAMILY);
