import type { GameView } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import type { GameUpdate } from '../net/types';
import { CHAT_KEPT, initialRoom, roomReducer, type RoomState } from './roomState';
import { NOW, timeline, type WireAction } from './views.suite';

const SHORT: WireAction[] = [
  { type: 'opening', dice: { p1: 3, p2: 1 } },
  { type: 'move', seat: 'p1', steps: [{ from: 8, to: 5 }, { from: 6, to: 5 }] },
  { type: 'roll', seat: 'p2', dice: [6, 4] },
  { type: 'move', seat: 'p2', steps: [{ from: 24, to: 18 }, { from: 18, to: 14 }] },
];

const feed = (updates: readonly GameUpdate[], from: RoomState = initialRoom): RoomState =>
  updates.reduce((s, update) => roomReducer(s, { type: 'update', update }), from);

/** The same update with the clock read at `at` and running for `running`. */
const clocked = (u: GameUpdate, running: 'p1' | 'p2' | null, at: number): GameUpdate => ({
  ...u,
  view: { ...u.view, clock: { ...u.view.clock, control: { kind: 'matchReserve', perPointMs: 60_000, delayMs: 12_000 }, running, at } },
});

describe('roomReducer', () => {
  it('follows a game from its start: the move list from the events is complete', () => {
    const s = feed(timeline({ variant: 'short' }, SHORT, 'p1'));
    expect(s.movesPartial).toBe(false);
    expect(s.moves.map((m) => (m.kind === 'move' ? m.notation : m.kind))).toEqual(['opening', '8/5 6/5', '24/14']);
    expect(s.moves.map((m) => m.at)).toEqual([1, 2, 4]);
    expect(s.view?.version).toBe(SHORT.length);
  });

  it('a game opened midway says its list may miss moves; a resync snapshot keeps what was listed', () => {
    const t = timeline({ variant: 'short' }, SHORT, null);
    const joined = feed([{ ...t[2]!, event: null }, t[3]!, t[4]!]);
    expect(joined.movesPartial).toBe(true);
    expect(joined.moves.map((m) => m.kind)).toEqual(['move']);
    const full = feed(t.slice(0, 3));
    const resynced = feed([{ ...t[4]!, event: null }], full);
    expect(resynced.moves).toEqual(full.moves);
    expect(resynced.movesPartial).toBe(true);
    expect(resynced.view).toBe(t[4]!.view);
  });

  it('a game opened under way asks for the events before its snapshot and puts them first when all came', () => {
    const t = timeline({ variant: 'short' }, SHORT, 'p1');
    const opened = feed([{ ...t[2]!, event: null }, t[3]!]);
    expect(opened.historyWanted).toBe(2);
    expect(opened.movesPartial).toBe(true);
    expect(roomReducer(opened, { type: 'history', updates: [t[1]!] })).toBe(opened);
    expect(roomReducer(opened, { type: 'history', updates: [t[2]!, t[1]!] })).toBe(opened);
    const filled = roomReducer(opened, { type: 'history', updates: [t[1]!, t[2]!] });
    expect(filled.moves.map((m) => (m.kind === 'move' ? m.notation : m.kind))).toEqual(['opening', '8/5 6/5']);
    expect(filled.moves.map((m) => m.at)).toEqual([1, 2]);
    expect(filled.movesPartial).toBe(false);
    expect(filled.historyWanted).toBeNull();
  });

  it('the history tells when a clock running since before the snapshot started', () => {
    const t = timeline({ variant: 'short' }, SHORT, 'p1');
    const c1 = clocked(t[1]!, 'p1', NOW);
    const c2 = clocked(t[2]!, 'p2', NOW + 3000);
    const opened = feed([clocked({ ...t[2]!, event: null }, 'p2', NOW + 5000)]);
    expect(opened.spell).toBeNull();
    expect(roomReducer(opened, { type: 'history', updates: [c1, c2] }).spell).toEqual({ seat: 'p2', since: NOW + 3000 });
    const moved = feed([clocked(t[3]!, 'p1', NOW + 9000)], opened);
    expect(roomReducer(moved, { type: 'history', updates: [c1, c2] }).spell).toEqual({ seat: 'p1', since: NOW + 9000 });
  });

  it('the same snapshot sent again (a resubscription) is no gap', () => {
    const t = timeline({ variant: 'short' }, SHORT, 'p1');
    const start = feed([t[0]!, t[1]!, t[2]!]);
    const again = feed([{ ...t[2]!, event: null }], start);
    expect(again.movesPartial).toBe(false);
    expect(again.moves).toEqual(start.moves);
    const opened = feed([{ ...t[2]!, event: null }]);
    expect(feed([{ ...t[2]!, event: null }], opened).historyWanted).toBe(2);
  });

  it('wants no history at the very start, for a finished match (its record has it) or after a resync', () => {
    const t = timeline({ variant: 'short' }, SHORT, 'p1');
    expect(feed([t[0]!]).historyWanted).toBeNull();
    const over = { ...t[2]!, event: null, view: { ...t[2]!.view, end: { winner: 'p1' as const, reason: 'resignMatch' as const } } };
    expect(feed([over]).historyWanted).toBeNull();
    const opened = feed([{ ...t[2]!, event: null }]);
    expect(feed([{ ...t[4]!, event: null }], opened).historyWanted).toBeNull();
  });

  it('takes the record’s list as complete', () => {
    const s = roomReducer(feed([{ ...timeline({ variant: 'short' }, SHORT, null)[4]!, event: null }]), {
      type: 'record',
      moves: [{ at: 1, game: 1, kind: 'opening', dice: { p1: 3, p2: 1 } }],
    });
    expect(s.movesPartial).toBe(false);
    expect(s.moves).toHaveLength(1);
  });

  it('lists the end of a game', () => {
    const s = feed(
      timeline({ variant: 'short', matchLength: 3 }, [...SHORT, { type: 'resign', seat: 'p1', level: 'mars' }, { type: 'acceptResign', seat: 'p2' }], 'p2'),
    );
    const last = s.moves[s.moves.length - 1]!;
    expect(last).toMatchObject({ kind: 'gameEnded', result: { winner: 'p2', kind: 'mars', points: { p1: 0, p2: 2 } } });
  });

  it('notes when a running clock started, only when it saw the start (G8 delay)', () => {
    const t = timeline({ variant: 'short' }, SHORT, 'p1');
    const snap = feed([clocked({ ...t[1]!, event: null }, 'p2', NOW)]);
    expect(snap.spell).toBeNull();
    const started = feed([clocked(t[2]!, 'p2', NOW + 1000)], snap);
    expect(started.spell).toBeNull();
    const switched = feed([clocked(t[3]!, 'p1', NOW + 5000)], started);
    expect(switched.spell).toEqual({ seat: 'p1', since: NOW + 5000 });
    const same = feed([clocked(t[4]!, 'p1', NOW + 9000)], switched);
    expect(same.spell).toEqual({ seat: 'p1', since: NOW + 5000 });
  });

  it('keeps a refusal until dismissed or until the game moves on', () => {
    const t = timeline({ variant: 'short' }, SHORT, 'p1');
    const s = feed(t.slice(0, 2));
    const refused = roomReducer(s, { type: 'refused', code: 'STALE_VERSION', message: 'someone acted first' });
    expect(refused.error).toEqual({ code: 'STALE_VERSION', message: 'someone acted first' });
    expect(roomReducer(refused, { type: 'dismiss' }).error).toBeNull();
    expect(feed([t[2]!], refused).error).toBeNull();
    const presence: GameUpdate = { view: t[1]!.view, n: 2, event: { kind: 'presence', seat: 'p2', online: false, graceUntil: NOW } };
    expect(feed([presence], refused).error).not.toBeNull();
  });

  it('tracks the rematch after the match', () => {
    const view: GameView = timeline({ variant: 'short' }, [], 'p1')[0]!.view;
    const ev = (n: number, event: GameUpdate['event']): GameUpdate => ({ view, n, event });
    let s = feed([{ view, n: 9, event: null }]);
    s = feed([ev(10, { kind: 'rematchOffered', by: 'p2' })], s);
    expect(s.rematch).toEqual({ offeredBy: 'p2', declinedBy: null, gameId: null });
    s = feed([ev(11, { kind: 'rematchDeclined', by: 'p1' })], s);
    expect(s.rematch).toEqual({ offeredBy: null, declinedBy: 'p1', gameId: null });
    s = feed([ev(12, { kind: 'rematchStarted', gameId: 'g_next' })], s);
    expect(s.rematch.gameId).toBe('g_next');
  });

  it('keeps the last chat lines', () => {
    const from = { userId: 'u1', name: 'A', guest: false };
    let s = initialRoom;
    for (let i = 0; i < CHAT_KEPT + 5; i++) s = roomReducer(s, { type: 'chat', line: { room: 'table', from, text: String(i), at: i } });
    expect(s.chat).toHaveLength(CHAT_KEPT);
    expect(s.chat[0]!.text).toBe('5');
  });
});
