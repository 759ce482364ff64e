import { describe, expect, it } from 'vitest';
import { apply, newMatch, seatToPlay, type Action, type MatchSettingsInput } from '@nardy/engine';
import { analyseMatch, joinAnalyses } from './analyse.js';
import { must, playRecord } from './records.suite.js';

/** A record played by the bots up to a turn start (the seat on roll about to throw), then `tail`. */
function recordThen(settings: MatchSettingsInput, turns: number, tail: (onRoll: 'p1' | 'p2') => Action[]): Action[] {
  const played = playRecord(settings, 7, { maxActions: 200 });
  let state = must(newMatch(settings));
  const actions: Action[] = [];
  for (const a of played) {
    if (state.phase === 'turnStart' && state.game.turnsPlayed >= turns) break;
    state = must(apply(state, a));
    actions.push(a);
  }
  const out = [...actions, ...tail(seatToPlay(state.game))];
  for (const a of out.slice(actions.length)) state = must(apply(state, a)); // the tail is legal
  return out;
}

const other = (s: 'p1' | 'p2'): 'p1' | 'p2' => (s === 'p1' ? 'p2' : 'p1');
const money = { variant: 'short', matchLength: 0 } as const;

describe('resign offers and answers', () => {
  it('an early single resign accepted: the offer gives away a point, the accept nothing; not in the error rates', async () => {
    const actions = recordThen(money, 4, (s) => [
      { type: 'resign', seat: s, level: 'single' },
      { type: 'acceptResign', seat: other(s) },
    ]);
    const a = await analyseMatch({ settings: money, actions }, { ply: 0 });
    const [offer, accept] = a.resignations;
    expect(a.resignations).toHaveLength(2);
    expect(offer).toMatchObject({ kind: 'resign', level: 'single', points: 1, resigned: -1, mark: 'veryBad', unforced: false });
    expect(Math.abs(offer!.playOn)).toBeLessThan(0.5);
    expect(offer!.error).toBeCloseTo(offer!.playOn + 1, 12);
    expect(accept).toMatchObject({ kind: 'acceptResign', player: other(offer!.player), error: 0, mark: 'none' });
    const resigner = a.players.find((p) => p.seat === offer!.player)!;
    expect(resigner.resignError).toBeCloseTo(offer!.error, 12);
    // The error rates count the turns and cube decisions only.
    const without = await analyseMatch({ settings: money, actions: actions.slice(0, -2) }, { ply: 0 });
    expect(resigner.errorRate).toBe(without.players.find((p) => p.seat === offer!.player)!.errorRate);
    expect(a.decisions).toEqual(without.decisions);
    expect(a.games[0]!.end).toEqual({ winner: other(offer!.player), how: 'resign', points: 1 });
    // Worker threads' shares joined: the resignations once, as in one piece.
    const parts = await Promise.all([0, 1].map((index) => analyseMatch({ settings: money, actions }, { ply: 0, share: { index, of: 2 } })));
    expect(joinAnalyses({ settings: money, actions }, parts).resignations).toEqual(a.resignations);
  });

  it('a koks offered after the throw and declined: the decline gives away what the offer concedes (Jacoby: one point)', async () => {
    const settings = { ...money, cube: { jacoby: false } } as const;
    const koksDeclined = (s: 'p1' | 'p2'): Action[] => [
      { type: 'roll', seat: s, dice: [6, 5] },
      { type: 'resign', seat: s, level: 'koks' },
      { type: 'declineResign', seat: other(s) },
    ];
    const actions = recordThen(settings, 6, koksDeclined);
    const a = await analyseMatch({ settings, actions }, { ply: 0 });
    const [offer, decline] = a.resignations;
    expect(offer).toMatchObject({ kind: 'resign', points: 3, resigned: -3, mark: 'veryBad' });
    expect(decline).toMatchObject({ kind: 'declineResign', mark: 'veryBad' });
    expect(decline!.error).toBeCloseTo(offer!.playOn + 3, 12);
    expect(a.games[0]!.end).toBeNull();
    // Under Jacoby (money play's default) the cube never turned makes a koks count one.
    const jacoby = await analyseMatch({ settings: money, actions: recordThen(money, 6, koksDeclined) }, { ply: 0 });
    expect(jacoby.resignations[0]).toMatchObject({ points: 1, resigned: -1 });
  });

  it('in a match: the resignation valued at the score (losing the cube is −1; a mars at 0-0 to 3 between −3 and −1)', async () => {
    const settings = { variant: 'short', matchLength: 3 } as const;
    const single = recordThen(settings, 4, (s) => [
      { type: 'resign', seat: s, level: 'single' },
      { type: 'acceptResign', seat: other(s) },
    ]);
    const a = await analyseMatch({ settings, actions: single }, { ply: 0 });
    expect(a.resignations[0]).toMatchObject({ resigned: -1 });
    expect(a.resignations[0]!.errorMwc).toBeGreaterThan(0);
    const mars = recordThen(settings, 4, (s) => [
      { type: 'resign', seat: s, level: 'mars' },
      { type: 'acceptResign', seat: other(s) },
    ]);
    const m = await analyseMatch({ settings, actions: mars }, { ply: 0 });
    expect(m.resignations[0]!.resigned).toBeLessThan(-1);
    expect(m.resignations[0]!.resigned).toBeGreaterThan(-3);
  });

  it('a flag fall is no decision: nothing judged, the game ends "timeout"', async () => {
    const settings = { variant: 'short', matchLength: 0, timeControl: { kind: 'fischer', initialMs: 60_000, incrementMs: 1_000 } } as const;
    const actions = recordThen(settings, 4, (s) => [{ type: 'timeout', seat: s }]);
    const a = await analyseMatch({ settings, actions }, { ply: 0 });
    expect(a.resignations).toEqual([]);
    expect(a.games[0]!.end?.how).toBe('timeout');
    const match = { ...settings, matchLength: 3 } as const;
    const lost = await analyseMatch({ settings: match, actions: recordThen(match, 4, (s) => [{ type: 'timeout', seat: s }]) }, { ply: 0 });
    expect(lost.end).toMatchObject({ reason: 'timeout' });
    expect(lost.games[0]!.end).toBeNull();
  });
});
