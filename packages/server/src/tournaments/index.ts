import { knockout } from './formats/knockout.js';
import { roundRobin } from './formats/round-robin.js';
import { swiss } from './formats/swiss.js';
import type { Format, FormatId } from './formats/types.js';

export { TournamentsModule, type TournamentsOptions } from './module.js';
export { tournamentRoutes } from './routes.js';
export { runSchedule, parseSchedule } from './schedule.js';

/** The formats this server runs (the arena joins when it lands). */
export const TOURNAMENT_FORMATS_HERE: Partial<Record<FormatId, Format<unknown>>> = { knockout, swiss, roundRobin };
