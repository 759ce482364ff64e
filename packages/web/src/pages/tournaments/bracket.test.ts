import type { TournamentPairing } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { bracketLayout, bracketSize } from './bracket';

const pairing = (bracket: 'main' | 'consolation' | 'third', round: number, slot: number, a: string, b: string | null): TournamentPairing => ({
  pairingId: `${bracket}-r${round}-${slot}`,
  round,
  a,
  b,
  bracket,
  slot,
  gameId: b === null ? null : `g-${a}-${b}`,
  result: b === null ? { winner: 'a', scoreA: 0, scoreB: 0, forfeit: false } : null,
});

describe('bracketLayout', () => {
  it('sizes the bracket by the field before any pairing', () => {
    expect([2, 3, 5, 8, 9].map(bracketSize)).toEqual([2, 4, 8, 8, 16]);
    const empty = bracketLayout([], 5, false);
    expect(empty.main.map((r) => r.cells.length)).toEqual([4, 2, 1]);
    expect(empty.main.flatMap((r) => r.cells).every((c) => c.pairing === null)).toBe(true);
  });

  it('puts each pairing in its round and slot, byes included, and leaves the matches not made yet empty', () => {
    // Six players in a bracket of eight: the two top seeds have byes.
    const first = [pairing('main', 1, 0, 'p1', null), pairing('main', 1, 1, 'p4', 'p5'), pairing('main', 1, 2, 'p2', null), pairing('main', 1, 3, 'p3', 'p6')];
    const layout = bracketLayout([...first, pairing('main', 2, 1, 'p2', 'p3')], 6, true);
    expect(layout.main.map((r) => r.round)).toEqual([1, 2, 3]);
    expect(layout.main[0]!.cells.map((c) => c.pairing?.b ?? 'bye')).toEqual(['bye', 'p5', 'bye', 'p6']);
    expect(layout.main[1]!.cells.map((c) => c.pairing?.pairingId ?? null)).toEqual([null, 'main-r2-1']);
    expect(layout.main[2]!.cells).toEqual([{ slot: 0, pairing: null }]);
    // The consolation bracket: the first round's losers, one round fewer.
    expect(layout.consolation.map((r) => r.cells.length)).toEqual([2, 1]);
    expect(layout.third).toBeNull();
  });

  it('shows the match for third place apart', () => {
    const pairings = [pairing('main', 1, 0, 'a', 'd'), pairing('main', 1, 1, 'b', 'c'), pairing('third', 2, 0, 'd', 'c')];
    const layout = bracketLayout(pairings, 4, false);
    expect(layout.third?.pairingId).toBe('third-r2-0');
    expect(layout.main.flatMap((r) => r.cells).filter((c) => c.pairing).length).toBe(2);
    expect(layout.consolation).toEqual([]);
  });
});
