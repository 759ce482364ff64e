import type { ClusterStore, Fence, Holder, OwnerDirectory, ShardHost, ShardKey } from './types.js';

/**
 * This instance's side of the leases (issue 43): its heartbeat, the keys it holds, and who holds the others.
 *
 * - **Heartbeat.** One write every `lapseMs / 3` renews every lease the instance holds (a game's row or a
 *   `cluster_leases` row names its owner; a lease is live while its owner's heartbeat is younger than `lapseMs`).
 * - **Claims.** `ownerFor(key)` answers from what this instance holds, then from a short cache of other owners
 *   (forgotten when their instance dies or a command comes back `MOVED`), then by a claim in the database, which
 *   takes the key over when nobody live holds it; the key's `ShardHost` then loads it (`adopt`) before anything
 *   is run there. Two instances claiming at once: the database lets exactly one win.
 * - **Sweep** (each beat): instances that stopped beating are reported (`onDied`: their sockets' stand-ins go,
 *   the links that had state there reconnect); orphans — active games and leases of dead instances, or games
 *   nobody has claimed since they were created — are claimed and adopted, so clocks and bots go on without
 *   waiting for a client; keys this instance no longer holds in the database (it was paused or cut off longer
 *   than the lapse, and another took them over) are dropped without a write: their fences moved on, so any write
 *   the old state still tried would be refused anyway.
 * - A beat that fails (PostgreSQL down) changes nothing held here: the fences guard the writes.
 */
export interface OwnershipOptions {
  readonly store: ClusterStore;
  readonly instanceId: string;
  readonly now: () => number;
  /** How long a silent instance keeps its leases (default 3 s). */
  readonly lapseMs?: number;
  /** A game younger than this is left to the instance that is creating it (default 2 s). */
  readonly graceMs?: number;
  readonly hosts: readonly ShardHost[];
  /** Instances that stopped beating since the last sweep. */
  readonly onDied?: (instanceId: string) => void;
  readonly log?: { warn(obj: Record<string, unknown>, msg: string): void; info(obj: Record<string, unknown>, msg: string): void };
}

export const DEFAULT_LAPSE_MS = 3_000;

/** Orphans adopted per sweep: a dead instance's games are spread over the survivors' sweeps. */
const ADOPT_PER_SWEEP = 200;

