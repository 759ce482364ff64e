import { SERVER_EXAMPLES, type TournamentDetail } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { actionsFor, applyPush, currentMatch, currentPairings, resultText } from './detail';

const snapshot = SERVER_EXAMPLES['tournament.snapshot'];
const detail = snapshot.detail;
const registering: TournamentDetail = {
  ...detail,
  tournament: { ...detail.tournament, status: 'registering', startedAt: null },
  entrants: detail.entrants.map((e) => ({ ...e, status: 'registered' })),
  pairings: [],
};

describe('applyPush', () => {
  it('takes the snapshot, then merges pairings by id and replaces the standings and the summary', () => {
    let d = applyPush(null, snapshot);
    expect(d).toBe(detail);
    const ended = { ...detail.pairings[0]!, result: { winner: 'a', scoreA: 3, scoreB: 1, forfeit: false } } as const;
    const next = { pairingId: 'r2-0', round: 2, a: 'u_alice', b: 'u_carol', bracket: 'main', slot: 0, gameId: null, result: null } as const;
    d = applyPush(d, { type: 'tournament.pairings', tournamentId: 't_d21', pairings: [ended, next] });
    expect(d?.pairings.map((p) => [p.pairingId, p.result?.winner ?? null])).toEqual([
      ['r1-0', 'a'],
      ['r2-0', null],
    ]);
    d = applyPush(d, SERVER_EXAMPLES['tournament.standings']);
    expect(d?.standings[0]?.prize).toBe(100);
    d = applyPush(d, { type: 'tournament.state', tournament: { ...detail.tournament, status: 'finished' } });
    expect(d?.tournament.status).toBe('finished');
  });

  it('ignores pushes of another tournament and any push before the snapshot', () => {
    expect(applyPush(detail, { type: 'tournament.standings', tournamentId: 'other', standings: [] })).toBe(detail);
    expect(applyPush(null, SERVER_EXAMPLES['tournament.state'])).toBeNull();
  });
});

describe('what the viewer may do', () => {
  it('offers register to a signed-up user not in, leave to one in, cancel to the creator before the start', () => {
    expect(actionsFor(registering, 'u_carol', false)).toEqual({ register: true, leave: false, cancel: false });
    expect(actionsFor(registering, 'u_carol', true)).toEqual({ register: false, leave: false, cancel: false });
    expect(actionsFor(registering, 'u_alice', false)).toEqual({ register: false, leave: true, cancel: true });
    expect(actionsFor(detail, 'u_alice', false)).toEqual({ register: false, leave: true, cancel: false });
    expect(actionsFor({ ...detail, tournament: { ...detail.tournament, status: 'finished' } }, 'u_boris', false).leave).toBe(false);
  });

  it('finds his match in play, and the pairings of the current round', () => {
    expect(currentMatch(detail, 'u_boris')?.gameId).toBe('g_7Hk2');
    expect(currentMatch(detail, 'u_carol')).toBeNull();
    expect(currentMatch(detail, null)).toBeNull();
    const later = { ...detail.pairings[0]!, pairingId: 'r2-0', round: 2 };
    expect(currentPairings('swiss', [...detail.pairings, later]).map((p) => p.pairingId)).toEqual(['r2-0']);
    expect(
      currentPairings('arena', [{ ...detail.pairings[0]!, result: { winner: 'b', scoreA: 0, scoreB: 1, forfeit: true } }, later]).map((p) => p.pairingId),
    ).toEqual(['r2-0']);
  });
});

describe('resultText', () => {
  it('says who won even when the match was resigned before a point was scored; the match score is its title', () => {
    expect(resultText({ winner: 'a', scoreA: 0, scoreB: 0, forfeit: false })).toEqual({ text: '1 : 0', title: '0 : 0' });
    expect(resultText({ winner: 'b', scoreA: 1, scoreB: 3, forfeit: false })).toEqual({ text: '0 : 1', title: '1 : 3' });
    expect(resultText({ winner: 'draw', scoreA: 0, scoreB: 0, forfeit: true })).toEqual({ text: '½ : ½', title: '0 : 0' });
  });
});
