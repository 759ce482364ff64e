/** @nardy/protocol: the wire messages (being built for the server issue). */
export const PROTOCOL_VERSION = 1;
