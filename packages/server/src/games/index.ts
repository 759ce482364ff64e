/** Live games on the wire: the registry and command module, bot seats, the store-backed log, protocol views. */
export * from './manager.js';
export * from './bots.js';
export * from './store-log.js';
export * from './views.js';
