/**
 * A mailbox that runs jobs one at a time, in the order they were queued (lila's sync actors): a job starts only
 * when the one before it has settled, so whatever a job reads stays as it left it across its own awaits. A job
 * that fails does not stop the queue; its caller gets the failure.
 *
 * A job must never await a job queued behind it (it would wait for itself).
 */
/** Runs slow work out of the queue (see `SerialQueue.runLetting`). */
export type Outside = <U>(f: () => Promise<U>) => Promise<U>;

export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => T | Promise<T>): Promise<T> {
    const run = this.tail.then(job, job);
    this.tail = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  /**
   * Like `run`, but the job may step out of the queue while it awaits slow work (`outside(f)`): the jobs behind it run
   * meanwhile, and it goes on once `f` is done and its turn has come again. What it read before stepping out may have
   * changed when it is back; what it must keep to itself meanwhile it marks as taken before it steps out.
   */
  async runLetting<T>(job: (outside: Outside) => Promise<T>): Promise<T> {
    let end = await this.acquire();
    try {
      return await job(async (f) => {
        end();
        try {
          return await f();
        } finally {
          end = await this.acquire();
        }
      });
    } finally {
      end();
    }
  }

  /** Waits for a turn; resolves with what ends it. */
  private acquire(): Promise<() => void> {
    let end!: () => void;
    const ended = new Promise<void>((r) => (end = r));
    const before = this.tail;
    this.tail = before.then(() => ended);
    return before.then(() => end);
  }

  /** Resolves when the queue is empty and nothing more is queued (tests; graceful shutdown). */
  async settled(): Promise<void> {
    for (;;) {
      const t = this.tail;
      await t;
      await new Promise<void>((r) => setImmediate(r));
      if (t === this.tail) return;
    }
  }
}
