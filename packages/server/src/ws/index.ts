/** The socket layer: connections (hello, one reply per command, routing), the hub, and the transports. */
export * from './connection.js';
export * from './hub.js';
export * from './memory.js';
export * from './fastify.js';
