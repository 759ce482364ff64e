import type { GameView } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import {
  abortOffered,
  claimable,
  concessionChoices,
  concessionCost,
  decisionChoices,
  playedAtTable,
  promptPhrase,
  rematchChoice,
  resignCost,
  surrenderCost,
} from './choices';
import { NOW, SHORT_GAME, play, viewOf } from './views.suite';

/** Short nardy: p1 opened 3–1 (8/5 6/5), p2 threw 6–4 and ran 24/14; p1 to start his turn. */
const SHORT = SHORT_GAME.slice(0, 4);
const SHORT_MONEY = { variant: 'short', cube: { beaver: true } } as const;

const types = (choices: readonly { action: { type: string } }[]) => choices.map((c) => c.action.type);

describe('decisionChoices and the prompt', () => {
  it('your turn with the cube: roll or double to 2', () => {
    const view = viewOf(play(SHORT_MONEY, SHORT), 'p1');
    const d = decisionChoices(view);
    expect(types(d)).toEqual(['roll', 'double']);
    expect(d[1]!.phrase).toEqual({ key: 'actions.double', params: { value: 2 } });
    expect(promptPhrase(view)).toEqual({ key: 'prompt.yourRoll' });
    expect(promptPhrase(viewOf(play(SHORT_MONEY, SHORT), 'p2'))).toEqual({ key: 'prompt.toRoll', params: { name: 'Alice' } });
  });

  it('a cube offered to you: take and play for 2, or pass and lose 1 (G3); beaver when the table allows it', () => {
    const view = viewOf(play(SHORT_MONEY, [...SHORT, { type: 'double', seat: 'p1' }]), 'p2');
    expect(promptPhrase(view)).toEqual({
      key: 'prompt.cubeToYou',
      params: {
        name: 'Alice',
        value: 2,
        take: { key: 'points', params: { count: 2 } },
        lose: { key: 'points', params: { count: 1 } },
      },
    });
    const d = decisionChoices(view);
    expect(types(d)).toEqual(['take', 'beaver', 'pass']);
    expect(d.map((c) => c.phrase.params)).toEqual([{ value: 2 }, { value: 4 }, { lose: { key: 'points', params: { count: 1 } } }]);
    expect(promptPhrase(viewOf(play(SHORT_MONEY, [...SHORT, { type: 'double', seat: 'p1' }]), 'p1'))).toEqual({
      key: 'prompt.cubeWaiting',
      params: { name: 'Борис', value: 2 },
    });
  });

  it('after a beaver the doubler answers a cube of 4: passing loses 2', () => {
    const view = viewOf(play(SHORT_MONEY, [...SHORT, { type: 'double', seat: 'p1' }, { type: 'beaver', seat: 'p2' }]), 'p1');
    expect(promptPhrase(view).key).toBe('prompt.beaverToYou');
    expect(types(decisionChoices(view))).toEqual(['take', 'pass']);
    expect(decisionChoices(view)[1]!.phrase.params).toEqual({ lose: { key: 'points', params: { count: 2 } } });
  });

  it('a resign offer to you: accept and win what it names (G5b)', () => {
    const view = viewOf(
      play({ variant: 'long' }, [
        { type: 'opening', dice: { p1: 5, p2: 3 } },
        { type: 'resign', seat: 'p1', level: 'mars' },
      ]),
      'p2',
    );
    expect(types(decisionChoices(view))).toEqual(['acceptResign', 'declineResign']);
    expect(promptPhrase(view)).toEqual({
      key: 'prompt.resignToYou',
      params: { name: 'Alice', kind: { key: 'kinds.mars', params: { context: 'long' } }, points: { key: 'points', params: { count: 2 } } },
    });
  });

  it('spectators are told who decides', () => {
    const view = viewOf(play(SHORT_MONEY, SHORT.slice(0, 3)), null);
    expect(decisionChoices(view)).toEqual([]);
    expect(concessionChoices(view)).toEqual([]);
    expect(promptPhrase(view)).toEqual({ key: 'prompt.toMove', params: { name: 'Борис' } });
  });
});

