import type { GameView } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { awaitsMe, deliver, lowTimeIn, lowTimeMs, viewSignals, type Signal } from './signals';
import { NOW, play, viewOf, type WireAction } from './views.suite';

const OPENING: WireAction = { type: 'opening', dice: { p1: 3, p2: 1 } };
const P1_MOVE: WireAction = {
  type: 'move',
  seat: 'p1',
  steps: [
    { from: 8, to: 5 },
    { from: 6, to: 5 },
  ],
};
const P2_ROLL: WireAction = { type: 'roll', seat: 'p2', dice: [6, 4] };
const P2_MOVE: WireAction = {
  type: 'move',
  seat: 'p2',
  steps: [
    { from: 24, to: 18 },
    { from: 18, to: 14 },
  ],
};
const MONEY = { variant: 'short', cube: { beaver: true } } as const;
const CLOCKED = { variant: 'short', matchLength: 3, timeControl: { kind: 'matchReserve', perPointMs: 60_000, delayMs: 8_000 } } as const;

/** The views `you` sees along the actions, first (before any action) to last. */
function views(settings: Parameters<typeof play>[0], actions: readonly WireAction[], you: 'p1' | 'p2' | null): GameView[] {
  return [0, ...actions.map((_, i) => i + 1)].map((n) => viewOf(play(settings, actions.slice(0, n)), you));
}

/** Each change's signals along the actions. */
const along = (settings: Parameters<typeof play>[0], actions: readonly WireAction[], you: 'p1' | 'p2' | null): Signal[][] => {
  const vs = views(settings, actions, you);
  return vs.slice(1).map((v, i) => viewSignals(vs[i]!, v));
};

describe('room signals', () => {
  it('the first view of a room signals nothing, even on his turn', () => {
    const v = viewOf(play(MONEY, [OPENING]), 'p1');
    expect(awaitsMe(v)).toBe(true);
    expect(viewSignals(null, v)).toEqual([]);
  });

  it('a player hears the throws, the moves and his turn; the opponent the same without "your turn" when it is not his', () => {
    const actions = [OPENING, P1_MOVE, P2_ROLL, P2_MOVE];
    // p1 opens with the higher die: his turn at once; then p2's roll and move; then p1 is to roll again.
    expect(along(MONEY, actions, 'p1')).toEqual([['dice', 'yourTurn'], ['move'], ['dice'], ['move', 'yourTurn']]);
    expect(along(MONEY, actions, 'p2')).toEqual([['dice'], ['move', 'yourTurn'], ['dice'], ['move']]);
    // A spectator hears the game but is never asked.
    expect(along(MONEY, actions, null)).toEqual([['dice'], ['move'], ['dice'], ['move']]);
  });

  it('a cube offered to the player is "doubled" (not "your turn"); his answer gives the offerer nothing new', () => {
    const base = [OPENING, P1_MOVE, P2_ROLL, P2_MOVE];
    const doubled = [...base, { type: 'double', seat: 'p1' } as const];
    expect(along(MONEY, doubled, 'p2').at(-1)).toEqual(['doubled']);
    expect(along(MONEY, doubled, 'p1').at(-1)).toEqual([]);
    // p2 takes: p1 is to roll again.
    expect(along(MONEY, [...doubled, { type: 'take', seat: 'p2' }], 'p1').at(-1)).toEqual(['yourTurn']);
  });

  it('the end of a game is signalled to everyone', () => {
    const actions = [OPENING, P1_MOVE, { type: 'surrender', seat: 'p2' } as const];
    expect(along({ variant: 'short', matchLength: 1 }, actions, 'p1').at(-1)).toEqual(['gameEnd']);
    expect(along({ variant: 'short', matchLength: 1 }, actions, null).at(-1)).toEqual(['gameEnd']);
  });

  it('views that come several actions apart still signal the throw and his new turn', () => {
    const vs = views(MONEY, [OPENING, P1_MOVE, P2_ROLL, P2_MOVE, { type: 'roll', seat: 'p1', dice: [5, 2] }], 'p1');
    // p1 moving after the opening, then (p2 rolled and moved, p1 rolled) p1 moving again: one view apart.
    expect(viewSignals(vs[1]!, vs[5]!)).toEqual(['move', 'dice', 'yourTurn']);
    // His own roll alone is a throw, not a new turn.
    expect(viewSignals(vs[4]!, vs[5]!)).toEqual(['dice']);
  });

  it('a view that changes nothing played (presence) signals nothing', () => {
    const v = viewOf(play(MONEY, [OPENING]), 'p1');
    const gone = { ...v, players: { ...v.players, p2: { ...v.players.p2, online: false, graceUntil: NOW + 60_000 } } };
    expect(viewSignals(v, gone)).toEqual([]);
  });
});

describe('low time', () => {
  const mine = viewOf(play(CLOCKED, [OPENING]), 'p1');

  it('is under 10 s, or a tenth of a short control', () => {
    expect(lowTimeMs(mine)).toBe(10_000);
    const blitz = { ...mine, clock: { ...mine.clock, control: { kind: 'perMove', limitMs: 30_000 } } } as GameView;
    expect(lowTimeMs(blitz)).toBe(3_000);
  });

  it("comes after the free delay and the reserve down to the mark, only on the player's own running clock", () => {
    const left = { ...mine, clock: { ...mine.clock, left: { p1: 25_000, p2: 25_000 } } };
    // The move began at NOW: 8 s of delay, then 15 s of reserve to reach 10 s.
    expect(lowTimeIn(left, NOW)).toBe(23_000);
    expect(lowTimeIn(left, NOW + 20_000)).toBe(3_000);
    expect(lowTimeIn(left, NOW + 23_000)).toBeNull();
    expect(lowTimeIn({ ...left, you: 'p2' }, NOW)).toBeNull();
    expect(lowTimeIn({ ...left, you: null }, NOW)).toBeNull();
    expect(lowTimeIn(viewOf(play({ variant: 'short' }, [OPENING]), 'p1'), NOW)).toBeNull();
  });
});

describe('delivery', () => {
  const all: Signal[] = ['move', 'yourTurn', 'doubled', 'gameEnd'];

  it('sounds unless muted; notifications only for his turn or a double, only when allowed and the tab is hidden', () => {
    expect(deliver(all, { sounds: true, notifications: true, hidden: true })).toEqual({ sounds: all, notify: ['yourTurn', 'doubled'] });
    expect(deliver(all, { sounds: false, notifications: true, hidden: false })).toEqual({ sounds: [], notify: [] });
    expect(deliver(all, { sounds: false, notifications: false, hidden: true })).toEqual({ sounds: [], notify: [] });
  });
});
