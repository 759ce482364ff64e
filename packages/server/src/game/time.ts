/**
 * The actor's only view of time: a clock and a one-shot timer. Production uses `realTime`; tests use
 * `FakeTime`, which moves only when told to.
 */
export interface TimeSource {
  now(): number;
  /** Calls `fn` once at (or after) time `at`; the returned function cancels it. */
  setTimer(at: number, fn: () => void): () => void;
}

/** The longest delay Node's `setTimeout` keeps: a longer one fires after 1 ms (with a warning). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

export const realTime: TimeSource = {
  now: () => Date.now(),
  setTimer(at, fn) {
    let h: ReturnType<typeof setTimeout>;
    // A time further off than Node can wait for is reached in steps: each step re-arms until `at` is in reach.
    const arm = (): void => {
      const wait = Math.max(0, at - Date.now());
      h = setTimeout(wait > MAX_TIMER_MS ? arm : fn, Math.min(wait, MAX_TIMER_MS));
      h.unref?.();
    };
    arm();
    return () => clearTimeout(h);
  },
};

/** A hand-driven clock: `advance(ms)` runs every timer that falls due, in time order. */
export class FakeTime implements TimeSource {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<number, { readonly at: number; readonly fn: () => void }>();

  constructor(start = 1_000_000) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  setTimer(at: number, fn: () => void): () => void {
    const id = ++this.seq;
    this.timers.set(id, { at, fn });
    return () => void this.timers.delete(id);
  }

  /** Pending timers (for tests). */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms`, firing due timers in order (each at its own time). */
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      let next: [number, { at: number; fn: () => void }] | undefined;
      for (const e of this.timers) if (e[1].at <= end && (!next || e[1].at < next[1].at)) next = e;
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
    this.t = end;
  }
}