describe('concessionChoices and costs', () => {
  it('long nardy by default: resign oin 1 or mars 2 (koks is capped to 2 and not offered twice); surrender valued by the position', () => {
    const view = viewOf(play({ variant: 'long', matchLength: 5 }, [{ type: 'opening', dice: { p1: 5, p2: 3 } }]), 'p1');
    const c = concessionChoices(view);
    expect(types(c)).toEqual(['resign', 'resign', 'surrender', 'resignMatch']);
    expect(c.map((x) => x.phrase.params?.['kind'])).toEqual([
      { key: 'kinds.oin', params: { context: 'long' } },
      { key: 'kinds.mars', params: { context: 'long' } },
      { key: 'kinds.mars', params: { context: 'long' } },
      undefined,
    ]);
    expect(surrenderCost(view, 'p1')).toEqual({ kind: 'mars', points: 2 });
  });

  it('the cube multiplies; Jacoby counts a mars as one while the cube was never turned (G3)', () => {
    const jacoby = viewOf(play({ variant: 'short', cube: { jacoby: true } }, SHORT), 'p1');
    expect(resignCost(jacoby, 'mars')).toEqual({ kind: 'mars', points: 1 });
    const turned: GameView = { ...jacoby, cube: { value: 4, owner: 'p2', turned: true, automaticDoubles: 0 } };
    expect(resignCost(turned, 'mars')).toEqual({ kind: 'mars', points: 8 });
    expect(resignCost(turned, 'koks')).toEqual({ kind: 'koks', points: 12 });
    // Short nardy surrender at the start: none off, a checker in the winner's home → koks (S7).
    expect(surrenderCost(turned, 'p1')).toEqual({ kind: 'koks', points: 12 });
  });

  it('between games of a money session (G6): ending it is a decision in view, the prompt says the next game is coming', () => {
    const view = viewOf(play({ variant: 'short' }, [...SHORT, { type: 'surrender', seat: 'p2' }]), 'p1');
    expect(types(decisionChoices(view))).toEqual(['endSession']);
    expect(promptPhrase(view)).toEqual({ key: 'prompt.sessionBreak' });
    const c = concessionChoices(view);
    expect(types(c)).toEqual(['resignMatch']);
    expect(c[0]!.phrase).toEqual({ key: 'actions.resignSession' });
    // In play it is not offered; resigning is the session's.
    expect(types(decisionChoices(viewOf(play({ variant: 'short' }, SHORT), 'p1')))).not.toContain('endSession');
  });
});

