/**
 * A knockout's bracket laid out for drawing (docs/tournaments.md, "Knockout"): the main bracket's rounds as
 * columns of matches in slot order, the consolation bracket's likewise, and the match for third place. The server
 * makes a match only once a feeder is decided, so matches not made yet are empty cells in their place.
 */
import type { TournamentPairing } from '@nardy/protocol';

interface BracketCell {
  readonly slot: number;
  /** Null: not made yet (its players are still playing the matches that feed it). */
  readonly pairing: TournamentPairing | null;
}

export interface BracketRound {
  readonly round: number;
  readonly cells: readonly BracketCell[];
}

export interface BracketLayout {
  readonly main: readonly BracketRound[];
  readonly consolation: readonly BracketRound[];
  readonly third: TournamentPairing | null;
}

/** The bracket's size: the field rounded up to a power of two (at least 2). */
export const bracketSize = (players: number): number => {
  let size = 2;
  while (size < players) size *= 2;
  return size;
};

function rounds(pairings: readonly TournamentPairing[], bracket: 'main' | 'consolation', count: number, firstMatches: number): BracketRound[] {
  const at = new Map<string, TournamentPairing>();
  for (const p of pairings) if ((p.bracket ?? 'main') === bracket) at.set(`${p.round}:${p.slot ?? 0}`, p);
  return Array.from({ length: count }, (_, i) => {
    const round = i + 1;
    const matches = Math.max(1, firstMatches >> i);
    return { round, cells: Array.from({ length: matches }, (_, slot) => ({ slot, pairing: at.get(`${round}:${slot}`) ?? null })) };
  });
}

/**
 * `players`: the field (entrants who played), for the size before any pairing exists; `consolation`: whether the
 * terms have a consolation bracket (its first matches wait for the main bracket's first results).
 */
export function bracketLayout(pairings: readonly TournamentPairing[], players: number, consolation: boolean): BracketLayout {
  const firstRound = pairings.filter((p) => (p.bracket ?? 'main') === 'main' && p.round === 1).length;
  const size = firstRound > 0 ? firstRound * 2 : bracketSize(players);
  const mainRounds = Math.log2(size);
  return {
    main: rounds(pairings, 'main', mainRounds, size / 2),
    consolation: consolation && mainRounds >= 2 ? rounds(pairings, 'consolation', mainRounds - 1, size / 4) : [],
    third: pairings.find((p) => p.bracket === 'third') ?? null,
  };
}
