import { SERVER_EXAMPLES, type ServerMessage } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { newFollow, onEvent, onSnapshot, subscribeCommand } from './follow';

const view = SERVER_EXAMPLES['game.snapshot'].view;
const actions = SERVER_EXAMPLES['game.snapshot'].actions;
const snapshot = (lastEvent: number, epoch = 'e1'): ServerMessage<'game.snapshot'> => ({
  type: 'game.snapshot',
  gameId: 'g1',
  epoch,
  lastEvent,
  actions,
  view,
});
const event = (n: number, epoch = 'e1'): ServerMessage<'game.event'> => ({
  type: 'game.event',
  gameId: 'g1',
  epoch,
  n,
  event: { kind: 'presence', seat: 'p2', online: true, graceUntil: null },
  view,
});

describe('following a game (protocol §6)', () => {
  it('subscribes without since until something was seen, then with the epoch and last event number', () => {
    const f = newFollow('g1');
    expect(subscribeCommand(f)).toEqual({ type: 'game.subscribe', gameId: 'g1' });
    const after = onSnapshot(f, snapshot(7)).follow;
    expect(subscribeCommand(after)).toEqual({ type: 'game.subscribe', gameId: 'g1', since: { epoch: 'e1', n: 7 } });
    const later = onEvent(after, event(8)).follow;
    expect(subscribeCommand(later)).toEqual({ type: 'game.subscribe', gameId: 'g1', since: { epoch: 'e1', n: 8 } });
  });

  it("a private game's watch token goes with every subscription, the first and those after a snapshot or a gap", () => {
    const f = newFollow('g1', 'watch-token-0123456789');
    expect(subscribeCommand(f)).toEqual({ type: 'game.subscribe', gameId: 'g1', watch: 'watch-token-0123456789' });
    const after = onSnapshot(f, snapshot(7)).follow;
    expect(subscribeCommand(after)).toEqual({ type: 'game.subscribe', gameId: 'g1', watch: 'watch-token-0123456789', since: { epoch: 'e1', n: 7 } });
    expect(onEvent(after, event(9)).resubscribe).toEqual({ type: 'game.subscribe', gameId: 'g1', watch: 'watch-token-0123456789' });
  });

  it('delivers a snapshot as an update with the move list and no event, and the next event with its number', () => {
    const s = onSnapshot(newFollow('g1'), snapshot(3));
    expect(s.update).toEqual({ view, n: 3, event: null, actions });
    const e = onEvent(s.follow, event(4));
    expect(e.update?.n).toBe(4);
    expect(e.update?.event?.kind).toBe('presence');
    expect(e.resubscribe).toBeNull();
  });

  it('drops events already seen (n ≤ last)', () => {
    const f = onSnapshot(newFollow('g1'), snapshot(5)).follow;
    for (const n of [1, 4, 5]) {
      const step = onEvent(f, event(n));
      expect(step.update).toBeNull();
      expect(step.resubscribe).toBeNull();
      expect(step.follow).toEqual(f);
    }
  });

  it('answers a gap with a subscription without since, ignores events until the snapshot, then goes on', () => {
    const f = onSnapshot(newFollow('g1'), snapshot(5)).follow;
    const gap = onEvent(f, event(7));
    expect(gap.update).toBeNull();
    expect(gap.resubscribe).toEqual({ type: 'game.subscribe', gameId: 'g1' });
    expect(gap.follow.resyncing).toBe(true);
    // An event of the old subscription still in the pipe, even the "right" next one, is not trusted.
    expect(onEvent(gap.follow, event(6)).update).toBeNull();
    // A reconnect during the resync still asks for a snapshot.
    expect(subscribeCommand(gap.follow)).toEqual({ type: 'game.subscribe', gameId: 'g1' });
    const resynced = onSnapshot(gap.follow, snapshot(9));
    expect(resynced.update?.n).toBe(9);
    expect(resynced.follow).toEqual({ gameId: 'g1', last: { epoch: 'e1', n: 9 }, resyncing: false });
    expect(onEvent(resynced.follow, event(10)).update?.n).toBe(10);
  });

  it('takes an event of another epoch (the server rebuilt the game) as a gap, whatever its number', () => {
    const f = onSnapshot(newFollow('g1'), snapshot(5)).follow;
    for (const n of [3, 6]) {
      const step = onEvent(f, event(n, 'e2'));
      expect(step.update).toBeNull();
      expect(step.resubscribe).toEqual({ type: 'game.subscribe', gameId: 'g1' });
    }
    const after = onSnapshot(onEvent(f, event(6, 'e2')).follow, snapshot(2, 'e2'));
    expect(after.follow.last).toEqual({ epoch: 'e2', n: 2 });
    expect(onEvent(after.follow, event(3, 'e2')).update?.n).toBe(3);
  });

  it('ignores events that come before the first snapshot', () => {
    const step = onEvent(newFollow('g1'), event(1));
    expect(step.update).toBeNull();
    expect(step.resubscribe).toBeNull();
  });
});
