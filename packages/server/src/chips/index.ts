/** The chips ledger (RULES G9): stakes, holds and settlement; the books are kept by the Store. */
export { ChipsLedger } from './ledger.js';
export { chipsRoutes } from './routes.js';
