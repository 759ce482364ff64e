/** @nardy/ai: the computer opponent (being built). */
export {};
