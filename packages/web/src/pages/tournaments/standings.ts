/**
 * The standings table's rows: each standing with the player as the entrants list shows him (name, rating,
 * provisional mark), the tie-break columns the format uses (in the server's order), and the arena's streak.
 */
import type { TournamentFormat, TournamentPlayer, TournamentStanding, UserRef } from '@nardy/protocol';

export interface StandingRow {
  readonly rank: number;
  readonly user: UserRef;
  /** His rating when he registered (null: not among the entrants, e.g. a list from before he was known). */
  readonly rating: number | null;
  readonly points: number;
  readonly played: number;
  readonly won: number;
  /** One value per column of `tieBreakColumns`, in order. */
  readonly tieBreaks: readonly number[];
  /** Arena: wins in a row (two or more: "on fire", the next win counts double). */
  readonly streak: number | null;
  readonly withdrawn: boolean;
  readonly prize: number | null;
}

/** Wins in a row from which an arena player is on fire. */
export const FIRE_STREAK = 2;

/** The tie-break names in the order the first standing gives them (every row of a format has the same). */
export const tieBreakColumns = (standings: readonly TournamentStanding[]): string[] => Object.keys(standings[0]?.tieBreaks ?? {});

export function standingRows(format: TournamentFormat, standings: readonly TournamentStanding[], entrants: readonly TournamentPlayer[]): StandingRow[] {
  const byId = new Map(entrants.map((e) => [e.user.userId, e]));
  const columns = tieBreakColumns(standings);
  return standings.map((s) => {
    const entrant = byId.get(s.userId);
    const streak = format === 'arena' && s.note !== undefined && /^\d+$/.test(s.note) ? Number(s.note) : null;
    return {
      rank: s.rank,
      user: entrant?.user ?? { userId: s.userId, name: s.userId, guest: false },
      rating: entrant?.rating ?? null,
      points: s.points,
      played: s.played,
      won: s.won,
      tieBreaks: columns.map((c) => s.tieBreaks[c] ?? 0),
      streak,
      withdrawn: s.note === 'withdrawn' || entrant?.status === 'withdrew',
      prize: s.prize ?? null,
    };
  });
}

/** A number as the table shows it: whole, or to two decimals (Buchholz and Sonneborn–Berger may be halves). */
export const scoreText = (n: number): string => (Number.isInteger(n) ? String(n) : n.toFixed(2).replace(/0$/, ''));
