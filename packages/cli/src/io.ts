import type { Readable, Writable } from 'node:stream';

/** The streams a command talks to; the real process streams in `main.ts`, in-memory ones in tests. */
export interface Io {
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly stderr: Writable;
}

/** A mistake in the command line or the input: reported as one line on stderr, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Exit codes: 0 success, 1 an unexpected fault (a bug), 2 bad arguments or input. */
export const EXIT_OK = 0;
export const EXIT_FAULT = 1;
export const EXIT_USAGE = 2;

/** Writes and resolves once the stream has taken the text (so nothing is lost when the process ends). */
export function write(out: Writable, text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    out.write(text, (e) => (e ? reject(e) : resolve()));
  });
}

/** One line of a message, with any newline flattened (an error must stay on one line). */
export const oneLine = (s: string): string => s.replace(/\s*[\r\n]+\s*/g, ' ').trim();
