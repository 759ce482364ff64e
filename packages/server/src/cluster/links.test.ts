import type { ServerToClient } from '@nardy/protocol';
import { describe, expect, it } from 'vitest';
import { LocalLinks, Outbox, StandIns } from './links.js';
import type { Bus, Frame } from './types.js';

const sentBus = (): { bus: Bus; sent: { to: string; frame: Frame }[] } => {
  const sent: { to: string; frame: Frame }[] = [];
  const bus: Bus = {
    instanceId: 'B',
    up: true,
    send: (to, frame) => (sent.push({ to, frame }), true),
    cast: () => true,
    call: () => Promise.reject(new Error('no')),
    onFrame: () => {},
    onStatus: () => {},
    close: () => Promise.resolve(),
  };
  return { bus, sent };
};

const m = (n: number): ServerToClient => ({ type: 'pong', n }) as unknown as ServerToClient;
const wire = (id: string, origin: string) => ({ id, origin, viewer: { userId: id, username: id, displayName: id, guest: false, language: 'en' as const } });
const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('Outbox and stand-ins', () => {
  it('sends one push per origin per tick, one entry per message object, keeping each link’s order', async () => {
    const { bus, sent } = sentBus();
    const standIns = new StandIns(new Outbox(bus));
    const [a1, a2, c1] = [standIns.of(wire('a1', 'A')), standIns.of(wire('a2', 'A')), standIns.of(wire('c1', 'C'))];
    const [x, y] = [m(1), m(2)];
    a1.send(x);
    a2.send(x);
    c1.send(x);
    a1.send(y);
    a2.send(y);
    // The same object again after `y`: a new entry, or a1 would see x, x, y.
    a1.send(x);
    await tick();
    expect(sent).toEqual([
      { to: 'A', frame: { t: 'push', from: 'B', msgs: [x, y, x], to: [['a1', 'a2'], ['a1', 'a2'], ['a1']] } },
      { to: 'C', frame: { t: 'push', from: 'B', msgs: [x], to: [['c1']] } },
    ]);
    a1.send(y);
    await tick();
    expect(sent).toHaveLength(3);
  });

  it('keeps one stand-in per link id and drops them by origin', () => {
    const standIns = new StandIns(new Outbox(sentBus().bus));
    const l = standIns.of(wire('a1', 'A'));
    expect(standIns.of(wire('a1', 'A'))).toBe(l);
    standIns.of(wire('c1', 'C'));
    expect(standIns.drop('C', ['a1'])).toEqual([]);
    expect(standIns.dropOrigin('A').map((s) => s.id)).toEqual(['a1']);
    expect(standIns.size).toBe(1);
  });

  it('delivers pushes to open links, names the others, and closes those touching a dead instance', () => {
    const closed: [string, readonly string[]][] = [];
    const links = new LocalLinks((id, remotes) => closed.push([id, remotes]));
    const got: ServerToClient[] = [];
    const link = { id: 'a1', viewer: wire('a1', 'A').viewer, send: (msg: ServerToClient) => got.push(msg) };
    links.touch(link, 'B');
    links.touch(link, 'C');
    expect(links.deliver([m(1), m(2)], [['a1', 'zz'], ['a1']])).toEqual(['zz']);
    expect(got).toEqual([m(1), m(2)]);
    links.closeTouching('D');
    expect(closed).toEqual([]);
    links.closeTouching('B');
    expect(closed).toEqual([['a1', ['C']]]);
    expect(links.forget('a1')).toEqual([]);
    expect(links.size).toBe(0);
  });
});
