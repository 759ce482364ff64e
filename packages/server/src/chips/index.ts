/** The chips ledger (RULES G9): stakes, holds and settlement; the books are kept by the Store. */
export { ChipsLedger, DEFAULT_CHIPS_GRANT } from './ledger.js';
export { holdFor, payoutFor } from './stakes.js';
export { chipsRoutes } from './routes.js';
