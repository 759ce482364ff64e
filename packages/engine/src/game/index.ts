export * from './seats.js';
export * from './settings.js';
export * from './cube.js';
export * from './actions.js';
export * from './game.js';
export * from './match.js';
export * from './legal.js';
export * from './clock.js';
