import { describe, expect, it } from 'vitest';
import { legalTurns } from '../turns.js';
import type { Action } from './actions.js';
import { colorOf } from './game.js';
import { canDouble, legalActions } from './legal.js';
import { apply, currentTurns, newMatch, replay, toAct, type MatchState } from './match.js';
import { seededRng } from '../testing/random-play.js';
import type { MatchSettingsInput } from './settings.js';
import { at, board, match, must, playFirst, run, turn } from './test-helpers.suite.js';
import type { Die } from '../types.js';

/** An action that must be refused with `code`, leaving the state exactly as it was. */
function refuse(state: MatchState, action: unknown, code: string): string {
  const snapshot = structuredClone(state);
  const r = apply(state, action as Action);
  expect(r.ok).toBe(false);
  if (r.ok) return '';
  expect(r.error.code).toBe(code);
  expect(state).toEqual(snapshot);
  return r.error.message;
}

/** Short nardy, opening 3-1 to p1 (White), p1's first move played: p2 (Black) is at the start of its turn. */
function shortAfterOpening(input: Partial<MatchSettingsInput> = {}): MatchState {
  const s = run(match({ variant: 'short', ...input }), { type: 'opening', dice: { p1: 3, p2: 1 } });
  return playFirst(s, 'p1');
}

/** …and p2's first turn played too: p1 is at the start of its turn. */
const shortP1ToPlay = (input: Partial<MatchSettingsInput> = {}): MatchState => turn(shortAfterOpening(input), 'p2', [5, 2]);

const types = (s: MatchState): string[] => legalActions(s).map((a) => ('seat' in a ? `${a.type}:${a.seat}` : a.type));

