import type { Writable } from 'node:stream';

const WIDTH = 30;
const EVERY_MS = 100;

/**
 * A one-line progress bar on a terminal (`[#####.....] 360/1296 …`), redrawn at most every 100 ms; nothing
 * at all when the stream is not a TTY (a log or a pipe gets no carriage returns).
 */
export class ProgressBar {
  private readonly tty: boolean;
  private last = 0;
  private drawn = false;

  constructor(private readonly out: Writable) {
    this.tty = (out as Writable & { isTTY?: boolean }).isTTY === true;
  }

  update(done: number, total: number, note: () => string = () => ''): void {
    if (!this.tty) return;
    const now = Date.now();
    if (done < total && now - this.last < EVERY_MS) return;
    this.last = now;
    const filled = Math.round((WIDTH * done) / Math.max(total, 1));
    this.out.write(`\r[${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}] ${done}/${total} ${note()}\u001b[K`);
    this.drawn = true;
  }

  /** Clears the bar's line. */
  done(): void {
    if (this.drawn) this.out.write('\r\u001b[K');
    this.drawn = false;
  }
}
