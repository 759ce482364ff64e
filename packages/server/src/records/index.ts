/** Records: finished games per user, game records for replay, dice checks, leaderboards. */
export { recordsRoutes } from './routes.js';
export { matRoutes } from './mat.js';
export { importRoutes } from './imports.js';
