/** Cube and match play: Janowski's cubeful equities, the match equity table, cube decisions. */
export * from './outcomes.js';
export * from './piecewise.js';
export * from './money.js';
export * from './met.js';
export { KAZAROSS_XG2 } from './met-kazaross-xg2.js';
export { matchTableFor } from './met-for-variant.js';
export * from './match.js';
export * from './efficiency.js';
export * from './decide.js';
