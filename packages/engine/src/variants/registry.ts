import { err, ok, type Result } from '../result.js';
import { VARIANT_IDS, type VariantId } from '../types.js';
import { OPPOSITE_GEOMETRY, SAME_GEOMETRY } from './geometry.js';
import type { Variant } from './variant.js';

/** Long nardy (docs/rules.md §2): same direction, blocking contact, head and six-block rules. */
export const LONG: Variant = {
  id: 'long',
  name: { en: 'Long nardy', ru: 'Длинные нарды' },
  geometry: SAME_GEOMETRY,
  contact: 'block',
  constraints: ['head', 'sixBlock'],
  opening: 'fresh',
  scoring: 'long',
  start: [[24, 15]],
  cubeByDefault: false,
};

/** Short nardy = backgammon (docs/rules.md §3). */
export const SHORT: Variant = {
  id: 'short',
  name: { en: 'Short nardy (backgammon)', ru: 'Короткие нарды' },
  geometry: OPPOSITE_GEOMETRY,
  contact: 'hit',
  constraints: [],
  opening: 'openingDice',
  scoring: 'short',
  start: [
    [24, 2],
    [13, 5],
    [8, 3],
    [6, 5],
  ],
  cubeByDefault: true,
};

/** Caucasian short nardy (docs/rules.md §4): short nardy plus the hit-and-hide ban C1. */
export const CAUCASIAN: Variant = {
  ...SHORT,
  id: 'caucasian',
  name: { en: 'Caucasian nardy', ru: 'Кавказские нарды' },
  constraints: ['hitAndHide'],
};

/** The one place the variants are listed; CLI, tests and lobby iterate over it. */
export const VARIANTS: readonly Variant[] = [LONG, SHORT, CAUCASIAN];

const BY_ID: Readonly<Record<VariantId, Variant>> = { long: LONG, short: SHORT, caucasian: CAUCASIAN };

export const getVariant = (id: VariantId): Variant => BY_ID[id];

export function variantById(id: unknown): Result<Variant> {
  return typeof id === 'string' && (VARIANT_IDS as readonly string[]).includes(id)
    ? ok(BY_ID[id as VariantId])
    : err('BAD_VARIANT', `unknown variant ${JSON.stringify(id)}; expected one of ${VARIANT_IDS.join(', ')}`);
}
