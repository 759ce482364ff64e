/** @nardy/server: the game server (being built). */
export {};
