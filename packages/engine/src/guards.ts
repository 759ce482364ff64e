/** A plain JSON object (not null, not an array): what every parser of outside input checks first. */
export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);

/** A whole power of two, 1 included: the cube's values (G3). */
export const isPowerOfTwo = (n: unknown): n is number => Number.isInteger(n) && (n as number) >= 1 && ((n as number) & ((n as number) - 1)) === 0;