describe('concessionCost: what a surrender or resigning the match costs, asked before it is sent', () => {
  // Long nardy, p1 (Alice) to move after the opening: a surrender now is a mars, 2 points.
  const long = (matchLength: number, stake = 0): GameView => {
    const view = viewOf(play({ variant: 'long', matchLength }, [{ type: 'opening', dice: { p1: 5, p2: 3 } }]), 'p1');
    return { ...view, settings: { ...view.settings, stake } };
  };
  const chips = (count: number) => ({ key: 'chips', params: { count } });

  it('a surrender that leaves the match going: who wins the game, what kind and how many points', () => {
    expect(concessionCost(long(5), 'surrender')).toEqual([
      {
        key: 'confirm.surrender',
        params: { name: 'Борис', kind: { key: 'kinds.mars', params: { context: 'long' } }, points: { key: 'points', params: { count: 2 } } },
      },
    ]);
  });

  it('a surrender that gives the opponent the match says so, with the chips a staked match costs', () => {
    const view = { ...long(3, 10), score: { p1: 1, p2: 1 } };
    expect(concessionCost(view, 'surrender')?.slice(1)).toEqual([
      { key: 'confirm.endsMatch', params: { name: 'Борис' } },
      // A match to 3 at 10 a point: 30 chips (within the hold of 3× the stake).
      { key: 'confirm.chips', params: { chips: chips(30) } },
    ]);
  });

  it('resigning the match: the score and the length; at a stake, the chips (a match to N costs N × the stake)', () => {
    const view = { ...long(5), score: { p1: 2, p2: 3 } };
    expect(concessionCost(view, 'resignMatch')).toEqual([{ key: 'confirm.resignMatch', params: { name: 'Борис', you: 2, them: 3, length: 5 } }]);
    expect(concessionCost({ ...view, settings: { ...view.settings, stake: 10 } }, 'resignMatch')?.[1]).toEqual({
      key: 'confirm.chips',
      params: { chips: chips(50) },
    });
  });

  it('a surrender in a staked money session counts at the stake, never past the hold', () => {
    const session = viewOf(play({ variant: 'short' }, SHORT), 'p1');
    expect(concessionCost(session, 'surrender')).toHaveLength(1);
    const staked = { ...session, settings: { ...session.settings, stake: 2 } };
    // Jacoby: an unturned cube counts a koks as one point.
    expect(concessionCost(staked, 'surrender')?.[1]).toEqual({ key: 'confirm.sessionChips', params: { chips: chips(2) } });
    // The cube at 4: a koks is 12 points, 24 chips, but the hold is 10 points (the cube's financial limit): 20 chips.
    const turned = { ...staked, cube: { value: 4, owner: 'p2' as const, turned: true, automaticDoubles: 0 } };
    expect(surrenderCost(turned, 'p1').points).toBe(12);
    expect(concessionCost(turned, 'surrender')?.[1]).toEqual({ key: 'confirm.sessionChips', params: { chips: chips(20) } });
  });

  it('resigning a money session: the game in play conceded (a koks, Jacoby: 1 point), the final score, and the chips at a stake', () => {
    const session = { ...viewOf(play({ variant: 'short' }, SHORT), 'p1'), score: { p1: 3, p2: 1 } };
    expect(concessionCost(session, 'resignMatch')).toEqual([
      {
        key: 'confirm.resignSession',
        params: { name: 'Борис', kind: { key: 'kinds.koks', params: { context: 'short' } }, points: { key: 'points', params: { count: 1 } }, you: 3, them: 2 },
      },
    ]);
    const staked = (score: GameView['score']) => ({ ...session, score, settings: { ...session.settings, stake: 5 } });
    expect(concessionCost(staked({ p1: 3, p2: 1 }), 'resignMatch')?.[1]).toEqual({ key: 'confirm.sessionGains', params: { chips: chips(5) } });
    expect(concessionCost(staked({ p1: 1, p2: 0 }), 'resignMatch')?.[1]).toEqual({ key: 'confirm.sessionEven' });
    expect(concessionCost(staked({ p1: 0, p2: 2 }), 'resignMatch')?.[1]).toEqual({ key: 'confirm.sessionPays', params: { chips: chips(15) } });
    // Between games nothing is conceded.
    const between = viewOf(play({ variant: 'short' }, [...SHORT, { type: 'surrender', seat: 'p2' }]), 'p1');
    expect(concessionCost(between, 'resignMatch')).toEqual([{ key: 'confirm.resignSessionBetween', params: { name: 'Борис', you: 1, them: 0 } }]);
  });

  it('nothing to confirm for an offer the opponent answers, nor for a spectator', () => {
    expect(concessionCost(long(5), 'resign')).toBeNull();
    expect(concessionCost(long(5), 'endSession')).toBeNull();
    expect(concessionCost({ ...long(5), you: null }, 'resignMatch')).toBeNull();
  });
});

describe('claimable', () => {
  const base = viewOf(play({ variant: 'short' }, SHORT), 'p1');
  const gone = (graceUntil: number): GameView => ({ ...base, players: { ...base.players, p2: { ...base.players.p2, online: false, graceUntil } } });
  it('only after the opponent’s grace ran out, and only for a player', () => {
    expect(claimable(base, NOW)).toBe(false);
    expect(claimable(gone(NOW + 1000), NOW)).toBe(false);
    expect(claimable(gone(NOW), NOW)).toBe(true);
    expect(claimable({ ...gone(NOW), you: null }, NOW)).toBe(false);
  });
});

