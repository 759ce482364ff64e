import { describe, expect, it, vi } from 'vitest';
import { Ownership } from './owners.js';
import type { ClusterStore, Fence, Holder, ShardHost, ShardKey } from './types.js';

/** The leases as the database keeps them, in memory: what `store/cluster.ts` does on SQLite and PostgreSQL. */
class MemoryLeases implements ClusterStore {
  readonly beats = new Map<string, number>();
  readonly keys = new Map<ShardKey, { owner: string | null; fence: number; createdAt: number }>();
  down = false;

  game(id: string, createdAt = 0): void {
    this.keys.set(`game:${id}`, { owner: null, fence: 0, createdAt });
  }
  private live(id: string | null, now: number, lapseMs: number): boolean {
    return id !== null && (this.beats.get(id) ?? -Infinity) > now - lapseMs;
  }
  async heartbeat(id: string, now: number): Promise<boolean> {
    if (this.down) return false;
    this.beats.set(id, now);
    return true;
  }
  async leave(id: string): Promise<void> {
    for (const k of this.keys.values()) if (k.owner === id) k.owner = null;
    this.beats.delete(id);
  }
  async alive(now: number, lapseMs: number): Promise<readonly string[]> {
    return [...this.beats.keys()].filter((id) => this.live(id, now, lapseMs));
  }
  async claim(key: ShardKey, me: string, now: number, lapseMs: number): Promise<Holder | null> {
    let k = this.keys.get(key);
    if (!k) {
      if (key.startsWith('game:')) return null;
      this.keys.set(key, (k = { owner: null, fence: 0, createdAt: now }));
    }
    if (k.owner === me) return { owner: me, fence: k.fence, mine: true };
    if (this.live(k.owner, now, lapseMs)) return { owner: k.owner!, fence: k.fence, mine: false };
    k.owner = me;
    k.fence++;
    return { owner: me, fence: k.fence, mine: true };
  }
  async ownerOf(key: ShardKey): Promise<Holder | null> {
    const k = this.keys.get(key);
    return k?.owner ? { owner: k.owner, fence: k.fence, mine: false } : null;
  }
  async held(me: string): Promise<readonly ShardKey[]> {
    return [...this.keys].filter(([, k]) => k.owner === me).map(([key]) => key);
  }
  async orphans(now: number, lapseMs: number, graceMs: number, limit: number): Promise<readonly ShardKey[]> {
    return [...this.keys]
      .filter(([, k]) => !this.live(k.owner, now, lapseMs) && k.createdAt < now - graceMs)
      .map(([key]) => key)
      .slice(0, limit);
  }
  async release(key: ShardKey, me: string): Promise<void> {
    const k = this.keys.get(key);
    if (k?.owner === me) k.owner = null;
  }
}

class Host implements ShardHost {
  readonly held = new Map<ShardKey, Fence>();
  readonly dropped: ShardKey[] = [];
  handles(key: ShardKey): boolean {
    return key.startsWith('game:');
  }
  async adopt(key: ShardKey, fence: Fence): Promise<void> {
    this.held.set(key, fence);
  }
  drop(key: ShardKey): void {
    this.held.delete(key);
    this.dropped.push(key);
  }
}

/** Time passes in beats of a second; the named instances beat at each (the others are silent: paused or dead). */
async function pass(clock: { t: number }, ms: number, ...beating: { own: Ownership }[]): Promise<void> {
  for (let left = ms; left > 0; left -= 1_000) {
    clock.t += Math.min(1_000, left);
    for (const n of beating) await n.own.beat();
  }
}

function node(store: MemoryLeases, id: string, clock: { t: number }, onDied?: (id: string) => void) {
  const host = new Host();
  const own = new Ownership({ store, instanceId: id, now: () => clock.t, lapseMs: 3_000, graceMs: 2_000, hosts: [host], ...(onDied ? { onDied } : {}) });
  return { own, host };
}

