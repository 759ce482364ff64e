export * from './types.js';
export * from './result.js';
export * from './options.js';
export * from './position.js';
export * from './turns.js';
export { VARIANTS, getVariant, variantById, LONG, SHORT, CAUCASIAN } from './variants/registry.js';
export type { Variant, ConstraintId } from './variants/variant.js';
export type { Geometry } from './variants/geometry.js';
export * from './notation/plain-board.js';
