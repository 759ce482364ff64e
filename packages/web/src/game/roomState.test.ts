import type { GameView } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import type { GameUpdate } from '../net/types';
import { rematchChoice } from './choices';
import { CHAT_KEPT, initialRoom, roomReducer, type RoomState } from './roomState';
import { NOW, SHORT_GAME, snapshotAt, timeline } from './views.suite';

const SHORT = SHORT_GAME.slice(0, 4);

const feed = (updates: readonly GameUpdate[], from: RoomState = initialRoom): RoomState =>
  updates.reduce((s, update) => roomReducer(s, { type: 'update', update }), from);

describe('roomReducer', () => {
  it('follows a game from its start: the move list from the events is complete', () => {
    const s = feed(timeline({ variant: 'short' }, SHORT, 'p1'));
    expect(s.moves.map((m) => (m.kind === 'move' ? m.notation : m.kind))).toEqual(['opening', '8/5 6/5', '24/14']);
    expect(s.moves.map((m) => m.at)).toEqual([1, 2, 4]);
    expect(s.view?.version).toBe(SHORT.length);
  });

  it('a game opened under way (a late spectator, a reload) lists every move from its snapshot, then the events after it', () => {
    const t = timeline({ variant: 'short' }, SHORT, null);
    const full = feed(t);
    const late = feed([snapshotAt(t, 2), t[3]!, t[4]!]);
    expect(late.moves).toEqual(full.moves);
    expect(late.view).toBe(t[4]!.view);
    expect(late.lastEvent).toBe(4);
  });

  it('a resync snapshot after a gap replaces the list with the whole match, the missed moves included', () => {
    const t = timeline({ variant: 'short' }, SHORT, 'p1');
    const behind = feed(t.slice(0, 2));
    expect(behind.moves.map((m) => m.kind)).toEqual(['opening']);
    const resynced = feed([snapshotAt(t, 4)], behind);
    expect(resynced.moves).toEqual(feed(t).moves);
    expect(resynced.view).toBe(t[4]!.view);
    // The same snapshot sent again (a resubscription) changes nothing in the list.
    expect(feed([snapshotAt(t, 4)], resynced).moves).toEqual(resynced.moves);
  });

  it('lists the end of a game', () => {
    const s = feed(
      timeline({ variant: 'short', matchLength: 3 }, [...SHORT, { type: 'resign', seat: 'p1', level: 'mars' }, { type: 'acceptResign', seat: 'p2' }], 'p2'),
    );
    const last = s.moves[s.moves.length - 1]!;
    expect(last).toMatchObject({ kind: 'gameEnded', result: { winner: 'p2', kind: 'mars', points: { p1: 0, p2: 2 } } });
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
    const ev = (n: number, event: NonNullable<GameUpdate['event']>): GameUpdate => ({ view, n, event });
    let s = feed([{ view, n: 9, event: null, actions: [] }]);
    s = feed([ev(10, { kind: 'rematchOffered', by: 'p2' })], s);
    expect(s.rematch).toEqual({ offeredBy: 'p2', declinedBy: null, gameId: null });
    s = feed([ev(11, { kind: 'rematchDeclined', by: 'p1' })], s);
    expect(s.rematch).toEqual({ offeredBy: null, declinedBy: 'p1', gameId: null });
    s = feed([ev(12, { kind: 'rematchStarted', gameId: 'g_next' })], s);
    expect(s.rematch.gameId).toBe('g_next');
  });

  it('both players follow the rematch by its events: the offerer waits, the opponent answers; a decline, a new offer, the start', () => {
    // The match to 3 is over: Борис (p2) resigned it. Each player's room got the same events with his own view.
    const rooms = (['p1', 'p2'] as const).map((you) => {
      const t = timeline({ variant: 'short', matchLength: 3 }, [...SHORT, { type: 'resignMatch', seat: 'p2' }], you);
      const view = t[t.length - 1]!.view;
      let n = t.length - 1;
      let s = feed(t);
      const hear = (event: NonNullable<GameUpdate['event']>) => (s = feed([{ view, n: ++n, event }], s));
      return { choice: () => rematchChoice(view, s.rematch), hear, state: () => s };
    });
    const [alice, boris] = rooms as [(typeof rooms)[number], (typeof rooms)[number]];
    const both = (event: NonNullable<GameUpdate['event']>) => rooms.forEach((r) => r.hear(event));
    expect([alice.choice(), boris.choice()]).toEqual(['offer', 'offer']);
    both({ kind: 'rematchOffered', by: 'p1' });
    expect([alice.choice(), boris.choice()]).toEqual(['waiting', 'answer']);
    both({ kind: 'rematchDeclined', by: 'p2' });
    expect([alice.choice(), boris.choice()]).toEqual(['declined', 'youDeclined']);
    // Борис changes his mind and offers: the decline is forgotten.
    both({ kind: 'rematchOffered', by: 'p2' });
    expect([alice.choice(), boris.choice()]).toEqual(['answer', 'waiting']);
    both({ kind: 'rematchStarted', gameId: 'g_next' });
    // Both rooms now name the new game (the room opens it) and offer nothing more here.
    expect(rooms.map((r) => r.state().rematch.gameId)).toEqual(['g_next', 'g_next']);
    expect([alice.choice(), boris.choice()]).toEqual(['none', 'none']);
  });

  it("a snapshot (a reload, a resync) shows the view's open rematch offer, or that it is gone; events before any snapshot are not taken", () => {
    const t = timeline({ variant: 'short', matchLength: 3 }, [...SHORT, { type: 'resignMatch', seat: 'p2' }], 'p2');
    const view = t[t.length - 1]!.view;
    const n = t.length - 1;
    const snapshot = snapshotAt(t, n);
    const withOffer: GameUpdate = { ...snapshot, view: { ...snapshot.view, rematchOffer: { by: 'p1', commitment: 'c'.repeat(64) } }, n: n + 1 };
    // The opponent's page reloaded: a fresh room answers the offer.
    const reloaded = feed([withOffer]);
    expect(reloaded.rematch.offeredBy).toBe('p1');
    expect(rematchChoice(reloaded.view!, reloaded.rematch)).toBe('answer');
    // The offerer's page (p1's view of the same snapshot) waits.
    const offerer = feed([{ ...withOffer, view: { ...withOffer.view, you: 'p1' } }]);
    expect(rematchChoice(offerer.view!, offerer.rematch)).toBe('waiting');
    // An offer withdrawn while this page was away: the next snapshot has none.
    const offered = feed([...t, { view, n: n + 1, event: { kind: 'rematchOffered', by: 'p1' } }]);
    expect(feed([{ ...snapshot, n: n + 2 }], offered).rematch.offeredBy).toBeNull();
    expect(feed([{ view, n: 1, event: { kind: 'rematchOffered', by: 'p1' } }]).rematch.offeredBy).toBeNull();
  });

  it('a withdrawn offer disappears for the opponent, who may offer himself', () => {
    const t = timeline({ variant: 'short', matchLength: 3 }, [...SHORT, { type: 'resignMatch', seat: 'p2' }], 'p2');
    const view = t[t.length - 1]!.view;
    const n = t.length - 1;
    let s = feed([...t, { view, n: n + 1, event: { kind: 'rematchOffered', by: 'p1' } }]);
    expect(rematchChoice(view, s.rematch)).toBe('answer');
    s = feed([{ view, n: n + 2, event: { kind: 'rematchWithdrawn', by: 'p1' } }], s);
    expect(s.rematch).toEqual({ offeredBy: null, declinedBy: null, gameId: null });
    expect(rematchChoice(view, s.rematch)).toBe('offer');
  });

  it('keeps the last chat lines', () => {
    const from = { userId: 'u1', name: 'A', guest: false };
    let s = initialRoom;
    for (let i = 0; i < CHAT_KEPT + 5; i++) s = roomReducer(s, { type: 'chat', line: { room: 'table', from, text: String(i), at: i } });
    expect(s.chat).toHaveLength(CHAT_KEPT);
    expect(s.chat[0]!.text).toBe('5');
  });
});
