/**
 * @nardy/protocol: the wire messages between Nardy's server, web app and bots — every message both ways as a
 * zod schema, one parser per direction, the version and the error codes. Documented in docs/protocol.md.
 */
export * from './common.js';
export * from './settings.js';
export * from './game-view.js';
export * from './events.js';
export * from './lobby.js';
export * from './chat.js';
export * from './client-to-server.js';
export * from './server-to-client.js';
export * from './parse.js';
export * from './examples.js';
export * from './legal.js';
export * from './dice.js';
export * from './stakes.js';
export * from './analysis.js';
export * from './tournaments.js';
export type * from './accounts.js';
export type * from './records.js';
export type * from './chips.js';
