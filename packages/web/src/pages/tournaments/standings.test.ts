import { SERVER_EXAMPLES, type TournamentStanding } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { scoreText, standingRows, tieBreakColumns } from './standings';

const { entrants } = SERVER_EXAMPLES['tournament.snapshot'].detail;

describe('standingRows', () => {
  it('joins each standing with the entrant (name, rating) and keeps the prize', () => {
    const rows = standingRows('knockout', SERVER_EXAMPLES['tournament.standings'].standings, entrants);
    expect(rows.map((r) => [r.rank, r.user.name, r.rating, r.prize, r.streak])).toEqual([
      [1, 'Alice', 1540, 100, null],
      [2, 'Борис', 1495, 60, null],
    ]);
  });

  it('gives the tie-breaks as columns in the server order, and the arena streak', () => {
    const swiss: TournamentStanding[] = [
      { rank: 1, userId: 'u_boris', points: 2.5, played: 3, won: 2, tieBreaks: { buchholzCut1: 3.5, sonnebornBerger: 4.25, rating: 1495 } },
      { rank: 2, userId: 'u_alice', points: 1, played: 3, won: 1, tieBreaks: { buchholzCut1: 4, sonnebornBerger: 1, rating: 1540 }, note: 'withdrawn' },
    ];
    expect(tieBreakColumns(swiss)).toEqual(['buchholzCut1', 'sonnebornBerger', 'rating']);
    const rows = standingRows('swiss', swiss, entrants);
    expect(rows.map((r) => [r.user.userId, r.tieBreaks, r.withdrawn])).toEqual([
      ['u_boris', [3.5, 4.25, 1495], false],
      ['u_alice', [4, 1, 1540], true],
    ]);
    const arena = standingRows('arena', [{ rank: 1, userId: 'u_alice', points: 6, played: 3, won: 3, tieBreaks: { performance: 1600 }, note: '3' }], entrants);
    expect(arena[0]?.streak).toBe(3);
  });

  it('names a player missing from the entrants by his id', () => {
    const rows = standingRows('roundRobin', [{ rank: 1, userId: 'u_x', points: 0, played: 0, won: 0, tieBreaks: {} }], entrants);
    expect(rows[0]?.user).toEqual({ userId: 'u_x', name: 'u_x', guest: false });
    expect(rows[0]?.rating).toBeNull();
  });

  it('writes halves and quarters without trailing zeros', () => {
    expect([3, 2.5, 4.25, 1 / 3].map(scoreText)).toEqual(['3', '2.5', '4.25', '0.33']);
  });
});
