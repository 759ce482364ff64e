export type ScoringId = 'long' | 'short';
