/** Accounts: registration, log-in, guests, sessions (cookie), profiles. */
export { Accounts, SESSION_COOKIE, sessionTokenFromCookieHeader } from './accounts.js';
export { accountsRoutes } from './routes.js';
export type { ScryptParams } from './password.js';