describe('playedAtTable: whether calling the game off is still offered (protocol "Disconnects and claims")', () => {
  const OPENED = SHORT.slice(0, 2); // p1 won the opening throw and moved; p2 has not acted
  it('checkers off their start show a move of one’s own; the server’s throws do not', () => {
    const view = viewOf(play({ variant: 'short' }, OPENED), 'p1');
    expect(playedAtTable(view, 'p1')).toBe(true);
    expect(playedAtTable(view, 'p2')).toBe(false);
    expect(abortOffered(view)).toBe(true);
    const thrown = viewOf(play({ variant: 'short' }, SHORT.slice(0, 3)), 'p1'); // p2's dice thrown, no move yet
    expect(playedAtTable(thrown, 'p2')).toBe(false);
    expect(abortOffered(viewOf(play({ variant: 'short' }, SHORT), 'p1'))).toBe(false);
    // Long nardy: every checker on the head until the first move (L1).
    const long = viewOf(play({ variant: 'long' }, [{ type: 'opening', dice: { p1: 5, p2: 3 } }]), 'p2');
    expect(abortOffered(long)).toBe(true);
    expect(abortOffered({ ...long, you: null })).toBe(false);
  });

  it('a cube or resign act shows too: a taken double, one’s own offer, a beaver after one’s double', () => {
    const view = viewOf(play({ variant: 'short' }, OPENED), 'p1');
    expect(playedAtTable({ ...view, cube: { value: 2, owner: 'p1', turned: true, automaticDoubles: 0 } }, 'p2')).toBe(true);
    // Automatic doubles at the opening throw are the server's (G3).
    expect(playedAtTable({ ...view, cube: { value: 2, owner: null, turned: false, automaticDoubles: 1 } }, 'p2')).toBe(false);
    expect(playedAtTable({ ...view, cubeOffer: { by: 'p2', value: 2, beaver: false } }, 'p2')).toBe(true);
    expect(playedAtTable({ ...view, cubeOffer: { by: 'p1', value: 2, beaver: false } }, 'p2')).toBe(false);
    expect(playedAtTable({ ...view, cubeOffer: { by: 'p1', value: 4, beaver: true } }, 'p2')).toBe(true);
    expect(playedAtTable({ ...view, resignOffer: { by: 'p2', level: 'single', resume: 'turnStart' } }, 'p2')).toBe(true);
    expect(playedAtTable({ ...view, resignOffer: { by: 'p1', level: 'single', resume: 'turnStart' } }, 'p2')).toBe(false);
  });

  it('a finished game shows it, unless it ended on his flag or the opponent’s own surrender (G5a, G8)', () => {
    const view = viewOf(play({ variant: 'short', matchLength: 5 }, []), 'p1');
    const after = (end: GameView['games'][number]['end'], winner: 'p1' | 'p2'): GameView => ({
      ...view,
      gameNumber: 2,
      games: [{ number: 1, winner, end, kind: 'single', basePoints: 1, cubeValue: 1, points: { p1: 0, p2: 0, [winner]: 1 }, white: 'p1' }],
    });
    expect(playedAtTable(after('timeout', 'p1'), 'p2')).toBe(false);
    expect(playedAtTable(after('surrender', 'p2'), 'p2')).toBe(false);
    expect(playedAtTable(after('surrender', 'p1'), 'p2')).toBe(true);
    expect(playedAtTable(after('resign', 'p1'), 'p2')).toBe(true);
    expect(playedAtTable(after('bearOff', 'p1'), 'p2')).toBe(true);
  });

  it('the prompt after an abort says the game was called off', () => {
    const view = viewOf(play({ variant: 'short' }, OPENED), 'p1');
    expect(promptPhrase({ ...view, end: { winner: null, reason: 'aborted' } })).toEqual({ key: 'prompt.aborted' });
    expect(promptPhrase({ ...view, end: { winner: 'p1', reason: 'abandoned' } })).toEqual({ key: 'prompt.matchOver' });
  });
});

describe('rematchChoice', () => {
  const over: GameView = { ...viewOf(play({ variant: 'short' }, SHORT), 'p1'), end: { winner: 'p1', reason: 'resignMatch' } };
  const none = { offeredBy: null, declinedBy: null, gameId: null };
  it('offer, answer, wait, declined by either; a bot gets a new bot game', () => {
    expect(rematchChoice(over, none)).toBe('offer');
    expect(rematchChoice(over, { ...none, offeredBy: 'p2' })).toBe('answer');
    expect(rematchChoice(over, { ...none, offeredBy: 'p1' })).toBe('waiting');
    expect(rematchChoice(over, { ...none, declinedBy: 'p2' })).toBe('declined');
    expect(rematchChoice(over, { ...none, declinedBy: 'p1' })).toBe('youDeclined');
    expect(rematchChoice(over, { ...none, gameId: 'g2' })).toBe('none');
    expect(rematchChoice({ ...over, end: null }, none)).toBe('none');
    expect(rematchChoice({ ...over, you: null }, none)).toBe('none');
    const bot = { ...over, players: { ...over.players, p2: { ...over.players.p2, user: { userId: 'bot3', name: 'Bot', guest: false, bot: 3 } } } };
    expect(rematchChoice(bot, none)).toBe('bot');
  });
  it('none after a tournament’s match, whoever the opponent and whatever was offered', () => {
    const tournament = { id: 't_1', name: 'Arena' };
    expect(rematchChoice({ ...over, tournament }, none)).toBe('none');
    expect(rematchChoice({ ...over, tournament }, { ...none, offeredBy: 'p2' })).toBe('none');
    const bot = { ...over, tournament, players: { ...over.players, p2: { ...over.players.p2, user: { userId: 'bot3', name: 'Bot', guest: false, bot: 3 } } } };
    expect(rematchChoice(bot, none)).toBe('none');
  });
});
