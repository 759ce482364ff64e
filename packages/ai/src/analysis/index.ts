/** Analysis of a game or match: every decision judged, luck, error rates, PR and rating (docs/analysis.md). */
export { analyseMatch, joinAnalyses } from './analyse.js';
export * from './marks.js';
export type * from './types.js';
