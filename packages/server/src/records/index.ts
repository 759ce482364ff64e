/** Records: finished games per user, game records for replay, dice checks, leaderboards. */
export { recordsRoutes, type RecordsOptions } from './routes.js';
export { checkGameDice, clientSeedsOf, verifyGameDice, type DiceCheckError } from './dice.js';
export { SummaryCache, summarise, type Summarised } from './summary.js';
