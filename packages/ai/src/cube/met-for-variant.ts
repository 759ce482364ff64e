import type { VariantId } from '@nardy/engine';
import { KAZAROSS_XG2 } from './met-kazaross-xg2.js';
import { LONG_MET } from './met-long-table.js';
import type { MatchEquityTable } from './met.js';

/** The match equity table a variant's matches read by default: long nardy its own, the others Kazaross-XG2. */
export const matchTableFor = (variant: VariantId): MatchEquityTable => (variant === 'long' ? LONG_MET : KAZAROSS_XG2);
