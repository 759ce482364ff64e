/**
 * A mailbox that runs jobs one at a time, in the order they were queued (lila's sync actors): a job starts only
 * when the one before it has settled, so whatever a job reads stays as it left it across its own awaits. A job
 * that fails does not stop the queue; its caller gets the failure.
 *
 * A job must never await a job queued behind it (it would wait for itself).
 */
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