describe('Ownership', () => {
  it('claims a free key once, adopts it, and answers the others with its holder', async () => {
    const store = new MemoryLeases();
    const clock = { t: 10_000 };
    store.game('g1', 0);
    const a = node(store, 'a', clock);
    const b = node(store, 'b', clock);
    await a.own.start();
    await b.own.start();
    const [x, y] = await Promise.all([a.own.ownerFor('game:g1'), a.own.ownerFor('game:g1')]);
    expect(x).toEqual({ owner: 'a', fence: 1, mine: true });
    expect(y).toEqual(x);
    expect(a.host.held.get('game:g1')).toEqual({ owner: 'a', token: 1 });
    expect(await b.own.ownerFor('game:g1')).toEqual({ owner: 'a', fence: 1, mine: false });
    expect(b.host.held.size).toBe(0);
    expect(await b.own.ownerFor('game:nope')).toBeNull();
    await a.own.close();
    await b.own.close();
  });

  it('takes over a dead instance’s keys on its sweep, with a higher fence, and tells who died', async () => {
    const store = new MemoryLeases();
    const clock = { t: 10_000 };
    store.game('g1', 0);
    store.game('g2', 0);
    const died = vi.fn();
    const a = node(store, 'a', clock);
    const b = node(store, 'b', clock, died);
    await a.own.start();
    await b.own.start();
    await a.own.ownerFor('game:g1');
    await a.own.ownerFor('game:g2');
    await b.own.beat();
    expect(b.host.held.size).toBe(0);
    // a stops beating (killed): after the lapse b's sweep adopts both.
    await pass(clock, 3_500, b);
    expect(died).toHaveBeenCalledWith('a');
    expect([...b.host.held.keys()].sort()).toEqual(['game:g1', 'game:g2']);
    expect(b.host.held.get('game:g1')).toEqual({ owner: 'b', token: 2 });
    await b.own.close();
  });

  it('drops, without writing, what another instance took over while this one was silent', async () => {
    const store = new MemoryLeases();
    const clock = { t: 10_000 };
    store.game('g1', 0);
    const a = node(store, 'a', clock);
    const b = node(store, 'b', clock);
    await a.own.start();
    await b.own.start();
    await a.own.ownerFor('game:g1');
    await pass(clock, 3_500, b); // a paused
    expect(b.own.isMine('game:g1')).toBe(true);
    await a.own.beat(); // a wakes
    expect(a.host.dropped).toEqual(['game:g1']);
    expect(a.own.isMine('game:g1')).toBe(false);
    expect(await a.own.ownerFor('game:g1')).toEqual({ owner: 'b', fence: 2, mine: false });
  });

  it('leaves a game younger than the grace to its creator, finds it on a later look, and gives keys back on close', async () => {
    const store = new MemoryLeases();
    const clock = { t: 10_000 };
    store.game('young', 9_000);
    const b = node(store, 'b', clock);
    await b.own.start();
    await b.own.beat();
    expect(b.host.held.size).toBe(0);
    // Games nobody claimed are looked for every 5 s while no instance dies.
    await pass(clock, 2_000, b);
    expect(b.host.held.size).toBe(0);
    await pass(clock, 3_000, b);
    expect(b.host.held.has('game:young')).toBe(true);
    await b.own.close();
    expect(store.keys.get('game:young')!.owner).toBeNull();
  });

  it('a fenced-off write drops the key at once; a failed adopt gives it back', async () => {
    const store = new MemoryLeases();
    const clock = { t: 10_000 };
    store.game('g1', 0);
    store.game('bad', 0);
    const a = node(store, 'a', clock);
    await a.own.start();
    await a.own.ownerFor('game:g1');
    a.own.lost('game:g1');
    expect(a.host.dropped).toEqual(['game:g1']);
    a.host.adopt = async () => {
      throw new Error('unreadable log');
    };
    await expect(a.own.ownerFor('game:bad')).rejects.toThrow('unreadable log');
    expect(store.keys.get('game:bad')!.owner).toBeNull();
    expect(a.own.isMine('game:bad')).toBe(false);
  });

  it('back from a database outage, an instance waits a lapse before it judges the others (no takeover of their games)', async () => {
    const store = new MemoryLeases();
    const clock = { t: 10_000 };
    store.game('g1', 0);
    const died = vi.fn();
    const a = node(store, 'a', clock);
    const b = node(store, 'b', clock, died);
    await a.own.start();
    await b.own.start();
    await a.own.ownerFor('game:g1');
    store.down = true;
    clock.t += 10_000;
    await a.own.beat();
    await b.own.beat();
    store.down = false;
    // b is back a second before a: a's heartbeat is then 10 s old, but b does not take g1 or call a dead …
    await b.own.beat();
    await pass(clock, 1_000, b);
    await pass(clock, 3_000, a, b);
    expect(died).not.toHaveBeenCalled();
    expect(b.host.held.size).toBe(0);
    expect(a.own.isMine('game:g1')).toBe(true);
    // … and when a really stops, after the lapse b judges as usual.
    await pass(clock, 4_000, b);
    expect(died).toHaveBeenCalledWith('a');
    expect(b.host.held.has('game:g1')).toBe(true);
  });

  it('started again under the same name, an instance first gives up what its previous life held', async () => {
    const store = new MemoryLeases();
    const clock = { t: 10_000 };
    store.game('g1', 0);
    const first = node(store, 'a', clock);
    await first.own.start();
    await first.own.ownerFor('game:g1');
    const again = node(store, 'a', clock);
    await again.own.start();
    expect(store.keys.get('game:g1')!.owner).toBeNull();
    expect(await again.own.ownerFor('game:g1')).toEqual({ owner: 'a', fence: 2, mine: true });
    expect(again.host.held.has('game:g1')).toBe(true);
  });

  it('a beat that cannot reach the database changes nothing held', async () => {
    const store = new MemoryLeases();
    const clock = { t: 10_000 };
    store.game('g1', 0);
    const a = node(store, 'a', clock);
    await a.own.start();
    await a.own.ownerFor('game:g1');
    store.down = true;
    await a.own.beat();
    expect(a.own.isMine('game:g1')).toBe(true);
    expect(a.host.dropped).toEqual([]);
  });
});
