/** Accounts: registration, log-in, guests, sessions (cookie), profiles. */
export { Accounts, SESSION_COOKIE, hashToken, profileOf, sessionTokenFromCookieHeader, viewerOf, type AccountsOptions, type SignedIn } from './accounts.js';
export { accountsRoutes } from './routes.js';
export { DEFAULT_SCRYPT, hashPassword, needsRehash, parseHash, verifyPassword, type ScryptParams } from './password.js';
export { TokenBucket, type TakeResult, type TokenBucketOptions } from './rate-limit.js';
export { fromStoreError, jsonErrors, sendError, type HttpError } from './http.js';
