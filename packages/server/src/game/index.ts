/** The live-game core: one serial actor per game, verifiable dice, clocks, presence, bot seats. */
export * from './actor.js';
export * from './bot.js';
export * from './clock.js';
export * from './dice.js';
export * from './events.js';
export * from './log.js';
export * from './presence.js';
export * from './time.js';