export class Ownership implements OwnerDirectory {
  readonly instanceId: string;
  readonly lapseMs: number;
  private readonly mine = new Map<ShardKey, Fence>();
  private readonly others = new Map<ShardKey, Holder>();
  /** Claims in flight, so that two commands for one key make one claim and one adopt. */
  private readonly claiming = new Map<ShardKey, Promise<Holder | null>>();
  private alive = new Set<string>();
  private timer: ReturnType<typeof setInterval> | null = null;
  /** When the last heartbeat was written: while they follow each other within the lapse, nobody can take a key over. */
  private lastBeat = -Infinity;
  /** When orphans were last looked for, and whether that look found some (then the next sweep looks again). */
  private lastOrphanScan = -Infinity;
  private orphansLeft = false;
  /** After a silence, no deaths are declared and nothing is taken over until then. */
  private quietUntil = -Infinity;
  private beating: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly opts: OwnershipOptions) {
    this.instanceId = opts.instanceId;
    this.lapseMs = opts.lapseMs ?? DEFAULT_LAPSE_MS;
  }

  /** First beat (this instance is alive before it claims anything), then one every lapse / 3. */
  async start(): Promise<void> {
    // A restart under the same INSTANCE_ID: what its previous life held is given up first (nothing of it is in this
    // process's memory), so the sweeps hand it out again instead of everyone taking it for held here.
    await this.opts.store.leave(this.instanceId);
    if (await this.opts.store.heartbeat(this.instanceId, this.opts.now())) this.lastBeat = this.opts.now();
    this.alive = new Set(await this.opts.store.alive(this.opts.now(), this.lapseMs));
    this.timer = setInterval(
      () => {
        if (this.beating) return;
        this.beating = this.beat().finally(() => (this.beating = null));
      },
      Math.max(100, Math.floor(this.lapseMs / 3)),
    );
    this.timer.unref();
  }

  /** Stops beating and gives every key back at once (a graceful stop: the others take over without waiting). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.beating;
    try {
      await this.opts.store.leave(this.instanceId);
    } catch (e) {
      this.opts.log?.warn({ err: e }, 'could not leave the cluster cleanly; the leases lapse by themselves');
    }
  }

  isMine(key: ShardKey): boolean {
    return this.mine.has(key);
  }

  fenceOf(key: ShardKey): Fence | null {
    return this.mine.get(key) ?? null;
  }

  /** The instances beating at the last sweep (this one included). */
  get instances(): readonly string[] {
    return [...this.alive];
  }

  /** A command for `key` came back `MOVED`: ask the database next time. */
  forget(key: ShardKey): void {
    this.others.delete(key);
  }

  async ownerFor(key: ShardKey): Promise<Holder | null> {
    const fence = this.mine.get(key);
    if (fence) return { owner: this.instanceId, fence: fence.token, mine: true };
    const known = this.others.get(key);
    if (known && this.alive.has(known.owner)) return known;
    return this.claim(key);
  }

  /**
   * Claims `key` (a new game, a new tournament) and adopts it when won. The claim and the host's adopt run once per
   * key at a time; a host that fails to adopt gives the key back.
   */
  claim(key: ShardKey, adopt = true): Promise<Holder | null> {
    let p = this.claiming.get(key);
    if (!p) {
      p = this.claimNow(key, adopt).finally(() => this.claiming.delete(key));
      this.claiming.set(key, p);
    }
    return p;
  }

  private async claimNow(key: ShardKey, adopt: boolean): Promise<Holder | null> {
    if (this.closed) throw new Error('this instance is leaving the cluster');
    const h = await this.opts.store.claim(key, this.instanceId, this.opts.now(), this.lapseMs);
    if (!h) return null;
    if (!h.mine) {
      this.others.set(key, h);
      this.alive.add(h.owner);
      return h;
    }
    const fence: Fence = { owner: this.instanceId, token: h.fence };
    this.mine.set(key, fence);
    this.others.delete(key);
    if (adopt) {
      const host = this.hostOf(key);
      try {
        await host?.adopt(key, fence);
      } catch (e) {
        this.opts.log?.warn({ err: e, key }, 'could not take over; given back');
        this.mine.delete(key);
        await this.opts.store.release(key, this.instanceId).catch(() => {});
        throw e;
      }
    }
    return h;
  }

  /** A write for `key` was refused for its fence: another instance took it over; dropped here at once. */
  lost(key: ShardKey): void {
    if (!this.mine.delete(key)) return;
    this.opts.log?.warn({ key }, 'a write was fenced off: the key is held elsewhere; dropped');
    this.hostOf(key)?.drop(key);
  }

  /** This instance let go of `key` (a finished game left memory): another may load it without waiting. */
  async release(key: ShardKey): Promise<void> {
    if (!this.mine.delete(key)) return;
    await this.opts.store.release(key, this.instanceId).catch((e: unknown) => this.opts.log?.warn({ err: e, key }, 'could not release a key'));
  }

  /** One beat and sweep (tests call it directly). */
  async beat(): Promise<void> {
    if (this.closed) return;
    const now = this.opts.now();
    if (!(await this.opts.store.heartbeat(this.instanceId, now))) return;
    const silent = now - this.lastBeat > this.lapseMs / 2;
    this.lastBeat = now;
    try {
      await this.sweep(now, silent);
    } catch (e) {
      this.opts.log?.warn({ err: e }, 'cluster sweep failed');
    }
  }

  /**
   * `silent`: the beat before this one is older than half the lapse (this instance was paused or cut off), so others
   * may have taken keys over: only then is the list of held keys read back (at 100,000 games, not every second), and
   * this instance then waits a lapse before it judges the others.
   * Orphans are looked for when an instance died, when the last look found more than it took, and every 5 s (games
   * whose creator died before claiming them).
   */
  private async sweep(now: number, silent: boolean): Promise<void> {
    if (silent) {
      await this.dropLost();
      // Back from a silence (a pause, or the database was down for everyone): the others may not have beaten again
      // yet, so for one lapse nobody is declared dead and nothing is taken over — else the first instance back would
      // take every game of the others after a database outage.
      this.quietUntil = now + this.lapseMs;
      return;
    }
    if (now < this.quietUntil) return;
    const alive = new Set(await this.opts.store.alive(now, this.lapseMs));
    let died = false;
    for (const id of this.alive) {
      if (alive.has(id) || id === this.instanceId) continue;
      died = true;
      this.opts.log?.info({ instance: id }, 'an instance stopped beating');
      for (const [key, h] of this.others) if (h.owner === id) this.others.delete(key);
      this.opts.onDied?.(id);
    }
    this.alive = alive;
    if (!died && !this.orphansLeft && now - this.lastOrphanScan < 5_000) return;
    this.lastOrphanScan = now;
    const orphans = await this.opts.store.orphans(now, this.lapseMs, this.opts.graceMs ?? 2_000, ADOPT_PER_SWEEP);
    this.orphansLeft = orphans.length === ADOPT_PER_SWEEP;
    for (const key of orphans) {
      if (this.closed) return;
      if (!this.hostOf(key)) continue;
      await this.claim(key).catch(() => {});
    }
  }

  /** Keys taken over while this instance was silent: dropped, nothing written (a key claimed while `held` was being read is not judged by that read). */
  private async dropLost(): Promise<void> {
    const before = [...this.mine.keys()];
    const held = new Set(await this.opts.store.held(this.instanceId));
    for (const key of before) {
      if (held.has(key) || !this.mine.has(key) || this.claiming.has(key)) continue;
      this.mine.delete(key);
      this.opts.log?.warn({ key }, 'lost a lease while silent; dropped');
      this.hostOf(key)?.drop(key);
    }
  }

  private hostOf(key: ShardKey): ShardHost | undefined {
    return this.opts.hosts.find((h) => h.handles(key));
  }
}