describe('G1 opening throw', () => {
  it('G1/S2 short nardy: ties are re-thrown; the higher die moves first with both opening dice', () => {
    let s = match({ variant: 'short' });
    expect(s.phase).toBe('opening');
    expect(toAct(s)).toBe(null);
    s = run(s, { type: 'opening', dice: { p1: 4, p2: 4 } });
    expect(s.phase).toBe('opening');
    expect(s.game.openingThrows).toEqual([{ p1: 4, p2: 4 }]);
    expect(s.game.cube.value).toBe(1); // no automatic doubles by default
    s = run(s, { type: 'opening', dice: { p1: 2, p2: 5 } });
    expect(s.phase).toBe('moving');
    expect(s.game.starter).toBe('p2');
    expect(s.game.white).toBe('p1');
    expect(s.game.position.turn).toBe('black');
    expect(s.game.dice).toEqual([5, 2]);
    expect(toAct(s)).toBe('p2');
    expect(currentTurns(s).length).toBeGreaterThan(0);
  });

  it('SN-02: no cube action before the opening move', () => {
    const s = run(match({ variant: 'short' }), { type: 'opening', dice: { p1: 6, p2: 1 } });
    expect(types(s).some((t) => t.startsWith('double'))).toBe(false);
    refuse(s, { type: 'double', seat: 'p1' }, 'CUBE_NOT_ALLOWED');
    refuse(s, { type: 'roll', seat: 'p1', dice: [6, 6] }, 'WRONG_PHASE');
    refuse(s, { type: 'opening', dice: { p1: 6, p2: 1 } }, 'WRONG_PHASE');
  });

  it('L3/L4 long nardy: the higher die starts and takes White, then throws both dice afresh (LN-01 after a 6-6)', () => {
    let s = run(match({ variant: 'long' }), { type: 'opening', dice: { p1: 1, p2: 6 } });
    expect(s.phase).toBe('turnStart');
    expect(s.game.white).toBe('p2');
    expect(s.game.starter).toBe('p2');
    expect(s.game.position.turn).toBe('white');
    expect(s.game.position.firstTurn).toEqual({ white: true, black: true });
    expect(s.game.dice).toBe(null);
    expect(toAct(s)).toBe('p2');
    refuse(s, { type: 'roll', seat: 'p1', dice: [6, 6] }, 'NOT_YOUR_TURN');
    s = run(s, { type: 'roll', seat: 'p2', dice: [6, 6] });
    expect(currentTurns(s)).toHaveLength(1); // LN-01: exactly 24/18(2)
    s = playFirst(s, 'p2');
    expect(s.game.position.board.white[18]).toBe(2);
    expect(toAct(s)).toBe('p1');
    expect(colorOf(s.game, 'p1')).toBe('black');
  });

  it("L4 option 'useOpeningDice': the long-nardy starter plays the two opening dice", () => {
    const s = run(match({ variant: 'long', openingThrow: 'useOpeningDice' }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    expect(s.phase).toBe('moving');
    expect(s.game.white).toBe('p1');
    expect(s.game.dice).toEqual([5, 3]);
  });

  it('G3 automatic doubles: equal opening dice double the stake up to the limit; the cube stays centred', () => {
    let s = match({ variant: 'short', cube: { automaticDoubles: 2 } });
    for (let i = 0; i < 3; i++) s = run(s, { type: 'opening', dice: { p1: 2, p2: 2 } });
    expect(s.game.cube).toEqual({ value: 4, owner: null, turned: false, automaticDoubles: 2 });
    s = run(s, { type: 'opening', dice: { p1: 2, p2: 1 } });
    expect(s.game.cube.value).toBe(4);
  });

  it('G3 automatic doubles stop at the max cube', () => {
    let s = match({ variant: 'short', cube: { automaticDoubles: 6, maxValue: 4 } });
    for (let i = 0; i < 5; i++) s = run(s, { type: 'opening', dice: { p1: 3, p2: 3 } });
    expect(s.game.cube.value).toBe(4);
  });
});

describe('G2 turns', () => {
  it('G2: the whole turn is checked; an incomplete turn is refused with the engine reason (L12)', () => {
    const s = run(match({ variant: 'short' }), { type: 'opening', dice: { p1: 3, p2: 1 } });
    const msg = refuse(s, { type: 'move', seat: 'p1', steps: [{ from: 8, to: 5 }] }, 'ILLEGAL_TURN');
    expect(msg).toMatch(/L12/);
    refuse(
      s,
      {
        type: 'move',
        seat: 'p2',
        steps: [
          { from: 8, to: 5 },
          { from: 6, to: 5 },
        ],
      },
      'NOT_YOUR_TURN',
    );
    refuse(s, { type: 'move', seat: 'p1', steps: [{ from: 24, to: 20 }] }, 'ILLEGAL_TURN');
    // Any order of a legal turn is accepted (SN-01: 8/5 6/5).
    const a = run(s, {
      type: 'move',
      seat: 'p1',
      steps: [
        { from: 8, to: 5 },
        { from: 6, to: 5 },
      ],
    });
    const b = run(s, {
      type: 'move',
      seat: 'p1',
      steps: [
        { from: 6, to: 5 },
        { from: 8, to: 5 },
      ],
    });
    expect(a.game.position).toEqual(b.game.position);
    expect(a.game.position.board.white[5]).toBe(2);
    expect(a.phase).toBe('turnStart');
    expect(a.game.turnsPlayed).toBe(1);
  });

  it('L14: when no die can be played the only legal move is the empty one (LN-21)', () => {
    const s0 = run(match({ variant: 'long' }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    const pos = board({ variant: 'long', onRoll: 'white', white: { '13': 1, '1': 14 }, black: { '7': 1, '10': 1, '12': 13 } });
    let s = at(s0, pos, 'turnStart');
    s = run(s, { type: 'roll', seat: 'p1', dice: [6, 3] });
    expect(currentTurns(s)).toEqual([]);
    const la = legalActions(s).find((a) => a.type === 'move');
    expect(la && 'turns' in la && la.turns).toEqual([]);
    expect(refuse(s, { type: 'move', seat: 'p1', steps: [{ from: 13, to: 7 }] }, 'ILLEGAL_TURN')).toMatch(/L14/);
    s = run(s, { type: 'move', seat: 'p1', steps: [] });
    expect(s.game.position.board).toEqual(pos.board);
    expect(toAct(s)).toBe('p2');
  });

  it('malformed actions are coded errors, never exceptions', () => {
    const s = match({ variant: 'short' });
    refuse(s, null, 'BAD_ACTION');
    refuse(s, { type: 'fly', seat: 'p1' }, 'BAD_ACTION');
    refuse(s, { type: 'roll', seat: 'p3', dice: [1, 2] }, 'BAD_ACTION');
    refuse(s, { type: 'opening', dice: { p1: 0, p2: 3 } }, 'BAD_DICE');
    refuse(s, { type: 'move', seat: 'p1', steps: [{ from: 'x', to: 1 }] }, 'BAD_ACTION');
    refuse(s, { type: 'resign', seat: 'p1', level: 'double' }, 'BAD_ACTION');
    const t = shortAfterOpening();
    refuse(t, { type: 'roll', seat: 'p2', dice: [7, 1] }, 'BAD_DICE');
    refuse(t, { type: 'roll', seat: 'p2', dice: [1] }, 'BAD_DICE');
  });

  it('states are frozen plain data', () => {
    const s = shortAfterOpening();
    expect(Object.isFrozen(s)).toBe(true);
    expect(Object.isFrozen(s.game)).toBe(true);
    expect(Object.isFrozen(s.game.cube)).toBe(true);
    expect(structuredClone(s)).toEqual(s);
  });
});

describe('G3 doubling cube', () => {
  it('G3 take: the stake doubles, the taker owns the cube and only he may redouble', () => {
    let s = shortAfterOpening();
    expect(types(s)).toContain('double:p2');
    s = run(s, { type: 'double', seat: 'p2' });
    expect(s.phase).toBe('cubeOffered');
    expect(toAct(s)).toBe('p1');
    expect(types(s).slice(0, 2)).toEqual(['take:p1', 'pass:p1']);
    refuse(s, { type: 'take', seat: 'p2' }, 'NOT_YOUR_TURN');
    refuse(s, { type: 'roll', seat: 'p2', dice: [1, 2] }, 'WRONG_PHASE');
    s = run(s, { type: 'take', seat: 'p1' });
    expect(s.game.cube).toEqual({ value: 2, owner: 'p1', turned: true, automaticDoubles: 0 });
    expect(s.phase).toBe('turnStart');
    expect(toAct(s)).toBe('p2');
    expect(refuse(s, { type: 'double', seat: 'p2' }, 'CUBE_NOT_ALLOWED')).toMatch(/owns/);
    s = turn(s, 'p2', [4, 2]);
    s = run(s, { type: 'double', seat: 'p1' }, { type: 'take', seat: 'p2' });
    expect(s.game.cube).toMatchObject({ value: 4, owner: 'p2' });
  });

  it('G3: the cube is offered only before rolling, by the player on turn', () => {
    let s = shortAfterOpening();
    refuse(s, { type: 'double', seat: 'p1' }, 'NOT_YOUR_TURN');
    s = run(s, { type: 'roll', seat: 'p2', dice: [3, 2] });
    refuse(s, { type: 'double', seat: 'p2' }, 'CUBE_NOT_ALLOWED');
    expect(canDouble(s, 'p2').ok).toBe(false);
  });

  it('G3 pass: the game is lost at the current value', () => {
    let s = shortAfterOpening({ matchLength: 7 });
    s = run(s, { type: 'double', seat: 'p2' }, { type: 'pass', seat: 'p1' });
    expect(s.score).toEqual({ p1: 0, p2: 1 });
    expect(s.games).toHaveLength(1);
    expect(s.games[0]).toMatchObject({ winner: 'p2', end: 'cubePass', kind: 'single', basePoints: 1, cubeValue: 1 });
    expect(s.phase).toBe('opening');
    expect(s.game.number).toBe(2);
    expect(s.game.cube.value).toBe(1);
  });

  it('G3 beaver taken: the beaverer keeps the cube at four times; the doubler rolls', () => {
    let s = shortAfterOpening({ cube: { beaver: true } });
    s = run(s, { type: 'double', seat: 'p2' });
    expect(types(s)).toContain('beaver:p1');
    s = run(s, { type: 'beaver', seat: 'p1' });
    expect(s.game.cubeOffer).toEqual({ by: 'p1', value: 4, beaver: true });
    expect(toAct(s)).toBe('p2');
    refuse(s, { type: 'beaver', seat: 'p2' }, 'CUBE_NOT_ALLOWED');
    s = run(s, { type: 'take', seat: 'p2' });
    expect(s.game.cube).toMatchObject({ value: 4, owner: 'p1', turned: true });
    expect(s.phase).toBe('turnStart');
    expect(toAct(s)).toBe('p2');
    refuse(s, { type: 'double', seat: 'p2' }, 'CUBE_NOT_ALLOWED');
  });

  it('G3 beaver passed: the doubler loses twice the first stake', () => {
    let s = shortAfterOpening({ cube: { beaver: true } });
    s = run(s, { type: 'double', seat: 'p2' }, { type: 'beaver', seat: 'p1' }, { type: 'pass', seat: 'p2' });
    expect(s.games[0]).toMatchObject({ winner: 'p1', end: 'cubePass', cubeValue: 2 });
    expect(s.score).toEqual({ p1: 2, p2: 0 });
  });

  it('G3 beavers only where the table allows them', () => {
    const s = run(shortAfterOpening(), { type: 'double', seat: 'p2' });
    refuse(s, { type: 'beaver', seat: 'p1' }, 'CUBE_NOT_ALLOWED');
  });

  it('G3 max cube: no double (or beaver) past it', () => {
    let s = shortAfterOpening({ cube: { maxValue: 4, beaver: true } });
    s = run(s, { type: 'double', seat: 'p2' }, { type: 'take', seat: 'p1' });
    s = turn(s, 'p2', [4, 2]);
    s = run(s, { type: 'double', seat: 'p1' });
    refuse(s, { type: 'beaver', seat: 'p2' }, 'CUBE_NOT_ALLOWED');
    s = run(s, { type: 'take', seat: 'p2' });
    expect(s.game.cube).toMatchObject({ value: 4, owner: 'p2' });
    s = turn(s, 'p1', [6, 5]);
    expect(refuse(s, { type: 'double', seat: 'p2' }, 'CUBE_NOT_ALLOWED')).toMatch(/maximum/);
    expect(types(s)).not.toContain('double:p2');
  });

  it('L26: long nardy plays without the cube by default; with it on, the cube works as in G3', () => {
    let s = run(match({ variant: 'long' }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    s = turn(s, 'p1', [6, 5]);
    expect(refuse(s, { type: 'double', seat: 'p2' }, 'CUBE_NOT_ALLOWED')).toMatch(/without the cube/);
    let c = run(match({ variant: 'long', cube: { enabled: true } }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    expect(refuse(c, { type: 'double', seat: 'p1' }, 'CUBE_NOT_ALLOWED')).toMatch(/SN-02/);
    c = turn(c, 'p1', [6, 5]);
    c = run(c, { type: 'double', seat: 'p2' }, { type: 'take', seat: 'p1' });
    expect(c.game.cube).toMatchObject({ value: 2, owner: 'p1' });
  });

  it('G3 Crawford: no doubling in the game after a player first reaches N − 1; doubling is free again after it', () => {
    // Game 1: p2 surrenders at once — koks by position (its back checkers are in p1's home): 3–0.
    let s = run(shortAfterOpening({ matchLength: 5 }), { type: 'surrender', seat: 'p2' });
    expect(s.score).toEqual({ p1: 3, p2: 0 });
    expect(s.crawfordGame).toBe(null);
    // Game 2: p1 doubles, p2 passes: 4–0, p1 is at match point minus one.
    s = run(s, { type: 'opening', dice: { p1: 3, p2: 1 } });
    s = turn(playFirst(s, 'p1'), 'p2', [5, 2]);
    s = run(s, { type: 'double', seat: 'p1' }, { type: 'pass', seat: 'p2' });
    expect(s.score).toEqual({ p1: 4, p2: 0 });
    expect(s.crawfordGame).toBe(3);
    expect(s.game.crawford).toBe(true);
    // Game 3, the Crawford game: the trailer may not double.
    s = playFirst(run(s, { type: 'opening', dice: { p1: 3, p2: 1 } }), 'p1');
    expect(refuse(s, { type: 'double', seat: 'p2' }, 'CUBE_NOT_ALLOWED')).toMatch(/Crawford/);
    expect(types(s)).not.toContain('double:p2');
    s = run(s, { type: 'surrender', seat: 'p1' });
    expect(s.score).toEqual({ p1: 4, p2: 3 });
    // Game 4, post-Crawford: doubling allowed again.
    expect(s.game.crawford).toBe(false);
    s = playFirst(run(s, { type: 'opening', dice: { p1: 3, p2: 1 } }), 'p1');
    s = run(s, { type: 'double', seat: 'p2' }, { type: 'take', seat: 'p1' }, { type: 'surrender', seat: 'p1' });
    expect(s.games[3]).toMatchObject({ winner: 'p2', end: 'surrender', kind: 'koks', basePoints: 3, cubeValue: 2 });
    expect(s.score).toEqual({ p1: 4, p2: 9 });
    expect(s.phase).toBe('matchOver');
    expect(s.end).toEqual({ winner: 'p2', reason: 'points' });
    refuse(s, { type: 'opening', dice: { p1: 3, p2: 1 } }, 'GAME_OVER');
    expect(legalActions(s)).toEqual([]);
  });

  it('G3 Crawford off: no Crawford game', () => {
    let s = run(shortAfterOpening({ matchLength: 5, crawford: false, ceiling: 'mars' }), { type: 'surrender', seat: 'p2' });
    s = run(s, { type: 'opening', dice: { p1: 1, p2: 3 } });
    s = turn(playFirst(s, 'p2'), 'p1', [5, 2]);
    s = run(s, { type: 'double', seat: 'p2' }, { type: 'pass', seat: 'p1' });
    expect(s.score).toEqual({ p1: 2, p2: 1 });
    s = run(s, { type: 'opening', dice: { p1: 3, p2: 1 } }, { type: 'surrender', seat: 'p2' });
    expect(s.score).toEqual({ p1: 4, p2: 1 });
    expect(s.crawfordGame).toBe(null);
    s = playFirst(run(s, { type: 'opening', dice: { p1: 3, p2: 1 } }), 'p1');
    expect(types(s)).toContain('double:p2');
  });

  it('G3/G6 dead cube: no double once each player needs no more than the cube gives (a match to 1; 2-away both at 2)', () => {
    // A match to 1: any win wins the match, so the cube can change nothing and is never offered.
    let s = shortAfterOpening({ matchLength: 1, crawford: false });
    expect(types(s)).toContain('roll:p2');
    expect(types(s)).not.toContain('double:p2');
    expect(canDouble(s, 'p2').ok).toBe(false);
    expect(refuse(s, { type: 'double', seat: 'p2' }, 'CUBE_NOT_ALLOWED')).toMatch(/dead/);
    // A match to 2 at 0–0: the first double is live (it makes a single win worth the match) …
    s = shortAfterOpening({ matchLength: 2, crawford: false });
    expect(types(s)).toContain('double:p2');
    s = run(s, { type: 'double', seat: 'p2' }, { type: 'take', seat: 'p1' });
    // … and then both need 2 at a cube of 2: the owner's redouble would be dead.
    s = turn(s, 'p2', [4, 2]);
    expect(refuse(s, { type: 'double', seat: 'p1' }, 'CUBE_NOT_ALLOWED')).toMatch(/dead/);
    expect(types(s)).not.toContain('double:p1');
  });

  it('G3 Jacoby (money play): mars and koks count one unless the cube was turned', () => {
    let s = run(shortAfterOpening(), { type: 'surrender', seat: 'p2' });
    expect(s.games[0]).toMatchObject({ kind: 'koks', basePoints: 1, cubeValue: 1 });
    s = playFirst(run(s, { type: 'opening', dice: { p1: 3, p2: 1 } }), 'p1');
    s = run(s, { type: 'double', seat: 'p2' }, { type: 'take', seat: 'p1' }, { type: 'surrender', seat: 'p1' });
    expect(s.games[1]).toMatchObject({ winner: 'p2', kind: 'koks', basePoints: 3, cubeValue: 2 });
    expect(s.score).toEqual({ p1: 1, p2: 6 });
    // Without Jacoby the koks counts 3 at once.
    const t = run(shortAfterOpening({ cube: { jacoby: false } }), { type: 'surrender', seat: 'p2' });
    expect(t.score).toEqual({ p1: 3, p2: 0 });
  });
});

describe('G5 resigning and surrender', () => {
  it('G5b: a resign offer accepted ends the game at that value × cube', () => {
    let s = shortAfterOpening({ matchLength: 9 });
    s = run(s, { type: 'double', seat: 'p2' }, { type: 'take', seat: 'p1' });
    s = run(s, { type: 'resign', seat: 'p2', level: 'mars' });
    expect(s.phase).toBe('resignOffered');
    expect(toAct(s)).toBe('p1');
    refuse(s, { type: 'acceptResign', seat: 'p2' }, 'NOT_YOUR_TURN');
    refuse(s, { type: 'roll', seat: 'p2', dice: [1, 2] }, 'WRONG_PHASE');
    s = run(s, { type: 'acceptResign', seat: 'p1' });
    expect(s.games[0]).toMatchObject({ winner: 'p1', end: 'resign', kind: 'mars', basePoints: 2, cubeValue: 2 });
    expect(s.score).toEqual({ p1: 4, p2: 0 });
  });

  it('G5b: a declined offer lets play go on where it was (dice kept)', () => {
    let s = run(shortAfterOpening(), { type: 'roll', seat: 'p2', dice: [6, 4] });
    const before = s;
    s = run(s, { type: 'resign', seat: 'p2', level: 'single' }, { type: 'declineResign', seat: 'p1' });
    expect(s.phase).toBe('moving');
    expect(s.game).toEqual(before.game);
    expect(s.version).toBe(before.version + 2);
  });

  it('G5b/G4: a resign offer counts no more than a win can here (long nardy without koks: koks → mars 2)', () => {
    let s = run(match({ variant: 'long' }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    s = run(s, { type: 'resign', seat: 'p1', level: 'koks' }, { type: 'acceptResign', seat: 'p2' });
    expect(s.games[0]).toMatchObject({ winner: 'p2', kind: 'mars', basePoints: 2 });
    let o = run(match({ variant: 'short', ceiling: 'oin' }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    o = run(o, { type: 'resign', seat: 'p1', level: 'koks' }, { type: 'acceptResign', seat: 'p2' });
    expect(o.games[0]).toMatchObject({ kind: 'single', basePoints: 1 });
  });

  it('G5a: surrender is valued by the position now under the ceiling', () => {
    // Ceiling koks, loser with nothing off and no checker on the bar or in the winner's home → mars, two stakes.
    const s0 = shortP1ToPlay({ matchLength: 5 });
    const pos = board({ variant: 'short', onRoll: 'white', white: { '6': 5, '8': 10 }, black: { '19': 10, '12': 5 } });
    let s = run(at(s0, pos, 'turnStart'), { type: 'surrender', seat: 'p2' });
    expect(s.games[0]).toMatchObject({ winner: 'p1', end: 'surrender', kind: 'mars', basePoints: 2 });
    // The same under ceiling 'oin' → one.
    s = run(at(shortP1ToPlay({ matchLength: 5, ceiling: 'oin' }), pos, 'turnStart'), { type: 'surrender', seat: 'p2' });
    expect(s.games[0]).toMatchObject({ kind: 'mars', basePoints: 1 });
    // Long nardy at the start: the loser has nothing off → mars 2 (L24).
    const l = run(match({ variant: 'long' }), { type: 'opening', dice: { p1: 5, p2: 3 } }, { type: 'surrender', seat: 'p2' });
    expect(l.games[0]).toMatchObject({ winner: 'p1', kind: 'mars', basePoints: 2 });
  });

  it('G5: resigning the whole match', () => {
    const s = run(shortAfterOpening({ matchLength: 3 }), { type: 'resignMatch', seat: 'p2' });
    expect(s.phase).toBe('matchOver');
    expect(s.end).toEqual({ winner: 'p1', reason: 'resignMatch' });
  });

  it('G5/G6: resigning a money session concedes the game in play as a surrender and ends the session', () => {
    const s = run(shortAfterOpening({ cube: { jacoby: false } }), { type: 'resignMatch', seat: 'p2' });
    expect(s.games).toEqual([expect.objectContaining({ winner: 'p1', end: 'surrender', kind: 'koks', basePoints: 3 })]);
    expect(s.score).toEqual({ p1: 3, p2: 0 });
    expect(s.end).toEqual({ winner: 'p1', reason: 'resignMatch' });
    // Between games there is nothing to concede: the session just ends, the leader its winner.
    const between = run(shortAfterOpening({ cube: { jacoby: false } }), { type: 'surrender', seat: 'p1' });
    const e = run(between, { type: 'resignMatch', seat: 'p2' });
    expect(e.score).toEqual({ p1: 0, p2: 3 });
    expect(e.end).toEqual({ winner: 'p2', reason: 'resignMatch' });
  });
});

describe('G8 time-outs', () => {
  const clock = { kind: 'fischer', initialMs: 60_000, incrementMs: 1_000 } as const;

  it('G8: a flag fall loses the match by default', () => {
    const s = shortAfterOpening({ matchLength: 5, timeControl: clock });
    expect(types(s)).toContain('timeout:p2');
    refuse(s, { type: 'timeout', seat: 'p1' }, 'NOT_YOUR_TURN');
    const t = run(s, { type: 'timeout', seat: 'p2' });
    expect(t.end).toEqual({ winner: 'p1', reason: 'timeout' });
    expect(t.score).toEqual({ p1: 0, p2: 0 });
  });

  it("G8 option 'game': only the game is lost, valued as a surrender", () => {
    const s = run(shortAfterOpening({ matchLength: 5, timeControl: clock, flagLoses: 'game' }), { type: 'timeout', seat: 'p2' });
    expect(s.games[0]).toMatchObject({ winner: 'p1', end: 'timeout', kind: 'koks', basePoints: 3 });
    expect(s.phase).toBe('opening');
  });

  it('G8: the clock runs for whoever must decide, also on a cube offer; none in the opening throw or without a clock', () => {
    const s = run(shortAfterOpening({ matchLength: 5, timeControl: clock }), { type: 'double', seat: 'p2' });
    refuse(s, { type: 'timeout', seat: 'p2' }, 'NOT_YOUR_TURN');
    expect(run(s, { type: 'timeout', seat: 'p1' }).end).toEqual({ winner: 'p2', reason: 'timeout' });
    refuse(match({ variant: 'short', timeControl: clock }), { type: 'timeout', seat: 'p1' }, 'WRONG_PHASE');
    refuse(shortAfterOpening(), { type: 'timeout', seat: 'p2' }, 'BAD_ACTION');
  });

  it('G8 in a money session: the game is scored as a surrender and the session ends', () => {
    const s = run(shortAfterOpening({ timeControl: clock, cube: { jacoby: false } }), { type: 'timeout', seat: 'p2' });
    expect(s.games).toHaveLength(1);
    expect(s.score).toEqual({ p1: 3, p2: 0 });
    expect(s.end).toEqual({ winner: 'p1', reason: 'timeout' });
  });
});

describe('L27 last-throw draw', () => {
  // LN-42: White (p1) has one checker left on 1; Black 13:1, 14:1, 18:1 and 12 off.
  const ln42 = board({ variant: 'long', onRoll: 'white', white: { '1': 1, off: 14 }, black: { '13': 1, '14': 1, '18': 1, off: 12 } });
  const setup = (input: Partial<MatchSettingsInput> = {}): MatchState => {
    const s = run(match({ variant: 'long', lastRollDraw: true, ...input }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    return turn(at(s, ln42, 'turnStart'), 'p1', [2, 1]);
  };

  it('L27: when White bears off the 15th, Black gets exactly one more turn', () => {
    const s = setup({ cube: { enabled: true } });
    expect(s.games).toHaveLength(0);
    expect(s.game.lastThrow).toBe(true);
    expect(s.phase).toBe('turnStart');
    expect(toAct(s)).toBe('p2');
    expect(refuse(s, { type: 'double', seat: 'p2' }, 'CUBE_NOT_ALLOWED')).toMatch(/L27/);
  });

  it('LN-42: Black 6-6 bears off all → draw, ½ each', () => {
    const s = turn(setup(), 'p2', [6, 6]);
    expect(s.games[0]).toMatchObject({ winner: null, kind: 'draw', basePoints: 0.5, points: { p1: 0.5, p2: 0.5 } });
    expect(s.score).toEqual({ p1: 0.5, p2: 0.5 });
  });

  it("LN-42 / G7: drawScoring 'one' gives 1 each (× cube)", () => {
    const s = turn(setup({ drawScoring: 'one' }), 'p2', [6, 6]);
    expect(s.score).toEqual({ p1: 1, p2: 1 });
  });

  it('LN-42: Black 6-5 → 18/off 14/off or 18/13 14/off (2 plays); a checker remains → White wins oin', () => {
    let s = run(setup(), { type: 'roll', seat: 'p2', dice: [6, 5] });
    expect(currentTurns(s)).toHaveLength(2);
    s = playFirst(s, 'p2');
    expect(s.games[0]).toMatchObject({ winner: 'p1', end: 'bearOff', kind: 'oin', basePoints: 1 });
  });

  it('L27: mars is judged after the extra turn', () => {
    const pos = board({ variant: 'long', onRoll: 'white', white: { '1': 1, off: 14 }, black: { '13': 5, '14': 5, '15': 5 } });
    const s0 = run(match({ variant: 'long', lastRollDraw: true }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    const s = turn(turn(at(s0, pos, 'turnStart'), 'p1', [2, 1]), 'p2', [6, 5]);
    expect(s.games[0]).toMatchObject({ winner: 'p1', kind: 'oin' });
    // Without lastRollDraw the same finish is a mars.
    const n0 = run(match({ variant: 'long' }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    const n = turn(at(n0, pos, 'turnStart'), 'p1', [2, 1]);
    expect(n.games[0]).toMatchObject({ winner: 'p1', kind: 'mars', basePoints: 2 });
  });

  it('L27: never when Black finishes first', () => {
    const pos = board({ variant: 'long', onRoll: 'black', white: { '1': 1, '2': 1, off: 13 }, black: { '13': 1, off: 14 } });
    const s0 = run(match({ variant: 'long', lastRollDraw: true }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    const s = turn(at(s0, pos, 'turnStart'), 'p2', [2, 1]);
    expect(s.games[0]).toMatchObject({ winner: 'p2', kind: 'oin' });
    expect(s.game.number).toBe(2);
  });

  it('L27 in short nardy: the player who started later gets the last throw', () => {
    const pos = board({ variant: 'short', onRoll: 'white', white: { '1': 1, off: 14 }, black: { '24': 1, off: 14 } });
    const s0 = run(match({ variant: 'short', lastRollDraw: true }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    const s1 = turn(at(s0, pos, 'turnStart'), 'p1', [2, 1]);
    expect(s1.game.lastThrow).toBe(true);
    const s = turn(s1, 'p2', [2, 1]);
    expect(s.games[0]).toMatchObject({ winner: null, kind: 'draw' });
  });
});

describe('G6 matches and sessions', () => {
  it("G6 rule 1.4: in long nardy colours change and the previous game's Black starts the next game as White", () => {
    let s = run(match({ variant: 'long', matchLength: 7 }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    expect(s.game.white).toBe('p1');
    s = run(s, { type: 'surrender', seat: 'p2' });
    expect(s.phase).toBe('turnStart');
    expect(s.game).toMatchObject({ number: 2, white: 'p2', starter: 'p2' });
    expect(s.game.position.turn).toBe('white');
    expect(toAct(s)).toBe('p2');
    s = run(s, { type: 'surrender', seat: 'p2' });
    expect(s.game).toMatchObject({ number: 3, white: 'p1', starter: 'p1' });
  });

  it("G6 option 'previousWinner': the winner starts the next game as White", () => {
    let s = run(match({ variant: 'long', matchLength: 7, nextGameStarter: 'previousWinner' }), { type: 'opening', dice: { p1: 5, p2: 3 } });
    s = run(s, { type: 'surrender', seat: 'p2' });
    expect(s.game).toMatchObject({ white: 'p1', starter: 'p1' });
    s = run(s, { type: 'surrender', seat: 'p1' });
    expect(s.game).toMatchObject({ white: 'p2', starter: 'p2' });
  });

  it('G6 short nardy: a new opening throw every game, p1 keeps White', () => {
    const s = run(shortAfterOpening({ matchLength: 7 }), { type: 'surrender', seat: 'p1' });
    expect(s.phase).toBe('opening');
    expect(s.game).toMatchObject({ number: 2, white: 'p1', starter: null });
  });

  it('G6 money session: games follow one another; the session ends between games, the leader wins', () => {
    let s = run(shortAfterOpening({ cube: { jacoby: false } }), { type: 'surrender', seat: 'p2' });
    expect(s.phase).toBe('opening');
    expect(types(s)).toContain('endSession:p2');
    const mid = playFirst(run(s, { type: 'opening', dice: { p1: 3, p2: 1 } }), 'p1');
    refuse(mid, { type: 'endSession', seat: 'p1' }, 'WRONG_PHASE');
    s = run(s, { type: 'endSession', seat: 'p2' });
    expect(s.end).toEqual({ winner: 'p1', reason: 'sessionEnded' });
    refuse(s, { type: 'opening', dice: { p1: 1, p2: 2 } }, 'GAME_OVER');
    refuse(shortAfterOpening({ matchLength: 3 }), { type: 'endSession', seat: 'p1' }, 'BAD_ACTION');
  });

  it('G6 session limits: the session ends as the game that reaches a game count or a points lead ends', () => {
    let s = run(shortAfterOpening({ cube: { jacoby: false }, session: { games: 3 } }), { type: 'surrender', seat: 'p2' });
    for (const loser of ['p1', 'p2'] as const) {
      expect(s.phase).toBe('opening');
      s = run(playFirst(run(s, { type: 'opening', dice: { p1: 3, p2: 1 } }), 'p1'), { type: 'surrender', seat: loser });
    }
    expect(s.games).toHaveLength(3);
    expect(s.end).toEqual({ winner: 'p1', reason: 'sessionEnded' });
    // 5 points ahead: a koks (3) leaves it going, a second one (6 ahead) ends it.
    let p = run(shortAfterOpening({ cube: { jacoby: false }, session: { pointsAhead: 5 } }), { type: 'surrender', seat: 'p2' });
    expect(p.phase).toBe('opening');
    p = run(playFirst(run(p, { type: 'opening', dice: { p1: 3, p2: 1 } }), 'p1'), { type: 'surrender', seat: 'p2' });
    expect(p.score).toEqual({ p1: 6, p2: 0 });
    expect(p.end).toEqual({ winner: 'p1', reason: 'sessionEnded' });
  });

  it('G6 a match to 5 played to the end with real turns; the score is the sum of the games; replay equals the incremental state', () => {
    for (const variant of ['long', 'short', 'caucasian'] as const) {
      const rnd = seededRng(variant.length * 7919);
      const d = (): Die => (1 + Math.floor(rnd() * 6)) as Die;
      const settings: MatchSettingsInput = { variant, matchLength: 5, cube: { enabled: true }, lastRollDraw: variant === 'long' };
      let s = match(settings);
      const log: Action[] = [];
      const states: MatchState[] = [s];
      let sawCrawford = false;
      while (s.phase !== 'matchOver') {
        const legal = legalActions(s);
        const main = legal[0]!;
        let a: Action;
        if (main.type === 'opening') a = { type: 'opening', dice: { p1: d(), p2: d() } };
        else if (main.type === 'roll') {
          a = legal.some((x) => x.type === 'double') && rnd() < 0.1 ? { type: 'double', seat: main.seat } : { type: 'roll', seat: main.seat, dice: [d(), d()] };
        } else if (main.type === 'move') {
          const t = main.turns[Math.floor(rnd() * main.turns.length)];
          a = { type: 'move', seat: main.seat, steps: t ? t.steps : [] };
        } else if (main.type === 'take') a = { type: rnd() < 0.7 ? 'take' : 'pass', seat: main.seat };
        else throw new Error(`unexpected ${main.type}`);
        s = must(apply(s, a));
        if (s.game.crawford) {
          sawCrawford = true;
          expect(s.game.cube.value).toBe(1);
        }
        log.push(a);
        states.push(s);
      }
      expect(s.end?.reason).toBe('points');
      const w = s.end!.winner!;
      expect(s.score[w]).toBeGreaterThanOrEqual(5);
      expect(s.score[w === 'p1' ? 'p2' : 'p1']).toBeLessThan(s.score[w]);
      const sum = s.games.reduce((acc, g) => ({ p1: acc.p1 + g.points.p1, p2: acc.p2 + g.points.p2 }), { p1: 0, p2: 0 });
      expect(sum).toEqual(s.score);
      expect(s.games.every((g) => g.end === 'bearOff' || g.end === 'cubePass')).toBe(true);
      if (s.crawfordGame !== null && s.games.length >= s.crawfordGame) expect(sawCrawford).toBe(true);
      // Replay: the log is the record.
      expect(must(replay(settings, log))).toEqual(s);
      for (const i of [1, Math.floor(log.length / 3), Math.floor(log.length / 2), log.length - 1]) {
        expect(must(replay(settings, log.slice(0, i)))).toEqual(states[i]);
      }
    }
  });

  it('replay names the failing action', () => {
    const r = replay({ variant: 'short' }, [
      { type: 'opening', dice: { p1: 3, p2: 1 } },
      { type: 'roll', seat: 'p2', dice: [1, 2] },
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe('WRONG_PHASE');
      expect(r.error.message).toMatch(/^action 1 \(roll\)/);
    }
    const bad = newMatch({ variant: 'short', matchLength: 99 });
    expect(bad.ok).toBe(false);
  });

  it('legalActions lists what apply accepts', () => {
    const s = shortAfterOpening({ matchLength: 3 });
    expect(types(s)).toEqual([
      'roll:p2',
      'double:p2',
      'resign:p1',
      'resign:p1',
      'resign:p1',
      'resign:p2',
      'resign:p2',
      'resign:p2',
      'surrender:p1',
      'surrender:p2',
      'resignMatch:p1',
      'resignMatch:p2',
    ]);
    for (const a of legalActions(s)) {
      const action = (a.type === 'roll' ? { ...a, dice: [1, 2] } : a.type === 'move' ? { ...a, steps: [] } : a) as Action;
      expect(apply(s, action).ok).toBe(true);
    }
    const m = run(s, { type: 'roll', seat: 'p2', dice: [6, 5] });
    const mv = legalActions(m)[0];
    expect(mv?.type).toBe('move');
    expect(mv && 'turns' in mv && mv.turns).toEqual(legalTurns(m.game.position, [6, 5]));
  });
});

describe('G5a surrender needs a game in play', () => {
  it('is refused before the opening throw (WRONG_PHASE), state untouched', () => {
    const s = match({ variant: 'short', matchLength: 3 });
    const r = apply(s, { type: 'surrender', seat: 'p1' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('WRONG_PHASE');
    expect(s.phase).toBe('opening');
  });
});
