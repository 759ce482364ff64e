/** @nardy/server: the game server (being built). */
export * from './store/index.js';
