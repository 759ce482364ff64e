import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arena, type ArenaState } from './arena.js';
import { expectDurable, field, roundTrip } from './drive.suite.js';
import { lot } from './lot.js';
import type { Entrant, Pairing, PairingResult } from './types.js';

const seed = 'arena-test';
const MINUTE = 60_000;

interface Running {
  readonly pairing: Pairing;
  readonly endsAt: number;
}

/**
 * Simulates an arena tick by tick (`tick` ms): every idle player is offered to `next`; a game lasts 20..110 s (by lot) and
 * `decide` settles it. Checks at each step that nobody plays twice at once and that nothing is paired after the end.
 */
function simulate(
  entrants: readonly Entrant[],
  minutes: number,
  decide: (p: Pairing) => PairingResult['winner'],
  quit?: { at: number; id: string },
  tick = 1000,
): ArenaState {
  const started = arena.start(entrants, { seed, endsAt: minutes * MINUTE });
  if (!started.ok) throw new Error(started.error.message);
  let state = started.value;
  let running: Running[] = [];
  for (let now = 0; running.length > 0 || now <= minutes * MINUTE; now += tick) {
    for (const game of running.filter((g) => g.endsAt <= now)) {
      const winner = decide(game.pairing);
      const result: PairingResult = { pairingId: game.pairing.id, winner, scoreA: winner === 'a' ? 1 : 0, scoreB: winner === 'b' ? 1 : 0, at: now };
      const recorded = arena.record(state, result);
      if (recorded.ok) state = recorded.value;
      else expect(recorded.error.code).toBe('ALREADY_RECORDED'); // forfeited by the withdrawal
      expect(arena.record(state, result)).toMatchObject({ ok: false, error: { code: 'ALREADY_RECORDED' } });
    }
    running = running.filter((g) => g.endsAt > now);
    if (quit && now === quit.at) {
      const out = arena.withdraw(state, quit.id);
      if (out.ok) state = out.value;
      running = running.filter((g) => g.pairing.a !== quit.id && g.pairing.b !== quit.id);
    }
    const playing = new Set(running.flatMap((g) => [g.pairing.a, g.pairing.b]));
    const idle = entrants.map((e) => e.id).filter((id) => !playing.has(id));
    const step = expectDurable(arena, state, { now, idle });
    state = roundTrip(step.state);
    if (now >= minutes * MINUTE) expect(step.pairings).toEqual([]);
    for (const p of step.pairings) {
      expect(playing.has(p.a) || playing.has(p.b as string)).toBe(false);
      if (quit && now >= quit.at) expect([p.a, p.b]).not.toContain(quit.id);
      playing.add(p.a).add(p.b as string);
      running.push({ pairing: p, endsAt: now + 20_000 + (lot(seed, p.id) % 90) * 1000 });
    }
    expect(arena.finished(state, now)).toBe(now >= minutes * MINUTE && running.length === 0);
  }
  return state;
}

const byRatingWinner = (entrants: readonly Entrant[]) => {
  const rating = new Map(entrants.map((e) => [e.id, e.rating]));
  return (p: Pairing): 'a' | 'b' => ((rating.get(p.a) ?? 0) >= (rating.get(p.b ?? '') ?? 0) ? 'a' : 'b');
};

describe('arena', () => {
  it('runs 40 players for 10 minutes: paired at once when idle, never twice at once, nothing after the end', () => {
    const entrants = field(40);
    const state = simulate(entrants, 10, byRatingWinner(entrants), undefined, 5000);
    const table = arena.standings(state);
    expect(table[0]?.id).toBe('p1');
    expect(table[0]?.points).toBeGreaterThan(2 * (table[0]?.won ?? 0)); // on fire: wins after the second score 4
    for (let i = 1; i < table.length; i++) expect((table[i - 1]?.points ?? 0) >= (table[i]?.points ?? 0)).toBe(true);
    expect(state.pairings.length).toBeGreaterThan(150);
  });

  it('scores 2 a win, 1 a draw, 4 a win after two in a row until a game is not won', () => {
    const entrants = field(2);
    const started = arena.start(entrants, { seed, endsAt: 100 });
    if (!started.ok) throw new Error();
    let state = started.value;
    const outcomes: PairingResult['winner'][] = ['a', 'a', 'a', 'a', 'draw', 'a'];
    for (const [t, outcome] of outcomes.entries()) {
      const { state: paired, pairings } = arena.next(state, { now: t, idle: ['p1', 'p2'] });
      const [game] = pairings as [Pairing];
      const winner = outcome === 'draw' ? 'draw' : game.a === 'p1' ? 'a' : 'b';
      const recorded = arena.record(paired, { pairingId: game.id, winner, scoreA: 0, scoreB: 0 });
      if (!recorded.ok) throw new Error();
      state = recorded.value;
    }
    expect(arena.standings(state).find((s) => s.id === 'p1')).toMatchObject({ points: 2 + 2 + 4 + 4 + 1 + 2, note: '1' });
    expect(arena.standings(state).find((s) => s.id === 'p2')).toMatchObject({ points: 1, note: '0' });
  });

  it('avoids the last opponent while another is free; a player alone waits', () => {
    const entrants = field(3);
    const started = arena.start(entrants, { seed, endsAt: 100 });
    if (!started.ok) throw new Error();
    const first = arena.next(started.value, { now: 0, idle: ['p1', 'p2', 'p3'] });
    expect(first.pairings).toHaveLength(1);
    const [game] = first.pairings as [Pairing];
    expect([game.a, game.b].sort()).toEqual(['p1', 'p2']);
    const recorded = arena.record(first.state, { pairingId: game.id, winner: 'draw', scoreA: 0, scoreB: 0 });
    if (!recorded.ok) throw new Error();
    const again = arena.next(recorded.value, { now: 1, idle: ['p1', 'p2', 'p3'] });
    expect(again.pairings.map((p) => [p.a, p.b].sort())).toEqual([['p1', 'p3']]);
    expect(arena.next(again.state, { now: 2, idle: ['p2'] }).pairings).toEqual([]);
  });

  it('counts a result that arrives after the end', () => {
    const started = arena.start(field(2), { seed, endsAt: 10 });
    if (!started.ok) throw new Error();
    const { state, pairings } = arena.next(started.value, { now: 5, idle: ['p1', 'p2'] });
    expect(arena.finished(state, 20)).toBe(false);
    const recorded = arena.record(state, { pairingId: (pairings[0] as Pairing).id, winner: 'a', scoreA: 1, scoreB: 0, at: 20 });
    if (!recorded.ok) throw new Error();
    expect(arena.finished(recorded.value, 20)).toBe(true);
    expect(arena.standings(recorded.value)[0]?.points).toBe(2);
    expect(arena.start(field(2), { seed })).toMatchObject({ ok: false, error: { code: 'BAD_FIELD' } });
  });

  it('property: any field, results and withdrawal — never two games at once, nothing after the end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 12 }),
        fc.array(fc.constantFrom<PairingResult['winner']>('a', 'b', 'draw'), { minLength: 1 }),
        fc.integer({ min: 0, max: 200 }),
        (n, outcomes, quitAt) => {
          let k = 0;
          simulate(field(n), 2, () => outcomes[k++ % outcomes.length] ?? 'a', { at: quitAt * 1000, id: 'p1' });
        },
      ),
      { numRuns: 10 },
    );
  });
});
