/**
 * The two players of a match are **seats**, not colours. In long nardy the colours change between games
 * (G6, rule 1.4: the previous game's Black starts the next one and takes White), so everything that lasts
 * longer than one game — the score, the cube's owner, the clock, who acts — is kept by seat, and each game
 * records which seat plays White. In short nardy and Caucasian nardy seat `p1` always plays White.
 */
export const SEATS = ['p1', 'p2'] as const;
export type Seat = (typeof SEATS)[number];
export type BySeat<T> = { readonly [S in Seat]: T };

export const otherSeat = (s: Seat): Seat => (s === 'p1' ? 'p2' : 'p1');

export const isSeat = (s: unknown): s is Seat => s === 'p1' || s === 'p2';

export const bySeat = <T>(p1: T, p2: T): BySeat<T> => Object.freeze({ p1, p2 });
