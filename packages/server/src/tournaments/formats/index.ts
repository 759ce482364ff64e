/** The tournament formats: pure pairings and standings behind one contract (see types.ts and docs/tournaments.md). */
import { arena } from './arena.js';
import { knockout } from './knockout.js';
import { roundRobin } from './round-robin.js';
import { swiss } from './swiss.js';
import type { Format, FormatId } from './types.js';

export * from './types.js';

export const FORMATS: Record<FormatId, Format<unknown>> = {
  knockout: knockout as Format<unknown>,
  swiss: swiss as Format<unknown>,
  roundRobin: roundRobin as Format<unknown>,
  arena: arena as Format<unknown>,
};
