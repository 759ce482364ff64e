export { FORMATS } from './formats/index.js';
export { TournamentsModule } from './module.js';
export { tournamentRoutes } from './routes.js';
export { runSchedule } from './schedule.js';
