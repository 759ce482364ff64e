import { loadNet } from './load.js';
import { LONG_FAMILY } from './long-family.js';
import { NetEvaluator, type NetFamily, type NetSet } from './net-evaluator.js';
import { pruneFamilyOf } from './prune-family.js';
import { SHORT_FAMILY } from './short-evaluator.js';

/** A family's committed nets (`weights/<file>`), read from disk. Throws on a missing or corrupt file. */
export function loadFamily<C extends string>(family: NetFamily<C>): NetSet<C> {
  return Object.fromEntries(family.classes.map((c) => [c, loadNet(family.file(c), family.encoding).net])) as NetSet<C>;
}

const evaluators = new Map<string, NetEvaluator>();

/** One evaluator over a family's committed nets per thread, loaded on first use. */
export function familyEvaluator<C extends string>(family: NetFamily<C>): NetEvaluator<C> {
  let e = evaluators.get(family.encoding);
  if (!e) {
    e = new NetEvaluator(family, loadFamily(family)) as NetEvaluator;
    evaluators.set(family.encoding, e);
  }
  return e as unknown as NetEvaluator<C>;
}

export const shortEvaluator = (): NetEvaluator => familyEvaluator(SHORT_FAMILY);
/** The pruning net of a variant family (`prune-family.ts`). */
export const pruneNetEvaluator = (variant: 'short' | 'long'): NetEvaluator => familyEvaluator(pruneFamilyOf(variant));
export const longEvaluator = (): NetEvaluator => familyEvaluator(LONG_FAMILY);
